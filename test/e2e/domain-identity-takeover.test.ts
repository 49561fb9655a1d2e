/**
 * Custom domains never take over an SES identity the stack did not create (issue 23). There is one
 * SES identity per domain name in the AWS account: the operator's own domain, another stage's,
 * one left behind. Such an identity is refused — at POST, and at the ownership proof if it appears
 * later — and a DELETE leaves it exactly as it was. The identities the stack does create carry its
 * tag and the claim's, and go (before the claim is released) when the domain is deleted. Parents
 * of the mail domain cannot be claimed at all. Against the local stack, whose emulator refuses a
 * CreateEmailIdentity of an existing name as SES does (lib/local/moto_server.py).
 */
import { randomBytes } from 'node:crypto';
import { DeleteUserPolicyCommand, IAMClient, PutUserPolicyCommand } from '@aws-sdk/client-iam';
import { CreateEmailIdentityCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, paidAccount, target } from './client.ts';
import { publishZone, type ZoneRecord } from './dns-server.ts';

const uniqueDomain = (what: string) => `${what}-${randomBytes(4).toString('hex')}.example-${randomBytes(2).toString('hex')}.test`;

interface DnsRecord { type: 'MX' | 'CNAME' | 'TXT'; name: string; value: string; priority: number | null; purpose: string; status: string }
interface Domain { id: string; domain: string; status: string; records: DnsRecord[]; ownership_verified: boolean }

let ses: SESv2Client;

const publish = (domain: string, records: DnsRecord[]) =>
  publishZone(target().dnsZoneDir, domain, records.map((r): ZoneRecord => ({ type: r.type, name: r.name, value: r.value, priority: r.priority })));

/** The identity as SES (the emulator) holds it, or undefined. */
async function identity(name: string) {
  try {
    const r = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: name }));
    return { tokens: r.DkimAttributes?.Tokens ?? [], tags: r.Tags ?? [] };
  } catch (e) {
    if ((e as Error).name === 'NotFoundException') return undefined;
    throw e;
  }
}

/** An identity made outside Mailroom, as the operator (or another stack) would. */
async function foreignIdentity(name: string) {
  await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: name, Tags: [{ Key: 'owner', Value: 'the-company' }] }));
  return (await identity(name))!;
}

describe('custom domains and SES identities they did not create (local stack)', () => {
  beforeAll(() => {
    const t = target();
    ses = new SESv2Client({ endpoint: t.awsEndpoint, region: 'us-east-1', credentials: t.awsCredentials ?? { accessKeyId: 'local', secretAccessKey: 'local' } });
  });
  afterAll(() => ses?.destroy());

  it('an SES identity the stack did not create is refused and survives a DELETE', async () => {
    const acct = await paidAccount();
    // Already there when the domain is added: refused at once, untouched.
    const existing = uniqueDomain('company');
    const before = await foreignIdentity(existing);
    const r = await api('POST', '/v1/domains', { key: acct.account_api_key, body: { domain: existing } });
    expect({ status: r.status, error: r.body.error, field: r.body.field }, r.text).toEqual({ status: 409, error: 'DOMAIN_IDENTITY_EXISTS', field: 'domain' });
    expect(r.body.next_steps.length).toBeGreaterThan(0);
    expect(await identity(existing)).toEqual(before);
    expect((await api('GET', '/v1/domains', { key: acct.account_api_key })).body.result.total).toBe(0);

    // Made after the claim (a pending claim has no identity yet): refused at the proof, and the
    // domain's DELETE leaves it as it was.
    const later = uniqueDomain('later');
    const add = await api('POST', '/v1/domains', { key: acct.account_api_key, body: { domain: later } });
    expect(add.status, add.text).toBe(201);
    const d = add.body.result as Domain;
    const theirs = await foreignIdentity(later);
    await publish(later, d.records);
    const proof = await api('POST', `/v1/domains/${d.id}/verify`, { key: acct.account_api_key });
    expect({ status: proof.status, error: proof.body.error }, proof.text).toEqual({ status: 409, error: 'DOMAIN_IDENTITY_EXISTS' });
    expect(await identity(later)).toEqual(theirs);
    const shown = (await api('GET', `/v1/domains/${d.id}`, { key: acct.account_api_key })).body.result as Domain;
    expect(shown).toMatchObject({ status: 'pending', ownership_verified: false });
    expect(shown.records.filter((x) => x.type === 'CNAME')).toEqual([]);

    const del = await api('DELETE', `/v1/domains/${d.id}`, { key: acct.account_api_key });
    expect(del.status, del.text).toBe(200);
    expect(await identity(later)).toEqual(theirs);
  });

  it('an identity the stack creates is tagged with the stack and the claim, and goes with the domain before the name is free', async () => {
    const acct = await paidAccount();
    const name = uniqueDomain('ours');
    const add = await api('POST', '/v1/domains', { key: acct.account_api_key, body: { domain: name } });
    expect(add.status, add.text).toBe(201);
    const d = add.body.result as Domain;
    expect(await identity(name)).toBeUndefined();

    await publish(name, d.records);
    const proven = await api('POST', `/v1/domains/${d.id}/verify`, { key: acct.account_api_key });
    expect(proven.status, proven.text).toBe(200);
    const made = (await identity(name))!;
    expect(made.tags).toEqual(expect.arrayContaining([{ Key: 'mailroom:stack', Value: target().tableName }, { Key: 'mailroom:domain-claim', Value: d.id }]));
    // The DKIM records listed are the identity's own keys.
    expect((proven.body.result as Domain).records.filter((x) => x.type === 'CNAME').map((x) => x.name.split('.')[0]).sort()).toEqual([...made.tokens].sort());

    const del = await api('DELETE', `/v1/domains/${d.id}`, { key: acct.account_api_key });
    expect(del.status, del.text).toBe(200);
    expect(await identity(name)).toBeUndefined();
    // The name is free again: another account's claim gets an identity of its own.
    const other = await paidAccount();
    const again = await api('POST', '/v1/domains', { key: other.account_api_key, body: { domain: name } });
    expect(again.status, again.text).toBe(201);
  });

  it('a failed identity delete leaves the domain deleting and holding its name; the next DELETE finishes it', async () => {
    const t = target();
    const acct = await paidAccount();
    const name = uniqueDomain('retry');
    const d = (await api('POST', '/v1/domains', { key: acct.account_api_key, body: { domain: name } })).body.result as Domain;
    await publish(name, d.records);
    expect((await api('POST', `/v1/domains/${d.id}/verify`, { key: acct.account_api_key })).body.result.ownership_verified).toBe(true);
    const made = (await identity(name))!;

    // SES refuses the delete for a while: here the domains function's identity in the emulator
    // (lib/local/iam.ts: <prefix>-fn-domains) is denied DeleteEmailIdentity.
    const iam = new IAMClient({ endpoint: t.awsEndpoint, region: 'us-east-1', credentials: t.awsCredentials ?? { accessKeyId: 'local', secretAccessKey: 'local' } });
    const UserName = `${t.tableName.replace(/-table$/, '')}-fn-domains`;
    await iam.send(new PutUserPolicyCommand({ UserName, PolicyName: 'e2e-deny-identity-delete', PolicyDocument: JSON.stringify({
      Version: '2012-10-17', Statement: [{ Effect: 'Deny', Action: 'ses:DeleteEmailIdentity', Resource: '*' }] }) }));
    try {
      const failed = await api('DELETE', `/v1/domains/${d.id}`, { key: acct.account_api_key });
      expect({ status: failed.status, error: failed.body.error }, failed.text).toEqual({ status: 503, error: 'DOMAIN_DELETE_INCOMPLETE' });
      expect(failed.body.next_steps.join('\n')).toContain(`DELETE /v1/domains/${d.id}`);
      // The identity is still there, and so is the claim: nobody else can take the name meanwhile.
      expect(await identity(name)).toEqual(made);
      expect((await api('GET', `/v1/domains/${d.id}`, { key: acct.account_api_key })).body.result.status).toBe('deleting');
      const other = await paidAccount();
      const taken = await api('POST', '/v1/domains', { key: other.account_api_key, body: { domain: name } });
      expect(taken.body.error, taken.text).toBe('DOMAIN_TAKEN');
    } finally {
      await iam.send(new DeleteUserPolicyCommand({ UserName, PolicyName: 'e2e-deny-identity-delete' }));
      iam.destroy();
    }
    const done = await api('DELETE', `/v1/domains/${d.id}`, { key: acct.account_api_key });
    expect(done.status, done.text).toBe(200);
    expect(await identity(name)).toBeUndefined();
    expect((await api('GET', `/v1/domains/${d.id}`, { key: acct.account_api_key })).status).toBe(404);
  });

  it('a parent of the mail domain is refused', async () => {
    const acct = await paidAccount();
    const parent = target().mailDomain.split('.').slice(1).join('.');
    const r = await api('POST', '/v1/domains', { key: acct.account_api_key, body: { domain: parent } });
    expect({ status: r.status, error: r.body.error, field: r.body.field }, r.text).toEqual({ status: 400, error: 'INVALID_DOMAIN', field: 'domain' });
    expect(r.body.message).toContain('parent');
    expect(await identity(parent)).toBeUndefined();
  });
});
