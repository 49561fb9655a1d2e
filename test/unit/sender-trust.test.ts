/**
 * Sender trust (issue 23): the verdict a received message carries, how Authentication-Results
 * lines may lower it, that it is the stored one a read hands back, and that an allowlist admits
 * only a sender whose From domain is verified.
 */
import { describe, expect, it } from 'vitest';
import { matchSenderRules, type SenderRule } from '../../lambdas/messages/sender-rules.ts';
import {
  authenticationOf, dmarcDomains, MAX_AUTH_RESULTS_HEADER_CHARS, MAX_AUTH_RESULTS_HEADERS, messageAuthentication, type Authentication,
} from '../../lambdas/content/sender-trust.ts';
import { messageView } from '../../lambdas/messages/message-views.ts';
import type { MessageRecord } from '../../lambdas/messages/messages.entities.ts';

const PASS = { spf: 'PASS', dkim: 'PASS', dmarc: 'PASS' };

describe('authenticationOf', () => {
  it('an Authentication-Results line reporting DMARC for another domain than the From domain withholds the verdict', () => {
    expect(authenticationOf(PASS, 'a@example.org', ['mx; spf=pass smtp.mailfrom=example.org; dmarc=pass (p=reject) header.from=Example.ORG']).sender_verified).toBe(true);
    expect(authenticationOf(PASS, 'a@example.org', ['mx; dmarc=pass header.from=other.example']).sender_verified).toBe(false);
    expect(authenticationOf(PASS, 'a@example.org', ['mx; dmarc = fail header.from = "other.example"']).sender_verified).toBe(false);
    // Lines about SPF or DKIM alone, or a header.from without a DMARC result, say nothing about DMARC.
    expect(authenticationOf(PASS, 'a@example.org', ['mx; dkim=pass header.d=other.example header.from=other.example']).sender_verified).toBe(true);
  });

  it('every resinfo of every line counts, not only the first that reports DMARC', () => {
    expect(authenticationOf(PASS, 'a@example.org', ['mx; dmarc=pass header.from=example.org; dmarc=pass header.from=evil.example']).sender_verified).toBe(false);
    expect(authenticationOf(PASS, 'a@example.org', ['mx; dmarc=pass header.from=example.org', 'relay; dmarc=none header.from=evil.example']).sender_verified).toBe(false);
  });

  it('Authentication-Results lines too many or too long to read withhold the verdict', () => {
    const fine = 'mx; spf=pass smtp.mailfrom=example.org';
    expect(authenticationOf(PASS, 'a@example.org', Array(MAX_AUTH_RESULTS_HEADERS).fill(fine)).sender_verified).toBe(true);
    expect(authenticationOf(PASS, 'a@example.org', Array(MAX_AUTH_RESULTS_HEADERS + 1).fill(fine)).sender_verified).toBe(false);
    expect(authenticationOf(PASS, 'a@example.org', [`${fine} ${'x'.repeat(MAX_AUTH_RESULTS_HEADER_CHARS)}`]).sender_verified).toBe(false);
    expect(dmarcDomains(Array(MAX_AUTH_RESULTS_HEADERS + 1).fill(fine))).toBe('unreadable');
  });

  it('parses adversarial lines (long runs of dmarc=pass without ";") to the same verdict as a plain line', () => {
    const run = 'dmarc=pass '.repeat(Math.floor(MAX_AUTH_RESULTS_HEADER_CHARS / 11) - 10);
    expect(dmarcDomains([`mx; ${run}`])).toEqual([]);
    expect(dmarcDomains([`mx; ${run} header.from=example.org`])).toEqual(['example.org']);
    expect(authenticationOf(PASS, 'a@example.org', Array(MAX_AUTH_RESULTS_HEADERS).fill(`mx; ${run}`)).sender_verified).toBe(true);
  });
});

const inbound = (over: Partial<MessageRecord> = {}): MessageRecord => ({
  id: 'msg_1', inbox_id: 'inb_1', account_id: 'acc_1', thread_id: 'thr_1', direction: 'inbound', from: 'boss@corp.example', from_name: null,
  to: [], cc: [], bcc: [], reply_to: [], subject: 's', body_text: '', body_html: null, reply_body: '', links: [], cta_links: [],
  verification_codes: [], headers: {}, message_id_header: '', in_reply_to: null, references: [], labels: [], read: false,
  spam_score: 0, spam_verdict: PASS, received_at: '2026-01-01T00:00:00.000Z', created_at: '2026-01-01T00:00:00.000Z',
  attachments: [], raw_s3_key: 'inbound/x', ...over,
});

describe('the stored verdict', () => {
  const stored: Authentication = { spf: 'fail', dkim: 'fail', dmarc: 'fail', sender_verified: false };

  it('the verdict is read from the record, not recomputed from its verdicts and headers', () => {
    // What the headers would say (DMARC pass, aligned) is not what ingest stored: the stored one wins.
    const m = inbound({ authentication: stored, headers: { 'authentication-results': 'mx; dmarc=pass header.from=corp.example' } });
    expect(messageView(m).authentication).toEqual(stored);
    expect(messageAuthentication(m)).toBe(stored);
    // A body-less summary or an offloaded message (headers in the bucket) carries the same verdict.
    expect(messageView({ ...m, headers: {} }).authentication).toEqual(stored);
  });

  it('a message stored before the verdict was stored gets it from its stored verdicts and headers; mail sent has none', () => {
    expect(messageView(inbound()).authentication).toEqual({ spf: 'pass', dkim: 'pass', dmarc: 'pass', sender_verified: true });
    expect(messageView(inbound({ headers: { 'authentication-results': ['mx; dmarc=pass header.from=evil.example'] } })).authentication?.sender_verified).toBe(false);
    expect(messageView(inbound({ direction: 'outbound', authentication: stored })).authentication).toBeNull();
  });
});

describe('matchSenderRules and sender verification', () => {
  const rule = (type: SenderRule['type'], address: string, inbox_id: string | null = null): SenderRule => ({ id: `lst_${type}_${address}`, type, address, inbox_id });

  it('an allowlist entry does not admit an unverified sender: it is refused as not on the allowlist, saying it could not be verified', () => {
    const rules = [rule('allowlist', '*@corp.example', 'inb_1')];
    expect(matchSenderRules('boss@corp.example', 'inb_1', rules, true)).toEqual({ accepted: true, rule: rules[0] });
    const spoofed = matchSenderRules('boss@corp.example', 'inb_1', rules, false);
    expect(spoofed.accepted).toBe(false);
    expect(spoofed.rule).toBeNull();
    if (!spoofed.accepted) {
      expect(spoofed.reason).toContain('allowlist');
      expect(spoofed.reason).toContain('*@corp.example');
      expect(spoofed.reason).toContain('could not be verified');
    }
    // A sender on no entry is refused as before, with the plain reason.
    const stranger = matchSenderRules('x@elsewhere.example', 'inb_1', rules, true);
    expect(stranger).toMatchObject({ accepted: false, rule: null });
    if (!stranger.accepted) expect(stranger.reason).not.toContain('verified');
  });

  it('an unverified sender cannot use an inbox allowlist entry to get past an account blocklist entry', () => {
    const rules = [rule('blocklist', 'vip@partner.example'), rule('allowlist', 'vip@partner.example', 'inb_1')];
    expect(matchSenderRules('vip@partner.example', 'inb_1', rules, true)).toMatchObject({ accepted: true, rule: rules[1] });
    expect(matchSenderRules('vip@partner.example', 'inb_1', rules, false)).toMatchObject({ accepted: false, rule: rules[0] });
  });

  it('blocklist entries match the From as written, verified or not; with no allowlist an unverified sender is accepted', () => {
    const rules = [rule('blocklist', '*@bad.example')];
    for (const verified of [true, false]) {
      expect(matchSenderRules('x@bad.example', 'inb_1', rules, verified)).toMatchObject({ accepted: false, rule: rules[0] });
      expect(matchSenderRules('x@good.example', 'inb_1', rules, verified)).toEqual({ accepted: true, rule: null });
    }
  });
});
