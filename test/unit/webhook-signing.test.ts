import { createHmac, randomBytes } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  generateWebhookSecret, signStandardWebhook, signWebhookBody, standardWebhookKey, verifyStandardWebhook, verifyWebhookSignature,
  webhookDeliveryHeaders, STANDARD_WEBHOOK_TOLERANCE_SECONDS, WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER,
} from '../../lambdas/events/webhook-signing.ts';

const SECRET = 'whsec_dGVzdC1zZWNyZXQtZm9yLXVuaXQtdGVzdHMtb25seQ';
const BODY = '{"event":"message.received","event_id":"evt_1","data":{"subject":"Héllo ✓","text":"line\\nbreak"}}';

describe('webhook signing', () => {
  it('uses the spec header names', () => {
    expect(WEBHOOK_SIGNATURE_HEADER).toBe('X-Service-Signature');
    expect(WEBHOOK_EVENT_ID_HEADER).toBe('X-Service-Event-Id');
    expect(WEBHOOK_TIMESTAMP_HEADER).toBe('X-Service-Timestamp');
  });

  it('signs with lowercase hex HMAC-SHA256 of the exact UTF-8 body bytes, keyed with the whole whsec_ string', () => {
    const expected = createHmac('sha256', Buffer.from(SECRET, 'utf8')).update(Buffer.from(BODY, 'utf8')).digest('hex');
    expect(signWebhookBody(SECRET, BODY)).toBe(expected);
    expect(signWebhookBody(SECRET, Buffer.from(BODY, 'utf8'))).toBe(expected);
    expect(signWebhookBody(SECRET, BODY)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('matches a fixed vector (RFC 4231 test case 2)', () => {
    // Key "Jefe", data "what do ya want for nothing?".
    expect(signWebhookBody('Jefe', 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('verifies a correct signature (either hex case, surrounding whitespace tolerated)', () => {
    const sig = signWebhookBody(SECRET, BODY);
    expect(verifyWebhookSignature(SECRET, BODY, sig)).toBe(true);
    expect(verifyWebhookSignature(SECRET, Buffer.from(BODY), sig)).toBe(true);
    expect(verifyWebhookSignature(SECRET, BODY, sig.toUpperCase())).toBe(true);
    expect(verifyWebhookSignature(SECRET, BODY, ` ${sig}\n`)).toBe(true);
  });

  it('rejects a tampered body, a tampered signature and the wrong secret', () => {
    const sig = signWebhookBody(SECRET, BODY);
    expect(verifyWebhookSignature(SECRET, BODY.replace('Héllo', 'Hello'), sig)).toBe(false);
    expect(verifyWebhookSignature(SECRET, `${BODY} `, sig)).toBe(false);
    const flipped = sig.slice(0, -1) + (sig.endsWith('0') ? '1' : '0');
    expect(verifyWebhookSignature(SECRET, BODY, flipped)).toBe(false);
    expect(verifyWebhookSignature(`${SECRET}x`, BODY, sig)).toBe(false);
    expect(verifyWebhookSignature(generateWebhookSecret(), BODY, sig)).toBe(false);
  });

  it('answers false, without throwing, for signatures of the wrong length or shape', () => {
    const sig = signWebhookBody(SECRET, BODY);
    for (const bad of ['', 'abc', sig.slice(0, 63), sig.slice(0, 62), `${sig}00`, `${sig}0`, 'z'.repeat(64), `sha256=${sig}`,
      Buffer.from(sig, 'hex').toString('base64'), 'é'.repeat(64)]) {
      expect(() => verifyWebhookSignature(SECRET, BODY, bad)).not.toThrow();
      expect(verifyWebhookSignature(SECRET, BODY, bad), JSON.stringify(bad)).toBe(false);
    }
    expect(verifyWebhookSignature(SECRET, BODY, undefined)).toBe(false);
    expect(verifyWebhookSignature(SECRET, BODY, null)).toBe(false);
  });

  it('generates whsec_ + 32 random bytes in standard base64 (the Standard Webhooks secret format), never repeating', () => {
    const secrets = Array.from({ length: 500 }, generateWebhookSecret);
    for (const s of secrets) {
      expect(s).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(s.slice('whsec_'.length), 'base64')).toHaveLength(32);
      expect(standardWebhookKey(s)).toEqual(Buffer.from(s.slice('whsec_'.length), 'base64'));
    }
    expect(new Set(secrets).size).toBe(secrets.length);
  });
});

describe('Standard Webhooks signature (webhook-id, webhook-timestamp, webhook-signature)', () => {
  const NOW = 1_767_225_600;
  const ID = 'evt_0195f3c2-7a4e-7000-8000-000000000001';

  it("matches the Standard Webhooks libraries' own test vector", () => {
    expect(signStandardWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}'))
      .toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('is keyed with the bytes the secret decodes to, over "id.timestamp.body"', () => {
    const secret = generateWebhookSecret();
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key).update(`${ID}.${NOW}.${BODY}`, 'utf8').digest('base64');
    expect(signStandardWebhook(secret, ID, NOW, BODY)).toBe(`v1,${expected}`);
  });

  it('reads a secret issued before in base64url to the same key as its base64 spelling', () => {
    const bytes = Buffer.from('fb'.repeat(32), 'hex'); // encodes with the characters where the alphabets differ
    const legacy = `whsec_${bytes.toString('base64url')}`;
    expect(legacy).toMatch(/[-_]/);
    expect(standardWebhookKey(legacy)).toEqual(bytes);
    expect(signStandardWebhook(legacy, ID, NOW, BODY)).toBe(signStandardWebhook(`whsec_${bytes.toString('base64')}`, ID, NOW, BODY));
  });

  it('gives every delivery both signatures: the spec one over the body, the standard one over id.timestamp.body', () => {
    const secret = generateWebhookSecret();
    const h = webhookDeliveryHeaders(secret, ID, BODY, NOW);
    expect(h).toEqual({
      'X-Service-Signature': signWebhookBody(secret, BODY),
      'X-Service-Event-Id': ID,
      'X-Service-Timestamp': String(NOW),
      'webhook-id': ID,
      'webhook-timestamp': String(NOW),
      'webhook-signature': signStandardWebhook(secret, ID, NOW, BODY),
    });
    expect(verifyWebhookSignature(secret, BODY, h['X-Service-Signature'])).toBe(true);
    expect(verifyStandardWebhook(secret, { id: ID, timestamp: h['webhook-timestamp'], signature: h['webhook-signature'] }, BODY, { nowSeconds: NOW + 10 })).toBe(true);
  });

  it('a captured body replayed with a fresh timestamp is refused by the standard signature, though it passes the X-Service-Timestamp check', () => {
    const secret = generateWebhookSecret();
    const captured = webhookDeliveryHeaders(secret, ID, BODY, NOW);
    const later = NOW + 3600;
    // The attacker resends the bytes with every header copied and the timestamps made fresh.
    const replay: Record<string, string> = { ...captured, 'X-Service-Timestamp': String(later), 'webhook-timestamp': String(later) };
    // The spec signature covers the body only: it still verifies, and the timestamp looks fresh.
    expect(verifyWebhookSignature(secret, BODY, replay['X-Service-Signature'])).toBe(true);
    // The standard one signed the old timestamp: with the fresh one it fails; with the old one it is stale.
    expect(verifyStandardWebhook(secret, { id: ID, timestamp: replay['webhook-timestamp'], signature: replay['webhook-signature'] }, BODY, { nowSeconds: later })).toBe(false);
    expect(verifyStandardWebhook(secret, { id: ID, timestamp: String(NOW), signature: replay['webhook-signature'] }, BODY, { nowSeconds: later })).toBe(false);
    // And the reference library agrees (its clock is the real one, so sign for now).
    const now = Math.floor(Date.now() / 1000);
    const fresh = webhookDeliveryHeaders(secret, ID, BODY, now - 3600);
    expect(() => new Webhook(secret).verify(BODY, { ...fresh, 'webhook-timestamp': String(now) })).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(BODY, fresh)).toThrow(/too old/);
  });

  it('refuses timestamps outside the tolerance either way, a changed id, body or secret, and malformed headers, without throwing', () => {
    const secret = generateWebhookSecret();
    const sig = signStandardWebhook(secret, ID, NOW, BODY);
    const ok = { id: ID, timestamp: String(NOW), signature: sig };
    const verify = (h: Parameters<typeof verifyStandardWebhook>[1], body: string | Buffer = BODY, s = secret, now = NOW) =>
      verifyStandardWebhook(s, h, body, { nowSeconds: now });
    expect(verify(ok)).toBe(true);
    expect(verify(ok, Buffer.from(BODY))).toBe(true);
    expect(verify(ok, BODY, secret, NOW + STANDARD_WEBHOOK_TOLERANCE_SECONDS)).toBe(true);
    expect(verify(ok, BODY, secret, NOW + STANDARD_WEBHOOK_TOLERANCE_SECONDS + 1)).toBe(false);
    expect(verify(ok, BODY, secret, NOW - STANDARD_WEBHOOK_TOLERANCE_SECONDS - 1)).toBe(false);
    expect(verify({ ...ok, id: `${ID}x` })).toBe(false);
    expect(verify(ok, BODY.replace('Héllo', 'Hello'))).toBe(false);
    expect(verify(ok, BODY, generateWebhookSecret())).toBe(false);
    // Several signatures (a receiver mid-rotation may see more than one): one match is enough.
    expect(verify({ ...ok, signature: `v1,${randomBytes(32).toString('base64')} v2,${sig.slice(3)} ${sig}` })).toBe(true);
    for (const bad of ['', 'v1,', sig.slice(3), `v2,${sig.slice(3)}`, sig.slice(0, 20), `v1,${'é'.repeat(44)}`]) {
      expect(verify({ ...ok, signature: bad }), JSON.stringify(bad)).toBe(false);
    }
    for (const ts of ['', 'soon', '1e9', `${NOW}.0`, `-${NOW}`]) expect(verify({ ...ok, timestamp: ts }), ts).toBe(false);
    expect(verify({ ...ok, id: undefined })).toBe(false);
    expect(verify({ ...ok, signature: null })).toBe(false);
  });

  it('interoperates with the standardwebhooks npm package: it verifies our headers and we verify its signatures', () => {
    const secret = generateWebhookSecret();
    const now = Math.floor(Date.now() / 1000);
    const headers = webhookDeliveryHeaders(secret, ID, BODY, now);
    expect(new Webhook(secret).verify(Buffer.from(BODY, 'utf8'), headers)).toEqual(JSON.parse(BODY));
    const theirs = new Webhook(secret).sign(ID, new Date(now * 1000), BODY);
    expect(theirs).toBe(headers['webhook-signature']);
    expect(verifyStandardWebhook(secret, { id: ID, timestamp: String(now), signature: theirs }, BODY)).toBe(true);
  });
});
