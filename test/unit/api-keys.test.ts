import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearerToken, generateApiKey, hashApiKey, looksLikeApiKey } from '../../lambdas/accounts/api-keys.ts';

describe('API keys', () => {
  it('free accounts get mr_free_<32 hex>, paid tiers mr_live_<32 hex>', () => {
    expect(generateApiKey('free')).toMatch(/^mr_free_[0-9a-f]{32}$/);
    for (const t of ['developer', 'growth', 'enterprise'] as const) expect(generateApiKey(t)).toMatch(/^mr_live_[0-9a-f]{32}$/);
  });

  it('are random: a thousand keys, no repeats', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => generateApiKey('free')));
    expect(keys.size).toBe(1000);
  });

  it('are stored as a hex SHA-256 of the key: not the key, not reversible, deterministic', () => {
    const key = generateApiKey('free');
    const hash = hashApiKey(key);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(hash).not.toContain(key.slice(8));
    expect(hashApiKey(key)).toBe(hash);
    expect(hashApiKey(generateApiKey('free'))).not.toBe(hash);
  });

  it('looksLikeApiKey accepts exactly the two shapes', () => {
    expect(looksLikeApiKey(generateApiKey('free'))).toBe(true);
    expect(looksLikeApiKey(generateApiKey('growth'))).toBe(true);
    for (const bad of ['', 'mr_free_', `mr_test_${'a'.repeat(32)}`, `mr_free_${'A'.repeat(32)}`, `mr_free_${'a'.repeat(31)}`,
      `mr_free_${'a'.repeat(33)}`, `sk_live_${'a'.repeat(32)}`, ` mr_free_${'a'.repeat(32)}`, `mr_free_${'a'.repeat(32)}\n`]) {
      expect(looksLikeApiKey(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('bearerToken reads "Bearer <key>" (any case), says "" for another scheme and undefined for none', () => {
    expect(bearerToken('Bearer mr_free_abc')).toBe('mr_free_abc');
    expect(bearerToken('bearer   mr_free_abc  ')).toBe('mr_free_abc');
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('')).toBeUndefined();
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBe('');
    expect(bearerToken('Bearer')).toBe('');
    expect(bearerToken('Bearer two words')).toBe('');
  });
});
