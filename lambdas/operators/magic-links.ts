import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Magic links are valid for 7 days (spec: limits). */
export const MAGIC_LINK_TTL_SECONDS = 7 * 24 * 3600;

export type MagicLinkPurpose = 'upgrade' | 'notification';

export interface MagicLinkClaims {
  v: 1;
  purpose: MagicLinkPurpose;
  /** The one account the link acts for. */
  account_id: string;
  /** Unique id: single-use links are consumed by this id. */
  jti: string;
  /** Expiry, Unix seconds. */
  exp: number;
  target_tier?: string;
  notification_id?: string;
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(`mailroom-link.${payload}`).digest();

/** `<payload>.<hmac>`, both base64url: readable claims, unforgeable without the stack's secret. */
export function signMagicLink(secret: string, claims: Omit<MagicLinkClaims, 'v' | 'jti' | 'exp'> & { exp?: number }, now = Date.now()) {
  // The caller's claims first: an `exp: undefined` must not erase the default expiry.
  const full: MagicLinkClaims = {
    ...claims,
    v: 1,
    jti: randomBytes(12).toString('base64url'),
    exp: claims.exp ?? Math.floor(now / 1000) + MAGIC_LINK_TTL_SECONDS,
  };
  const payload = b64url(JSON.stringify(full));
  return { token: `${payload}.${b64url(mac(secret, payload))}`, claims: full };
}

export type VerifyResult =
  | { ok: true; claims: MagicLinkClaims }
  | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' };

export function verifyMagicLink(secret: string, token: string, now = Date.now()): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return { ok: false, reason: 'malformed' };
  const [payload, sig] = parts as [string, string];
  const expected = mac(secret, payload);
  const given = Buffer.from(sig, 'base64url');
  // Canonical encoding only: the last character of a 32-byte MAC carries 2 unused bits, and a
  // link whose last character differs must not verify just because it decodes to the same bytes.
  if (given.length !== expected.length || b64url(given) !== sig || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad_signature' };
  let claims: MagicLinkClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (claims.v !== 1 || typeof claims.exp !== 'number' || typeof claims.account_id !== 'string') return { ok: false, reason: 'malformed' };
  if (claims.exp * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
