import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  generateWebhookSecret, signWebhookBody, verifyWebhookSignature,
  WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER,
} from '../../lambdas/core/webhook-signing.ts';

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

  it('generates whsec_ + 32 random bytes in base64url, never repeating', () => {
    const secrets = Array.from({ length: 500 }, generateWebhookSecret);
    for (const s of secrets) {
      expect(s).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(s.slice('whsec_'.length), 'base64url')).toHaveLength(32);
    }
    expect(new Set(secrets).size).toBe(secrets.length);
  });
});
