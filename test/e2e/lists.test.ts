/**
 * Allow and block lists: the /v1/lists resource with the account key, and the matching rules
 * end to end with real SMTP mail — refused mail is not stored but listed, with its reason and
 * rule, at GET /v1/inboxes/{id}/rejections.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { addInbox, api, newAccount, type CreatedInbox } from './client.ts';
import { closeMail, eventuallyValue, expectError, sendMail, uniqueSubject, waitForMessage, type Msg } from './mail.ts';

afterAll(closeMail);

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const LST_ID = new RegExp(`^lst_${UUID}$`);
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

async function addEntry(accountKey: string, body: Record<string, unknown>) {
  const r = await api('POST', '/v1/lists', { key: accountKey, body });
  expect(r.status, r.text).toBe(201);
  return r.body.result as Msg;
}

async function entries(accountKey: string, query = '') {
  const r = await api('GET', `/v1/lists${query}`, { key: accountKey });
  expect(r.status, r.text).toBe(200);
  expect(r.body.result.total).toBe(r.body.result.lists.length);
  return r.body.result.lists as Msg[];
}

describe('POST /v1/lists', () => {
  it('creates an account-wide entry: 201, lst_ id, type, lower-cased address, inbox_id null', async () => {
    const a = await newAccount();
    const before = Date.now();
    const r = await api('POST', '/v1/lists', { key: a.account_api_key, body: { type: 'blocklist', address: 'Spammer@Example.COM' } });
    expect(r.status, r.text).toBe(201);
    const e = r.body.result;
    expect(e.id).toMatch(LST_ID);
    expect(e).toMatchObject({ type: 'blocklist', address: 'spammer@example.com', inbox_id: null, inbox_address: null });
    expect(e.created_at).toMatch(ISO);
    expect(Date.parse(e.created_at)).toBeGreaterThanOrEqual(before - 60_000);
    expect(r.body.next_steps.length).toBeGreaterThan(0);
  });

  it('creates an inbox entry that names the inbox and its address; accepts *@domain and *@*.domain', async () => {
    const a = await newAccount();
    const e = await addEntry(a.account_api_key, { type: 'allowlist', address: '*@Partner.example', inbox_id: a.id });
    expect(e).toMatchObject({ type: 'allowlist', address: '*@partner.example', inbox_id: a.id, inbox_address: a.address });
    const s = await addEntry(a.account_api_key, { type: 'blocklist', address: '*@*.ads.example' });
    expect(s).toMatchObject({ address: '*@*.ads.example', inbox_id: null });
    const n = await addEntry(a.account_api_key, { type: 'blocklist', address: 'x@y.example', inbox_id: null });
    expect(n.inbox_id).toBeNull();
  });

  it('a bad type is 400', async () => {
    const a = await newAccount();
    for (const type of ['denylist', undefined, 'ALLOWLIST']) {
      const r = await api('POST', '/v1/lists', { key: a.account_api_key, body: { type, address: 'x@example.com' } });
      expectError(r, 400, 'VALIDATION_ERROR');
      expect(r.body.field).toBe('type');
    }
  });

  it.each(['foo', '*.com', 'user@', '@example.com', 'a@b', '*@com', 'user@*.example.com', '*@*', 'two words@example.com', '*@*.*.example.com'])(
    'the pattern %j is 400 INVALID_ADDRESS', async (address) => {
      const a = await newAccount();
      const r = await api('POST', '/v1/lists', { key: a.account_api_key, body: { type: 'blocklist', address } });
      expectError(r, 400, 'INVALID_ADDRESS');
      expect(r.body.field).toBe('address');
    });

  it('a short bad pattern such as "*@" is INVALID_ADDRESS too, like every other bad pattern', async () => {
    const a = await newAccount();
    for (const address of ['*@', 'ab']) {
      const r = await api('POST', '/v1/lists', { key: a.account_api_key, body: { type: 'blocklist', address } });
      expectError(r, 400, 'INVALID_ADDRESS');
      expect(r.body.field).toBe('address');
    }
  });

  it("an inbox of another account (or no inbox at all) is 404 INBOX_NOT_FOUND", async () => {
    const a = await newAccount();
    const other = await newAccount();
    for (const inbox_id of [other.id, 'inb_00000000-0000-7000-8000-000000000000', 'nope']) {
      const r = await api('POST', '/v1/lists', { key: a.account_api_key, body: { type: 'blocklist', address: 'x@example.com', inbox_id } });
      expectError(r, 404, 'INBOX_NOT_FOUND');
      expect(r.text).not.toContain(other.address);
    }
    expect(await entries(a.account_api_key)).toEqual([]);
  });

  it('a duplicate (same type, address and inbox) is 409 LIST_ENTRY_EXISTS; other combinations are not duplicates', async () => {
    const a = await newAccount();
    const key = a.account_api_key;
    await addEntry(key, { type: 'blocklist', address: 'dup@example.com' });
    const dup = await api('POST', '/v1/lists', { key, body: { type: 'blocklist', address: 'DUP@example.com' } });
    expectError(dup, 409, 'LIST_ENTRY_EXISTS');
    const alias = await api('POST', '/v1/lists', { key, body: { type: 'blocklist', pattern: 'dup@example.com' } });
    expectError(alias, 409, 'LIST_ENTRY_EXISTS');
    await addEntry(key, { type: 'allowlist', address: 'dup@example.com' });
    await addEntry(key, { type: 'blocklist', address: 'dup@example.com', inbox_id: a.id });
    expectError(await api('POST', '/v1/lists', { key, body: { type: 'blocklist', address: 'dup@example.com', inbox_id: a.id } }), 409, 'LIST_ENTRY_EXISTS');
    expect(await entries(key)).toHaveLength(3);
    // Another account may hold the same entry.
    const b = await newAccount();
    await addEntry(b.account_api_key, { type: 'blocklist', address: 'dup@example.com' });
  });

  it('needs the account key: an inbox key is 401 INVALID_API_KEY, no key 401 UNAUTHORIZED', async () => {
    const a = await newAccount();
    expectError(await api('POST', '/v1/lists', { key: a.api_key, body: { type: 'blocklist', address: 'x@example.com' } }), 401, 'INVALID_API_KEY');
    expectError(await api('GET', '/v1/lists', { key: a.api_key }), 401, 'INVALID_API_KEY');
    expectError(await api('GET', '/v1/lists'), 401, 'UNAUTHORIZED');
  });
});

describe('GET and DELETE /v1/lists', () => {
  it('lists entries oldest first, filters by type, by inbox and by inbox_id=null (account-wide only)', async () => {
    const a = await newAccount();
    const b = await addInbox(a.account_api_key);
    const key = a.account_api_key;
    const e1 = await addEntry(key, { type: 'blocklist', address: 'one@example.com' });
    const e2 = await addEntry(key, { type: 'allowlist', address: '*@friends.example', inbox_id: a.id });
    const e3 = await addEntry(key, { type: 'blocklist', address: '*@*.spam.example', inbox_id: b.id });
    const e4 = await addEntry(key, { type: 'allowlist', address: 'boss@example.com' });
    const ids = (l: Msg[]) => l.map((e) => e.id);

    const all = await entries(key);
    expect(ids(all)).toEqual([e1.id, e2.id, e3.id, e4.id]);
    expect(all[1]).toEqual(e2);
    expect(all[2]).toMatchObject({ inbox_id: b.id, inbox_address: b.address });
    expect(ids(await entries(key, '?type=blocklist'))).toEqual([e1.id, e3.id]);
    expect(ids(await entries(key, '?type=allowlist'))).toEqual([e2.id, e4.id]);
    expect(ids(await entries(key, '?inbox_id=null'))).toEqual([e1.id, e4.id]);
    expect(ids(await entries(key, `?inbox_id=${a.id}`))).toEqual([e2.id]);
    expect(ids(await entries(key, `?inbox_id=${b.id}&type=blocklist`))).toEqual([e3.id]);
    expect(ids(await entries(key, `?inbox_id=${b.id}&type=allowlist`))).toEqual([]);
    expect(ids(await entries(key, '?inbox_id=null&type=allowlist'))).toEqual([e4.id]);

    const bad = await api('GET', '/v1/lists?type=greylist', { key });
    expectError(bad, 400, 'VALIDATION_ERROR');
    expect(bad.body.field).toBe('type');
    const other = await newAccount();
    expectError(await api('GET', `/v1/lists?inbox_id=${other.id}`, { key }), 404, 'INBOX_NOT_FOUND');
    // Another account sees none of these.
    expect(await entries(other.account_api_key)).toEqual([]);
  });

  it('DELETE removes an entry; a second DELETE, an unknown id or another account\'s entry is 404 LIST_ENTRY_NOT_FOUND', async () => {
    const a = await newAccount();
    const other = await newAccount();
    const e = await addEntry(a.account_api_key, { type: 'blocklist', address: 'gone@example.com' });
    const theirs = await addEntry(other.account_api_key, { type: 'blocklist', address: 'kept@example.com' });

    expectError(await api('DELETE', `/v1/lists/${theirs.id}`, { key: a.account_api_key }), 404, 'LIST_ENTRY_NOT_FOUND');
    expect((await entries(other.account_api_key)).map((x) => x.id)).toEqual([theirs.id]);

    const r = await api('DELETE', `/v1/lists/${e.id}`, { key: a.account_api_key });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result).toEqual({ id: e.id, deleted: true });
    expect(await entries(a.account_api_key)).toEqual([]);
    expectError(await api('DELETE', `/v1/lists/${e.id}`, { key: a.account_api_key }), 404, 'LIST_ENTRY_NOT_FOUND');
    expectError(await api('DELETE', '/v1/lists/lst_00000000-0000-7000-8000-000000000000', { key: a.account_api_key }), 404, 'LIST_ENTRY_NOT_FOUND');
    expectError(await api('DELETE', `/v1/lists/${theirs.id}`, { key: other.api_key }), 401, 'INVALID_API_KEY');
    // The same entry can be created again after deletion.
    await addEntry(a.account_api_key, { type: 'blocklist', address: 'gone@example.com' });
  });
});

describe('matching rules with real mail', () => {
  /**
   * Sends one message from `from` to these inboxes; returns its subject. DMARC passes for the
   * From domain (an allowlist admits verified senders only: sender-trust.test.ts has the others).
   */
  async function mailFrom(from: string, to: CreatedInbox[]) {
    const subject = uniqueSubject(`From ${from}`);
    const domain = from.slice(from.lastIndexOf('@') + 1).replace(/>$/, '');
    await sendMail({ from, to: to.map((i) => i.address), subject, text: `Hello from ${from}.`,
      headers: { 'Authentication-Results': `mx.example.net; spf=pass smtp.mailfrom=${domain}; dkim=pass header.d=${domain}; dmarc=pass header.from=${domain}` } });
    return subject;
  }

  const rejections = async (inbox: CreatedInbox) => {
    const r = await api('GET', `/v1/inboxes/${inbox.id}/rejections`, { key: inbox.api_key });
    expect(r.status, r.text).toBe(200);
    return r.body.result as { rejections: Msg[]; total: number };
  };

  /** The rejection of this subject, once it is recorded. */
  const rejected = async (inbox: CreatedInbox, subject: string) =>
    (await eventuallyValue(() => rejections(inbox), (v) => v.rejections.some((x) => x.subject === subject), `rejection of "${subject}"`))
      .rejections.find((x) => x.subject === subject)!;

  const delivered = (inbox: CreatedInbox, subject: string) => waitForMessage(inbox.api_key, inbox.id, subject);

  /** After a rejection was recorded, the message must not be among the inbox's messages. */
  async function notStored(inbox: CreatedInbox, subject: string) {
    const r = await api('GET', `/v1/inboxes/${inbox.id}/messages?limit=100`, { key: inbox.api_key });
    expect(r.status).toBe(200);
    expect(r.body.result.messages.map((m: Msg) => m.subject)).not.toContain(subject);
  }

  it('a blocklisted sender is not stored, and the rejection is listed with its reason and rule; others still arrive', async () => {
    const a = await newAccount();
    const entry = await addEntry(a.account_api_key, { type: 'blocklist', address: 'spammer@bad.example' });
    const before = Date.now();
    const blocked = await mailFrom('Spammer <Spammer@Bad.example>', [a]);
    const fine = await mailFrom('friend@good.example', [a]);

    const rej = await rejected(a, blocked);
    expect(rej.from).toBe('spammer@bad.example');
    expect(typeof rej.reason).toBe('string');
    expect(rej.reason).toContain('spammer@bad.example');
    expect(rej.rule).toEqual({ id: entry.id, type: 'blocklist', address: 'spammer@bad.example', inbox_id: null });
    expect(rej.rejected_at).toMatch(ISO);
    expect(Date.parse(rej.rejected_at)).toBeGreaterThanOrEqual(before - 60_000);
    await delivered(a, fine);
    await notStored(a, blocked);
    const d = await api('GET', `/v1/inboxes/${a.id}`, { key: a.api_key });
    expect(d.body.result.message_count).toBe(1);
    expect((await rejections(a)).total).toBe(1);

    // The account key reads the rejections too; another account's key does not.
    const byAccount = await api('GET', `/v1/inboxes/${a.id}/rejections`, { key: a.account_api_key });
    expect(byAccount.body.result.rejections.map((x: Msg) => x.subject)).toEqual([blocked]);
    const stranger = await newAccount();
    const leak = await api('GET', `/v1/inboxes/${a.id}/rejections`, { key: stranger.account_api_key });
    expectError(leak, 404, 'INBOX_NOT_FOUND');
    expect(leak.text).not.toContain(blocked);

    // Removing the entry lets the sender through again.
    expect((await api('DELETE', `/v1/lists/${entry.id}`, { key: a.account_api_key })).status).toBe(200);
    await delivered(a, await mailFrom('spammer@bad.example', [a]));
  });

  it('*@domain block with an exact allow: the allowed address gets through, the rest of the domain does not', async () => {
    const a = await newAccount();
    const block = await addEntry(a.account_api_key, { type: 'blocklist', address: '*@corp.example' });
    await addEntry(a.account_api_key, { type: 'allowlist', address: 'ceo@corp.example' });
    const ok = await mailFrom('ceo@corp.example', [a]);
    const no = await mailFrom('intern@corp.example', [a]);
    const other = await mailFrom('someone@elsewhere.example', [a]);
    expect((await rejected(a, no)).rule).toMatchObject({ id: block.id, address: '*@corp.example', type: 'blocklist' });
    await delivered(a, ok);
    // An account-wide allowlist entry makes the inbox allowlist-only: unlisted senders are refused too.
    const r = await rejected(a, other);
    expect(r.rule).toBeNull();
    await notStored(a, no);
    await notStored(a, other);
  });

  it('an exact block beats a *@domain allow', async () => {
    const a = await newAccount();
    await addEntry(a.account_api_key, { type: 'allowlist', address: '*@vendor.example' });
    const block = await addEntry(a.account_api_key, { type: 'blocklist', address: 'noisy@vendor.example' });
    const ok = await mailFrom('sales@vendor.example', [a]);
    const no = await mailFrom('noisy@vendor.example', [a]);
    await delivered(a, ok);
    expect((await rejected(a, no)).rule).toMatchObject({ id: block.id });
    await notStored(a, no);
  });

  it('*@*.domain matches subdomains only, not the domain itself', async () => {
    const a = await newAccount();
    const block = await addEntry(a.account_api_key, { type: 'blocklist', address: '*@*.mail.example' });
    const sub = await mailFrom('bot@news.mail.example', [a]);
    const deep = await mailFrom('bot@a.b.mail.example', [a]);
    const apex = await mailFrom('bot@mail.example', [a]);
    const lookalike = await mailFrom('bot@evilmail.example', [a]);
    expect((await rejected(a, sub)).rule).toMatchObject({ id: block.id, address: '*@*.mail.example' });
    expect((await rejected(a, deep)).rule).toMatchObject({ id: block.id });
    await delivered(a, apex);
    await delivered(a, lookalike);
    await notStored(a, sub);
    await notStored(a, deep);
  });

  it('an inbox-level allow beats an account-level block, for that inbox only', async () => {
    const a = await newAccount();
    const b = await addInbox(a.account_api_key);
    await addEntry(a.account_api_key, { type: 'blocklist', address: 'vip@partner.example' });
    await addEntry(a.account_api_key, { type: 'allowlist', address: 'vip@partner.example', inbox_id: a.id });
    const subject = await mailFrom('vip@partner.example', [a, b]);
    await delivered(a, subject);
    expect((await rejected(b, subject)).rule).toMatchObject({ type: 'blocklist', inbox_id: null });
    await notStored(b, subject);
  });

  it('an inbox-level block beats an account-level allow', async () => {
    const a = await newAccount();
    const b = await addInbox(a.account_api_key);
    await addEntry(a.account_api_key, { type: 'allowlist', address: '*@shop.example' });
    const block = await addEntry(a.account_api_key, { type: 'blocklist', address: '*@shop.example', inbox_id: b.id });
    const subject = await mailFrom('orders@shop.example', [a, b]);
    await delivered(a, subject);
    expect((await rejected(b, subject)).rule).toMatchObject({ id: block.id, inbox_id: b.id });
  });

  it('an allowlist entry on an inbox makes it allowlist-only; other inboxes of the account are unaffected', async () => {
    const a = await newAccount();
    const b = await addInbox(a.account_api_key);
    await addEntry(a.account_api_key, { type: 'allowlist', address: '*@trusted.example', inbox_id: a.id });
    const trusted = await mailFrom('robot@trusted.example', [a, b]);
    const stranger = await mailFrom('stranger@random.example', [a, b]);
    await delivered(a, trusted);
    await delivered(b, trusted);
    await delivered(b, stranger);
    const r = await rejected(a, stranger);
    expect(r.rule).toBeNull();
    expect(r.reason).toMatch(/allowlist/i);
    expect(r.from).toBe('stranger@random.example');
    await notStored(a, stranger);
    expect((await rejections(b)).total).toBe(0);
  });

  it('rules are per account: one account\'s block does not touch another account\'s inbox', async () => {
    const a = await newAccount();
    const other = await newAccount();
    await addEntry(a.account_api_key, { type: 'blocklist', address: '*@shared.example' });
    const subject = await mailFrom('news@shared.example', [a, other]);
    await delivered(other, subject);
    await rejected(a, subject);
    expect((await rejections(other)).total).toBe(0);
  });
});
