/**
 * Regression tests for the inputs an adversarial run found reaching a 500 (or a wrong answer),
 * one per bug, plus the two races: concurrent label changes on one thread, and concurrent
 * creations with one client_id. Each drives the running stack over HTTP (and SMTP for mail).
 */
import { DynamoDBClient, ListTablesCommand, QueryCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newAccount, paidAccount, target, uniqueUsername, type CreatedInbox } from './client.ts';
import { closeMail, expectError, SENDER, sendMail, uniqueSubject, waitForMessage } from './mail.ts';

afterAll(closeMail);

const json = (text: string, key?: string) => ({ rawBody: text, key, headers: { 'content-type': 'application/json' } });
const deep = (n: number, inner = '1') => '{"a":'.repeat(n) + inner + '}'.repeat(n);

async function inboxWithThread() {
  const inbox = await newAccount();
  const subject = uniqueSubject('Labels');
  await sendMail({ from: SENDER, to: inbox.address, subject, text: 'hello' });
  const m = await waitForMessage(inbox.api_key, inbox.id, subject);
  return { inbox, threadId: m.thread_id as string, messageId: m.id as string };
}

describe('empty keys in metadata or context are refused with a 400 naming where they are, never stored', () => {
  it('an empty key anywhere in metadata or context is a 400 naming where it is', async () => {
    const top = await api('POST', '/v1/inboxes', { body: { username: uniqueUsername(), metadata: { '': 1 } } });
    expectError(top, 400, 'VALIDATION_ERROR');
    expect(top.body.field).toBe('metadata');
    expect(top.body.message).toMatch(/empty key/);
    const nested = await api('POST', '/v1/inboxes', { body: { username: uniqueUsername(), metadata: { plan: { '': 'x' } } } });
    expectError(nested, 400, 'VALIDATION_ERROR');
    expect(nested.body.field).toBe('metadata.plan');
    const long = await api('POST', '/v1/inboxes', { body: { username: uniqueUsername(), metadata: { ['k'.repeat(257)]: 1 } } });
    expectError(long, 400, 'VALIDATION_ERROR');

    const acct = await newAccount();
    const context = await api('POST', '/v1/notify-operator', { key: acct.account_api_key, body: { issue: 'Approve?', context: { items: [{ '': 1 }] } } });
    expectError(context, 400, 'VALIDATION_ERROR');
    expect(context.body.field).toBe('context.items.0');
  });

  it('ordinary metadata is still kept and returned', async () => {
    const metadata = { owner: 'team-a', nested: { list: [1, 'two', { three: true }] }, 'key with spaces': null };
    const r = await api('POST', '/v1/inboxes', { body: { username: uniqueUsername(), metadata } });
    expect(r.status, r.text).toBe(201);
    const read = await api('GET', `/v1/inboxes/${r.body.result.id}`, { key: r.body.result.api_key });
    expect(read.body.result.metadata).toEqual(metadata);
  });

  // Data written before the fix: the emulator stored the empty key as a malformed attribute,
  // which the SDK cannot unmarshal. Written straight into the table, as it was left then.
  it('an inbox stored earlier with unreadable metadata still reads: the inbox, its messages and the account\'s inbox list', async () => {
    const inbox = await newAccount();
    const r = await api('PATCH', `/v1/inboxes/${inbox.id}`, { key: inbox.api_key, body: { display_name: 'Before' } });
    expect(r.status, r.text).toBe(200);
    const db = new DynamoDBClient({ endpoint: target().awsEndpoint, region: 'us-east-1', credentials: target().awsCredentials ?? { accessKeyId: 'local', secretAccessKey: 'local' } });
    const table = (await db.send(new ListTablesCommand({}))).TableNames!.find((t) => t.endsWith('-table'))!;
    await db.send(new UpdateItemCommand({ TableName: table, Key: { pk: { S: `INBOX#${inbox.id}` }, sk: { S: 'INBOX' } },
      UpdateExpression: 'SET metadata = :m', ExpressionAttributeValues: { ':m': { M: { '': { N: '1' }, a: { M: { '': { N: '2' } } } } } } }));
    db.destroy();

    const detail = await api('GET', `/v1/inboxes/${inbox.id}`, { key: inbox.api_key });
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.result.display_name).toBe('Before');
    const messages = await api('GET', `/v1/inboxes/${inbox.id}/messages`, { key: inbox.api_key });
    expect(messages.status, messages.text).toBe(200);
    const list = await api('GET', '/v1/inboxes', { key: inbox.account_api_key });
    expect(list.status, list.text).toBe(200);
    expect(list.body.result.inboxes.map((i: { id: string }) => i.id)).toContain(inbox.id);
  });
});

describe('JSON nested thousands deep in metadata/context (overflowed the stack)', () => {
  it('a body nested 5,000 levels deep is a 400, not a 500', async () => {
    const r = await api('POST', '/v1/inboxes', json(`{"username":"${uniqueUsername()}","metadata":${deep(5000)}}`));
    expectError(r, 400, 'VALIDATION_ERROR');
    expect(r.body.field).toBe('body');
    const acct = await newAccount();
    const c = await api('POST', '/v1/notify-operator', json(`{"issue":"x","context":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, acct.account_api_key));
    expectError(c, 400, 'VALIDATION_ERROR');
  });

  it('free-form JSON deeper than 16 levels is a 400 naming the field; 16 levels are kept', async () => {
    const tooDeep = await api('POST', '/v1/inboxes', json(`{"username":"${uniqueUsername()}","metadata":${deep(17)}}`));
    expectError(tooDeep, 400, 'VALIDATION_ERROR');
    expect(tooDeep.body.field).toMatch(/^metadata(\.a)+$/);
    const fine = await api('POST', '/v1/inboxes', json(`{"username":"${uniqueUsername()}","metadata":${deep(16)}}`));
    expect(fine.status, fine.text).toBe(201);
  });
});

describe('lone UTF-16 surrogates (passed validation and failed in the store)', () => {
  it('are a 400 naming the field on every route that stores text', async () => {
    const acct = await paidAccount();
    const key = acct.api_key;
    const cases: [string, string, string, string | undefined, string][] = [
      ['POST', '/v1/inboxes', '{"username":"x-\\ud800","client_id":"a"}', undefined, 'username'],
      ['POST', '/v1/inboxes', `{"username":"${uniqueUsername()}","display_name":"Bob \\udc00"}`, undefined, 'display_name'],
      ['POST', '/v1/inboxes', `{"username":"${uniqueUsername()}","metadata":{"k\\ud800":1}}`, undefined, 'metadata'],
      ['PATCH', `/v1/inboxes/${acct.id}`, '{"display_name":"\\ud83d"}', key, 'display_name'],
      ['POST', '/v1/lists', '{"type":"blocklist","address":"a\\ud800@example.com"}', acct.account_api_key, 'address'],
      ['POST', `/v1/inboxes/${acct.id}/drafts`, '{"to":"bob@example.com","subject":"Hi \\ud800","body":"b"}', key, 'subject'],
      ['POST', `/v1/inboxes/${acct.id}/send`, '{"to":"bob@example.com","subject":"s","body":"x\\udfff"}', key, 'body'],
      ['POST', '/v1/webhooks', '{"url":"https://example.com/\\ud800","events":["message.received"]}', acct.account_api_key, 'url'],
      ['POST', '/v1/notify-operator', '{"issue":"help \\ud800"}', acct.account_api_key, 'issue'],
    ];
    for (const [method, path, body, k, field] of cases) {
      const r = await api(method, path, json(body, k));
      expect(r.status, `${method} ${path} ${body}: ${r.text}`).toBe(400);
      expect(r.body.error).toBe('VALIDATION_ERROR');
      expect(r.body.field, r.text).toBe(field);
      expect(r.body.message).toMatch(/well-formed Unicode/);
    }
  });

  it('a well-formed pair (an emoji) is accepted', async () => {
    const r = await api('POST', '/v1/inboxes', { body: { username: uniqueUsername(), display_name: 'Robot 🤖' } });
    expect(r.status, r.text).toBe(201);
    expect(r.body.result.display_name).toBe('Robot 🤖');
  });
});

describe('a recipient with a bidi control character (got 502)', () => {
  it('is a 400 naming the field, for send, drafts and lists', async () => {
    const acct = await paidAccount();
    for (const to of ['bob\u202e@example.com', 'a\u2066b@example.com', 'x\u200e@example.com', 'bell\u0007@example.com', 'zw\u200b@example.com']) {
      const send = await api('POST', `/v1/inboxes/${acct.id}/send`, { key: acct.api_key, body: { to, subject: 's', body: 'b' } });
      expectError(send, 400, 'VALIDATION_ERROR');
      expect(send.body.field).toBe('to');
      const draft = await api('POST', `/v1/inboxes/${acct.id}/drafts`, { key: acct.api_key, body: { to: 'ok@example.com', cc: [to], subject: 's', body: 'b' } });
      expectError(draft, 400, 'VALIDATION_ERROR');
      expect(draft.body.field).toBe('cc.0');
      const list = await api('POST', '/v1/lists', { key: acct.account_api_key, body: { type: 'blocklist', address: to } });
      expectError(list, 400, 'INVALID_ADDRESS');
    }
  });
});

describe('impossible calendar dates (2024-02-30T09:00:00Z was accepted as send_at)', () => {
  it('send_at and the thread filters refuse dates that do not exist, and take real ones', async () => {
    const acct = await paidAccount();
    for (const sendAt of ['2024-02-30T09:00:00Z', '2031-02-29T09:00:00Z', '2030-04-31T09:00:00+02:00', '2030-01-01T09:00:00']) {
      const r = await api('POST', `/v1/inboxes/${acct.id}/drafts`, { key: acct.api_key, body: { to: 'bob@example.com', subject: 's', body: 'b', send_at: sendAt } });
      expectError(r, 400, 'VALIDATION_ERROR');
      expect(r.body.field).toBe('send_at');
    }
    const leap = await api('POST', `/v1/inboxes/${acct.id}/drafts`, { key: acct.api_key, body: { to: 'bob@example.com', subject: 's', body: 'b', send_at: '2032-02-29T09:00:00+01:00' } });
    expect(leap.status, leap.text).toBe(201);
    expect(leap.body.result.send_at).toBe('2032-02-29T08:00:00.000Z');
    const draft = leap.body.result.id;
    const patch = await api('PATCH', `/v1/inboxes/${acct.id}/drafts/${draft}`, { key: acct.api_key, body: { send_at: '2030-02-30T09:00:00Z' } });
    expectError(patch, 400, 'VALIDATION_ERROR');

    for (const q of ['after=2024-02-30T09%3A00%3A00Z', 'before=2023-02-29T00%3A00%3A00Z']) {
      const r = await api('GET', `/v1/inboxes/${acct.id}/threads?${q}`, { key: acct.api_key });
      expectError(r, 400, 'VALIDATION_ERROR');
    }
    const ok = await api('GET', `/v1/threads?after=2024-02-29T09%3A00%3A00Z`, { key: acct.account_api_key });
    expect(ok.status, ok.text).toBe(200);
  });
});

describe('unknown query parameters (were silently ignored, so a filter quietly did nothing)', () => {
  it('are a 400 naming them and the parameters the route takes', async () => {
    const acct = await newAccount();
    const r = await api('GET', `/v1/inboxes/${acct.id}/messages?unread_onyl=true&limit=5`, { key: acct.api_key });
    expectError(r, 400, 'VALIDATION_ERROR');
    expect(r.body.field).toBe('unread_onyl');
    expect(r.body.message).toContain('"unread_onyl"');
    expect(r.body.message).toContain('unread_only');
    const none = await api('GET', `/v1/inboxes/${acct.id}?verbose=1`, { key: acct.api_key });
    expectError(none, 400, 'VALIDATION_ERROR');
    expect(none.body.message).toMatch(/takes no query parameters/);
    const page = await api('GET', `/inbox/${acct.id}?key=${acct.api_key}&utm=1`);
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('unread on messages filters like unread on threads', async () => {
    const { inbox, messageId } = await inboxWithThread();
    const subject = uniqueSubject('Second');
    await sendMail({ from: SENDER, to: inbox.address, subject, text: 'two' });
    await waitForMessage(inbox.api_key, inbox.id, subject);
    const read = await api('PATCH', `/v1/inboxes/${inbox.id}/messages/${messageId}`, { key: inbox.api_key, body: { read: true } });
    expect(read.status, read.text).toBe(200);

    const list = async (q: string) => {
      const r = await api('GET', `/v1/inboxes/${inbox.id}/messages?${q}`, { key: inbox.api_key });
      expect(r.status, r.text).toBe(200);
      return r.body.result.messages.map((m: { subject: string; read: boolean }) => m);
    };
    const unread = await list('unread=true');
    expect(unread).toHaveLength(1);
    expect(unread[0].subject).toBe(subject);
    const readOnly = await list('unread=false');
    expect(readOnly.map((m: { id: string }) => m.id)).toEqual([messageId]);
    expect((await list('read=false')).map((m: { id: string }) => m.id)).toEqual(unread.map((m: { id: string }) => m.id));
    const contradiction = await api('GET', `/v1/inboxes/${inbox.id}/messages?unread=true&read=true`, { key: inbox.api_key });
    expectError(contradiction, 400, 'VALIDATION_ERROR');
    expect(contradiction.body.field).toBe('unread');
  });
});

describe('bodies over a limit (an 11 MB body got a non-envelope 413)', () => {
  it('an 11 MB body gets the error envelope, as does one over a route\'s own cap', async () => {
    const acct = await paidAccount();
    const huge = await api('POST', `/v1/inboxes/${acct.id}/send`, json(`{"to":"bob@example.com","subject":"s","body":"${'x'.repeat(11 * 1024 * 1024)}"}`, acct.api_key));
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ message: expect.any(String), next_steps: expect.any(Array) });
    expect(huge.body.error).toBe('PAYLOAD_TOO_LARGE');
    const overCap = await api('POST', '/v1/inboxes', json(`{"username":"x","metadata":{"a":"${'x'.repeat(300 * 1024)}"}}`));
    expectError(overCap, 413, 'PAYLOAD_TOO_LARGE');
    expect(overCap.body.details.max_bytes).toBe(256 * 1024);
  });

  // Lambda carries at most 6 MB per invocation: send is capped at 4 MiB so that a body over the
  // cap still reaches the function (deployed too) and gets the envelope naming the cap.
  it('a send body over 4 MiB is 413 PAYLOAD_TOO_LARGE naming 4 MiB, from the API itself', async () => {
    const acct = await paidAccount();
    const r = await api('POST', `/v1/inboxes/${acct.id}/send`, json(`{"to":"bob@example.com","subject":"s","body":"${'x'.repeat(4 * 1024 * 1024)}"}`, acct.api_key));
    expectError(r, 413, 'PAYLOAD_TOO_LARGE');
    expect(r.body.details.max_bytes).toBe(4 * 1024 * 1024);
    expect(r.body.message).toContain('4 MiB');
  });

  it('attachments total at most 2.25 MiB decoded: one byte more is 400 ATTACHMENTS_TOO_LARGE, the cap itself is sent', async () => {
    const acct = await paidAccount();
    const cap = 2.25 * 1024 * 1024;
    const send = (bytes: number) => api('POST', `/v1/inboxes/${acct.id}/send`, { key: acct.api_key, body: {
      to: ['success@simulator.amazonses.com'], subject: 'attachments at the cap', body: 'See attached.',
      attachments: [{ filename: 'a.bin', content: Buffer.alloc(bytes, 0x5a).toString('base64'), content_type: 'application/octet-stream' }],
    } });
    const over = await send(cap + 1);
    expectError(over, 400, 'ATTACHMENTS_TOO_LARGE');
    expect(over.body.field).toBe('attachments');
    expect(over.body.details).toEqual({ max_bytes: cap, received_bytes: cap + 1 });
    const at = await send(cap);
    expect(at.status, at.text).toBe(201);
    expect(at.body.result.status).toBe('queued');
  });
});

// Each change is one atomic single-item update, which DynamoDB serialises per item. moto applies
// a write as an unlocked read-modify-write, so locally the emulator wrapper must run writes alone.
describe('20 concurrent label changes on one thread all succeed, none lost', () => {
  let inbox: CreatedInbox;
  let threadId: string;
  beforeAll(async () => { ({ inbox, threadId } = await inboxWithThread()); });
  const path = () => `/v1/inboxes/${inbox.id}/threads/${threadId}`;
  const labelsNow = async () => (await api('GET', path(), { key: inbox.api_key })).body.result.thread.labels as string[];

  it('20 concurrent adds of different labels all apply', async () => {
    const labels = Array.from({ length: 20 }, (_, i) => `add-${i}`);
    const answers = await Promise.all(labels.map((label) => api('POST', `${path()}/labels`, { key: inbox.api_key, body: { label } })));
    for (const r of answers) expect(r.status, r.text).toBe(200);
    expect((await labelsNow()).sort()).toEqual([...labels].sort());
  });

  it('10 concurrent removals and 10 adds of other labels all apply: the end state is the same in any order', async () => {
    const start = Array.from({ length: 10 }, (_, i) => `old-${i}`);
    expect((await api('PATCH', path(), { key: inbox.api_key, body: { labels: start } })).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2
      ? api('DELETE', `${path()}/labels/old-${i >> 1}`, { key: inbox.api_key })
      : api('POST', `${path()}/labels`, { key: inbox.api_key, body: { label: `fresh-${i >> 1}` } }))));
    for (const r of answers) expect(r.status, r.text).toBe(200);
    expect((await labelsNow()).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `fresh-${i}`).sort());
  });

  it('20 concurrent removals, adds and replacements all apply in some serial order, or answer a retryable 409; never 500', async () => {
    await api('PATCH', path(), { key: inbox.api_key, body: { labels: Array.from({ length: 10 }, (_, i) => `keep-${i}`) } });
    const requests = Array.from({ length: 20 }, (_, i) => {
      if (i % 4 === 0) return () => api('PATCH', path(), { key: inbox.api_key, body: { labels: [`set-${i}`, 'keep-9'] } });
      if (i % 4 === 1) return () => api('POST', `${path()}/labels`, { key: inbox.api_key, body: { label: `new-${i}` } });
      return () => api('DELETE', `${path()}/labels/keep-${i % 10}`, { key: inbox.api_key });
    });
    const answers = await Promise.all(requests.map((send) => send()));
    for (const r of answers) {
      expect([200, 409], r.text).toContain(r.status);
      if (r.status === 409) {
        expect(r.body).toMatchObject({ error: 'CONFLICT', retry_after: expect.any(Number), next_steps: expect.any(Array) });
        expect(r.headers.get('retry-after')).toBeTruthy();
      }
    }
    // Whatever the order, the end state is one a serial order could produce: no duplicates, and
    // every label is one of those written.
    const final = await labelsNow();
    expect(new Set(final).size).toBe(final.length);
    for (const l of final) expect(l).toMatch(/^(keep|set|new)-\d+$/);
  });

  it('20 concurrent removals of one label each answer 200, and the label is gone once', async () => {
    await api('PATCH', path(), { key: inbox.api_key, body: { labels: ['a', 'gone', 'b'] } });
    const answers = await Promise.all(Array.from({ length: 20 }, () => api('DELETE', `${path()}/labels/gone`, { key: inbox.api_key })));
    for (const r of answers) expect(r.status, r.text).toBe(200);
    expect(await labelsNow()).toEqual(['a', 'b']);
  });
});

describe('a path id longer than any issued id is refused as invalid before any key is built from it', () => {
  let inbox: CreatedInbox;
  let threadId: string;
  let messageId: string;
  beforeAll(async () => { ({ inbox, threadId, messageId } = await inboxWithThread()); });
  const long = 'x'.repeat(1000);

  it('an id in the path longer than any issued id is a 400 naming it, on every kind of path id', async () => {
    const key = inbox.api_key;
    const cases: [string, string, string, unknown?][] = [
      ['PATCH', `/v1/inboxes/${inbox.id}/threads/${long}`, 'threadId', { labels: ['a', 'b'] }],
      ['POST', `/v1/inboxes/${inbox.id}/threads/${long}/labels`, 'threadId', { label: 'a' }],
      ['DELETE', `/v1/inboxes/${inbox.id}/threads/${threadId}/labels/${'l'.repeat(65)}`, 'label'],
      ['GET', `/v1/inboxes/${inbox.id}/threads/${long}`, 'threadId'],
      ['GET', `/v1/inboxes/${inbox.id}/messages/${long}`, 'msgId'],
      ['GET', `/v1/inboxes/${inbox.id}/messages/${messageId}/attachments/${long}`, 'attachId'],
      ['GET', `/v1/inboxes/${inbox.id}/drafts/${long}`, 'draftId'],
    ];
    for (const [method, path, field, body] of cases) {
      const r = await api(method, path, { key, body });
      expectError(r, 400, 'VALIDATION_ERROR');
      expect(r.body.field, `${method} ${path.slice(0, 80)}`).toBe(field);
    }
    for (const [method, path] of [['PATCH', `/v1/webhooks/${long}`], ['GET', `/v1/domains/${long}`]] as const) {
      const r = await api(method, path, { key: inbox.account_api_key, body: method === 'PATCH' ? { description: 'x' } : undefined });
      expectError(r, 400, 'VALIDATION_ERROR');
      expect(r.body.field).toBe('id');
    }
  });

  it('labelling a thread that does not exist is a 404 and the thread still reads as it was', async () => {
    const missing = `thr_${'0'.repeat(36)}`;
    expectError(await api('PATCH', `/v1/inboxes/${inbox.id}/threads/${missing}`, { key: inbox.api_key, body: { labels: ['ghost'] } }), 404, 'THREAD_NOT_FOUND');
    expectError(await api('POST', `/v1/inboxes/${inbox.id}/threads/${missing}/labels`, { key: inbox.api_key, body: { label: 'ghost' } }), 404, 'THREAD_NOT_FOUND');
    const listed = await api('GET', `/v1/inboxes/${inbox.id}/threads?label=ghost`, { key: inbox.api_key });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.result.threads).toEqual([]);
  });

  it('labelling a thread that does not exist leaves no label entry behind in the table', async () => {
    const missing = `thr_${'1'.repeat(36)}`;
    await api('PATCH', `/v1/inboxes/${inbox.id}/threads/${missing}`, { key: inbox.api_key, body: { labels: ['litter-set'] } });
    await api('POST', `/v1/inboxes/${inbox.id}/threads/${missing}/labels`, { key: inbox.api_key, body: { label: 'litter-add' } });
    const db = new DynamoDBClient({ endpoint: target().awsEndpoint, region: 'us-east-1', credentials: target().awsCredentials ?? { accessKeyId: 'local', secretAccessKey: 'local' } });
    const table = (await db.send(new ListTablesCommand({}))).TableNames!.find((t) => t.endsWith('-table'))!;
    for (const label of ['litter-set', 'litter-add']) {
      const { Count } = await db.send(new QueryCommand({ TableName: table, KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': { S: `INBOX#${inbox.id}#TLABEL#${label}` } } }));
      expect(Count, label).toBe(0);
    }
    db.destroy();
  });
});

describe('numbers at the edges in free-form JSON (4.6e+143, 1e20) are stored or refused with a 400, never a 5xx', () => {
  it('is a 400 naming where it is, in notification context and inbox metadata', async () => {
    const acct = await newAccount();
    const context = await api('POST', '/v1/notify-operator', { key: acct.account_api_key, body: { issue: 'Approve?', context: [null, 4.623070089017984e+143] } });
    expectError(context, 400, 'VALIDATION_ERROR');
    expect(context.body.field).toBe('context.1');
    const metadata = await api('POST', '/v1/inboxes', { body: { username: uniqueUsername(), metadata: { tiny: 4.451287218097526e-292 } } });
    expectError(metadata, 400, 'VALIDATION_ERROR');
    expect(metadata.body.field).toBe('metadata.tiny');
    // Beyond 2^53 too (the marshaller refused those as "imprecise": 500), each read back exactly.
    const stored = { big: 1e125, small: 1e-129, pi: 3.14, past53: 2 ** 60 + 4096, neg: -1.2345678901234567e+20 };
    const fine = await api('POST', '/v1/inboxes', { body: { username: uniqueUsername(), metadata: stored } });
    expect(fine.status, fine.text).toBe(201);
    const read = await api('GET', `/v1/inboxes/${fine.body.result.id}`, { key: fine.body.result.api_key });
    expect(read.body.result.metadata).toEqual(stored);
  });
});

describe('30 concurrent creations with one client_id (one inbox, but most callers got 409)', () => {
  it('keyless: every caller gets 200 or 201 with the one same inbox', async () => {
    const username = uniqueUsername('race');
    const answers = await Promise.all(Array.from({ length: 30 }, () => api('POST', '/v1/inboxes', { body: { username, client_id: 'once' } })));
    for (const r of answers) expect([200, 201], r.text).toContain(r.status);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(answers.map((r) => r.body.result.id)).size).toBe(1);
  });

  it('with an account key: every caller gets the one same inbox, and the account has one more inbox', async () => {
    const acct = await paidAccount();
    const username = uniqueUsername('race');
    const answers = await Promise.all(Array.from({ length: 30 }, () =>
      api('POST', '/v1/inboxes', { key: acct.account_api_key, body: { username, client_id: `c-${username}` } })));
    for (const r of answers) expect([200, 201], r.text).toContain(r.status);
    expect(new Set(answers.map((r) => r.body.result.id)).size).toBe(1);
    const list = await api('GET', '/v1/inboxes', { key: acct.account_api_key });
    expect(list.body.result.total).toBe(2);
  });
});

describe('free-form JSON with keys named like Object properties ("constructor") is stored as plain data', () => {
  it('stores and reads back metadata and notify-operator context with "constructor" and "toString" keys', async () => {
    const created = await api('POST', '/v1/inboxes', { body: { username: uniqueUsername('ctor'), metadata: { constructor: { a: 1 }, toString: 'y' } } });
    expect(created.status, created.text).toBe(201);
    const inbox = created.body.result as CreatedInbox;
    const detail = await api('GET', `/v1/inboxes/${inbox.id}`, { key: inbox.api_key });
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.result.metadata).toEqual({ constructor: { a: 1 }, toString: 'y' });
    const list = await api('GET', '/v1/inboxes', { key: inbox.account_api_key });
    expect(list.status, list.text).toBe(200);

    const notified = await api('POST', '/v1/notify-operator', { key: inbox.account_api_key, body: { issue: 'May I?', context: { constructor: 'x' } } });
    expect(notified.status, notified.text).toBe(201);
    const read = await api('GET', `/v1/notifications/${notified.body.result.notification_id}`, { key: inbox.account_api_key });
    expect(read.body.result.context).toEqual({ constructor: 'x' });
  });
});
