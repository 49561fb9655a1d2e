/**
 * Test mode's request bins (POST /v1/test/bins): a public URL that records what is sent to it and
 * answers with the status and delay its owner set, so an agent's tests read back what its webhook
 * received — signature included — and make the receiver fail to see retries. Only the owner reads
 * a bin; a deleted or expired bin is gone.
 */
import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { DynamoDBClient, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { api, newAccount, target } from './client.ts';
import { eventually, verifyStandardSignature } from './receiver.ts';

interface Bin { id: string; url: string; respond: { status: number; delay_ms: number }; request_count: number; created_at: string; expires_at: string }
interface Recorded {
  method: string; path: string; query: Record<string, string>; headers: Record<string, string>; body: string; body_encoding: 'utf8' | 'base64'; body_truncated: boolean;
  received_at: string; answered_status: number;
}

const createBin = async (key: string, body?: unknown): Promise<Bin> => {
  const r = await api('POST', '/v1/test/bins', { key, body });
  expect(r.status, r.text).toBe(201);
  return r.body.result;
};
const requestsOf = async (key: string, id: string): Promise<Recorded[]> => {
  const r = await api('GET', `/v1/test/bins/${id}/requests`, { key });
  expect(r.status, r.text).toBe(200);
  return r.body.result.requests;
};
const send = (url: string, init: RequestInit = {}) => fetch(url, { method: 'POST', ...init });

/** An error envelope with this status and code. */
function expectError(r: { status: number; body: any; text: string }, status: number, error: string) {
  expect({ status: r.status, error: r.body?.error }, r.text).toEqual({ status, error });
}

describe('request bins (test mode)', () => {
  it('a bin\'s URL records each request as sent — method, query, headers, the body (text, or base64 when not UTF-8) — and reads them back newest first', async () => {
    const acct = await newAccount();
    const before = Date.now();
    const bin = await createBin(acct.account_api_key);
    expect(bin).toMatchObject({ id: expect.stringMatching(/^bin_/), url: `${target().siteUrl}/bins/${bin.id}`, respond: { status: 200, delay_ms: 0 }, request_count: 0 });
    // ttl_hours defaults to 24.
    expect(Date.parse(bin.expires_at) - before).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(Date.parse(bin.expires_at) - before).toBeLessThan(24 * 3600_000 + 60_000);

    // Not JSON, and not parsed: recorded as the text it is.
    const first = await send(`${bin.url}?order=7&tag=a`, { body: 'hello {not json', headers: { 'content-type': 'text/plain', 'x-test': 'abc' } });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    const second = await send(bin.url, { method: 'PUT', body: JSON.stringify({ n: 2 }), headers: { 'content-type': 'application/json' } });
    expect(second.status).toBe(200);

    const got = await requestsOf(acct.account_api_key, bin.id);
    expect(got.map((r) => r.method)).toEqual(['PUT', 'POST']);
    expect(got[1]).toMatchObject({
      method: 'POST', path: `/bins/${bin.id}`, query: { order: '7', tag: 'a' }, body: 'hello {not json', body_encoding: 'utf8', body_truncated: false, answered_status: 200,
    });
    expect(got[1]!.headers).toMatchObject({ 'x-test': 'abc', 'content-type': 'text/plain' });
    expect(got[0]!.body).toBe('{"n":2}');
    expect(Date.parse(got[1]!.received_at)).toBeGreaterThanOrEqual(before - 1000);

    // A body over 64 KiB is taken, and recorded cut at 64 KiB.
    const big = await send(bin.url, { body: 'z'.repeat(70_000), headers: { 'content-type': 'text/plain' } });
    expect(big.status).toBe(200);
    const [latest] = await requestsOf(acct.account_api_key, bin.id);
    expect({ length: latest!.body.length, truncated: latest!.body_truncated }).toEqual({ length: 64 * 1024, truncated: true });

    // Bytes that are not UTF-8 come back exactly, as base64.
    const bytes = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0xff, 0xfe, 0x80, 0x00, 0x41]);
    const binary = await send(bin.url, { body: bytes, headers: { 'content-type': 'application/octet-stream' } });
    expect(binary.status).toBe(200);
    const [raw] = await requestsOf(acct.account_api_key, bin.id);
    expect(raw).toMatchObject({ body_encoding: 'base64', body_truncated: false });
    expect(Buffer.from(raw!.body, 'base64')).toEqual(bytes);

    const listed = await api('GET', '/v1/test/bins', { key: acct.account_api_key });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.result).toMatchObject({ total: 1, max_bins: 20, bins: [{ id: bin.id, request_count: 4 }] });
  });

  it('answers the status after the delay it is told, and PATCH changes them from the next request', async () => {
    const acct = await newAccount();
    const bin = await createBin(acct.account_api_key, { respond: { status: 503, delay_ms: 1200 } });
    expect(bin.respond).toEqual({ status: 503, delay_ms: 1200 });
    let t = Date.now();
    const slow = await send(bin.url, { body: 'one' });
    expect(slow.status).toBe(503);
    expect(Date.now() - t).toBeGreaterThanOrEqual(1150);

    // Only what is sent changes: the delay stays until it is changed too.
    const patched = await api('PATCH', `/v1/test/bins/${bin.id}`, { key: acct.account_api_key, body: { respond: { status: 201 } } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.result.respond).toEqual({ status: 201, delay_ms: 1200 });
    const fast = await api('PATCH', `/v1/test/bins/${bin.id}`, { key: acct.account_api_key, body: { respond: { delay_ms: 0 } } });
    expect(fast.body.result.respond).toEqual({ status: 201, delay_ms: 0 });
    t = Date.now();
    const quick = await send(bin.url, { body: 'two' });
    expect(quick.status).toBe(201);
    expect(Date.now() - t).toBeLessThan(1000);
    expect((await requestsOf(acct.account_api_key, bin.id)).map((r) => [r.body, r.answered_status])).toEqual([['two', 201], ['one', 503]]);
  });

  it('a webhook pointed at a bin delivers a signed message.received after a simulated mail', async () => {
    const inbox = await newAccount();
    const bin = await createBin(inbox.account_api_key);
    const wh = await api('POST', '/v1/webhooks', { key: inbox.account_api_key, body: { url: bin.url, events: ['message.received'] } });
    expect(wh.status, wh.text).toBe(201);
    const sim = await api('POST', `/v1/inboxes/${inbox.id}/messages/simulate`, { key: inbox.api_key, body: { scenario: 'verification_code' } });
    expect(sim.status, sim.text).toBe(201);

    const delivery = await eventually(async () => (await requestsOf(inbox.account_api_key, bin.id))[0], 'a delivery in the bin');
    const payload = JSON.parse(delivery.body);
    expect(payload).toMatchObject({ event: 'message.received', inbox_id: inbox.id });
    expect(delivery.body).toContain(sim.body.result.message_id);
    // The bin recorded the body byte for byte: both signatures verify with the webhook's secret.
    const secret = wh.body.result.secret as string;
    expect(delivery.headers['x-service-signature']).toBe(createHmac('sha256', secret).update(delivery.body).digest('hex'));
    expect(verifyStandardSignature(Buffer.from(delivery.body), secret, delivery.headers as IncomingHttpHeaders)).toBe(true);
  });

  it('a bin answering 500 makes the webhook retry the same event; answering 200 again, the retry is delivered', async () => {
    const inbox = await newAccount();
    const bin = await createBin(inbox.account_api_key, { respond: { status: 500 } });
    const wh = await api('POST', '/v1/webhooks', { key: inbox.account_api_key, body: { url: bin.url, events: ['message.received'] } });
    expect(wh.status, wh.text).toBe(201);
    await api('POST', `/v1/inboxes/${inbox.id}/messages/simulate`, { key: inbox.api_key, body: { scenario: 'magic_link' } });

    const failed = await eventually(async () => (await requestsOf(inbox.account_api_key, bin.id)).find((r) => r.answered_status === 500), 'a failed attempt');
    // Before the attempts run out (the webhook turns unhealthy after 5 failures), the receiver recovers.
    await api('PATCH', `/v1/test/bins/${bin.id}`, { key: inbox.account_api_key, body: { respond: { status: 200 } } });
    const ok = await eventually(async () => (await requestsOf(inbox.account_api_key, bin.id)).find((r) => r.answered_status === 200), 'a retry answered 200');
    expect(ok.headers['webhook-id']).toBe(failed.headers['webhook-id']);
    // The delivery log is written once the answer is in: the success is a retry, not the first attempt.
    const success = await eventually(async () => (await api('GET', `/v1/webhooks/${wh.body.result.id}/logs`, { key: inbox.account_api_key }))
      .body.result.logs.find((l: { success: boolean }) => l.success), 'the successful attempt in the delivery log');
    expect(success).toMatchObject({ response_code: 200, event_id: ok.headers['webhook-id'] });
    expect(success.retry_count).toBeGreaterThan(0);
  });

  it('bad input is a 400 naming the field', async () => {
    const acct = await newAccount();
    for (const [body, field] of [
      [{ respond: { status: 99 } }, 'respond.status'],
      [{ respond: { status: 600 } }, 'respond.status'],
      [{ respond: { delay_ms: 25_001 } }, 'respond.delay_ms'],
      [{ ttl_hours: 0 }, 'ttl_hours'],
      [{ ttl_hours: 73 }, 'ttl_hours'],
    ] as const) {
      const r = await api('POST', '/v1/test/bins', { key: acct.account_api_key, body });
      expectError(r, 400, 'VALIDATION_ERROR');
      expect(r.body.field, JSON.stringify(body)).toBe(field);
    }
    const bin = await createBin(acct.account_api_key);
    const empty = await api('PATCH', `/v1/test/bins/${bin.id}`, { key: acct.account_api_key, body: { respond: {} } });
    expectError(empty, 400, 'VALIDATION_ERROR');
    expect(empty.body.field).toBe('respond');
  });

  it('only the owner reads, changes or deletes a bin: another account gets 404, an inbox key 401', async () => {
    const owner = await newAccount();
    const other = await newAccount();
    const bin = await createBin(owner.account_api_key);
    for (const [method, path, body] of [
      ['GET', `/v1/test/bins/${bin.id}/requests`, undefined], ['PATCH', `/v1/test/bins/${bin.id}`, { respond: { status: 500 } }], ['DELETE', `/v1/test/bins/${bin.id}`, undefined],
    ] as const) {
      expectError(await api(method, path, { key: other.account_api_key, body }), 404, 'BIN_NOT_FOUND');
      expectError(await api(method, path, { key: owner.api_key, body }), 401, 'INVALID_API_KEY');
    }
    // Untouched by all that.
    expect((await send(bin.url)).status).toBe(200);
  });

  it('a deleted bin, an expired one and one that never was answer 404 at their URL and to their owner', async () => {
    const acct = await newAccount();
    const deleted = await createBin(acct.account_api_key);
    const del = await api('DELETE', `/v1/test/bins/${deleted.id}`, { key: acct.account_api_key });
    expect(del.status, del.text).toBe(200);
    expect(del.body.result).toEqual({ id: deleted.id, deleted: true });
    expectError(await api('POST', `/bins/${deleted.id}`, { body: {} }), 404, 'BIN_NOT_FOUND');
    expectError(await api('GET', `/v1/test/bins/${deleted.id}/requests`, { key: acct.account_api_key }), 404, 'BIN_NOT_FOUND');
    expectError(await api('POST', '/bins/bin_00000000-0000-7000-8000-000000000000', { body: {} }), 404, 'BIN_NOT_FOUND');
    expectError(await api('GET', '/bins/not-a-bin'), 404, 'BIN_NOT_FOUND');

    const t = target();
    // An hour is the shortest ttl: age the bin in the table instead of waiting.
    const expired = await createBin(acct.account_api_key, { ttl_hours: 1 });
    const db = new DynamoDBClient({ endpoint: t.awsEndpoint, region: 'us-east-1', credentials: t.awsCredentials ?? { accessKeyId: 'local', secretAccessKey: 'local' } });
    await db.send(new UpdateItemCommand({ TableName: t.tableName, Key: { pk: { S: `BIN#${expired.id}` }, sk: { S: 'BIN' } },
      UpdateExpression: 'SET expires_at = :past', ExpressionAttributeValues: { ':past': { S: new Date(Date.now() - 1000).toISOString() } } }));
    expectError(await api('POST', `/bins/${expired.id}`, { body: {} }), 404, 'BIN_NOT_FOUND');
    expectError(await api('GET', `/v1/test/bins/${expired.id}/requests`, { key: acct.account_api_key }), 404, 'BIN_NOT_FOUND');
  });

  it('an account has at most 20 live bins (403 BIN_LIMIT_EXCEEDED); deleting one makes room', async () => {
    const acct = await newAccount();
    const bins = await Promise.all(Array.from({ length: 20 }, () => createBin(acct.account_api_key)));
    expect(new Set(bins.map((b) => b.id)).size).toBe(20);
    const over = await api('POST', '/v1/test/bins', { key: acct.account_api_key });
    expectError(over, 403, 'BIN_LIMIT_EXCEEDED');
    expect(over.body.current_usage).toEqual({ live_bins: 20, max_bins: 20 });
    await api('DELETE', `/v1/test/bins/${bins[0]!.id}`, { key: acct.account_api_key });
    await createBin(acct.account_api_key);
  });
});
