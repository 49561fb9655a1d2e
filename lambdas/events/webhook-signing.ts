import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures. Every delivery carries two independent proofs, both keyed with the webhook
 * secret:
 *
 * - The spec's `X-Service-Signature`: lowercase hex HMAC-SHA256 of the exact body bytes, keyed with
 *   the whole `whsec_…` string as shown to the user. It covers the body only, so it cannot prove
 *   freshness: a captured body replayed with a new `X-Service-Timestamp` still verifies.
 * - Standard Webhooks (https://www.standardwebhooks.com): `webhook-id`, `webhook-timestamp` and
 *   `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. The id and timestamp are
 *   inside the signature, so a receiver that checks the timestamp's age refuses replays. The HMAC
 *   key is what that spec says: the bytes the part after `whsec_` decodes to from base64.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Service-Signature';
export const WEBHOOK_EVENT_ID_HEADER = 'X-Service-Event-Id';
export const WEBHOOK_TIMESTAMP_HEADER = 'X-Service-Timestamp';

export const STANDARD_WEBHOOK_ID_HEADER = 'webhook-id';
export const STANDARD_WEBHOOK_TIMESTAMP_HEADER = 'webhook-timestamp';
export const STANDARD_WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';
/** How far a webhook-timestamp may be from the receiver's clock: the Standard Webhooks libraries' default (5 minutes). */
export const STANDARD_WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Random bytes in a secret: the Standard Webhooks key size (its libraries accept 24 to 64). */
export const WEBHOOK_SECRET_BYTES = 32;

const utf8 = (body: string | Buffer) => (typeof body === 'string' ? Buffer.from(body, 'utf8') : body);

/** Lowercase hex HMAC-SHA256 of the body bytes (a string body is taken as UTF-8). */
export function signWebhookBody(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(utf8(body)).digest('hex');
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

/**
 * `whsec_` + 32 random bytes in standard base64 (44 characters), the Standard Webhooks secret
 * format, so the secret works unchanged in that spec's libraries. (Secrets issued before were
 * base64url; standardWebhookKey reads both alphabets to the same bytes.)
 */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(WEBHOOK_SECRET_BYTES).toString('base64');
}

/**
 * The Standard Webhooks HMAC key of a secret: the base64 after `whsec_` decoded to bytes. Node's
 * decoder accepts the url-safe alphabet too, so older base64url secrets give the same 32 bytes.
 */
export function standardWebhookKey(secret: string): Buffer {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  const key = Buffer.from(encoded, 'base64');
  if (key.length === 0) throw new Error('webhook secret decodes to an empty key');
  return key;
}

/** `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` (the body's exact bytes), keyed per standardWebhookKey. */
export function signStandardWebhook(secret: string, id: string, timestamp: number, body: string | Buffer): string {
  const signed = Buffer.concat([Buffer.from(`${id}.${timestamp}.`, 'utf8'), utf8(body)]);
  return `v1,${createHmac('sha256', standardWebhookKey(secret)).update(signed).digest('base64')}`;
}

export interface StandardWebhookHeaders { id?: string | null; timestamp?: string | null; signature?: string | null }

/**
 * A receiver's Standard Webhooks check: the timestamp is an integer within `toleranceSeconds` of
 * `nowSeconds`, and one of the space-separated `v1,` signatures matches (constant-time). Never throws.
 */
export function verifyStandardWebhook(
  secret: string, headers: StandardWebhookHeaders, body: string | Buffer,
  opts: { nowSeconds?: number; toleranceSeconds?: number } = {},
): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  const now = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > (opts.toleranceSeconds ?? STANDARD_WEBHOOK_TOLERANCE_SECONDS)) return false;
  let expected: Buffer;
  try { expected = Buffer.from(signStandardWebhook(secret, id, Number(timestamp), body).slice(3), 'base64'); } catch { return false; }
  return signature.split(' ').some((entry) => {
    if (!entry.startsWith('v1,')) return false;
    const given = Buffer.from(entry.slice(3), 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** Every signature header of one delivery attempt: the spec's three and the Standard Webhooks three. */
export function webhookDeliveryHeaders(secret: string, eventId: string, body: string | Buffer, nowSeconds: number): Record<string, string> {
  const timestamp = String(nowSeconds);
  return {
    [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(secret, body),
    [WEBHOOK_EVENT_ID_HEADER]: eventId,
    [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
    [STANDARD_WEBHOOK_ID_HEADER]: eventId,
    [STANDARD_WEBHOOK_TIMESTAMP_HEADER]: timestamp,
    [STANDARD_WEBHOOK_SIGNATURE_HEADER]: signStandardWebhook(secret, eventId, nowSeconds, body),
  };
}
