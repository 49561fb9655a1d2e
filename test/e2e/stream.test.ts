/**
 * The realtime stream (issue 16) as an agent behind NAT meets it: GET /v1/stream for the URL, a
 * real WebSocket client (the `ws` package), real SMTP mail. Frames are the webhook payloads;
 * filters, key scopes, resuming with last_event_id, and the clean-up of a connection API Gateway
 * no longer has.
 */
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { DynamoDBClient, ListTablesCommand, PutItemCommand, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { connectStream, subscribe, terminateStreams, type Frame } from '../ws-client.ts';
import { addInbox, api, newAccount, target, type CreatedInbox } from './client.ts';
import { addressOf, closeMail, sendMail, uniqueSubject } from './mail.ts';

afterAll(() => { terminateStreams(); closeMail(); });

async function streamUrl(key: string): Promise<string> {
  const r = await api('GET', '/v1/stream', { key });
  expect(r.status, r.text).toBe(200);
  return r.body.result.url as string;
}

const received = (subject: string) => (f: Frame) => f.event === 'message.received' && f.message?.subject === subject;
const mailTo = (inbox: CreatedInbox, subject: string) => sendMail({ to: inbox.address ?? addressOf(inbox.id), subject, text: `stream test: ${subject}` });

describe('GET /v1/stream', () => {
  it('answers the WebSocket URL to any key, and 401 without one', async () => {
    const a = await newAccount();
    const url = await streamUrl(a.api_key);
    expect(url).toMatch(/^wss?:\/\//);
    expect(await streamUrl(a.account_api_key)).toBe(url);
    expect((await api('GET', '/v1/stream')).status).toBe(401);
  });
});

describe('connecting', () => {
  it('refuses a missing or unknown key with 401, and takes ?key= as browsers must', async () => {
    const a = await newAccount();
    const url = await streamUrl(a.api_key);
    await expect(connectStream(url)).rejects.toMatchObject({ status: 401 });
    await expect(connectStream(url, { key: 'mr_free_00000000000000000000000000000000' })).rejects.toMatchObject({ status: 401 });
    const c = await connectStream(url, { key: a.api_key, query: true });
    expect((await subscribe(c)).type).toBe('subscribed');
    await c.close();
  });

  it('a rotated key cannot open a stream, at once; its successor can', async () => {
    const a = await newAccount();
    const url = await streamUrl(a.api_key);
    const r = await api('POST', `/v1/inboxes/${a.id}/rotate-key`, { key: a.api_key });
    expect(r.status, r.text).toBe(200);
    await expect(connectStream(url, { key: a.api_key })).rejects.toMatchObject({ status: 401 });
    const c = await connectStream(url, { key: r.body.result.api_key as string });
    expect((await subscribe(c)).type).toBe('subscribed');
    await c.close();
  });
});

describe('live events', () => {
  it('a message.received frame, the webhook payload with its event_id, arrives after a real SMTP mail', async () => {
    const a = await newAccount();
    const c = await connectStream(await streamUrl(a.account_api_key), { key: a.account_api_key });
    expect(await subscribe(c)).toMatchObject({ type: 'subscribed', event_types: null, inbox_ids: null });
    const subject = uniqueSubject('stream live');
    await mailTo(a, subject);
    const f = await c.next(received(subject), 20_000, 'message.received');
    expect(f).toMatchObject({ event: 'message.received', account_id: expect.stringMatching(/^acc_/), inbox_id: a.id });
    expect(f.event_id).toMatch(/^evt_/);
    expect(f.message).toMatchObject({ inbox_id: a.id, subject, from: 'alice@example.org' });
    await c.close();
  });

  it('filters by inbox and by event type', async () => {
    const a = await newAccount();
    const other = await addInbox(a.account_api_key);
    const url = await streamUrl(a.account_api_key);
    const byInbox = await connectStream(url, { key: a.account_api_key });
    expect(await subscribe(byInbox, { inbox_ids: [other.id] })).toMatchObject({ type: 'subscribed', inbox_ids: [other.id] });
    const byType = await connectStream(url, { key: a.account_api_key });
    expect(await subscribe(byType, { event_types: ['thread.created'] })).toMatchObject({ type: 'subscribed' });

    const s1 = uniqueSubject('stream to first');
    const s2 = uniqueSubject('stream to other');
    await mailTo(a, s1);
    await mailTo(other, s2);
    await byInbox.next(received(s2), 20_000, 'the other inbox mail');
    // Both threads are announced to the type filter, and nothing else is.
    await byType.next((f) => f.event === 'thread.created' && f.inbox_id === other.id, 20_000, 'thread.created');
    await byType.next((f) => f.event === 'thread.created' && f.inbox_id === a.id, 20_000, 'thread.created');
    await new Promise((r) => setTimeout(r, 1500));
    expect(byInbox.frames.filter((f) => f.event).every((f) => f.inbox_id === other.id)).toBe(true);
    expect(byType.frames.filter((f) => f.event).map((f) => f.event).every((e) => e === 'thread.created')).toBe(true);
    await Promise.all([byInbox.close(), byType.close()]);
  });

  it("another account's events never arrive", async () => {
    const a = await newAccount();
    const b = await newAccount();
    const c = await connectStream(await streamUrl(a.account_api_key), { key: a.account_api_key });
    await subscribe(c);
    // Even naming b's inbox is refused: it is not in a's account.
    expect(await subscribe(c, { inbox_ids: [b.id] })).toMatchObject({ type: 'error', error: 'INBOX_NOT_FOUND', field: 'inbox_ids' });
    const theirs = uniqueSubject('stream other account');
    const mine = uniqueSubject('stream own account');
    await mailTo(b, theirs);
    await mailTo(a, mine);
    await c.next(received(mine), 20_000, 'own mail');
    await new Promise((r) => setTimeout(r, 1500));
    expect(c.frames.filter((f) => f.event).every((f) => f.account_id === c.frames.find(received(mine))!.account_id)).toBe(true);
    expect(c.frames.some(received(theirs))).toBe(false);
    await c.close();
  });

  it('an inbox key cannot subscribe to another inbox, and hears only its own', async () => {
    const a = await newAccount();
    const other = await addInbox(a.account_api_key);
    const c = await connectStream(await streamUrl(a.api_key), { key: a.api_key });
    expect(await subscribe(c, { inbox_ids: [other.id] })).toMatchObject({ type: 'error', error: 'INVALID_API_KEY', field: 'inbox_ids' });
    c.frames.length = 0;
    // With no inbox_ids it hears its own inbox only.
    expect(await subscribe(c)).toMatchObject({ type: 'subscribed', inbox_ids: [a.id] });
    const theirs = uniqueSubject('stream sibling');
    const mine = uniqueSubject('stream own inbox');
    await mailTo(other, theirs);
    await mailTo(a, mine);
    await c.next(received(mine), 20_000, 'own inbox mail');
    await new Promise((r) => setTimeout(r, 1500));
    expect(c.frames.some(received(theirs))).toBe(false);
    expect(c.frames.filter((f) => f.event).every((f) => f.inbox_id === a.id)).toBe(true);
    await c.close();
  });

  it('answers ping with pong, and an unknown message with an error frame', async () => {
    const a = await newAccount();
    const c = await connectStream(await streamUrl(a.api_key), { key: a.api_key });
    c.ws.send(JSON.stringify({ type: 'ping' }));
    await c.next((f) => f.type === 'pong', 10_000, 'pong');
    c.ws.send('hello');
    expect(await c.next((f) => f.type === 'error', 10_000, 'error')).toMatchObject({ error: 'UNKNOWN_MESSAGE' });
    expect(await subscribe(c, { event_types: ['message.teleported'] })).toMatchObject({ type: 'error', error: 'VALIDATION_ERROR', field: 'event_types' });
    await c.close();
  });
});

describe('resuming with last_event_id', () => {
  it('after a disconnect, exactly the 3 missed mails come first, in order, then live ones', async () => {
    const a = await newAccount();
    const url = await streamUrl(a.api_key);
    const first = await connectStream(url, { key: a.api_key });
    await subscribe(first, { event_types: ['message.received'] });
    const s0 = uniqueSubject('stream before');
    await mailTo(a, s0);
    const last = await first.next(received(s0), 20_000, 'first mail');
    await first.close();

    const missed = [uniqueSubject('stream missed 1'), uniqueSubject('stream missed 2'), uniqueSubject('stream missed 3')];
    for (const s of missed) {
      await mailTo(a, s);
      // One at a time, so their order is the order sent.
      await eventually(async () => (await api('GET', `/v1/inboxes/${a.id}/messages?limit=10`, { key: a.api_key })).body.result.messages.some((m: any) => m.subject === s));
    }

    const again = await connectStream(url, { key: a.api_key });
    expect(await subscribe(again, { event_types: ['message.received'], last_event_id: last.event_id })).toMatchObject({ type: 'subscribed' });
    const done = await again.next((f) => f.type === 'replayed', 20_000, 'replayed');
    const replayed = again.frames.filter((f) => f.event);
    expect(replayed.map((f) => f.message.subject)).toEqual(missed);
    expect(done).toMatchObject({ count: 3, last_event_id: replayed[2]!.event_id });

    const liveSubject = uniqueSubject('stream after');
    await mailTo(a, liveSubject);
    await again.next(received(liveSubject), 20_000, 'live mail after the replay');
    await new Promise((r) => setTimeout(r, 1000));
    const events = again.frames.filter((f) => f.event);
    expect(events.map((f) => f.message.subject)).toEqual([...missed, liveSubject]);
    expect(new Set(events.map((f) => f.event_id)).size).toBe(events.length);
    await again.close();
  });

  it('mail arriving during the replay is neither lost nor doubled', async () => {
    const a = await newAccount();
    const url = await streamUrl(a.api_key);
    const first = await connectStream(url, { key: a.api_key });
    await subscribe(first, { event_types: ['message.received'] });
    const s0 = uniqueSubject('race before');
    await mailTo(a, s0);
    const last = await first.next(received(s0), 20_000, 'first mail');
    await first.close();
    const missed = [uniqueSubject('race missed 1'), uniqueSubject('race missed 2')];
    for (const s of missed) await mailTo(a, s);

    const again = await connectStream(url, { key: a.api_key });
    // Subscribe and send more mail at the same moment: these race the replay.
    const racing = [uniqueSubject('race during 1'), uniqueSubject('race during 2')];
    again.ws.send(JSON.stringify({ type: 'subscribe', event_types: ['message.received'], last_event_id: last.event_id }));
    await Promise.all(racing.map((s) => mailTo(a, s)));
    for (const s of [...missed, ...racing]) await again.next(received(s), 25_000, s);
    await new Promise((r) => setTimeout(r, 1500));
    const subjects = again.frames.filter((f) => f.event).map((f) => f.message.subject);
    expect([...subjects].sort()).toEqual([...missed, ...racing].sort());
    await again.close();
  });
});

describe('dead connections', () => {
  it('a connection API Gateway no longer has (410 Gone) is removed at the next event', async () => {
    const t = target();
    const db = new DynamoDBClient({ endpoint: t.awsEndpoint, region: process.env.AWS_REGION ?? 'us-east-1', credentials: t.awsCredentials ?? { accessKeyId: 'local', secretAccessKey: 'local' } });
    const TableName = (await db.send(new ListTablesCommand({}))).TableNames!.find((n) => n.endsWith('-table'))!;
    const a = await newAccount();
    const c = await connectStream(await streamUrl(a.api_key), { key: a.api_key });
    await subscribe(c);
    const probe = uniqueSubject('stream probe');
    await mailTo(a, probe);
    const accountId = (await c.next(received(probe), 20_000, 'probe')).account_id as string;

    // A connection whose $disconnect never ran (the client's network vanished): still in the table.
    const dead = 'deadConn000000000000=';
    const now = new Date().toISOString();
    const ttl = { N: String(Math.floor(Date.now() / 1000) + 3600) };
    await db.send(new PutItemCommand({ TableName, Item: {
      pk: { S: `ACCOUNT#${accountId}` }, sk: { S: `CONN#${dead}` }, entity: { S: 'connection' }, connection_id: { S: dead }, account_id: { S: accountId },
      key_kind: { S: 'account' }, key_inbox_id: { NULL: true }, connected_at: { S: now }, mode: { S: 'live' }, event_types: { NULL: true }, inbox_ids: { NULL: true }, ttl,
    } }));
    await db.send(new PutItemCommand({ TableName, Item: { pk: { S: `CONN#${dead}` }, sk: { S: 'CONN' }, account_id: { S: accountId }, ttl } }));

    const after = uniqueSubject('stream after dead');
    await mailTo(a, after);
    await c.next(received(after), 20_000, 'mail after the dead connection');
    // The connection and its pointer go in one transaction: once one is gone, so is the other.
    await eventually(async () => !(await db.send(new GetItemCommand({ TableName, Key: { pk: { S: `ACCOUNT#${accountId}` }, sk: { S: `CONN#${dead}` } }, ConsistentRead: true }))).Item);
    expect((await db.send(new GetItemCommand({ TableName, Key: { pk: { S: `CONN#${dead}` }, sk: { S: 'CONN' } }, ConsistentRead: true }))).Item).toBeUndefined();
    await c.close();
  });

  it('a closed socket is forgotten: its $disconnect removes the connection', async () => {
    const t = target();
    const db = new DynamoDBClient({ endpoint: t.awsEndpoint, region: process.env.AWS_REGION ?? 'us-east-1', credentials: t.awsCredentials ?? { accessKeyId: 'local', secretAccessKey: 'local' } });
    const TableName = (await db.send(new ListTablesCommand({}))).TableNames!.find((n) => n.endsWith('-table'))!;
    const a = await newAccount();
    const c = await connectStream(await streamUrl(a.api_key), { key: a.api_key });
    await subscribe(c);
    const probe = uniqueSubject('stream closed');
    await mailTo(a, probe);
    const accountId = (await c.next(received(probe), 20_000, 'probe')).account_id as string;
    await c.close();
    const { QueryCommand } = await import('@aws-sdk/client-dynamodb');
    await eventually(async () => ((await db.send(new QueryCommand({ TableName, ConsistentRead: true, KeyConditionExpression: 'pk = :p AND begins_with(sk, :c)',
      ExpressionAttributeValues: { ':p': { S: `ACCOUNT#${accountId}` }, ':c': { S: 'CONN#' } } }))).Items ?? []).length === 0);
  });
});

describe('least privilege', () => {
  it('the Management API refuses an identity without execute-api:ManageConnections (locally the stand-in checks the signer)', async () => {
    const t = target();
    if (!t.awsCredentials) return; // an external emulator enforces no IAM; where it does, its admin identity is what we sign with
    const a = await newAccount();
    const c = await connectStream(await streamUrl(a.api_key), { key: a.api_key });
    const endpoint = (await streamUrl(a.api_key)).replace(/^ws/, 'http');
    const client = new ApiGatewayManagementApiClient({ endpoint, region: process.env.AWS_REGION ?? 'us-east-1', credentials: t.awsCredentials });
    await expect(client.send(new PostToConnectionCommand({ ConnectionId: 'any', Data: Buffer.from('{}') }))).rejects.toMatchObject({ name: 'ForbiddenException' });
    await c.close();
  });
});

async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('condition not met in time');
}
