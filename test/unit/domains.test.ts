/**
 * Custom domains, the pure part: which names may be claimed (IDNA), the records a domain
 * publishes, and when a record holds given what DNS answered.
 */
import { describe, expect, it } from 'vitest';
import {
  checkDomainName, claimExpired, domainRecords, domainVerified, evaluateRecord, identityOwnedBy, identityTags, pendingClaimExpiresAt,
  PENDING_CLAIM_TTL_HOURS, type DomainRecord,
} from '../../lambdas/domains/dns-records.ts';

const SERVICE = 'mail.example.com';

describe('checkDomainName', () => {
  it('normalises as mail does: IDNA A-label, lower case, no trailing dot', () => {
    expect(checkDomainName('Agents.Example.ORG.', SERVICE)).toEqual({ ok: true, ascii: 'agents.example.org', unicode: 'agents.example.org' });
    expect(checkDomainName('bücher.example', SERVICE)).toEqual({ ok: true, ascii: 'xn--bcher-kva.example', unicode: 'bücher.example' });
    expect(checkDomainName('ＡＧＥＮＴＳ.example.org', SERVICE)).toMatchObject({ ok: true, ascii: 'agents.example.org' });
  });

  it.each([
    ['', 'empty'], ['localhost', 'one label'], ['10.0.0.1', 'an IP'], ['a@b.com', 'an address'], ['http://b.com', 'a URL'],
    ['-a.example.com', 'leading hyphen'], ['a_b.example.com', 'underscore'], [`${'a'.repeat(64)}.com`, 'long label'],
    [`${'a.'.repeat(127)}com`, 'too long'], ['xn--zz.example', 'bad punycode'],
    [SERVICE, 'the service domain'], [`team.${SERVICE}`, 'under the service domain'],
  ])('refuses %j (%s), naming the field', (input) => {
    const r = checkDomainName(input, SERVICE);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem).toMatch(/^domain: /);
  });
});

describe('domainRecords and evaluateRecord', () => {
  const records = domainRecords('d.example', 'eu-west-1', ['t1', 't2', 't3']);
  const find = (type: string, name: string) => records.find((r) => r.type === type && r.name === name)!;

  it('publishes MX to the regional SES inbound endpoint, one CNAME per DKIM token, SPF, MAIL FROM and DMARC', () => {
    expect(records.map((r) => `${r.type} ${r.name} ${r.value} ${r.purpose} ${r.required}`)).toEqual([
      'MX d.example inbound-smtp.eu-west-1.amazonaws.com receiving true',
      'CNAME t1._domainkey.d.example t1.dkim.amazonses.com sending true',
      'CNAME t2._domainkey.d.example t2.dkim.amazonses.com sending true',
      'CNAME t3._domainkey.d.example t3.dkim.amazonses.com sending true',
      'TXT d.example v=spf1 include:amazonses.com ~all sending true',
      'MX mail.d.example feedback-smtp.eu-west-1.amazonses.com mail_from false',
      'TXT mail.d.example v=spf1 include:amazonses.com ~all mail_from false',
      'TXT _dmarc.d.example v=DMARC1; p=none; dmarc false',
    ]);
    expect(records.every((r) => r.status === 'pending' && r.detail === null)).toBe(true);
  });

  it('MX holds when any exchange is ours (trailing dot and case ignored), and says what it found otherwise', () => {
    const mx = find('MX', 'd.example');
    expect(evaluateRecord(mx, { kind: 'mx', values: [{ exchange: 'backup.example', priority: 20 }, { exchange: 'INBOUND-SMTP.eu-west-1.amazonaws.com.', priority: 10 }] }).status).toBe('verified');
    const wrong = evaluateRecord(mx, { kind: 'mx', values: [{ exchange: 'mx.other.example', priority: 10 }] });
    expect(wrong).toEqual({ status: 'failed', detail: 'MX of d.example points to mx.other.example, not inbound-smtp.eu-west-1.amazonaws.com.' });
    expect(evaluateRecord(mx, { kind: 'error', code: 'ENOTFOUND' }).detail).toBe('No MX record at d.example.');
    expect(evaluateRecord(mx, { kind: 'error', code: 'ETIMEOUT' }).detail).toContain('try again');
  });

  it('SPF: exactly one v=spf1 record, and it must include amazonses.com', () => {
    const spf = find('TXT', 'd.example');
    expect(evaluateRecord(spf, { kind: 'txt', values: ['google-site-verification=x', 'v=spf1 include:_spf.google.com include:amazonses.com ~all'] }).status).toBe('verified');
    expect(evaluateRecord(spf, { kind: 'txt', values: ['v=spf1 -all'] }).detail).toContain('does not include amazonses.com');
    expect(evaluateRecord(spf, { kind: 'txt', values: ['v=spf1 include:amazonses.com ~all', 'v=spf1 -all'] }).detail).toContain('exactly one');
    expect(evaluateRecord(spf, { kind: 'txt', values: ['v=spf1 include:amazonses.com.evil.example ~all'] }).status).toBe('failed');
  });

  it('a domain is verified only when every required record holds and SES verified the identity', () => {
    const all = records.map((r) => ({ ...r, status: r.required ? 'verified' : 'failed' }) as DomainRecord);
    expect(domainVerified(all, true)).toBe(true);
    expect(domainVerified(all, false)).toBe(false);
    expect(domainVerified(all.map((r, i) => (i === 1 ? { ...r, status: 'failed' } : r)), true)).toBe(false);
  });
});

describe('a parent of the mail domain is refused', () => {
  it.each(['example.com', 'EXAMPLE.com.'])('%j, above mail.example.com, belongs to the operator', (input) => {
    const r = checkDomainName(input, SERVICE);
    expect(r).toEqual({ ok: false, problem: expect.stringMatching(/^domain: example\.com is a parent of the service's mail domain/) });
  });

  it('a sibling or a look-alike is not a parent', () => {
    expect(checkDomainName('other.example.com', SERVICE).ok).toBe(true);
    expect(checkDomainName('ample.com', SERVICE).ok).toBe(true);
    expect(checkDomainName('mail.example.com.evil.test', SERVICE).ok).toBe(true);
  });
});

describe('pending claims need proof of control: the ownership TXT token', () => {
  const records = domainRecords('d.example', 'eu-west-1', [], 'tok123');
  const ownership = records[0]!;

  it('a claim lists its own TXT token first, required, and no DKIM records until its identity exists', () => {
    expect(ownership).toMatchObject({ type: 'TXT', name: '_mailroom-challenge.d.example', value: 'mailroom-verification=tok123', purpose: 'ownership', required: true });
    expect(records.filter((r) => r.type === 'CNAME')).toEqual([]);
    // Without its token, a claim is not verified whatever else holds.
    const rest = records.map((r) => ({ ...r, status: r.purpose === 'ownership' ? 'failed' : 'verified' }) as DomainRecord);
    expect(domainVerified(rest, true)).toBe(false);
  });

  it('holds when its token is among the TXT values (other accounts may publish theirs beside it), fails on others\' tokens alone', () => {
    expect(evaluateRecord(ownership, { kind: 'txt', values: ['mailroom-verification=other', 'mailroom-verification=tok123'] }).status).toBe('verified');
    const others = evaluateRecord(ownership, { kind: 'txt', values: ['mailroom-verification=other'] });
    expect(others).toEqual({ status: 'failed', detail: expect.stringContaining('other verification tokens') });
    expect(evaluateRecord(ownership, { kind: 'txt', values: ['mailroom-verification=tok1234'] }).status).toBe('failed');
    expect(evaluateRecord(ownership, { kind: 'error', code: 'ENOTFOUND' }).detail).toBe('No TXT record at _mailroom-challenge.d.example.');
  });

  it(`a pending claim expires ${PENDING_CLAIM_TTL_HOURS} hours after it was made, unless proven`, () => {
    const made = new Date('2030-01-01T00:00:00Z');
    const expires_at = pendingClaimExpiresAt(made);
    expect(expires_at).toBe('2030-01-04T00:00:00.000Z');
    expect(claimExpired({ proven_at: null, expires_at }, new Date('2030-01-03T23:59:59Z'))).toBe(false);
    expect(claimExpired({ proven_at: null, expires_at }, new Date('2030-01-04T00:00:00Z'))).toBe(true);
    expect(claimExpired({ proven_at: '2030-01-02T00:00:00Z', expires_at }, new Date('2031-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('an SES identity is ours only when tagged by this stack for this very claim', () => {
  it('needs both tags, with this stack and this claim', () => {
    expect(identityOwnedBy(identityTags('table-a', 'dom_1'), 'table-a', 'dom_1')).toBe(true);
    expect(identityOwnedBy(identityTags('table-a', 'dom_1'), 'table-a', 'dom_2')).toBe(false);
    expect(identityOwnedBy(identityTags('table-b', 'dom_1'), 'table-a', 'dom_1')).toBe(false);
    expect(identityOwnedBy(identityTags('table-a', 'dom_1').slice(0, 1), 'table-a', 'dom_1')).toBe(false);
    expect(identityOwnedBy(undefined, 'table-a', 'dom_1')).toBe(false);
    expect(identityOwnedBy([], 'table-a', 'dom_1')).toBe(false);
  });
});
