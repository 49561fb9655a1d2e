import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures (spec): `X-Service-Signature` is the lowercase hex HMAC-SHA256 of the exact
 * body bytes, keyed with the webhook secret (the whole `whsec_…` string, as shown to the user).
 * The event id and timestamp headers let receivers drop duplicates and replays.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Service-Signature';
export const WEBHOOK_EVENT_ID_HEADER = 'X-Service-Event-Id';
export const WEBHOOK_TIMESTAMP_HEADER = 'X-Service-Timestamp';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Lowercase hex HMAC-SHA256 of the body bytes (a string body is taken as UTF-8). */
export function signWebhookBody(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body).digest('hex');
}

/**
 * Whether `signature` is the signature of `body` under `secret`. Compares in constant time;
 * a signature of the wrong length or shape is simply false (never a throw). Hex case is ignored.
 */
export function verifyWebhookSignature(secret: string, body: string | Buffer, signature: string | undefined | null): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-fA-F]{64}$/.test(signature.trim())) return false;
  const expected = Buffer.from(signWebhookBody(secret, body), 'hex');
  const given = Buffer.from(signature.trim(), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `whsec_` + 32 random bytes, base64url (43 chars). */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64url');
}
