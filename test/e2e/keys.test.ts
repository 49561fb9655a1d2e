/**
 * Credentials (issue #23, keys): inbox and account keys rotate, and the old key is refused by the
 * very next request; view_url carries a read-only view token of its own (not the inbox key) that
 * opens the inbox page and nothing else, and can be revoked by issuing another; client_id is
 * idempotent per inbox and per operation, whatever characters it holds.
 */
import { randomBytes } from 'node:crypto';
import { DynamoDBClient, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addInbox, api, newAccount, target, type CreatedInbox } from './client.ts';
import { closeMail, expectError, uniqueSubject, waitForMessage } from './mail.ts';

afterAll(closeMail);

/** A page of the site (the inbox view), fetched as a browser would, without following redirects. */
async function page(url: string) {
  const res = await fetch(url.startsWith('http') ? url : `${target().siteUrl}${url}`, { redirect: 'manual' });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

const whoAmI = (key: string, inbox: CreatedInbox) => api('GET', `/v1/inboxes/${inbox.id}`, { key });
const accountId = async (accountKey: string) => (await api('GET', '/v1/account', { key: accountKey })).body.result.account_id as string;

async function rotateInbox(inbox: CreatedInbox, key: string) {
  const r = await api('POST', `/v1/inboxes/${inbox.id}/rotate-key`, { key });
  expect(r.status, r.text).toBe(200);
  return r.body.result as { id: string; api_key: string; rotated_at: string };
}

/** The suite's table, for items as a deploy before this change left them. */
function table() {
  const t = target();
  const db = new DynamoDBClient({ endpoint: t.awsEndpoint, region: 'us-east-1', credentials: t.awsCredentials ?? { accessKeyId: 'local', secretAccessKey: 'local' } });
  return { db, TableName: t.tableName };
}

describe('key rotation', () => {
  it('a rotated inbox key is refused at once', async () => {
    const inbox = await newAccount();
    const rotated = await rotateInbox(inbox, inbox.api_key);
    expect(rotated.api_key).toMatch(/^mr_free_[0-9a-f]{32}$/);
    expect(rotated.api_key).not.toBe(inbox.api_key);
    expectError(await whoAmI(inbox.api_key, inbox), 401, 'INVALID_API_KEY');
    expect((await whoAmI(rotated.api_key, inbox)).status).toBe(200);
    // The account key rotates it too, and the key it replaces is refused as well.
    const again = await rotateInbox(inbox, inbox.account_api_key);
    expectError(await whoAmI(rotated.api_key, inbox), 401, 'INVALID_API_KEY');
    expect((await whoAmI(again.api_key, inbox)).status).toBe(200);
    // The account key is untouched by an inbox key's rotation.
    expect((await api('GET', '/v1/account', { key: inbox.account_api_key })).status).toBe(200);
  });

  it('a rotated account key is refused at once', async () => {
    const inbox = await newAccount();
    const r = await api('POST', '/v1/account/rotate-key', { key: inbox.account_api_key });
    expect(r.status, r.text).toBe(200);
    const fresh = r.body.result.account_api_key as string;
    expect(fresh).toMatch(/^mr_free_[0-9a-f]{32}$/);
    expect(r.body.result.account_id).toBe(await accountId(fresh));
    expectError(await api('GET', '/v1/account', { key: inbox.account_api_key }), 401, 'INVALID_API_KEY');
    expectError(await api('POST', '/v1/account/rotate-key', { key: inbox.account_api_key }), 401, 'INVALID_API_KEY');
    expect((await api('GET', '/v1/inboxes', { key: fresh })).status).toBe(200);
    // Inbox keys keep working; an inbox key cannot rotate the account key.
    expect((await whoAmI(inbox.api_key, inbox)).status).toBe(200);
    expectError(await api('POST', '/v1/account/rotate-key', { key: inbox.api_key }), 401, 'INVALID_API_KEY');
  });

  it('two rotations of one key at the same moment leave exactly one valid key', async () => {
    const inbox = await newAccount();
    const both = await Promise.all([0, 1].map(() => api('POST', `/v1/inboxes/${inbox.id}/rotate-key`, { key: inbox.api_key })));
    const won = both.filter((r) => r.status === 200);
    expect(won.length, both.map((r) => r.text).join('\n')).toBeGreaterThanOrEqual(1);
    for (const lost of both.filter((r) => r.status !== 200)) expect([401, 409], lost.text).toContain(lost.status);
    const statuses = await Promise.all(won.map((r) => whoAmI(r.body.result.api_key, inbox).then((w) => w.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expectError(await whoAmI(inbox.api_key, inbox), 401, 'INVALID_API_KEY');
  });

  it('another inbox\'s key cannot rotate an inbox\'s key, nor can a deleted inbox\'s key be rotated', async () => {
    const inbox = await newAccount();
    const other = await addInbox(inbox.account_api_key);
    expectError(await api('POST', `/v1/inboxes/${inbox.id}/rotate-key`, { key: other.api_key }), 401, 'INVALID_API_KEY');
    expect((await api('DELETE', `/v1/inboxes/${other.id}`, { key: inbox.account_api_key })).status).toBe(200);
    expectError(await api('POST', `/v1/inboxes/${other.id}/rotate-key`, { key: inbox.account_api_key }), 404, 'INBOX_NOT_FOUND');
  });

  it('an inbox key stored before rotation existed, rotated with the account key, is refused', async () => {
    const inbox = await newAccount();
    // Such an inbox records no key hash, so the rotation cannot find (and delete) the old key item.
    const { db, TableName } = table();
    await db.send(new UpdateItemCommand({ TableName, Key: { pk: { S: `INBOX#${inbox.id}` }, sk: { S: 'INBOX' } }, UpdateExpression: 'REMOVE key_hash' }));
    expect((await whoAmI(inbox.api_key, inbox)).status).toBe(200);
    const rotated = await rotateInbox(inbox, inbox.account_api_key);
    expectError(await whoAmI(inbox.api_key, inbox), 401, 'INVALID_API_KEY');
    expect((await whoAmI(rotated.api_key, inbox)).status).toBe(200);
    db.destroy();
  });
});

describe('view links', () => {
  let inbox: CreatedInbox;
  beforeAll(async () => { inbox = await newAccount(); });
  const token = (url: string) => new URL(url).searchParams.get('token');

  it('the view link opens the page but not the API', async () => {
    expect(inbox.view_url.startsWith(`${target().siteUrl}/inbox/${inbox.id}?token=mrv_`)).toBe(true);
    expect(inbox.view_url).not.toContain(inbox.api_key);
    expect(new URL(inbox.view_url).searchParams.has('key')).toBe(false);
    const opened = await page(inbox.view_url);
    expect(opened.status).toBe(200);
    expect(opened.text).not.toContain(inbox.api_key);
    // GET answers the same link (it is derived, not stored).
    expect((await whoAmI(inbox.api_key, inbox)).body.result.view_url).toBe(inbox.view_url);
    // Presented to the API as a key, the view token is refused.
    for (const path of [`/v1/inboxes/${inbox.id}`, `/v1/inboxes/${inbox.id}/messages`, '/v1/account']) {
      expectError(await api('GET', path, { key: token(inbox.view_url)! }), 401, 'INVALID_API_KEY');
    }
    expectError(await api('POST', `/v1/inboxes/${inbox.id}/send`, { key: token(inbox.view_url)!, body: { to: 'x@example.org', subject: 's', body: 'b' } }), 401, 'INVALID_API_KEY');
    // It opens its own inbox only.
    const other = await addInbox(inbox.account_api_key);
    expect((await page(`/inbox/${other.id}?token=${token(inbox.view_url)}`)).status).toBe(401);
    expect((await page(other.view_url)).status).toBe(200);
  });

  it('the inbox key no longer opens the view page', async () => {
    for (const url of [`/inbox/${inbox.id}?key=${inbox.api_key}`, `/inbox/${inbox.id}?token=${inbox.api_key}`, `/inbox/${inbox.id}?key=${inbox.account_api_key}`,
      `/inbox/${inbox.id}/messages/msg_nope/html?key=${inbox.api_key}`]) {
      const r = await page(url);
      expect(r.status, url).toBe(401);
      expect(r.headers.get('content-type'), url).toMatch(/^text\/html/);
    }
    expect((await page(`/inbox/${inbox.id}?key=${inbox.api_key}`)).text).toContain('no longer carry the inbox key');
  });

  it('a reissued view link revokes the old one', async () => {
    const own = await newAccount();
    const r = await api('POST', `/v1/inboxes/${own.id}/view-url`, { key: own.api_key });
    expect(r.status, r.text).toBe(200);
    const fresh = r.body.result.view_url as string;
    expect(fresh).not.toBe(own.view_url);
    expect((await page(own.view_url)).status).toBe(401);
    expect((await page(fresh)).status).toBe(200);
    expect((await whoAmI(own.api_key, own)).body.result.view_url).toBe(fresh);
    // The account key reissues it too; the inbox key is unchanged by either.
    const byAccount = await api('POST', `/v1/inboxes/${own.id}/view-url`, { key: own.account_api_key });
    expect(byAccount.status, byAccount.text).toBe(200);
    expect((await page(fresh)).status).toBe(401);
    expect((await page(byAccount.body.result.view_url)).status).toBe(200);
    expect((await whoAmI(own.api_key, own)).status).toBe(200);
  });

  it('rotating the inbox key keeps the view link', async () => {
    const own = await newAccount();
    const rotated = await rotateInbox(own, own.api_key);
    expect((await page(own.view_url)).status).toBe(200);
    expect((await whoAmI(rotated.api_key, own)).body.result.view_url).toBe(own.view_url);
  });
});

describe('client_id scope', () => {
  let a: CreatedInbox;
  let b: CreatedInbox;
  beforeAll(async () => {
    a = await newAccount();
    const up = await api('POST', '/v1/account/upgrade', { key: a.account_api_key, body: { tier: 'developer', payment_method: 'pm_card_visa' } });
    expect(up.status, up.text).toBe(200);
    b = await addInbox(a.account_api_key);
  });
  const send = (from: CreatedInbox, key: string, body: Record<string, unknown>) => api('POST', `/v1/inboxes/${from.id}/send`, { key, body });

  it('a client_id used in inbox B does not reveal inbox A\'s send', async () => {
    const clientId = `shared-${randomBytes(6).toString('hex')}`;
    const subject = uniqueSubject('Private to A');
    const fromA = await send(a, a.api_key, { to: 'success@simulator.amazonses.com', subject, body: 'a secret', client_id: clientId });
    expect(fromA.status, fromA.text).toBe(201);
    const fromB = await send(b, b.api_key, { to: 'success@simulator.amazonses.com', subject: 'B\'s own', body: 'b', client_id: clientId });
    expect(fromB.status, fromB.text).toBe(201);
    expect(fromB.body.result.id).not.toBe(fromA.body.result.id);
    const own = await api('GET', `/v1/inboxes/${b.id}/messages/${fromB.body.result.id}`, { key: b.api_key });
    expect(own.status, own.text).toBe(200);
    expect(own.body.result).toMatchObject({ inbox_id: b.id, direction: 'outbound', subject: 'B\'s own' });
    // The account key on inbox B is inbox B's scope too; a repeat in A still answers A's send.
    expect((await send(b, a.account_api_key, { to: 'success@simulator.amazonses.com', subject: 'again', body: 'b', client_id: clientId })).body.result.id).toBe(fromB.body.result.id);
    const repeat = await send(a, a.api_key, { to: 'success@simulator.amazonses.com', subject, body: 'a secret', client_id: clientId });
    expect(repeat.status, repeat.text).toBe(200);
    expect(repeat.body.result.id).toBe(fromA.body.result.id);
  });

  it('client_ids with # do not collide across operations', async () => {
    const tag = randomBytes(6).toString('hex');
    // Before: inbox creation kept acc:<acc>#<client_id> and sends acc:<acc>#send#<client_id>, so
    // creating with "send#x" met the send "x" (and a reply met the send of the same client_id).
    const sent = await send(a, a.api_key, { to: 'success@simulator.amazonses.com', subject: uniqueSubject('Send x'), body: 'x', client_id: `x-${tag}` });
    expect(sent.status, sent.text).toBe(201);
    const created = await api('POST', '/v1/inboxes', { key: a.account_api_key, body: { username: `hash-${tag}`, client_id: `send#x-${tag}` } });
    expect(created.status, created.text).toBe(201);
    const createdFirst = await api('POST', '/v1/inboxes', { key: a.account_api_key, body: { username: `hashy-${tag}`, client_id: `send#y-${tag}` } });
    expect(createdFirst.status, createdFirst.text).toBe(201);
    const sentAfter = await send(a, a.api_key, { to: 'success@simulator.amazonses.com', subject: uniqueSubject('Send y'), body: 'y', client_id: `y-${tag}` });
    expect(sentAfter.status, sentAfter.text).toBe(201);

    // A reply with a send's client_id is a reply, not the send.
    const subject = uniqueSubject('To B');
    const toB = await send(a, a.api_key, { to: b.address, subject, body: 'hello B', client_id: `z-${tag}` });
    expect(toB.status, toB.text).toBe(201);
    const arrived = await waitForMessage(b.api_key, b.id, subject);
    const replied = await api('POST', `/v1/messages/${arrived.id}/reply`, { key: b.api_key, body: { body: 'hello A', client_id: `z-${tag}` } });
    expect(replied.status, replied.text).toBe(201);
    expect(replied.body.result.id).not.toBe(toB.body.result.id);
    const reply = await api('GET', `/v1/inboxes/${b.id}/messages/${replied.body.result.id}`, { key: b.api_key });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.result).toMatchObject({ inbox_id: b.id, direction: 'outbound', body_text: expect.stringContaining('hello A') });
  });

  it('a send repeated across the deploy that scoped client_ids is not sent twice', async () => {
    const clientId = `old-${randomBytes(6).toString('hex')}`;
    const first = await send(a, a.api_key, { to: 'success@simulator.amazonses.com', subject: uniqueSubject('Before'), body: 'x' });
    expect(first.status, first.text).toBe(201);
    // The item the send would have written before: account scope, raw client_id, no expiry.
    const { db, TableName } = table();
    const acc = await accountId(a.account_api_key);
    await db.send(new PutItemCommand({ TableName, Item: {
      pk: { S: `IDEMPOTENCY#acc:${acc}#send#${clientId}` }, sk: { S: 'IDEMPOTENCY' }, entity: { S: 'idempotency' },
      resource_id: { S: first.body.result.id }, created_at: { S: new Date().toISOString() },
    } }));
    const repeat = await send(a, a.api_key, { to: 'success@simulator.amazonses.com', subject: 'Before', body: 'x', client_id: clientId });
    expect(repeat.status, repeat.text).toBe(200);
    expect(repeat.body.result.id).toBe(first.body.result.id);
    // …but only in the inbox that sent it.
    const elsewhere = await send(b, b.api_key, { to: 'success@simulator.amazonses.com', subject: 'Before', body: 'x', client_id: clientId });
    expect(elsewhere.status, elsewhere.text).toBe(201);
    db.destroy();
  });
});
