/**
 * Verifying a webhook delivery. Two signature schemes arrive on each delivery:
 * - Standard Webhooks (https://www.standardwebhooks.com): `webhook-id`, `webhook-timestamp`,
 *   `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. The timestamp is
 *   signed, so a replayed body with a fresh timestamp fails. Required by default.
 * - The spec's `X-Service-Signature`: lowercase hex HMAC-SHA256 of the raw body alone, keyed with
 *   the whole secret. Its `X-Service-Timestamp` is not signed, so a captured delivery can be
 *   replayed for ever with a fresh timestamp: checked only with `allowLegacySignature: true`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { components } from './generated/schema.js';

/** Five minutes, the tolerance Standard Webhooks recommends: room for clock skew, short for replays. */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** Largest accepted distance between the delivery's timestamp and now (default 300 s). */
  toleranceSeconds?: number;
  /** The time to compare with (tests). */
  now?: Date;
  /**
   * Also accept a delivery carrying only `X-Service-Signature` (body-only HMAC, replayable: its
   * timestamp is unsigned). Off by default: Mailroom sends the Standard Webhooks headers on every
   * delivery, so only a proxy that strips them needs this.
   */
  allowLegacySignature?: boolean;
}

/** A delivery's JSON body. `message.received` carries the message as the API returns it. */
export interface WebhookEvent {
  event: string;
  event_id: string;
  timestamp: string;
  account_id: string;
  inbox_id?: string;
  message?: components['schemas']['Message'] & Record<string, unknown>;
  [key: string]: unknown;
}

export type WebhookVerificationFailure = 'MISSING_SIGNATURE' | 'INVALID_SIGNATURE' | 'TIMESTAMP_OUT_OF_TOLERANCE' | 'INVALID_BODY';

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(readonly code: WebhookVerificationFailure, message: string) { super(message); }
}

const header = (headers: WebhookHeaders, name: string): string | undefined => {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const want = name.toLowerCase();
  for (const [k, v] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (k.toLowerCase() === want) return Array.isArray(v) ? v[0] : v;
  }
  return undefined;
};

const equal = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

/**
 * The Standard Webhooks HMAC key: the bytes the base64 after `whsec_` decodes to (Node's decoder
 * reads the url-safe alphabet too, which older secrets used).
 */
function standardKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

function checkTimestamp(raw: string | undefined, o: VerifyWebhookOptions, required: boolean) {
  if (raw === undefined) {
    if (required) throw new WebhookVerificationError('MISSING_SIGNATURE', 'webhook-timestamp header is missing');
    return;
  }
  const ts = Number(raw);
  const now = (o.now ?? new Date()).getTime() / 1000;
  const tolerance = o.toleranceSeconds ?? DEFAULT_WEBHOOK_TOLERANCE_SECONDS;
  if (!/^\d+$/.test(raw.trim()) || Math.abs(now - ts) > tolerance) {
    throw new WebhookVerificationError('TIMESTAMP_OUT_OF_TOLERANCE', `timestamp ${raw} is more than ${tolerance} s from now`);
  }
}

/**
 * Checks that `rawBody` (the exact bytes received, before any JSON parsing) was signed with
 * `secret` under the Standard Webhooks headers and is fresh, and returns the parsed event. Throws
 * WebhookVerificationError otherwise; answer such a request with 401.
 */
export function verifyWebhook(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string, options: VerifyWebhookOptions = {}): WebhookEvent {
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  const standard = header(headers, 'webhook-signature');
  if (standard !== undefined) {
    const id = header(headers, 'webhook-id');
    const timestamp = header(headers, 'webhook-timestamp');
    if (!id || !timestamp) throw new WebhookVerificationError('MISSING_SIGNATURE', 'webhook-signature needs webhook-id and webhook-timestamp');
    const signed = Buffer.concat([Buffer.from(`${id}.${timestamp}.`, 'utf8'), body]);
    const expected = createHmac('sha256', standardKey(secret)).update(signed).digest();
    // Space-separated "v1,<base64>" entries (several while a secret is being rotated).
    const given = standard.split(' ').filter((s) => s.startsWith('v1,')).map((s) => Buffer.from(s.slice(3), 'base64'));
    if (!given.some((g) => equal(g, expected))) throw new WebhookVerificationError('INVALID_SIGNATURE', 'webhook-signature does not match the body');
    checkTimestamp(timestamp, options, true);
  } else {
    const legacy = header(headers, 'x-service-signature')?.trim();
    if (!options.allowLegacySignature) {
      throw new WebhookVerificationError('MISSING_SIGNATURE', legacy
        ? 'webhook-id, webhook-timestamp and webhook-signature are missing; X-Service-Signature alone is refused (it signs no timestamp, so it can be replayed) unless allowLegacySignature is set'
        : 'webhook-id, webhook-timestamp and webhook-signature are missing');
    }
    if (!legacy) throw new WebhookVerificationError('MISSING_SIGNATURE', 'neither webhook-signature nor X-Service-Signature is present');
    const expected = createHmac('sha256', secret).update(body).digest();
    if (!/^[0-9a-fA-F]{64}$/.test(legacy) || !equal(Buffer.from(legacy, 'hex'), expected)) {
      throw new WebhookVerificationError('INVALID_SIGNATURE', 'X-Service-Signature does not match the body');
    }
    checkTimestamp(header(headers, 'x-service-timestamp'), options, false);
  }
  try {
    return JSON.parse(body.toString('utf8')) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError('INVALID_BODY', 'the signed body is not JSON');
  }
}
