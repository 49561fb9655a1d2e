/**
 * The webhook endpoints as an agent meets them: create (account key or inbox key), list, change,
 * delete, send a test event, read the delivery logs — and the refusals: unknown events, unsafe
 * URLs, another account's webhooks. Deliveries of real events: webhook-delivery.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addInbox, api, newAccount, type CreatedInbox } from './client.ts';
import { Webhook } from 'standardwebhooks';
import {
  EVENT_ID_HEADER, SIGNATURE_HEADER, STANDARD_ID_HEADER, STANDARD_TIMESTAMP_HEADER, startReceiver, TIMESTAMP_HEADER, verifySignature,
  plainHeaders, verifyStandardSignature, type Receiver,
} from './receiver.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const WEBHOOK_ID = new RegExp(`^wh_${UUID}$`);
const EVENT_ID = new RegExp(`^evt_${UUID}$`);
/** The Standard Webhooks secret format: whsec_ + base64 of 32 random bytes. */
const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const EVENT_TYPES = [
  'message.received', 'message.sent', 'message.bounced', 'message.complaint',
  'thread.created', 'inbox.created', 'inbox.deleted', 'account.upgraded', 'webhook.unhealthy', 'domain.verified',
];

/** An error envelope with this status and code, next_steps included. */
function expectError(r: { status: number; body: any; text: string }, status: number, error: string) {
  expect({ status: r.status, error: r.body?.error }, r.text).toEqual({ status, error });
  expect(typeof r.body.message).toBe('string');
  expect(Array.isArray(r.body.next_steps) && r.body.next_steps.length > 0).toBe(true);
}

const create = (key: string, body: unknown) => api('POST', '/v1/webhooks', { key, body });

async function created(key: string, body: unknown) {
  const r = await create(key, body);
  expect(r.status, r.text).toBe(201);
  return r.body.result as { id: string; url: string; events: string[]; inbox_id: string | null; secret: string; status: string; health: string; created_at: string };
}

const list = async (key: string) => {
  const r = await api('GET', '/v1/webhooks', { key });
  expect(r.status, r.text).toBe(200);
  return { ...(r.body.result as { webhooks: any[]; total: number }), text: r.text };
};

let receiver: Receiver;
let acct: CreatedInbox;

beforeAll(async () => {
  receiver = await startReceiver('webhooks-api');
  acct = await newAccount();
});
afterAll(async () => { await receiver?.close(); });

describe('POST /v1/webhooks with the account key', () => {
  it('creates an active, healthy webhook: 201 with a wh_ id, the url, the events, inbox_id null and a whsec_ secret', async () => {
    const before = Date.now();
    const r = await create(acct.account_api_key, { url: receiver.url, events: ['message.received', 'thread.created'] });
    expect(r.status, r.text).toBe(201);
    const w = r.body.result;
    expect(w.id).toMatch(WEBHOOK_ID);
    expect(w.url).toBe(receiver.url);
    expect(w.events).toEqual(['message.received', 'thread.created']);
    expect(w.inbox_id).toBeNull();
    expect(w.secret).toMatch(SECRET);
    expect(w.status).toBe('active');
    expect(w.health).toBe('healthy');
    expect(w.created_at).toMatch(ISO);
    expect(Date.parse(w.created_at)).toBeGreaterThanOrEqual(before - 5_000);
    expect(r.body.next_steps.length).toBeGreaterThan(0);
  });

  it('accepts endpoint_url as the name of the url', async () => {
    const w = await created(acct.account_api_key, { endpoint_url: receiver.url, events: ['inbox.created'] });
    expect(w.url).toBe(receiver.url);
  });

  it('gives every webhook its own id and its own secret', async () => {
    const a = await created(acct.account_api_key, { url: receiver.url, events: ['message.received'] });
    const b = await created(acct.account_api_key, { url: receiver.url, events: ['message.received'] });
    expect(a.id).not.toBe(b.id);
    expect(a.secret).not.toBe(b.secret);
  });

  it('accepts every event type of the spec', async () => {
    const w = await created(acct.account_api_key, { url: receiver.url, events: EVENT_TYPES });
    expect([...w.events].sort()).toEqual([...EVENT_TYPES].sort());
  });

  it('keeps a repeated event type once', async () => {
    const w = await created(acct.account_api_key, { url: receiver.url, events: ['message.received', 'inbox.created', 'message.received'] });
    expect(w.events).toEqual(['message.received', 'inbox.created']);
  });

  it('limits the webhook to one inbox of the account with inbox_id', async () => {
    const w = await created(acct.account_api_key, { url: receiver.url, events: ['message.received'], inbox_id: acct.id });
    expect(w.inbox_id).toBe(acct.id);
  });

  it("refuses an inbox_id of another account's inbox: 404 INBOX_NOT_FOUND", async () => {
    const other = await newAccount();
    expectError(await create(acct.account_api_key, { url: receiver.url, events: ['message.received'], inbox_id: other.id }), 404, 'INBOX_NOT_FOUND');
  });

  it('refuses the id of a deleted inbox: 404 INBOX_NOT_FOUND', async () => {
    const a = await newAccount();
    const b = await addInbox(a.account_api_key);
    expect((await api('DELETE', `/v1/inboxes/${b.id}`, { key: a.account_api_key })).status).toBe(200);
    expectError(await create(a.account_api_key, { url: receiver.url, events: ['message.received'], inbox_id: b.id }), 404, 'INBOX_NOT_FOUND');
  });

  it('refuses unknown event names with 400, naming the valid ones', async () => {
    const r = await create(acct.account_api_key, { url: receiver.url, events: ['message.received', 'message.exploded'] });
    expect(r.status, r.text).toBe(400);
    expect(typeof r.body.error).toBe('string');
    expect(r.text).toContain('message.exploded');
    for (const t of EVENT_TYPES) expect(r.text, `the refusal names ${t}`).toContain(t);
  });

  it('refuses a body without events or without a url: 400', async () => {
    expect((await create(acct.account_api_key, { url: receiver.url, events: [] })).status).toBe(400);
    expect((await create(acct.account_api_key, { url: receiver.url })).status).toBe(400);
    expect((await create(acct.account_api_key, { events: ['message.received'] })).status).toBe(400);
  });

  it('needs a key: 401 without one', async () => {
    const r = await api('POST', '/v1/webhooks', { body: { url: receiver.url, events: ['message.received'] } });
    expect(r.status, r.text).toBe(401);
  });

  it('accepts an HTTPS URL on a public address (nothing is sent at creation)', async () => {
    const w = await created(acct.account_api_key, { url: 'https://93.184.215.14/hooks/mailroom', events: ['message.received'] });
    expect(w.url).toBe('https://93.184.215.14/hooks/mailroom');
  });
});

describe('POST /v1/webhooks refuses URLs that are unsafe to call (400, nothing created)', () => {
  const unsafe: [string, string][] = [
    ['http://example.com/hook', 'plain http to a non-loopback host'],
    ['http://93.184.215.14/hook', 'plain http to a public address'],
    ['http://10.0.0.1/hook', 'plain http to a private address'],
    ['https://10.0.0.1/x', 'a private address (10/8)'],
    ['https://192.168.1.20/x', 'a private address (192.168/16)'],
    ['https://172.16.5.4/x', 'a private address (172.16/12)'],
    ['https://100.64.0.1/x', 'a shared address (100.64/10)'],
    ['https://169.254.169.254/latest', 'the link-local metadata address'],
    ['https://0.0.0.0/', 'the unspecified address'],
    ['http://0.0.0.0:8080/', 'the unspecified address over http (it reaches this host)'],
    ['https://[::]/', 'the IPv6 unspecified address'],
    ['https://[fd00::1]/', 'an IPv6 unique-local address'],
    ['https://[fe80::1]/', 'an IPv6 link-local address'],
    ['https://[::ffff:10.0.0.1]/', 'an IPv4-mapped private address'],
    ['https://[::ffff:169.254.169.254]/', 'an IPv4-mapped metadata address'],
    ['https://[64:ff9b::a9fe:a9fe]/', 'a NAT64 form of the metadata address'],
    ['https://[2002:a9fe:a9fe::]/', 'a 6to4 form of the metadata address'],
    ['https://224.0.0.1/', 'a multicast address'],
    ['https://255.255.255.255/', 'the broadcast address'],
    ['https://app.localhost/hook', 'a name under localhost'],
    ['https://user:pass@93.184.215.14/hook', 'credentials in the URL'],
    ['https://token@93.184.215.14/hook', 'a user name in the URL'],
    ['ftp://93.184.215.14/hook', 'a scheme other than https'],
    ['not a url', 'no URL at all'],
    [`https://93.184.215.14/${'a'.repeat(2100)}`, 'a URL longer than 2048 characters'],
  ];

  it.each(unsafe)('%s (%s)', async (url) => {
    const r = await create(acct.account_api_key, { url, events: ['message.received'] });
    expect(r.status, r.text).toBe(400);
    expect(typeof r.body.error).toBe('string');
    expect(r.body.next_steps).toBeInstanceOf(Array);
    expect((await list(acct.account_api_key)).webhooks.some((w) => w.url === url || w.url === new URL(url, 'https://x').toString())).toBe(false);
  });

  // Loopback is refused like any non-public address; the local stack alone makes an exception for
  // it (ARCHITECTURE: "except loopback in local mode"), which is how these tests reach their receiver.
  const loopback: [string, string][] = [
    ['https://127.0.0.1/hook', 'the IPv4 loopback'],
    ['https://127.8.9.10/hook', 'elsewhere in 127/8'],
    ['https://[::1]/', 'the IPv6 loopback'],
    ['https://[::ffff:127.0.0.1]/', 'the IPv4-mapped loopback'],
    ['https://2130706433/hook', 'the loopback written as one number'],
    ['https://0x7f.1/hook', 'the loopback written in hex'],
    ['https://localhost/hook', 'localhost'],
  ];

  it.each(loopback)(`%s (%s): accepted by the local stack`, async (url) => {
    const r = await create(acct.account_api_key, { url, events: ['message.received'] });
    expect(r.status, r.text).toBe(201);
  });

  it('allows http only to the loopback address in local mode (the receiver these tests use)', async () => {
    const r = await create(acct.account_api_key, { url: receiver.url, events: ['message.received'] });
    expect(r.status, r.text).toBe(201);
    expect(r.body.result.url.startsWith('http://127.0.0.1:')).toBe(true);
  });
});

describe('POST /v1/webhooks with an inbox key', () => {
  it('creates a webhook for that inbox only, even without inbox_id', async () => {
    const a = await newAccount();
    const w = await created(a.api_key, { url: receiver.url, events: ['message.received'] });
    expect(w.inbox_id).toBe(a.id);
    expect(w.secret).toMatch(SECRET);
    const same = await created(a.api_key, { url: receiver.url, events: ['message.received'], inbox_id: a.id });
    expect(same.inbox_id).toBe(a.id);
  });

  it("refuses another inbox's id: 401 INVALID_API_KEY", async () => {
    const a = await newAccount();
    const b = await addInbox(a.account_api_key);
    expectError(await create(a.api_key, { url: receiver.url, events: ['message.received'], inbox_id: b.id }), 401, 'INVALID_API_KEY');
    expect((await list(a.account_api_key)).total).toBe(0);
  });

  it("sees only its own inbox's webhooks; the account key sees them all", async () => {
    const a = await newAccount();
    const b = await addInbox(a.account_api_key);
    const wa = await created(a.api_key, { url: receiver.url, events: ['message.received'] });
    const wb = await created(b.api_key, { url: receiver.url, events: ['message.received'] });
    const wall = await created(a.account_api_key, { url: receiver.url, events: ['message.received'] });
    expect((await list(a.api_key)).webhooks.map((w) => w.id)).toEqual([wa.id]);
    expect((await list(b.api_key)).webhooks.map((w) => w.id)).toEqual([wb.id]);
    const all = await list(a.account_api_key);
    expect(all.total).toBe(3);
    expect(all.webhooks.map((w) => w.id).sort()).toEqual([wa.id, wb.id, wall.id].sort());
    // An inbox key cannot touch the account-wide webhook, nor another inbox's.
    expectError(await api('PATCH', `/v1/webhooks/${wall.id}`, { key: a.api_key, body: { events: ['inbox.created'] } }), 404, 'WEBHOOK_NOT_FOUND');
    expectError(await api('DELETE', `/v1/webhooks/${wb.id}`, { key: a.api_key }), 404, 'WEBHOOK_NOT_FOUND');
  });
});

describe('GET /v1/webhooks', () => {
  it('lists id, url, events, status and health with the total, never the secret', async () => {
    const a = await newAccount();
    const w1 = await created(a.account_api_key, { url: receiver.url, events: ['message.received'] });
    const w2 = await created(a.account_api_key, { url: receiver.url, events: ['inbox.created', 'inbox.deleted'], inbox_id: a.id });
    const l = await list(a.account_api_key);
    expect(l.total).toBe(2);
    expect(l.webhooks).toHaveLength(2);
    for (const [w, row] of [[w1, l.webhooks.find((x) => x.id === w1.id)], [w2, l.webhooks.find((x) => x.id === w2.id)]] as const) {
      expect(row).toMatchObject({ id: w.id, url: w.url, events: w.events, status: 'active', health: 'healthy', inbox_id: w.inbox_id });
      expect(row).not.toHaveProperty('secret');
    }
    expect(l.text).not.toContain(w1.secret);
    expect(l.text).not.toContain(w2.secret);
    expect(l.text).not.toContain('whsec_');
  });

  it('is empty for a new account', async () => {
    const a = await newAccount();
    const l = await list(a.account_api_key);
    expect(l).toMatchObject({ webhooks: [], total: 0 });
  });
});

describe('PATCH /v1/webhooks/{id}', () => {
  it('changes the url and the events; the result and the list show them, without the secret', async () => {
    const a = await newAccount();
    const other = await startReceiver('patched');
    try {
      const w = await created(a.account_api_key, { url: receiver.url, events: ['message.received'] });
      const r = await api('PATCH', `/v1/webhooks/${w.id}`, { key: a.account_api_key, body: { url: other.url, events: ['inbox.created', 'thread.created'] } });
      expect(r.status, r.text).toBe(200);
      expect(r.body.result).toMatchObject({ id: w.id, url: other.url, events: ['inbox.created', 'thread.created'], status: 'active', health: 'healthy' });
      expect(r.body.result).not.toHaveProperty('secret');
      expect(r.text).not.toContain(w.secret);
      const row = (await list(a.account_api_key)).webhooks.find((x) => x.id === w.id);
      expect(row).toMatchObject({ url: other.url, events: ['inbox.created', 'thread.created'] });

      const eventsOnly = await api('PATCH', `/v1/webhooks/${w.id}`, { key: a.account_api_key, body: { events: ['message.received'] } });
      expect(eventsOnly.status, eventsOnly.text).toBe(200);
      expect(eventsOnly.body.result).toMatchObject({ url: other.url, events: ['message.received'] });

      const urlOnly = await api('PATCH', `/v1/webhooks/${w.id}`, { key: a.account_api_key, body: { endpoint_url: receiver.url } });
      expect(urlOnly.status, urlOnly.text).toBe(200);
      expect(urlOnly.body.result).toMatchObject({ url: receiver.url, events: ['message.received'] });

      // The secret did not change: a test event still verifies with the one from creation.
      const seen = receiver.requests.length;
      const t = await api('POST', `/v1/webhooks/${w.id}/test`, { key: a.account_api_key });
      expect(t.body.result?.status, t.text).toBe('success');
      expect(receiver.requests).toHaveLength(seen + 1);
      const got = receiver.requests[seen]!;
      expect(verifySignature(got.raw, w.secret, got.headers[SIGNATURE_HEADER])).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('refuses an unsafe url or unknown events with 400 and leaves the webhook as it was', async () => {
    const a = await newAccount();
    const w = await created(a.account_api_key, { url: receiver.url, events: ['message.received'] });
    expect((await api('PATCH', `/v1/webhooks/${w.id}`, { key: a.account_api_key, body: { url: 'https://169.254.169.254/latest' } })).status).toBe(400);
    expect((await api('PATCH', `/v1/webhooks/${w.id}`, { key: a.account_api_key, body: { url: 'http://example.com/' } })).status).toBe(400);
    expect((await api('PATCH', `/v1/webhooks/${w.id}`, { key: a.account_api_key, body: { events: ['nope'] } })).status).toBe(400);
    expect((await api('PATCH', `/v1/webhooks/${w.id}`, { key: a.account_api_key, body: {} })).status).toBe(400);
    const row = (await list(a.account_api_key)).webhooks.find((x) => x.id === w.id);
    expect(row).toMatchObject({ url: receiver.url, events: ['message.received'] });
  });
});

describe('DELETE /v1/webhooks/{id}', () => {
  it('deletes it for good: gone from the list, then 404 WEBHOOK_NOT_FOUND everywhere', async () => {
    const a = await newAccount();
    const w = await created(a.account_api_key, { url: receiver.url, events: ['message.received'] });
    const keep = await created(a.account_api_key, { url: receiver.url, events: ['message.received'] });
    const d = await api('DELETE', `/v1/webhooks/${w.id}`, { key: a.account_api_key });
    expect(d.status, d.text).toBe(200);
    expect(d.body.result).toMatchObject({ id: w.id, deleted: true });
    const l = await list(a.account_api_key);
    expect(l.webhooks.map((x) => x.id)).toEqual([keep.id]);
    expect(l.total).toBe(1);
    expectError(await api('DELETE', `/v1/webhooks/${w.id}`, { key: a.account_api_key }), 404, 'WEBHOOK_NOT_FOUND');
    expectError(await api('PATCH', `/v1/webhooks/${w.id}`, { key: a.account_api_key, body: { events: ['inbox.created'] } }), 404, 'WEBHOOK_NOT_FOUND');
    expectError(await api('POST', `/v1/webhooks/${w.id}/test`, { key: a.account_api_key }), 404, 'WEBHOOK_NOT_FOUND');
    expectError(await api('GET', `/v1/webhooks/${w.id}/logs`, { key: a.account_api_key }), 404, 'WEBHOOK_NOT_FOUND');
    expectError(await api('POST', `/v1/webhooks/${w.id}/enable`, { key: a.account_api_key }), 404, 'WEBHOOK_NOT_FOUND');
    expectError(await api('POST', `/v1/webhooks/${w.id}/rotate-secret`, { key: a.account_api_key }), 404, 'WEBHOOK_NOT_FOUND');
  });

  it('answers 404 WEBHOOK_NOT_FOUND for ids that never existed or are malformed', async () => {
    expectError(await api('DELETE', `/v1/webhooks/wh_00000000-0000-7000-8000-000000000000`, { key: acct.account_api_key }), 404, 'WEBHOOK_NOT_FOUND');
    expectError(await api('DELETE', '/v1/webhooks/not-an-id', { key: acct.account_api_key }), 404, 'WEBHOOK_NOT_FOUND');
  });
});

describe("another account's webhook", () => {
  it('is invisible to other keys: not listed, and 404 WEBHOOK_NOT_FOUND for every operation; it stays intact', async () => {
    const owner = await newAccount();
    const stranger = await newAccount();
    const w = await created(owner.account_api_key, { url: receiver.url, events: ['message.received'] });
    const seenBefore = receiver.requests.length;
    expect((await list(stranger.account_api_key)).webhooks.map((x) => x.id)).not.toContain(w.id);
    for (const key of [stranger.account_api_key, stranger.api_key]) {
      expectError(await api('PATCH', `/v1/webhooks/${w.id}`, { key, body: { url: 'https://93.184.215.14/stolen' } }), 404, 'WEBHOOK_NOT_FOUND');
      expectError(await api('DELETE', `/v1/webhooks/${w.id}`, { key }), 404, 'WEBHOOK_NOT_FOUND');
      expectError(await api('POST', `/v1/webhooks/${w.id}/test`, { key }), 404, 'WEBHOOK_NOT_FOUND');
      expectError(await api('GET', `/v1/webhooks/${w.id}/logs`, { key }), 404, 'WEBHOOK_NOT_FOUND');
      expectError(await api('POST', `/v1/webhooks/${w.id}/enable`, { key }), 404, 'WEBHOOK_NOT_FOUND');
      expectError(await api('POST', `/v1/webhooks/${w.id}/rotate-secret`, { key }), 404, 'WEBHOOK_NOT_FOUND');
    }
    const row = (await list(owner.account_api_key)).webhooks.find((x) => x.id === w.id);
    expect(row).toMatchObject({ url: receiver.url, events: ['message.received'], status: 'active' });
    expect(receiver.requests.length).toBe(seenBefore); // no test event went out
    // And the owner's secret was not rotated: a test event verifies with it.
    const t = await api('POST', `/v1/webhooks/${w.id}/test`, { key: owner.account_api_key });
    expect(t.body.result?.status, t.text).toBe('success');
    expect(receiver.requests).toHaveLength(seenBefore + 1);
    const got = receiver.requests[seenBefore]!;
    expect(verifySignature(got.raw, w.secret, got.headers[SIGNATURE_HEADER])).toBe(true);
  });
});

describe('POST /v1/webhooks/{id}/test', () => {
  it('sends a signed sample message.received and reports status, response_code, response_body, latency_ms and tested_at', async () => {
    const a = await newAccount();
    const r1 = await startReceiver('tested');
    try {
      r1.setDefault({ status: 200, body: 'thanks from the receiver' });
      const w = await created(a.account_api_key, { url: r1.url, events: ['message.received'] });
      const before = Date.now();
      const t = await api('POST', `/v1/webhooks/${w.id}/test`, { key: a.account_api_key });
      expect(t.status, t.text).toBe(200);
      const res = t.body.result;
      expect(res.status).toBe('success');
      expect(res.response_code).toBe(200);
      expect(res.response_body).toBe('thanks from the receiver');
      expect(Number.isInteger(res.latency_ms) && res.latency_ms >= 0 && res.latency_ms < 5000).toBe(true);
      expect(res.tested_at).toMatch(ISO);
      expect(Date.parse(res.tested_at)).toBeGreaterThanOrEqual(before - 5_000);

      // The request was made before the answer came back: it is already here.
      expect(r1.requests).toHaveLength(1);
      const got = r1.requests[0]!;
      expect(got.method).toBe('POST');
      expect(String(got.headers['content-type'])).toMatch(/^application\/json/);
      expect(verifySignature(got.raw, w.secret, got.headers[SIGNATURE_HEADER])).toBe(true);
      const body = got.json;
      expect(body.event).toBe('message.received');
      expect(body.event_id).toMatch(EVENT_ID);
      expect(got.headers[EVENT_ID_HEADER]).toBe(body.event_id);
      const ts = Number(got.headers[TIMESTAMP_HEADER]);
      expect(Math.abs(ts - Date.now() / 1000)).toBeLessThan(60);
      // The Standard Webhooks headers too: a receiver using that spec's library accepts the sample.
      expect(got.headers[STANDARD_ID_HEADER]).toBe(body.event_id);
      expect(got.headers[STANDARD_TIMESTAMP_HEADER]).toBe(got.headers[TIMESTAMP_HEADER]);
      expect(verifyStandardSignature(got.raw, w.secret, got.headers)).toBe(true);
      expect(new Webhook(w.secret).verify(got.raw, plainHeaders(got.headers))).toEqual(body);
      expect(body.timestamp).toMatch(ISO);
      expect(body.account_id).toMatch(/^acc_/);
      expect(body.message).toMatchObject({ subject: expect.any(String), from: expect.any(String) });
      expect(body.message.id).toMatch(/^msg_/);
      for (const field of ['to', 'cc', 'bcc', 'body', 'plain_body', 'html_body', 'reply_body', 'attachments', 'links', 'cta_links', 'labels', 'read', 'headers', 'spam_score', 'received_at', 'created_at']) {
        expect(body.message, `sample message has ${field}`).toHaveProperty(field);
      }
    } finally {
      await r1.close();
    }
  });

  it('is limited to its inbox when the webhook is: the sample names that inbox', async () => {
    const a = await newAccount();
    const r1 = await startReceiver('tested-inbox');
    try {
      const w = await created(a.api_key, { url: r1.url, events: ['message.received'] });
      const t = await api('POST', `/v1/webhooks/${w.id}/test`, { key: a.api_key });
      expect(t.body.result?.status, t.text).toBe('success');
      const body = r1.requests[0]!.json;
      expect(body.inbox_id).toBe(a.id);
      expect(body.message.inbox_id).toBe(a.id);
    } finally {
      await r1.close();
    }
  });

  it('reports a failing endpoint: status failed with its response code and body', async () => {
    const a = await newAccount();
    const r1 = await startReceiver('test-fails');
    try {
      r1.setDefault({ status: 503, body: 'down for maintenance' });
      const w = await created(a.account_api_key, { url: r1.url, events: ['message.received'] });
      const t = await api('POST', `/v1/webhooks/${w.id}/test`, { key: a.account_api_key });
      expect(t.status, t.text).toBe(200);
      expect(t.body.result).toMatchObject({ status: 'failed', response_code: 503, response_body: 'down for maintenance' });
      expect(r1.requests).toHaveLength(1);
    } finally {
      await r1.close();
    }
  });

  it('gives up on an endpoint slower than 5 seconds: status failed', async () => {
    const a = await newAccount();
    const r1 = await startReceiver('test-slow');
    try {
      r1.setDefault({ status: 200, body: 'too late', delayMs: 7_000 });
      const w = await created(a.account_api_key, { url: r1.url, events: ['message.received'] });
      const started = Date.now();
      const t = await api('POST', `/v1/webhooks/${w.id}/test`, { key: a.account_api_key });
      const took = Date.now() - started;
      expect(t.status, t.text).toBe(200);
      expect(t.body.result.status).toBe('failed');
      expect(t.body.result.response_code).not.toBe(200);
      expect(t.body.result.latency_ms).toBeGreaterThanOrEqual(4_500);
      expect(took).toBeLessThan(6_900);
    } finally {
      await r1.close();
    }
  });

  it('does not follow redirects: a 3xx is a failed delivery and the redirect target gets nothing', async () => {
    const a = await newAccount();
    const elsewhere = await startReceiver('redirect-target');
    const r1 = await startReceiver('redirecting');
    try {
      r1.respondWith(() => ({ status: 307, body: '', location: elsewhere.url }));
      const w = await created(a.account_api_key, { url: r1.url, events: ['message.received'] });
      const t = await api('POST', `/v1/webhooks/${w.id}/test`, { key: a.account_api_key });
      expect(t.status, t.text).toBe(200);
      expect(t.body.result.status).toBe('failed');
      expect(t.body.result.response_code).toBe(307);
      expect(r1.requests).toHaveLength(1);
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await Promise.all([r1.close(), elsewhere.close()]);
    }
  });

  it('reads at most a bounded part of a huge answer: response_body is cut to 1,024 characters', async () => {
    const a = await newAccount();
    const r1 = await startReceiver('huge-answer');
    try {
      r1.setDefault({ status: 200, body: 'x'.repeat(4 * 1024 * 1024) });
      const w = await created(a.account_api_key, { url: r1.url, events: ['message.received'] });
      const t = await api('POST', `/v1/webhooks/${w.id}/test`, { key: a.account_api_key });
      expect(t.status, t.text.slice(0, 300)).toBe(200);
      expect(t.body.result.status).toBe('success');
      expect(t.body.result.response_body.length).toBeLessThanOrEqual(1024);
      expect(t.body.result.response_body).toMatch(/^x+$/);
    } finally {
      await r1.close();
    }
  });

  it('reports an endpoint nobody listens on: status failed', async () => {
    const a = await newAccount();
    const r1 = await startReceiver('test-closed');
    const url = r1.url;
    await r1.close();
    const w = await created(a.account_api_key, { url, events: ['message.received'] });
    const t = await api('POST', `/v1/webhooks/${w.id}/test`, { key: a.account_api_key });
    expect(t.status, t.text).toBe(200);
    expect(t.body.result.status).toBe('failed');
  });
});

describe('GET /v1/webhooks/{id}/logs', () => {
  it('shows each attempt (event_id, event_type, attempted_at, response_code, latency_ms, error, retry_count) with the total', async () => {
    const a = await newAccount();
    const r1 = await startReceiver('logged');
    try {
      const w = await created(a.account_api_key, { url: r1.url, events: ['message.received'] });
      const empty = await api('GET', `/v1/webhooks/${w.id}/logs`, { key: a.account_api_key });
      expect(empty.status, empty.text).toBe(200);
      expect(empty.body.result).toMatchObject({ logs: [], total: 0 });

      const ok = await api('POST', `/v1/webhooks/${w.id}/test`, { key: a.account_api_key });
      r1.setDefault({ status: 500, body: 'boom' });
      const failed = await api('POST', `/v1/webhooks/${w.id}/test`, { key: a.account_api_key });
      const okId = r1.requests[0]!.json.event_id;
      const failedId = r1.requests[1]!.json.event_id;
      expect(okId).not.toBe(failedId);
      expect(ok.body.result.status).toBe('success');
      expect(failed.body.result.status).toBe('failed');

      const r = await api('GET', `/v1/webhooks/${w.id}/logs`, { key: a.account_api_key });
      expect(r.status, r.text).toBe(200);
      const { logs, total } = r.body.result;
      expect(total).toBe(2);
      expect(logs).toHaveLength(2);
      const okLog = logs.find((l: any) => l.event_id === okId);
      const failedLog = logs.find((l: any) => l.event_id === failedId);
      expect(okLog).toMatchObject({ event_type: 'message.received', response_code: 200, error: null, retry_count: 0 });
      expect(failedLog).toMatchObject({ event_type: 'message.received', response_code: 500, retry_count: 0 });
      expect(typeof failedLog.error).toBe('string');
      expect(failedLog.error.length).toBeGreaterThan(0);
      for (const l of logs) {
        expect(l.attempted_at ?? l.delivered_at).toMatch(ISO);
        expect(Number.isInteger(l.latency_ms) && l.latency_ms >= 0).toBe(true);
      }
      // Newest first.
      expect(logs[0].event_id).toBe(failedId);

      const page = await api('GET', `/v1/webhooks/${w.id}/logs?limit=1&offset=1`, { key: a.account_api_key });
      expect(page.status, page.text).toBe(200);
      expect(page.body.result.logs.map((l: any) => l.event_id)).toEqual([okId]);
    } finally {
      await r1.close();
    }
  });

  it('total of GET …/logs counts every attempt, not only those up to offset+limit', async () => {
    const a = await newAccount();
    const w = await created(a.account_api_key, { url: receiver.url, events: ['message.received'] });
    for (let i = 0; i < 3; i++) expect((await api('POST', `/v1/webhooks/${w.id}/test`, { key: a.account_api_key })).status).toBe(200);
    const all = await api('GET', `/v1/webhooks/${w.id}/logs`, { key: a.account_api_key });
    expect(all.body.result.total, all.text).toBe(3);
    for (const [limit, offset] of [[1, 0], [2, 0], [1, 1], [5, 2]] as const) {
      const page = await api('GET', `/v1/webhooks/${w.id}/logs?limit=${limit}&offset=${offset}`, { key: a.account_api_key });
      expect(page.status, page.text).toBe(200);
      expect(page.body.result.logs).toHaveLength(Math.max(0, Math.min(limit, 3 - offset)));
      expect(page.body.result.total, `total with limit=${limit}&offset=${offset}`).toBe(3);
    }
  });

  it('is readable with the inbox key for a webhook of that inbox', async () => {
    const a = await newAccount();
    const w = await created(a.api_key, { url: receiver.url, events: ['message.received'] });
    const r = await api('GET', `/v1/webhooks/${w.id}/logs`, { key: a.api_key });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result.total).toBe(0);
  });
});
