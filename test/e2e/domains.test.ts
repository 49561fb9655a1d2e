/**
 * Custom domains as an account meets them, against the local stack and a real DNS server
 * (test/e2e/dns-server.ts, which the stack's MAILROOM_DNS_SERVERS points at): add a domain and
 * get its records, prove control with the claim's TXT token (then the SES identity and its DKIM
 * records exist), verify fails record by record until DNS serves them, then passes; an inbox at
 * the domain receives real SMTP mail (plus addressing included) and sends from the domain; tier
 * limits, the free-tier refusal, pending claims that neither block others nor last, the first
 * proof winning, and no deleting a domain in use.
 */
import { randomBytes } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newAccount, paidAccount, target, uniqueUsername, type CreatedInbox } from './client.ts';
import { publishZone, type ZoneRecord } from './dns-server.ts';
import { closeMail, sendMail, smtp, uniqueSubject, waitForMessage } from './mail.ts';
import { startReceiver, type Receiver } from './receiver.ts';
import * as entities from '../../lambdas/domains/domains.entities.ts';

afterAll(closeMail);

const DOMAIN_ID = /^dom_[0-9a-f-]{36}$/;
const REGION = 'us-east-1';
/** A domain nobody else in this run uses (the .test TLD is reserved for testing). */
const uniqueDomain = (what = 'agents') => `${what}-${randomBytes(4).toString('hex')}.example-${randomBytes(2).toString('hex')}.test`;

interface DnsRecord { type: 'MX' | 'CNAME' | 'TXT'; name: string; value: string; priority: number | null; purpose: string; required: boolean; status: string; detail: string | null }
interface Domain {
  id: string; domain: string; domain_unicode: string; status: string; records: DnsRecord[]; verified_at: string | null;
  ownership_verified: boolean; expires_at: string | null;
}

async function addDomain(key: string, domain: string): Promise<Domain> {
  const r = await api('POST', '/v1/domains', { key, body: { domain } });
  expect(r.status, r.text).toBe(201);
  return r.body.result;
}

async function verify(key: string, id: string): Promise<{ domain: Domain; next_steps: string[] }> {
  const r = await api('POST', `/v1/domains/${id}/verify`, { key });
  expect(r.status, r.text).toBe(200);
  return { domain: r.body.result, next_steps: r.body.next_steps };
}

/** Serves exactly these records for the domain's zone. */
const publish = (domain: string, records: Pick<DnsRecord, 'type' | 'name' | 'value' | 'priority'>[]) =>
  publishZone(target().dnsZoneDir, domain, records.map((r): ZoneRecord => ({ type: r.type, name: r.name, value: r.value, priority: r.priority })));

/**
 * The two steps: publish the claim's records (its ownership token included) and verify — the
 * proof makes the SES identity, whose DKIM CNAMEs the answer lists — then publish those and verify.
 */
async function verifyFully(key: string, d: Domain): Promise<Domain> {
  await publish(d.domain, d.records);
  const proven = await verify(key, d.id);
  expect(proven.domain.ownership_verified).toBe(true);
  await publish(d.domain, proven.domain.records);
  const done = await verify(key, d.id);
  expect(done.domain.status).toBe('verified');
  return done.domain;
}

/** A paid account with a verified domain and an inbox at it. */
async function verifiedDomainWithInbox(username = 'bot') {
  const acct = await paidAccount();
  const name = uniqueDomain();
  const d = await verifyFully(acct.account_api_key, await addDomain(acct.account_api_key, name));
  const r = await api('POST', '/v1/inboxes', { key: acct.account_api_key, body: { username, domain_id: d.id } });
  expect(r.status, r.text).toBe(201);
  return { acct, domain: d, inbox: r.body.result as CreatedInbox };
}

/** Moves a claim's expiry into the past, as 72 hours passing would (straight in the local table). */
async function expireClaim(accountKey: string, domainId: string) {
  const accountId = (await api('GET', '/v1/account', { key: accountKey })).body.result.account_id as string;
  const t = target();
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: t.awsEndpoint, region: REGION, credentials: t.awsCredentials ?? { accessKeyId: 'local', secretAccessKey: 'local' } }));
  try {
    await db.send(new UpdateCommand({ TableName: t.tableName, Key: entities.domainKey(accountId, domainId), UpdateExpression: 'SET expires_at = :past',
      ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() } }));
  } finally {
    db.destroy();
  }
}

function expectError(r: { status: number; body: any; text: string }, status: number, error: string) {
  expect({ status: r.status, error: r.body?.error }, r.text).toEqual({ status, error });
  expect(r.body.next_steps.length).toBeGreaterThan(0);
}

describe('custom domains (local stack with a test DNS server)', () => {
  let receiver: Receiver;
  beforeAll(async () => { receiver = await startReceiver('domains'); });
  afterAll(() => receiver?.close());

  it('a domain starts pending with its ownership TXT token, MX, SPF, MAIL FROM and DMARC; the three Easy DKIM CNAMEs once the token is found', async () => {
    const acct = await paidAccount();
    const name = uniqueDomain();
    const d = await addDomain(acct.account_api_key, name.toUpperCase());
    expect(d.id).toMatch(DOMAIN_ID);
    expect(d).toMatchObject({ domain: name, domain_unicode: name, status: 'pending', verified_at: null, ownership_verified: false });
    expect(Date.parse(d.expires_at!) - Date.now()).toBeGreaterThan(71 * 3600_000);
    const of = (rs: DnsRecord[], purpose: string) => rs.filter((r) => r.purpose === purpose);

    const [ownership] = of(d.records, 'ownership');
    expect(ownership).toMatchObject({ type: 'TXT', name: `_mailroom-challenge.${name}`, required: true, status: 'pending' });
    expect(ownership!.value).toMatch(/^mailroom-verification=[0-9a-f]{32}$/);
    expect(of(d.records, 'receiving')).toEqual([{ type: 'MX', name, value: `inbound-smtp.${REGION}.amazonaws.com`, priority: 10, purpose: 'receiving',
      required: true, status: 'pending', detail: null }]);
    // No SES identity before the proof: no DKIM keys to publish yet.
    expect(d.records.filter((r) => r.type === 'CNAME')).toEqual([]);
    expect(of(d.records, 'sending').find((r) => r.type === 'TXT')).toMatchObject({ name, value: 'v=spf1 include:amazonses.com ~all', required: true });
    expect(of(d.records, 'mail_from')).toEqual(expect.arrayContaining([
      expect.objectContaining({ type: 'MX', name: `mail.${name}`, value: `feedback-smtp.${REGION}.amazonses.com`, priority: 10, required: false }),
      expect.objectContaining({ type: 'TXT', name: `mail.${name}`, value: 'v=spf1 include:amazonses.com ~all', required: false }),
    ]));
    expect(of(d.records, 'dmarc')).toEqual([expect.objectContaining({ type: 'TXT', name: `_dmarc.${name}`, required: false })]);
    expect(of(d.records, 'dmarc')[0]!.value).toMatch(/^v=DMARC1;/);

    const one = await api('GET', `/v1/domains/${d.id}`, { key: acct.account_api_key });
    expect(one.status).toBe(200);
    expect(one.body.result).toEqual(d);
    expect(one.body.next_steps.join('\n')).toContain('_mailroom-challenge');
    const list = await api('GET', '/v1/domains', { key: acct.account_api_key });
    expect(list.body.result).toMatchObject({ total: 1, max_custom_domains: 1 });
    expect(list.body.result.domains.map((x: Domain) => x.id)).toEqual([d.id]);

    // Step 1: the token alone proves control; the SES identity is made and its DKIM CNAMEs listed.
    await publish(name, [ownership!]);
    const proven = (await verify(acct.account_api_key, d.id)).domain;
    expect(proven).toMatchObject({ status: 'pending', ownership_verified: true, expires_at: null });
    expect(of(proven.records, 'ownership')[0]!.status).toBe('verified');
    const dkim = proven.records.filter((r) => r.type === 'CNAME');
    expect(dkim).toHaveLength(3);
    for (const r of dkim) {
      const token = r.name.split('.')[0]!;
      expect(token).toMatch(/^[a-z0-9]{16,}$/);
      expect(r).toMatchObject({ name: `${token}._domainkey.${name}`, value: `${token}.dkim.amazonses.com`, purpose: 'sending', required: true, status: 'failed' });
    }
    expect(new Set(dkim.map((r) => r.name)).size).toBe(3);
    // Verifying again keeps the same keys (the identity is reused, not made anew).
    const again = (await verify(acct.account_api_key, d.id)).domain;
    expect(again.records.filter((r) => r.type === 'CNAME').map((r) => r.name)).toEqual(dkim.map((r) => r.name));
  });

  it('verify names every record that does not hold and why, until DNS serves them all; then domain.verified is delivered', async () => {
    const acct = await paidAccount();
    const hook = await api('POST', '/v1/webhooks', { key: acct.account_api_key, body: { url: receiver.url, events: ['domain.verified'] } });
    expect(hook.status, hook.text).toBe(201);
    const name = uniqueDomain();
    const d = await addDomain(acct.account_api_key, name);

    // Nothing published: every record failed, each with its reason; the domain stays pending.
    const none = await verify(acct.account_api_key, d.id);
    expect(none.domain.status).toBe('pending');
    for (const r of none.domain.records) {
      expect(r.status, r.name).toBe('failed');
      expect(r.detail, r.name).toContain(r.name);
    }
    expect(none.next_steps.join('\n')).toContain(`MX ${name}`);
    // An inbox cannot be made there yet, and the SES stand-in takes no mail for it.
    const early = await api('POST', '/v1/inboxes', { key: acct.account_api_key, body: { username: 'bot', domain_id: d.id } });
    expectError(early, 409, 'DOMAIN_NOT_VERIFIED');
    const refused = await smtp().sendMail({ from: 'alice@example.org', to: `bot@${name}`, subject: 'too early', text: 'x' }).catch((e: Error) => e);
    expect(String(refused)).toMatch(/550|not permitted/);

    // Ownership and MX right, no SPF: the claim is proven (its DKIM CNAMEs listed), the rest say what DNS answered.
    const ownership = d.records.find((r) => r.purpose === 'ownership')!;
    const mx = d.records.find((r) => r.purpose === 'receiving')!;
    const spfWrong = { type: 'TXT' as const, name, value: 'v=spf1 -all', priority: null };
    await publish(name, [ownership, mx, spfWrong]);
    const proven = await verify(acct.account_api_key, d.id);
    const dkim = proven.domain.records.filter((r) => r.type === 'CNAME');
    expect(dkim).toHaveLength(3);
    // DKIM pointing elsewhere: each CNAME says where.
    await publish(name, [ownership, mx, ...dkim.map((r) => ({ ...r, value: 'elsewhere.example.net' })), spfWrong]);
    const partial = await verify(acct.account_api_key, d.id);
    expect(partial.domain.status).toBe('pending');
    const byName = (rs: DnsRecord[], type: string, n: string) => rs.find((r) => r.type === type && r.name === n)!;
    expect(byName(partial.domain.records, 'MX', name)).toMatchObject({ status: 'verified', detail: null });
    for (const r of dkim) {
      const now = byName(partial.domain.records, 'CNAME', r.name);
      expect(now.status).toBe('failed');
      expect(now.detail).toContain('elsewhere.example.net');
    }
    const spf = partial.domain.records.find((r) => r.type === 'TXT' && r.name === name)!;
    expect(spf).toMatchObject({ status: 'failed' });
    expect(spf.detail).toContain('amazonses.com');
    expect(receiver.ofType('domain.verified').filter((q) => q.json?.domain?.id === d.id)).toEqual([]);

    // Everything published: verified, and the event goes out once.
    await publish(name, partial.domain.records);
    const done = await verify(acct.account_api_key, d.id);
    expect(done.domain.status).toBe('verified');
    expect(done.domain.verified_at).toBeTruthy();
    for (const r of done.domain.records) expect(r.status, r.name).toBe('verified');
    const again = await verify(acct.account_api_key, d.id);
    expect(again.domain).toMatchObject({ status: 'verified', verified_at: done.domain.verified_at });
    const event = await receiver.waitForRequest((q) => q.json?.event === 'domain.verified' && q.json?.domain?.id === d.id, 'domain.verified');
    expect(event.json).toMatchObject({ account_id: expect.stringMatching(/^acc_/), domain: { id: d.id, domain: name, status: 'verified' } });
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.ofType('domain.verified').filter((q) => q.json?.domain?.id === d.id)).toHaveLength(1);
  });

  it('bot@ the verified domain receives real SMTP mail (plus addressing too) and sends from the domain', async () => {
    const { acct, domain, inbox } = await verifiedDomainWithInbox();
    expect(inbox.address).toBe(`bot@${domain.domain}`);
    const detail = await api('GET', `/v1/inboxes/${inbox.id}`, { key: inbox.api_key });
    expect(detail.body.result.address).toBe(`bot@${domain.domain}`);

    const subject = uniqueSubject('to the custom domain');
    await sendMail({ to: `Bot <bot@${domain.domain.toUpperCase()}>`, subject, text: 'hello at your own domain' });
    const got = await waitForMessage(inbox.api_key, inbox.id, subject);
    expect(got.body_text).toContain('hello at your own domain');
    const tagged = uniqueSubject('plus tag');
    await sendMail({ to: `bot+orders@${domain.domain}`, subject: tagged, text: 'tagged' });
    await waitForMessage(inbox.api_key, inbox.id, tagged);

    // Lists apply as at the service domain: a blocked sender's mail is a rejection, not a message.
    const block = await api('POST', '/v1/lists', { key: acct.account_api_key, body: { type: 'blocklist', address: 'mallory@example.org', inbox_id: inbox.id } });
    expect(block.status, block.text).toBe(201);
    const blockedSubject = uniqueSubject('blocked');
    await sendMail({ from: 'mallory@example.org', to: `bot@${domain.domain}`, subject: blockedSubject, text: 'no' });
    const rejections = await api('GET', `/v1/inboxes/${inbox.id}/rejections`, { key: inbox.api_key });
    expect(rejections.body.result.rejections.map((x: { subject: string }) => x.subject)).toContain(blockedSubject);

    // Sending: the recipient (an inbox at the service domain) sees the custom domain as sender.
    const peer = await newAccount();
    const sentSubject = uniqueSubject('from the custom domain');
    const sent = await api('POST', `/v1/inboxes/${inbox.id}/send`, { key: inbox.api_key, body: { to: [peer.address], subject: sentSubject, body: 'sent from our domain' } });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.result.message_id).toContain(`@${domain.domain}`);
    const arrived = await waitForMessage(peer.api_key, peer.id, sentSubject);
    expect(arrived.from).toBe(`bot@${domain.domain}`);
    expect(arrived.message_id_header).toContain(`@${domain.domain}`);

    // The account shows its domain against the tier's limit.
    const account = (await api('GET', '/v1/account', { key: acct.account_api_key })).body.result;
    expect(account.limits).toMatchObject({ custom_domains_enabled: true, max_custom_domains: 1, current_custom_domains: 1 });
    const caps = (await api('GET', '/v1/capabilities', { key: acct.account_api_key })).body.result;
    expect(caps.usage).toMatchObject({ custom_domains: 1, max_custom_domains: 1 });
    expect(caps.can.map((c: { action: string }) => c.action)).toContain('use_custom_domains');
  });

  it('usernames are unique per domain: bot@ taken twice is 409, the same name at the service domain is another inbox', async () => {
    const { acct, domain, inbox: bot } = await verifiedDomainWithInbox('bot');
    const twice = await api('POST', '/v1/inboxes', { key: acct.account_api_key, body: { username: 'bot', domain_id: domain.id } });
    expectError(twice, 409, 'USERNAME_TAKEN');
    const local = uniqueUsername('same');
    const atDomain = await api('POST', '/v1/inboxes', { key: acct.account_api_key, body: { username: local, domain_id: domain.id } });
    expect(atDomain.status, atDomain.text).toBe(201);
    const atService = await api('POST', '/v1/inboxes', { key: acct.account_api_key, body: { username: local } });
    expect(atService.status, atService.text).toBe(201);
    expect(atService.body.result.address).toBe(`${local}@${target().mailDomain}`);

    // Each gets only its own mail: here sent by bot@ the same domain, through SES's outbound side.
    const subject = uniqueSubject('which one');
    const sent = await api('POST', `/v1/inboxes/${bot.id}/send`, { key: bot.api_key, body: { to: [`${local}@${domain.domain}`], subject, body: 'custom' } });
    expect(sent.status, sent.text).toBe(201);
    const got = await waitForMessage(atDomain.body.result.api_key, atDomain.body.result.id, subject);
    expect(got.from).toBe(bot.address);
    const other = await api('GET', `/v1/inboxes/${atService.body.result.id}/messages`, { key: atService.body.result.api_key });
    expect(other.body.result.messages.map((m: { subject: string }) => m.subject)).not.toContain(subject);
  });

  it('free accounts get 402 DOMAIN_REQUIRES_PAID with upgrade_context; developer allows 1 domain (403 after), growth 5', async () => {
    const free = await newAccount();
    const r = await api('POST', '/v1/domains', { key: free.account_api_key, body: { domain: uniqueDomain() } });
    expectError(r, 402, 'DOMAIN_REQUIRES_PAID');
    expect(r.body.upgrade_context.operator_action_url).toMatch(/^https?:/);
    const inboxThere = await api('POST', '/v1/inboxes', { key: free.account_api_key, body: { username: uniqueUsername(), domain_id: 'dom_x' } });
    expectError(inboxThere, 402, 'DOMAIN_REQUIRES_PAID');

    const dev = await paidAccount('developer');
    await addDomain(dev.account_api_key, uniqueDomain());
    const second = await api('POST', '/v1/domains', { key: dev.account_api_key, body: { domain: uniqueDomain() } });
    expectError(second, 403, 'DOMAIN_LIMIT_EXCEEDED');
    expect(second.body.current_usage).toEqual({ custom_domains: 1, max_custom_domains: 1 });
    expect(second.body.upgrade_context.target_tier).toBe('growth');

    const growth = await paidAccount('growth');
    for (let i = 0; i < 5; i++) await addDomain(growth.account_api_key, uniqueDomain());
    expectError(await api('POST', '/v1/domains', { key: growth.account_api_key, body: { domain: uniqueDomain() } }), 403, 'DOMAIN_LIMIT_EXCEEDED');
    expect((await api('GET', '/v1/account', { key: growth.account_api_key })).body.result.limits)
      .toMatchObject({ max_custom_domains: 5, current_custom_domains: 5 });
  });

  it('a pending claim does not block another account; the first to verify wins', async () => {
    const first = await paidAccount();
    const name = uniqueDomain();
    const a = await addDomain(first.account_api_key, name);
    // Another account may claim the same name while it is pending, with its own token.
    const second = await paidAccount();
    const b = await addDomain(second.account_api_key, `${name.toUpperCase()}.`);
    expect(b.domain).toBe(name);
    const token = (d: Domain) => d.records.find((r) => r.purpose === 'ownership')!;
    expect(token(b).value).not.toBe(token(a).value);
    // The same account twice is still one claim.
    const again = await api('POST', '/v1/domains', { key: first.account_api_key, body: { domain: name } });
    expectError(again, 409, 'DOMAIN_EXISTS');
    expect(again.body.message).toContain(a.id);
    expect(again.body.field).toBe('domain');

    // Only the second account's token is in DNS: the first account's verify proves nothing.
    await publish(name, [token(b)]);
    const notYet = await verify(first.account_api_key, a.id);
    expect(notYet.domain).toMatchObject({ status: 'pending', ownership_verified: false });
    expect(token(notYet.domain)).toMatchObject({ status: 'failed', detail: expect.stringContaining('other verification tokens') });
    // The second proves control first and wins the name (its SES identity and DKIM records).
    const won = await verify(second.account_api_key, b.id);
    expect(won.domain.ownership_verified).toBe(true);
    expect(won.domain.records.filter((r) => r.type === 'CNAME')).toHaveLength(3);
    // Now the first account's claim is refused on verify, even with its own token in DNS too.
    await publish(name, [token(a), token(b)]);
    const lost = await api('POST', `/v1/domains/${a.id}/verify`, { key: first.account_api_key });
    expectError(lost, 409, 'DOMAIN_TAKEN');
    expect(lost.body.field).toBe('domain');
    // And nobody else can claim the proven name.
    const third = await paidAccount();
    expectError(await api('POST', '/v1/domains', { key: third.account_api_key, body: { domain: name } }), 409, 'DOMAIN_TAKEN');
    expectError(await api('POST', '/v1/domains', { key: second.account_api_key, body: { domain: name } }), 409, 'DOMAIN_EXISTS');
    // One account cannot see or verify another's domain.
    expectError(await api('GET', `/v1/domains/${b.id}`, { key: first.account_api_key }), 404, 'DOMAIN_NOT_FOUND');
    expectError(await api('POST', `/v1/domains/${b.id}/verify`, { key: first.account_api_key }), 404, 'DOMAIN_NOT_FOUND');
    // The loser's DELETE leaves the winner's identity and domain alone.
    expect((await api('DELETE', `/v1/domains/${a.id}`, { key: first.account_api_key })).status).toBe(200);
    const still = await verify(second.account_api_key, b.id);
    expect(still.domain.records.filter((r) => r.type === 'CNAME').map((r) => r.name)).toEqual(won.domain.records.filter((r) => r.type === 'CNAME').map((r) => r.name));
  });

  it('a pending claim expires: verify refuses it, it shows as expired, and its slot and name are free again', async () => {
    const acct = await paidAccount('developer');
    const name = uniqueDomain();
    const d = await addDomain(acct.account_api_key, name);
    await expireClaim(acct.account_api_key, d.id);
    const shown = await api('GET', `/v1/domains/${d.id}`, { key: acct.account_api_key });
    expect(shown.body.result.status).toBe('expired');
    // Even with its token in DNS: an expired claim proves nothing.
    await publish(name, d.records);
    const refused = await api('POST', `/v1/domains/${d.id}/verify`, { key: acct.account_api_key });
    expectError(refused, 409, 'DOMAIN_CLAIM_EXPIRED');
    // The same name again: a fresh claim with a new token replaces it (the one slot of the developer tier).
    const fresh = await addDomain(acct.account_api_key, name);
    expect(fresh.id).not.toBe(d.id);
    expect(fresh.records[0]!.value).not.toBe(d.records[0]!.value);
    expectError(await api('GET', `/v1/domains/${d.id}`, { key: acct.account_api_key }), 404, 'DOMAIN_NOT_FOUND');
    // Another name: the expired claim's slot is freed for it.
    await expireClaim(acct.account_api_key, fresh.id);
    await addDomain(acct.account_api_key, uniqueDomain());
    expect((await api('GET', '/v1/domains', { key: acct.account_api_key })).body.result.total).toBe(1);
  });

  it('deleting a domain in use is refused with the inboxes to delete first; afterwards it goes, and its mail is refused', async () => {
    const { acct, domain, inbox } = await verifiedDomainWithInbox();
    const refused = await api('DELETE', `/v1/domains/${domain.id}`, { key: acct.account_api_key });
    expectError(refused, 409, 'DOMAIN_IN_USE');
    expect(refused.body.next_steps.join('\n')).toContain(`DELETE /v1/inboxes/${inbox.id}`);
    expect((await api('GET', `/v1/domains/${domain.id}`, { key: acct.account_api_key })).status).toBe(200);

    expect((await api('DELETE', `/v1/inboxes/${inbox.id}`, { key: inbox.api_key })).status).toBe(200);
    const gone = await api('DELETE', `/v1/domains/${domain.id}`, { key: acct.account_api_key });
    expect(gone.status, gone.text).toBe(200);
    expect(gone.body.result).toEqual({ id: domain.id, domain: domain.domain, deleted: true });
    expectError(await api('GET', `/v1/domains/${domain.id}`, { key: acct.account_api_key }), 404, 'DOMAIN_NOT_FOUND');
    const mail = await smtp().sendMail({ from: 'alice@example.org', to: `bot@${domain.domain}`, subject: 'after', text: 'x' }).catch((e: Error) => e);
    expect(String(mail)).toMatch(/550|not permitted/);
    // The slot is free again: the developer tier's one domain can be another.
    await addDomain(acct.account_api_key, uniqueDomain());
  });

  it('domain names: IDNA (Unicode accepted, stored as xn--), and refusals naming the field', async () => {
    const acct = await paidAccount('growth');
    const unicode = `bücher-${randomBytes(3).toString('hex')}.example.test`;
    const d = await addDomain(acct.account_api_key, unicode);
    expect(d.domain).toMatch(/^xn--bcher-.*\.example\.test$/);
    expect(d.domain_unicode).toBe(unicode);
    expect(d.records[0]!.name).toBe(`_mailroom-challenge.${d.domain}`);

    for (const bad of ['not a domain', 'localhost', '192.168.0.1', 'bot@example.com', 'https://example.com', '-bad.example.com', `${'a'.repeat(64)}.example.com`,
      target().mailDomain, `sub.${target().mailDomain}`, target().mailDomain.split('.').slice(1).join('.')]) {
      const r = await api('POST', '/v1/domains', { key: acct.account_api_key, body: { domain: bad } });
      expect({ bad, status: r.status, error: r.body.error, field: r.body.field }).toEqual({ bad, status: 400, error: 'INVALID_DOMAIN', field: 'domain' });
    }
    expect((await api('GET', '/v1/domains', { key: acct.account_api_key })).body.result.total).toBe(1);
  });
});
