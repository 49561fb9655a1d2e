/**
 * Custom domains, the pure part: which names may be claimed (IDNA), the records a domain
 * publishes, and when a record holds given what DNS answered.
 */
import { describe, expect, it } from 'vitest';
import { checkDomainName, domainRecords, domainVerified, evaluateRecord, type DomainRecord } from '../../lambdas/core/domains.ts';

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
