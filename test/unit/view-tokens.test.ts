/**
 * The inbox view token (view_url): derived from the inbox id and its version under the link
 * secret, so it can be answered again on GET, revoked by a version bump, never taken for an API
 * key, and never valid as (or forged from) a magic link signed with the same secret.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateApiKey, looksLikeApiKey } from '../../lambdas/accounts/api-keys.ts';
import { signMagicLink, verifyMagicLink } from '../../lambdas/operators/magic-links.ts';
import { looksLikeViewToken, viewToken, viewTokenMatches } from '../../lambdas/inboxes/view-tokens.ts';

const secret = randomBytes(32).toString('hex');
const inbox = 'inb_0192f3a4-0000-7000-8000-000000000001';

describe('view tokens', () => {
  it('a view token is never shaped like an API key, so the API refuses it before any lookup', () => {
    const t = viewToken(secret, inbox, 0);
    expect(t).toMatch(/^mrv_[A-Za-z0-9_-]{43}$/);
    expect(looksLikeApiKey(t)).toBe(false);
    expect(looksLikeViewToken(generateApiKey('free'))).toBe(false);
  });

  it('opens only its own inbox at its own version: a reissued link revokes every earlier one', () => {
    const t = viewToken(secret, inbox, 0);
    expect(viewToken(secret, inbox, 0)).toBe(t);
    expect(viewTokenMatches(secret, inbox, 0, t)).toBe(true);
    expect(viewTokenMatches(secret, inbox, 1, t)).toBe(false);
    expect(viewTokenMatches(secret, inbox.replace(/1$/, '2'), 0, t)).toBe(false);
    expect(viewTokenMatches(randomBytes(32).toString('hex'), inbox, 0, t)).toBe(false);
    for (const bad of ['', 'mrv_', `${t}x`, t.slice(0, -1), t.toUpperCase(), generateApiKey('free')]) {
      expect(viewTokenMatches(secret, inbox, 0, bad), bad).toBe(false);
    }
  });

  it('view tokens and magic links signed with one secret are never valid as each other', () => {
    const { token } = signMagicLink(secret, { purpose: 'notification', account_id: 'acc_1', notification_id: 'not_1' });
    expect(viewTokenMatches(secret, inbox, 0, token)).toBe(false);
    const view = viewToken(secret, inbox, 0);
    expect(verifyMagicLink(secret, view).ok).toBe(false);
    expect(verifyMagicLink(secret, `${Buffer.from(`${inbox}.0`).toString('base64url')}.${view.slice(4)}`).ok).toBe(false);
  });
});
