/**
 * Fair shares (issue #23, "one tenant can starve all" and "scheduled drafts are unbounded"), over
 * real HTTP, WebSockets and MCP against a second local stack whose caps are small (2 waits, 2
 * stream connections, 2 scheduled drafts per inbox and 3 per account) so they are reached quickly:
 * an account at its cap is refused with a clear envelope while other accounts are not, a crashed
 * wait's slot frees when its lease ends, and a slow webhook receiver does not hold back a fast one.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as entities from '../../lambdas/messages/messages.entities.ts';
import { waitSlotsPartition } from '../../lambdas/messages/messages.entities.ts';
import { LOCAL_STREAM_PATH } from '../../lambdas/events/stream-protocol.ts';
import { api, newAccount, addInbox, startExtraStack, target, type CreatedInbox, type ExtraStack } from './client.ts';
import { eventually, startReceiver, type Receiver } from './receiver.ts';

const CAPS = { waits: 2, streams: 2, scheduledPerInbox: 2, scheduledPerAccount: 3 };

let extra: ExtraStack;
beforeAll(async () => {
  extra = await startExtraStack({
    MAX_CONCURRENT_WAITS: String(CAPS.waits),
    MAX_STREAM_CONNECTIONS: String(CAPS.streams),
    MAX_SCHEDULED_DRAFTS_PER_INBOX: String(CAPS.scheduledPerInbox),
    MAX_SCHEDULED_DRAFTS_PER_ACCOUNT: String(CAPS.scheduledPerAccount),
    // One IP creates every account of this file.
    FREE_INBOX_CREATES_PER_IP_PER_HOUR: '100000',
    API_RATE_LIMIT_MULTIPLIER: '1000',
    WEBHOOK_RETRY_DELAYS: '0,1,1,1,1',
  });
}, 90_000);

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => undefined);
  await extra?.stop();
});

const on = (method: string, path: string, key: string, body?: unknown) => api(method, path, { key, body, baseUrl: extra.apiUrl });
const account = () => newAccount(undefined, extra.apiUrl);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A wait on the extra stack: resolves with its response and when it ended. */
function startWait(inbox: CreatedInbox, timeout: number) {
  return on('GET', `/v1/inboxes/${inbox.id}/messages/wait?timeout=${timeout}`, inbox.api_key).then((r) => ({ ...r, endedAt: Date.now() }));
}

const tableClient = () => {
  const t = target();
  return DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: t.awsEndpoint, region: 'us-east-1', credentials: t.awsCredentials }));
};

/** Resolves once the account holds `n` live wait slots: the waits started have taken theirs, however loaded the machine. */
async function untilSlotsHeld(accountKey: string, n: number) {
  const accountId = (await on('GET', '/v1/account', accountKey)).body.result.account_id as string;
  const db = tableClient();
  await eventually(async () => {
    const res = await db.send(new QueryCommand({ TableName: extra.tableName, ConsistentRead: true, KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': waitSlotsPartition(accountId) } }));
    return (res.Items ?? []).filter((i) => Number(i.expires_at) > Date.now()).length >= n ? true : undefined;
  }, `the account holding ${n} wait slots`, 15_000);
}

describe('concurrent waits', () => {
  it('an account holding its cap of waits gets a 429 for one more, and its slot is free again after', async () => {
    const a = await account();
    const other = await addInbox(a.account_api_key, undefined, extra.apiUrl);
    const b = await account();
    const held = [startWait(a, 8), startWait(other, 8)];
    await untilSlotsHeld(a.account_api_key, CAPS.waits);

    const refused = await startWait(a, 1);
    expect(refused.status, refused.text).toBe(429);
    expect(refused.body).toMatchObject({ error: 'RATE_LIMIT_EXCEEDED', code: 'CONCURRENT_WAIT_LIMIT', current_usage: { concurrent_waits: CAPS.waits, max_concurrent_waits: CAPS.waits } });
    expect(refused.body.retry_after).toBeGreaterThanOrEqual(1);
    expect(refused.body.retry_after).toBeLessThanOrEqual(8);
    expect(refused.headers.get('retry-after')).toBe(String(refused.body.retry_after));
    expect(refused.body.next_steps.length).toBeGreaterThan(0);
    // Another account is not held back by this one.
    const elsewhere = await startWait(b, 1);
    expect(elsewhere.status, elsewhere.text).toBe(200);

    for (const r of await Promise.all(held)) expect(r.status, r.text).toBe(200);
    const again = await startWait(a, 1);
    expect(again.status, again.text).toBe(200);
    expect(again.body.result.timed_out).toBe(true);
  });

  it('the MCP wait tool takes a slot of the same cap and is refused the same way', async () => {
    const a = await account();
    const client = new McpClient({ name: 'fair-shares-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${extra.apiUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${a.api_key}` } } }));
    cleanups.push(() => client.close());
    const held = [startWait(a, 8), startWait(a, 8)];
    await untilSlotsHeld(a.account_api_key, CAPS.waits);
    const r = await client.callTool({ name: 'wait_for_message', arguments: { inbox_id: a.id, timeout: 1 } }) as CallToolResult;
    const text = (r.content[0] as { text: string }).text;
    expect(r.isError, text).toBe(true);
    expect(JSON.parse(text)).toMatchObject({ status: 429, error: 'RATE_LIMIT_EXCEEDED', code: 'CONCURRENT_WAIT_LIMIT', current_usage: { concurrent_waits: CAPS.waits } });
    await Promise.all(held);
  });

  it('a crashed wait\'s slot frees after its lease', async () => {
    const a = await account();
    const accountId = (await on('GET', '/v1/account', a.account_api_key)).body.result.account_id as string;
    expect(accountId).toMatch(/^acc_/);
    // What a wait whose function was killed mid-wait leaves behind: its slots, never released,
    // with leases that end in 3 s.
    const db = tableClient();
    const leaseEnds = Date.now() + 3000;
    for (let slot = 0; slot < CAPS.waits; slot++) {
      await db.send(new PutCommand({ TableName: extra.tableName,
        Item: entities.waitSlot.item({ holder: `crashed-${slot}`, taken_at: new Date().toISOString(), expires_at: leaseEnds }, { accountId, slot }) }));
    }
    const whileHeld = await startWait(a, 1);
    expect(whileHeld.status, whileHeld.text).toBe(429);
    expect(whileHeld.body.current_usage.concurrent_waits).toBe(CAPS.waits);

    await pause(Math.max(0, leaseEnds - Date.now()) + 300);
    const both = await Promise.all([startWait(a, 1), startWait(a, 1)]);
    for (const r of both) expect(r.status, r.text).toBe(200);
  });
});

describe('stream connections', () => {
  /** Opens a socket to the extra stack; rejects with the refused handshake's status and body. */
  function connect(key: string): Promise<WebSocket> {
    const ws = new WebSocket(`${extra.apiUrl.replace(/^http/, 'ws')}${LOCAL_STREAM_PATH}?key=${encodeURIComponent(key)}`);
    cleanups.push(() => ws.terminate());
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(ws));
      ws.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (d: Buffer) => { body += d.toString(); });
        res.on('end', () => reject(Object.assign(new Error(`handshake refused: ${res.statusCode}`), { status: res.statusCode, body: JSON.parse(body || '{}') })));
      });
      ws.once('error', reject);
    });
  }

  it('an account holding its cap of stream connections is refused one more with 429, and may connect again after closing one', async () => {
    const a = await account();
    const b = await account();
    const open = [await connect(a.api_key), await connect(a.account_api_key)];
    const refused = await connect(a.api_key).then(() => undefined, (e: { status: number; body: any }) => e);
    expect(refused?.status).toBe(429);
    expect(refused?.body).toMatchObject({ error: 'RATE_LIMIT_EXCEEDED', code: 'STREAM_CONNECTION_LIMIT', current_usage: { stream_connections: CAPS.streams, max_stream_connections: CAPS.streams } });
    expect(refused?.body.next_steps.length).toBeGreaterThan(0);
    // Another account is not held back by this one.
    await connect(b.api_key);

    open[0]!.close();
    await eventually(async () => (await connect(a.api_key).then(() => true, () => undefined)), 'a connection after closing one', 10_000);
  });
});

describe('scheduled drafts', () => {
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
  const draft = (inbox: CreatedInbox, sendAt?: string) => on('POST', `/v1/inboxes/${inbox.id}/drafts`, inbox.api_key,
    { to: ['bob@example.com'], subject: 'later', body: 'b', ...(sendAt ? { send_at: sendAt } : {}) });

  it('scheduling past the cap is refused, per inbox and per account; unscheduled drafts are not counted', async () => {
    const first = await account();
    const upgraded = await on('POST', '/v1/account/upgrade', first.account_api_key, { tier: 'developer', payment_method: 'pm_card_visa' });
    expect(upgraded.status, upgraded.text).toBe(200);
    const second = await addInbox(first.account_api_key, undefined, extra.apiUrl);

    for (let i = 0; i < CAPS.scheduledPerInbox; i++) expect((await draft(first, inAnHour())).status).toBe(201);
    const inboxFull = await draft(first, inAnHour());
    expect(inboxFull.status, inboxFull.text).toBe(403);
    expect(inboxFull.body).toMatchObject({ error: 'SCHEDULED_DRAFT_LIMIT_EXCEEDED', field: 'send_at',
      current_usage: { scheduled_drafts_in_inbox: CAPS.scheduledPerInbox, max_scheduled_drafts_per_inbox: CAPS.scheduledPerInbox } });
    expect(inboxFull.body.next_steps.length).toBeGreaterThan(0);

    // An unscheduled draft is still fine; scheduling it by PATCH is the same refusal.
    const plain = await draft(first);
    expect(plain.status, plain.text).toBe(201);
    const patched = await on('PATCH', `/v1/inboxes/${first.id}/drafts/${plain.body.result.id}`, first.api_key, { send_at: inAnHour() });
    expect(patched.status, patched.text).toBe(403);
    expect(patched.body.error).toBe('SCHEDULED_DRAFT_LIMIT_EXCEEDED');

    // The account's cap counts every inbox.
    expect((await draft(second, inAnHour())).status).toBe(201);
    const accountFull = await draft(second, inAnHour());
    expect(accountFull.status, accountFull.text).toBe(403);
    expect(accountFull.body.current_usage).toMatchObject({ scheduled_drafts_in_inbox: 1, scheduled_drafts_in_account: CAPS.scheduledPerAccount,
      max_scheduled_drafts_per_account: CAPS.scheduledPerAccount });

    // Unscheduling one frees its place.
    const listed = (await on('GET', `/v1/inboxes/${first.id}/drafts`, first.api_key)).body.result.drafts as { id: string; status: string }[];
    const scheduled = listed.find((d) => d.status === 'scheduled')!;
    expect((await on('PATCH', `/v1/inboxes/${first.id}/drafts/${scheduled.id}`, first.api_key, { send_at: null })).status).toBe(200);
    const again = await draft(second, inAnHour());
    expect(again.status, again.text).toBe(201);
  });
});

describe('webhook delivery lanes', () => {
  /** Slower than the 2 s share, within the 5 s POST timeout: a 2xx that is never a failure. */
  const SLOW_ANSWER_MS = 4000;
  /** Webhooks of the slow account, all at the slow receiver: each event is that many slow deliveries. */
  const SLOW_HOOKS = 10;

  it('a slow receiver does not delay a fast receiver\'s delivery, and none of its events is lost', async () => {
    const slow: Receiver = await startReceiver('slow');
    const fast: Receiver = await startReceiver('fast');
    cleanups.push(() => slow.close(), () => fast.close());
    slow.setDefault({ status: 200, body: 'ok', delayMs: SLOW_ANSWER_MS });
    const a = await account();
    const b = await account();
    for (let i = 0; i < SLOW_HOOKS; i++) {
      const r = await on('POST', '/v1/webhooks', a.account_api_key, { url: `${slow.url}-${i}`, events: ['inbox.created'] });
      expect(r.status, r.text).toBe(201);
    }
    expect((await on('POST', '/v1/webhooks', b.account_api_key, { url: fast.url, events: ['inbox.created'] })).status).toBe(201);

    // Three slow answers in a row for every webhook of the slow account.
    for (let i = 0; i < 3; i++) await addInbox(a.account_api_key, undefined, extra.apiUrl);
    await slow.waitFor((reqs) => reqs.filter((r) => r.answered).length >= 3 * SLOW_HOOKS, 'the warm-up deliveries', 60_000);
    await pause(1000); // the deliverer records each answer just after it

    // A burst of slow deliveries, then one event for the fast receiver.
    const burst = 6;
    for (let i = 0; i < burst; i++) await addInbox(a.account_api_key, undefined, extra.apiUrl);
    const created = await addInbox(b.account_api_key, undefined, extra.apiUrl);
    const createdAt = Date.now();
    const delivered = await fast.waitForRequest((r) => JSON.stringify(r.json ?? {}).includes(created.id),
      'the fast receiver\'s delivery', 30_000);
    const latencyMs = delivered.receivedAt - createdAt;
    // Behind the burst in one shared lane it waits for at least one slow round (4 s); in its own it does not.
    expect(latencyMs, `fast delivery took ${latencyMs} ms`).toBeLessThan(2500);

    // Never lost: every event reaches every slow webhook, once.
    const expected = (3 + burst) * SLOW_HOOKS;
    const all = await slow.waitFor((reqs) => reqs.filter((r) => r.answered).length >= expected, 'every slow delivery', 90_000);
    const pairs = new Map<string, number>();
    for (const r of all.filter((x) => x.answered)) pairs.set(`${r.path}|${r.json?.event_id}`, (pairs.get(`${r.path}|${r.json?.event_id}`) ?? 0) + 1);
    expect(pairs.size).toBe(expected);
    expect([...pairs.values()].every((n) => n === 1)).toBe(true);
  }, 180_000);
});
