import { describe, expect, it } from 'vitest';
import { RESERVED_USERNAMES, USERNAME_MAX, USERNAME_MIN, usernameProblem } from '../../lambdas/inboxes/usernames.ts';

describe('usernames (3-32 chars, lowercase letters, digits, hyphens; letter or digit at both ends)', () => {
  it.each([
    'abc', 'a-b', 'a1b', '007', 'my-agent', 'agent--two', 'x'.repeat(32), `a${'-'.repeat(30)}b`,
  ])('accepts %s', (u) => {
    expect(usernameProblem(u)).toBeUndefined();
  });

  it.each([
    ['', 'length'], ['ab', 'length'], ['x'.repeat(33), 'length'],
    ['Abc', 'characters'], ['ABC', 'characters'], ['-abc', 'characters'], ['abc-', 'characters'], ['---', 'characters'],
    ['a_b', 'characters'], ['a.b', 'characters'], ['a b', 'characters'], ['a+b', 'characters'], ['abc@x', 'characters'],
    ['ünï', 'characters'], ['abc\n', 'characters'], ['ab\u0000', 'characters'],
  ])('refuses %j (%s)', (u) => {
    expect(usernameProblem(u)).toEqual(expect.any(String));
  });

  it('names the length limits in its message', () => {
    expect(usernameProblem('ab')).toContain(`${USERNAME_MIN}-${USERNAME_MAX}`);
  });

  it('refuses the role addresses of RFC 2142 and other names that invite abuse', () => {
    for (const u of ['postmaster', 'abuse', 'hostmaster', 'webmaster', 'admin', 'root', 'noreply', 'no-reply', 'mailer-daemon', 'security', 'support', 'billing']) {
      expect(RESERVED_USERNAMES.has(u), u).toBe(true);
      expect(usernameProblem(u), u).toMatch(/reserved/);
    }
  });

  it('only reserves names that would otherwise be valid (the list has no dead entries)', () => {
    for (const u of RESERVED_USERNAMES) {
      expect(u.length).toBeGreaterThanOrEqual(USERNAME_MIN);
      expect(u).toMatch(/^[a-z0-9][a-z0-9-]*[a-z0-9]$/);
    }
  });
});
