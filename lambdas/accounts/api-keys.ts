import { createHash, randomBytes } from 'node:crypto';
import type { Tier } from './tiers.ts';

/** Product key prefix (ARCHITECTURE): mr_free_<32 hex> / mr_live_<32 hex>. */
export const KEY_PREFIX = 'mr';
const KEY_SHAPE = /^mr_(free|live)_[0-9a-f]{32}$/;

export function generateApiKey(tier: Tier): string {
  const mode = tier === 'free' ? 'free' : 'live';
  return `${KEY_PREFIX}_${mode}_${randomBytes(16).toString('hex')}`;
}

/** Whether a string can be a key at all; malformed keys are refused without a lookup. */
export const looksLikeApiKey = (key: string) => KEY_SHAPE.test(key);

/**
 * Keys are stored only as this hash. A 128-bit random key needs no slow KDF: the hash is an
 * index, not a password verifier, and a lookup by hash compares no secret byte by byte.
 */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Reads `Authorization: Bearer <key>`; undefined when absent. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  return m ? m[1] : header.trim() ? '' : undefined;
}
