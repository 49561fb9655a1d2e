/**
 * Retries as a user sees them, against a real HTTP server on 127.0.0.1 that answers as the
 * test programs it (429 with retry_after, 503, 500, then 200): how many requests arrive, how
 * long the client waited, and what it finally returns or throws.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Mailroom, MailroomError, type RetryEvent } from '../src/index.ts';

interface Hit { method: string; url: string; body: string; at: number; auth?: string }
type Answer = { status: number; body: unknown; headers?: Record<string, string> };

let server: Server;
let apiUrl: string;
let hits: Hit[] = [];
let script: Answer[] = [];
const ok = (result: unknown): Answer => ({ status: 200, body: { result, next_steps: [] } });
const fail = (status: number, error: string, extra: Record<string, unknown> = {}): Answer =>
  ({ status, body: { error, message: `${error} happened`, next_steps: [`do something about ${error}`], ...extra } });

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString(); });
    req.on('end', () => {
      hits.push({ method: req.method!, url: req.url!, body, at: Date.now(), auth: req.headers.authorization });
      const a = script.shift() ?? ok({});
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
      res.end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => { hits = []; script = []; });

const inbox = { id: 'inb_1', address: 'a@x', display_name: 'a', status: 'active', created_at: '', message_count: 0, thread_count: 0, last_received_at: null, view_url: '', tier: 'free', updated_at: '' };

describe('429: waits retry_after, then retries', () => {
  it('a 429 with retry_after 1 then 200: two requests about 1 s apart, and the result', async () => {
    const retries: RetryEvent[] = [];
    const client = new Mailroom({ apiUrl, apiKey: 'mr_free_k', onRetry: (e) => retries.push(e) });
    script = [fail(429, 'RATE_LIMIT_EXCEEDED', { code: 'API_RATE_LIMIT', retry_after: 1 }), ok(inbox)];
    const got = await client.inboxes.get('inb_1');
    expect(got.id).toBe('inb_1');
    expect(hits).toHaveLength(2);
    expect(hits[1]!.at - hits[0]!.at).toBeGreaterThanOrEqual(950);
    expect(retries).toEqual([expect.objectContaining({ attempt: 1, status: 429, delayMs: 1000, method: 'GET' })]);
    expect(hits.every((h) => h.auth === 'Bearer mr_free_k')).toBe(true);
  });

  it('a 429 is retried even for a POST without client_id (the API refused it before doing anything)', async () => {
    const client = new Mailroom({ apiUrl, apiKey: 'k' });
    script = [fail(429, 'RATE_LIMIT_EXCEEDED', { retry_after: 0 }), { status: 201, body: { result: { id: 'wh_1' }, next_steps: [] } }];
    await client.webhooks.create({ url: 'https://example.org/h', events: ['message.received'] });
    expect(hits.map((h) => h.method)).toEqual(['POST', 'POST']);
    expect(JSON.parse(hits[1]!.body)).toEqual(JSON.parse(hits[0]!.body));
  });

  it('gives up after the bounded number of retries and throws the last error with its retry_after', async () => {
    const client = new Mailroom({ apiUrl, apiKey: 'k', retry: { retries: 2 } });
    script = [0, 1, 2].map(() => fail(429, 'RATE_LIMIT_EXCEEDED', { code: 'API_RATE_LIMIT', retry_after: 0 }));
    const err = await client.inboxes.get('inb_1').catch((e: unknown) => e);
    expect(hits).toHaveLength(3);
    expect(err).toBeInstanceOf(MailroomError);
    expect(err).toMatchObject({ status: 429, code: 'RATE_LIMIT_EXCEEDED', subcode: 'API_RATE_LIMIT', retry_after: 0, next_steps: ['do something about RATE_LIMIT_EXCEEDED'] });
  });

  it('does not sit out a retry_after longer than allowed: throws at once so the caller decides', async () => {
    const client = new Mailroom({ apiUrl, apiKey: 'k', retry: { maxRetryAfterSeconds: 5 } });
    script = [fail(429, 'RATE_LIMIT_EXCEEDED', { retry_after: 3600 })];
    const started = Date.now();
    const err = await client.inboxes.get('inb_1').catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(hits).toHaveLength(1);
    expect(err).toMatchObject({ status: 429, retry_after: 3600 });
  });
});

describe('5xx: backoff for what is safe to repeat', () => {
  it('a read answered 503 then 500 then 200 succeeds on the third request', async () => {
    const client = new Mailroom({ apiUrl, apiKey: 'k', retry: { baseDelayMs: 50 } });
    script = [fail(503, 'SERVICE_UNAVAILABLE'), fail(500, 'INTERNAL_ERROR'), ok({ inboxes: [], total: 0, limit: 50, offset: 0, has_more: false })];
    await expect(client.inboxes.list()).resolves.toMatchObject({ total: 0 });
    expect(hits).toHaveLength(3);
  });

  it('a send (client_id added by the SDK) is retried with the same client_id, so the API can deduplicate it', async () => {
    const client = new Mailroom({ apiUrl, apiKey: 'k', retry: { baseDelayMs: 50 } });
    script = [fail(502, 'SEND_FAILED'), { status: 201, body: { result: { id: 'msg_1', status: 'queued' }, next_steps: [] } }];
    await client.send('inb_1', { to: 'bob@example.org', subject: 's', body: 'b' });
    expect(hits).toHaveLength(2);
    const [first, second] = hits.map((h) => JSON.parse(h.body));
    expect(first.client_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.client_id).toBe(first.client_id);
  });

  it('a POST without client_id (creating a draft) is not repeated after a 500: it might have happened', async () => {
    const client = new Mailroom({ apiUrl, apiKey: 'k', retry: { baseDelayMs: 50 } });
    script = [fail(500, 'INTERNAL_ERROR', { request_id: 'req_9' })];
    const err = await client.drafts.create('inb_1', { to: 'bob@example.org', subject: 's', body: 'b' }).catch((e: unknown) => e);
    expect(hits).toHaveLength(1);
    expect(err).toMatchObject({ status: 500, code: 'INTERNAL_ERROR', request_id: 'req_9' });
  });

  it('4xx other than 429 is never retried and surfaces the envelope', async () => {
    const client = new Mailroom({ apiUrl, apiKey: 'k' });
    script = [fail(400, 'VALIDATION_ERROR', { field: 'username' })];
    const err = await client.inboxes.create({ username: 'x' }).catch((e: unknown) => e);
    expect(hits).toHaveLength(1);
    expect(err).toMatchObject({ name: 'MailroomError', status: 400, code: 'VALIDATION_ERROR', field: 'username', message: 'VALIDATION_ERROR happened' });
  });

  it('retry: false sends exactly once', async () => {
    const client = new Mailroom({ apiUrl, apiKey: 'k', retry: false });
    script = [fail(503, 'SERVICE_UNAVAILABLE')];
    await expect(client.inboxes.list()).rejects.toMatchObject({ status: 503 });
    expect(hits).toHaveLength(1);
  });
});

describe('configuration', () => {
  it('takes the URL and key from MAILROOM_API_URL and MAILROOM_API_KEY when no option names them', async () => {
    const saved = { url: process.env.MAILROOM_API_URL, key: process.env.MAILROOM_API_KEY };
    process.env.MAILROOM_API_URL = `${apiUrl}/`;
    process.env.MAILROOM_API_KEY = 'mr_free_from_env';
    try {
      const client = new Mailroom();
      expect(client.apiUrl).toBe(apiUrl);
      await client.account.capabilities();
      expect(hits[0]).toMatchObject({ url: '/v1/capabilities', auth: 'Bearer mr_free_from_env' });
    } finally {
      for (const [k, v] of [['MAILROOM_API_URL', saved.url], ['MAILROOM_API_KEY', saved.key]] as const) {
        if (v === undefined) delete process.env[k]; else process.env[k] = v;
      }
    }
  });

  it('query booleans and integers go out as the API reads them', async () => {
    const client = new Mailroom({ apiUrl, apiKey: 'k' });
    script = [ok({ messages: [], total: 0, limit: 5, offset: 0, has_more: false })];
    await client.messages.list('inb_1', { unread_only: true, limit: 5 });
    expect(hits[0]!.url).toBe('/v1/inboxes/inb_1/messages?unread_only=true&limit=5');
  });
});
