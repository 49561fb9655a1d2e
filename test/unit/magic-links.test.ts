import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAGIC_LINK_TTL_SECONDS, signMagicLink, verifyMagicLink } from '../../lambdas/operators/magic-links.ts';

const SECRET = 'unit-test-secret-0123456789abcdef';
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const sign = (extra: Record<string, unknown> = {}, now = NOW) =>
  signMagicLink(SECRET, { purpose: 'upgrade', account_id: 'acc_1', target_tier: 'developer', ...extra }, now);

/** Flips one character of a base64url string to another valid one. */
const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1);

describe('magic links (signed, 7 days, one account)', () => {
  it('round-trip: a signed token verifies and gives back its claims', () => {
    const { token, claims } = sign();
    const v = verifyMagicLink(SECRET, token, NOW + 1000);
    expect(v).toEqual({ ok: true, claims });
    expect(claims).toMatchObject({ v: 1, purpose: 'upgrade', account_id: 'acc_1', target_tier: 'developer' });
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it('are valid for 7 days from signing, then expired', () => {
    const { token, claims } = sign();
    expect(claims.exp).toBe(Math.floor(NOW / 1000) + MAGIC_LINK_TTL_SECONDS);
    expect(MAGIC_LINK_TTL_SECONDS).toBe(7 * 24 * 3600);
    expect(verifyMagicLink(SECRET, token, NOW + MAGIC_LINK_TTL_SECONDS * 1000 - 1000).ok).toBe(true);
    expect(verifyMagicLink(SECRET, token, NOW + MAGIC_LINK_TTL_SECONDS * 1000)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyMagicLink(SECRET, token, NOW + 30 * 24 * 3600 * 1000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('an explicit expiry is honoured', () => {
    const { token } = sign({ exp: Math.floor(NOW / 1000) + 60 });
    expect(verifyMagicLink(SECRET, token, NOW + 59_000).ok).toBe(true);
    expect(verifyMagicLink(SECRET, token, NOW + 61_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('each link is unique (jti), even for the same account and moment', () => {
    const a = sign();
    const b = sign();
    expect(a.token).not.toBe(b.token);
    expect(a.claims.jti).not.toBe(b.claims.jti);
  });

  it('a tampered payload is a bad signature (another account cannot be swapped in)', () => {
    const { token } = sign();
    const [payload, sig] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...claims, account_id: 'acc_victim' })).toString('base64url');
    expect(verifyMagicLink(SECRET, `${forged}.${sig}`, NOW)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyMagicLink(SECRET, `${flip(payload, 5)}.${sig}`, NOW)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('a tampered, truncated or foreign signature is a bad signature', () => {
    const { token } = sign();
    const [payload, sig] = token.split('.') as [string, string];
    expect(verifyMagicLink(SECRET, `${payload}.${flip(sig, 3)}`, NOW)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyMagicLink(SECRET, `${payload}.${sig.slice(0, -4)}`, NOW)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyMagicLink('another-secret', token, NOW)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it.each([
    ['an empty string', ''],
    ['no dot', 'garbage'],
    ['three parts', 'a.b.c'],
    ['an empty payload', '.abc'],
    ['an empty signature', 'abc.'],
  ])('garbage (%s) is malformed', (_what, token) => {
    expect(verifyMagicLink(SECRET, token, NOW)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('a correctly signed payload that is not a link (not JSON, wrong version) is malformed', () => {
    // Signed the way the module signs, to reach the checks behind the signature.
    const signed = (payload: string) =>
      `${payload}.${createHmac('sha256', SECRET).update(`mailroom-link.${payload}`).digest().toString('base64url')}`;
    expect(verifyMagicLink(SECRET, signed(Buffer.from('not json').toString('base64url')), NOW)).toEqual({ ok: false, reason: 'malformed' });
    const v2 = Buffer.from(JSON.stringify({ v: 2, purpose: 'upgrade', account_id: 'acc_1', jti: 'x', exp: NOW / 1000 + 60 })).toString('base64url');
    expect(verifyMagicLink(SECRET, signed(v2), NOW)).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('a link signed without exp still verifies', () => {
  // signMagicLink spread the caller's claims over the defaults, so an optional expiry passed on
  // as `exp: undefined` erased the 7-day default and the link came back "malformed".
  it('an undefined exp means the 7-day default', () => {
    const maybeExp: number | undefined = undefined;
    const { token, claims } = signMagicLink(SECRET, { purpose: 'notification', account_id: 'acc_1', notification_id: 'not_1', exp: maybeExp }, NOW);
    expect(claims.exp).toBe(Math.floor(NOW / 1000) + MAGIC_LINK_TTL_SECONDS);
    expect(verifyMagicLink(SECRET, token, NOW).ok).toBe(true);
  });
});

describe('a link with another last character does not open the page', () => {
  it('a signature that decodes to the same bytes in another spelling is a bad signature', () => {
    const { token } = sign();
    const [payload, sig] = token.split('.') as [string, string];
    // The final character's two low bits are padding: these spellings all decode to the same MAC.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(sig.at(-1)!);
    const sameBytes = [0, 1, 2, 3].map((low) => alphabet[(last & ~3) | low]!).filter((c) => c !== sig.at(-1));
    for (const c of sameBytes) {
      const variant = `${payload}.${sig.slice(0, -1)}${c}`;
      expect(Buffer.from(variant.split('.')[1]!, 'base64url').equals(Buffer.from(sig, 'base64url'))).toBe(true);
      expect(verifyMagicLink(SECRET, variant, NOW + 1000)).toEqual({ ok: false, reason: 'bad_signature' });
    }
    expect(verifyMagicLink(SECRET, token, NOW + 1000).ok).toBe(true);
  });
});
