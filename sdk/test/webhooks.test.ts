/**
 * verifyWebhook against signatures made the way the server makes them (its own signing code
 * for X-Service-Signature; the Standard Webhooks construction for webhook-signature): valid
 * deliveries pass, a changed byte, a wrong secret or a stale timestamp fail.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, signWebhookBody } from '../../lambdas/events/webhook-signing.ts';
import { verifyWebhook, WebhookVerificationError } from '../src/index.ts';

const secret = generateWebhookSecret();
const body = JSON.stringify({ event: 'message.received', event_id: 'evt_1', timestamp: '2026-11-23T10:00:00.000Z', account_id: 'acc_1', inbox_id: 'inb_1', message: { id: 'msg_1', subject: 'Your code 123456' } });
const now = new Date();
const unix = () => String(Math.floor(now.getTime() / 1000));

/** Standard Webhooks: v1,base64(HMAC-SHA256(base64-decoded secret after whsec_, "id.timestamp.body")). */
const standardSignature = (key: Buffer, id: string, ts: string, payload: string) =>
  `v1,${createHmac('sha256', key).update(`${id}.${ts}.${payload}`).digest('base64')}`;
const specKey = Buffer.from(secret.slice('whsec_'.length), 'base64');

const failure = (f: () => unknown) => {
  try { f(); } catch (e) { return e instanceof WebhookVerificationError ? e.code : `unexpected ${String(e)}`; }
  return 'accepted';
};

describe('X-Service-Signature (the spec\'s scheme, body only: on explicit opt-in)', () => {
  const headers = () => ({ 'X-Service-Signature': signWebhookBody(secret, body), 'X-Service-Event-Id': 'evt_1', 'X-Service-Timestamp': unix() });
  const legacy = { allowLegacySignature: true };

  it('a delivery without Standard Webhooks headers is refused unless legacy is allowed', () => {
    // A captured delivery replayed days later, with a fresh (unsigned) X-Service-Timestamp.
    expect(failure(() => verifyWebhook(body, headers(), secret))).toBe('MISSING_SIGNATURE');
    expect(failure(() => verifyWebhook(body, new Headers(headers()), secret, { toleranceSeconds: 600 }))).toBe('MISSING_SIGNATURE');
    expect(failure(() => verifyWebhook(body, headers(), secret, legacy))).toBe('accepted');
  });

  it('with allowLegacySignature: accepts the server\'s signature over the raw body and returns the event', () => {
    expect(verifyWebhook(body, headers(), secret, legacy)).toMatchObject({ event: 'message.received', event_id: 'evt_1', message: { id: 'msg_1' } });
    expect(verifyWebhook(Buffer.from(body), new Headers(headers()), secret, legacy).event_id).toBe('evt_1');
  });

  it('with allowLegacySignature: rejects a body with one character changed, a wrong secret, and a missing signature', () => {
    expect(failure(() => verifyWebhook(body.replace('123456', '123457'), headers(), secret, legacy))).toBe('INVALID_SIGNATURE');
    expect(failure(() => verifyWebhook(body, headers(), generateWebhookSecret(), legacy))).toBe('INVALID_SIGNATURE');
    const { 'X-Service-Signature': _drop, ...unsigned } = headers();
    expect(failure(() => verifyWebhook(body, unsigned, secret, legacy))).toBe('MISSING_SIGNATURE');
  });

  it('with allowLegacySignature: rejects a delivery whose X-Service-Timestamp is outside the tolerance', () => {
    const old = { ...headers(), 'X-Service-Timestamp': String(Math.floor(now.getTime() / 1000) - 301) };
    expect(failure(() => verifyWebhook(body, old, secret, { ...legacy, now }))).toBe('TIMESTAMP_OUT_OF_TOLERANCE');
    expect(failure(() => verifyWebhook(body, old, secret, { ...legacy, now, toleranceSeconds: 600 }))).toBe('accepted');
  });
});

describe('Standard Webhooks headers (required by default)', () => {
  const headers = (sig = standardSignature(specKey, 'evt_1', unix(), body), ts = unix()) => ({
    'webhook-id': 'evt_1', 'webhook-timestamp': ts, 'webhook-signature': sig,
    // The spec's header is there too; the standard one decides.
    'x-service-signature': signWebhookBody(secret, body),
  });

  it('accepts a v1 signature over id.timestamp.body keyed with the decoded secret, and no other key', () => {
    expect(verifyWebhook(body, headers(), secret).event_id).toBe('evt_1');
    const withStringKey = standardSignature(Buffer.from(secret), 'evt_1', unix(), body);
    expect(failure(() => verifyWebhook(body, headers(withStringKey), secret))).toBe('INVALID_SIGNATURE');
  });

  it('accepts any one valid entry of a space-separated list (secret rotation)', () => {
    const sig = `v1,${Buffer.alloc(32).toString('base64')} ${standardSignature(specKey, 'evt_1', unix(), body)}`;
    expect(failure(() => verifyWebhook(body, headers(sig), secret))).toBe('accepted');
  });

  it('rejects a replay with a fresh timestamp: the timestamp is signed', () => {
    const stale = String(Math.floor(now.getTime() / 1000) - 3600);
    const replayed = headers(standardSignature(specKey, 'evt_1', stale, body), unix());
    expect(failure(() => verifyWebhook(body, replayed, secret))).toBe('INVALID_SIGNATURE');
    // And the original, correctly signed but an hour old, is out of tolerance.
    expect(failure(() => verifyWebhook(body, headers(standardSignature(specKey, 'evt_1', stale, body), stale), secret, { now }))).toBe('TIMESTAMP_OUT_OF_TOLERANCE');
  });

  it('rejects a tampered body even though X-Service-Signature would be checked otherwise', () => {
    const tampered = body.replace('msg_1', 'msg_2');
    expect(failure(() => verifyWebhook(tampered, { ...headers(), 'x-service-signature': signWebhookBody(secret, tampered) }, secret))).toBe('INVALID_SIGNATURE');
    expect(failure(() => verifyWebhook(tampered, { ...headers(), 'x-service-signature': signWebhookBody(secret, tampered) }, secret, { allowLegacySignature: true }))).toBe('INVALID_SIGNATURE');
  });

  it('refuses a webhook-signature without its webhook-id or webhook-timestamp', () => {
    const { 'webhook-id': _id, ...noId } = headers();
    const { 'webhook-timestamp': _ts, ...noTs } = headers();
    expect(failure(() => verifyWebhook(body, noId, secret))).toBe('MISSING_SIGNATURE');
    expect(failure(() => verifyWebhook(body, noTs, secret))).toBe('MISSING_SIGNATURE');
  });
});
