/**
 * The wait call's pure parts: filters, the code and link it hands back, its poll schedule, and
 * the sender trust fields they rest on.
 */
import { describe, expect, it } from 'vitest';
import { authenticationOf } from '../../lambdas/content/sender-trust.ts';
import { bestCode, bestCta, matchesWait, nextPollDelay, WAIT_MAX_POLL_MS, type WaitCandidate, type WaitFilters } from '../../lambdas/messages/wait-match.ts';

const msg = (over: Partial<WaitCandidate> = {}): WaitCandidate => ({
  direction: 'inbound', from: 'noreply@acme.example', from_name: 'Acme Accounts', subject: 'Your Acme code', read: false,
  received_at: '2026-11-23T10:00:00.000Z', verification_codes: [{ code: '123456' }], cta_links: [], headers: {},
  spam_verdict: { spf: 'PASS', dkim: 'PASS', dmarc: 'PASS' }, ...over,
});
const any: WaitFilters = { has: 'any', unread_only: false, verified_only: false, safe_only: false };

describe('matchesWait', () => {
  it('from matches the domain at a label boundary or the whole address, case-insensitively, never the display name', () => {
    expect(matchesWait(msg(), { ...any, from: 'ACME.EXAMPLE' })).toBe(true);
    expect(matchesWait(msg(), { ...any, from: 'NoReply@Acme.Example' })).toBe(true);
    expect(matchesWait(msg(), { ...any, from: '@acme.example' })).toBe(true);
    expect(matchesWait(msg(), { ...any, from: 'accounts' })).toBe(false);
    expect(matchesWait(msg(), { ...any, from: 'acme' })).toBe(false);
    expect(matchesWait(msg(), { ...any, from: 'other' })).toBe(false);
    const github = (from: string, from_name: string | null = null) => msg({ from, from_name });
    expect(matchesWait(github('x@github.com'), { ...any, from: 'github.com' })).toBe(true);
    expect(matchesWait(github('x@mail.github.com'), { ...any, from: 'github.com' })).toBe(true);
    expect(matchesWait(github('a@github.com.evil.example'), { ...any, from: 'github.com' })).toBe(false);
    expect(matchesWait(github('github.com@evil.example'), { ...any, from: 'github.com' })).toBe(false);
    expect(matchesWait(github('x@notgithub.com'), { ...any, from: 'github.com' })).toBe(false);
    expect(matchesWait(github('x@evil.example', 'noreply@github.com'), { ...any, from: 'github.com' })).toBe(false);
    expect(matchesWait(github('x@evil.example', 'noreply@github.com'), { ...any, from: 'noreply@github.com' })).toBe(false);
    expect(matchesWait(github('noreply@github.com'), { ...any, from: 'noreply@github.com' })).toBe(true);
    expect(matchesWait(github('other@github.com'), { ...any, from: 'noreply@github.com' })).toBe(false);
    expect(matchesWait(github('noreply@mail.github.com'), { ...any, from: 'noreply@github.com' })).toBe(false);
  });

  it('subject matches a case-insensitive substring', () => {
    expect(matchesWait(msg(), { ...any, subject: 'acme CODE' })).toBe(true);
    expect(matchesWait(msg(), { ...any, subject: 'invoice' })).toBe(false);
  });

  it('has=code needs a code, has=link a call to action', () => {
    expect(matchesWait(msg(), { ...any, has: 'code' })).toBe(true);
    expect(matchesWait(msg(), { ...any, has: 'link' })).toBe(false);
    expect(matchesWait(msg({ verification_codes: [], cta_links: [{ url: 'https://a.example/v' }] }), { ...any, has: 'link' })).toBe(true);
  });

  it('never returns mail the inbox sent, read mail under unread_only, or mail from before since', () => {
    expect(matchesWait(msg({ direction: 'outbound' }), any)).toBe(false);
    expect(matchesWait(msg({ read: true }), { ...any, unread_only: true })).toBe(false);
    expect(matchesWait(msg(), { ...any, sinceMs: Date.parse('2026-11-23T10:00:00.001Z') })).toBe(false);
    expect(matchesWait(msg(), { ...any, sinceMs: Date.parse('2026-11-23T10:00:00.000Z') })).toBe(true);
  });

  it('verified_only needs DMARC to pass for the From domain', () => {
    expect(matchesWait(msg(), { ...any, verified_only: true })).toBe(true);
    expect(matchesWait(msg({ spam_verdict: { dmarc: 'FAIL' } }), { ...any, verified_only: true })).toBe(false);
    expect(matchesWait(msg({ headers: { 'authentication-results': 'mx; dmarc=pass header.from=evil.example' } }), { ...any, verified_only: true })).toBe(false);
  });

  it('verified_only skips a DMARC-verified mail flagged spoofed_sender or lookalike_domain (an attacker owns the lookalike domain)', () => {
    const flagged = (type: 'spoofed_sender' | 'lookalike_domain' | 'link_mismatch') =>
      msg({ security: { risk: 'medium', sender_verified: true, flags: [{ type, detail: 'd', evidence: 'e' }] } });
    expect(matchesWait(flagged('lookalike_domain'), { ...any, verified_only: true })).toBe(false);
    expect(matchesWait(flagged('spoofed_sender'), { ...any, verified_only: true })).toBe(false);
    expect(matchesWait(flagged('link_mismatch'), { ...any, verified_only: true })).toBe(true);
    expect(matchesWait(flagged('lookalike_domain'), any)).toBe(true);
  });

  it('safe_only skips medium and high risk, and mail not assessed; none and low pass', () => {
    const at = (risk: 'none' | 'low' | 'medium' | 'high') => msg({ security: { risk, sender_verified: true, flags: [] } });
    expect(['none', 'low', 'medium', 'high'].map((r) => matchesWait(at(r as 'none'), { ...any, safe_only: true }))).toEqual([true, true, false, false]);
    expect(matchesWait(msg(), { ...any, safe_only: true })).toBe(false);
    expect(matchesWait(msg(), any)).toBe(true);
  });

  it('verified_only reads the verdict ingest stored, also for a message whose headers live in the bucket', () => {
    const verified = { spf: 'pass', dkim: 'pass', dmarc: 'pass', sender_verified: true } as const;
    // Offloaded: the item keeps no headers and its SES verdicts alone would not say.
    expect(matchesWait(msg({ spam_verdict: {}, headers: {}, authentication: verified }), { ...any, verified_only: true })).toBe(true);
    expect(matchesWait(msg({ authentication: { ...verified, sender_verified: false } }), { ...any, verified_only: true })).toBe(false);
  });
});

describe('what a wait hands back', () => {
  it('the first (best) code and link, or null', () => {
    expect(bestCode(msg())).toBe('123456');
    expect(bestCode(msg({ verification_codes: [] }))).toBeNull();
    expect(bestCta({ cta_links: [{ url: 'https://a.example/v', text: 'Verify', type: 'verification', confidence: 'high' }] }))
      .toEqual({ url: 'https://a.example/v', text: 'Verify', type: 'verification' });
    expect(bestCta({ cta_links: [] })).toBeNull();
  });
});

describe('poll schedule', () => {
  it('polls at most ten times a second, backing off to about three a second: a mail is seen within 300 ms of landing', () => {
    const delays: number[] = [];
    let d: number | undefined;
    for (let i = 0; i < 30; i++) { d = nextPollDelay(d); delays.push(d); }
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(100);
    expect(delays.at(-1)).toBe(WAIT_MAX_POLL_MS);
    expect(WAIT_MAX_POLL_MS).toBeLessThanOrEqual(300);
    for (let i = 1; i < delays.length; i++) expect(delays[i]!).toBeGreaterThanOrEqual(delays[i - 1]!);
    // Over a 20 s wait: about 3.4 reads a second (each a strongly consistent read of one small item).
    let t = 0; let polls = 0; d = undefined;
    while (t < 20_000) { d = nextPollDelay(d); t += d; polls++; }
    expect(polls / 20).toBeLessThanOrEqual(3.6);
  });
});

describe('authenticationOf', () => {
  it('maps SES verdicts to results; sender_verified only on a DMARC pass for the From domain', () => {
    expect(authenticationOf({ spf: 'PASS', dkim: 'FAIL', dmarc: 'PASS' }, 'a@example.org', [])).toEqual({ spf: 'pass', dkim: 'fail', dmarc: 'pass', sender_verified: true });
    expect(authenticationOf({ spf: 'GRAY', dkim: 'PROCESSING_FAILED', dmarc: 'DISABLED' }, 'a@example.org', []))
      .toEqual({ spf: 'none', dkim: 'temperror', dmarc: 'disabled', sender_verified: false });
    expect(authenticationOf({ dmarc: 'PASS' }, 'a@example.org', ['mx; dmarc=pass header.from=EXAMPLE.ORG']).sender_verified).toBe(true);
    expect(authenticationOf({ dmarc: 'PASS' }, 'a@example.org', ['mx; dmarc=pass header.from=other.example']).sender_verified).toBe(false);
    expect(authenticationOf({ dmarc: 'PASS' }, '', []).sender_verified).toBe(false);
  });
});
