/**
 * Webhook deliveries of real events, received by a real HTTP endpoint: signatures over the raw
 * body, the message.received payload of mail sent over SMTP, the other event types, the inbox
 * filter, retries, the unhealthy state and its recovery, secret rotation — and never a second
 * successful delivery of one event to one webhook. Retry delays are compressed to ~1 s by the
 * suite's global setup (WEBHOOK_RETRY_DELAYS=0,1,1,1,1).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { createTransport } from 'nodemailer';
import { Webhook } from 'standardwebhooks';
import type Mail from 'nodemailer/lib/mailer';
import { afterEach, describe, expect, it } from 'vitest';
import { addInbox, api, newAccount, target } from './client.ts';
import {
  EVENT_ID_HEADER, eventually, SIGNATURE_HEADER, STANDARD_ID_HEADER, STANDARD_SIGNATURE_HEADER, STANDARD_TIMESTAMP_HEADER, startReceiver,
  TIMESTAMP_HEADER, plainHeaders, verifySignature, verifyStandardSignature, type Received, type Receiver,
} from './receiver.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const EVENT_ID = new RegExp(`^evt_${UUID}$`);
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
/** Bounded waits: generous for the retry flows (5 attempts ~1 s apart), never a fixed sleep. */
const WAIT = 20_000;

const receivers: Receiver[] = [];
async function receiver(name: string) {
  const r = await startReceiver(name);
  receivers.push(r);
  return r;
}

afterEach(async () => {
  // Receivers deduplicate on event_id, but the service must not make them: one success per event.
  for (const r of receivers) {
    for (const [eventId, n] of r.deliveryCounts()) expect(n, `${eventId} was delivered ${n} times to ${r.url}`).toBe(1);
  }
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function webhook(key: string, body: Record<string, unknown>) {
  const r = await api('POST', '/v1/webhooks', { key, body });
  expect(r.status, r.text).toBe(201);
  return r.body.result as { id: string; url: string; events: string[]; inbox_id: string | null; secret: string };
}

async function accountId(accountKey: string): Promise<string> {
  const r = await api('GET', '/v1/account', { key: accountKey });
  expect(r.status, r.text).toBe(200);
  return r.body.result.account_id;
}

/** Real SMTP to the stack's receiving endpoint; the 250 comes after ingest (events are written then). */
async function sendMail(mail: Mail.Options & { envelopeTo?: string[] }) {
  const t = target();
  const transport = createTransport({ host: t.smtpHost, port: t.smtpPort, secure: false, ignoreTLS: true });
  try {
    const { envelopeTo, ...options } = mail;
    const info = await transport.sendMail({
      from: 'Alice Sender <alice@example.org>',
      ...options,
      ...(envelopeTo ? { envelope: { from: 'alice@example.org', to: envelopeTo } } : {}),
    });
    expect(info.rejected, JSON.stringify(info)).toEqual([]);
    return info;
  } finally {
    transport.close();
  }
}

/**
 * Every delivery is signed over its exact bytes with the webhook's secret, and carries its event id
 * and time; and it carries valid Standard Webhooks headers (id = event id, the same timestamp),
 * which both a receiver written from that spec and the standardwebhooks package accept.
 */
function expectSigned(r: Received, secret: string) {
  expect(r.method).toBe('POST');
  expect(verifySignature(r.raw, secret, r.headers[SIGNATURE_HEADER]), `signature of request ${r.n} verifies`).toBe(true);
  expect(r.json, 'the body is JSON').toBeTypeOf('object');
  expect(r.headers[EVENT_ID_HEADER]).toBe(r.json.event_id);
  const ts = Number(r.headers[TIMESTAMP_HEADER]);
  expect(Number.isInteger(ts), `timestamp header ${r.headers[TIMESTAMP_HEADER]}`).toBe(true);
  expect(Math.abs(ts - Date.now() / 1000)).toBeLessThan(120);
  expect(r.headers[STANDARD_ID_HEADER]).toBe(r.json.event_id);
  expect(r.headers[STANDARD_TIMESTAMP_HEADER]).toBe(r.headers[TIMESTAMP_HEADER]);
  expect(r.headers[STANDARD_SIGNATURE_HEADER]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  expect(verifyStandardSignature(r.raw, secret, r.headers), `standard signature of request ${r.n} verifies`).toBe(true);
  expect(new Webhook(secret).verify(r.raw, plainHeaders(r.headers))).toEqual(r.json);
}

const bySubject = (subject: string) => (q: Received) => q.json?.event === 'message.received' && q.json?.message?.subject === subject;
const delivered = (r: Receiver, match: (q: Received) => boolean, what: string, timeoutMs = WAIT) =>
  eventually(() => r.delivered().find(match), what, timeoutMs);

async function logsOf(key: string, webhookId: string) {
  const r = await api('GET', `/v1/webhooks/${webhookId}/logs?limit=100`, { key });
  expect(r.status, r.text).toBe(200);
  return r.body.result as { logs: any[]; total: number };
}

async function webhookRow(key: string, id: string) {
  const r = await api('GET', '/v1/webhooks', { key });
  expect(r.status, r.text).toBe(200);
  return r.body.result.webhooks.find((w: any) => w.id === id);
}

describe('the signature', () => {
  it('is HMAC-SHA256 of the raw body bytes with the secret, in X-Service-Signature; a changed body or another secret does not verify', async () => {
    const acct = await newAccount();
    const r = await receiver('signature');
    const w = await webhook(acct.account_api_key, { url: r.url, events: ['message.received'] });
    // Non-ASCII content: the signature covers bytes, not a re-serialised object.
    const subject = `Signature check ✓ ${randomBytes(4).toString('hex')}`;
    await sendMail({ to: acct.address, subject, text: 'Grüße — ünïcödé body 🎉\nline two' });
    const got = await delivered(r, bySubject(subject), 'the signed delivery');
    expectSigned(got, w.secret);
    expect(got.json.message.body_text).toContain('Grüße — ünïcödé body 🎉');
    const tampered = Buffer.from(got.raw);
    tampered[tampered.length - 2] = tampered[tampered.length - 2]! ^ 1;
    expect(verifySignature(tampered, w.secret, got.headers[SIGNATURE_HEADER])).toBe(false);
    expect(verifySignature(got.raw, `whsec_${randomBytes(24).toString('hex')}`, got.headers[SIGNATURE_HEADER])).toBe(false);
  });

  it('a captured delivery replayed with a fresh timestamp is refused by its Standard Webhooks signature, though it passes the README check', async () => {
    const acct = await newAccount();
    const r = await receiver('replay');
    const w = await webhook(acct.account_api_key, { url: r.url, events: ['message.received'] });
    const subject = `Replay check ${randomBytes(4).toString('hex')}`;
    await sendMail({ to: acct.address, subject, text: 'captured once, replayed later' });
    const got = await delivered(r, bySubject(subject), 'the delivery to capture');
    expectSigned(got, w.secret);
    // An attacker resends the captured bytes and headers, the timestamps moved an hour ahead
    // (as if captured an hour ago and replayed now).
    const fresh = String(Number(got.headers[TIMESTAMP_HEADER]) + 3600);
    const replayed: IncomingHttpHeaders = { ...got.headers, [TIMESTAMP_HEADER]: fresh, [STANDARD_TIMESTAMP_HEADER]: fresh };
    expect(verifySignature(got.raw, w.secret, replayed[SIGNATURE_HEADER])).toBe(true); // the body-only signature cannot tell
    expect(verifyStandardSignature(got.raw, w.secret, replayed, 7200)).toBe(false);
    expect(() => new Webhook(w.secret).verify(got.raw, plainHeaders(replayed))).toThrow();
  });
});

describe('message.received from real SMTP mail', () => {
  it('carries the full payload; the first message of a thread also yields thread.created, a reply does not', async () => {
    const acct = await newAccount();
    const accId = await accountId(acct.account_api_key);
    const r = await receiver('full-payload');
    const w = await webhook(acct.account_api_key, { url: r.url, events: ['message.received', 'thread.created'] });

    const subject = `Quarterly report ${randomBytes(4).toString('hex')}`;
    const binary = randomBytes(3000);
    const csv = Buffer.from('id,amount\n1,12.50\n2,7.25\n');
    const sentAt = Date.now();
    const info = await sendMail({
      to: acct.address,
      cc: 'Carol <carol@example.net>',
      envelopeTo: [acct.address],
      subject,
      text: 'Hello agent,\n\nThe report is attached. Docs: https://example.org/docs/report\n\nAlice',
      html: '<p>Hello agent,</p><p>The report is attached. Docs: <a href="https://example.org/docs/report">docs</a></p>'
        + '<p><a href="https://example.org/verify?token=abc123">Verify your email</a></p><p>Alice</p>',
      attachments: [
        { filename: 'payload.bin', content: binary, contentType: 'application/octet-stream' },
        { filename: 'amounts.csv', content: csv, contentType: 'text/csv' },
      ],
    });

    const msgReq = await delivered(r, bySubject(subject), 'message.received');
    const thrReq = await delivered(r, (q) => q.json?.event === 'thread.created', 'thread.created');
    for (const q of [msgReq, thrReq]) expectSigned(q, w.secret);

    const e = msgReq.json;
    expect(e.event).toBe('message.received');
    expect(e.event_id).toMatch(EVENT_ID);
    expect(e.timestamp).toMatch(ISO);
    expect(e.account_id).toBe(accId);
    expect(e.inbox_id).toBe(acct.id);

    const m = e.message;
    expect(m.id).toMatch(/^msg_/);
    expect(m.inbox_id).toBe(acct.id);
    expect(m.thread_id).toMatch(/^thr_/);
    expect(m.from).toContain('alice@example.org');
    expect(m.to).toEqual([acct.address]);
    expect(m.cc).toEqual([expect.stringContaining('carol@example.net')]);
    expect(m.bcc).toEqual([]);
    expect(m.subject).toBe(subject);
    expect(m.body).toContain('The report is attached.');
    expect(m.plain_body).toBe(m.body);
    expect(m.body_text).toBe(m.body);
    expect(m.html_body).toContain('Verify your email');
    expect(typeof m.reply_body).toBe('string');
    expect(m.reply_body).toContain('The report is attached.');
    expect(m.links).toEqual(expect.arrayContaining(['https://example.org/docs/report']));
    expect(Array.isArray(m.cta_links)).toBe(true);
    expect(JSON.stringify(m.cta_links)).toContain('https://example.org/verify?token=abc123');
    expect(m.labels).toEqual([]);
    expect(m.read).toBe(false);
    expect(m.headers).toBeTypeOf('object');
    expect(String(m.headers['message-id'])).toContain(info.messageId.replace(/^<|>$/g, ''));
    expect(typeof m.spam_score).toBe('number');
    expect(m.spam_score).toBeGreaterThanOrEqual(0);
    expect(m.spam_score).toBeLessThanOrEqual(10);
    expect(m.received_at).toMatch(ISO);
    expect(m.created_at).toMatch(ISO);
    expect(Date.parse(m.received_at)).toBeGreaterThanOrEqual(sentAt - 60_000);

    expect(m.attachments).toHaveLength(2);
    for (const [filename, contentType, bytes] of [['payload.bin', 'application/octet-stream', binary], ['amounts.csv', 'text/csv', csv]] as const) {
      const a = m.attachments.find((x: any) => x.filename === filename);
      expect(a, filename).toBeDefined();
      expect(a.id).toMatch(/^att_/);
      expect(a.content_type).toContain(contentType);
      expect(a.size).toBe(bytes.length);
      // The url needs no key and serves the exact bytes.
      const res = await fetch(a.url);
      expect(res.status, `GET ${a.url}`).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }

    // The payload agrees with the API's view of the same message.
    const read = await api('GET', `/v1/inboxes/${acct.id}/messages/${m.id}`, { key: acct.api_key });
    expect(read.status, read.text).toBe(200);
    const viaApi = read.body.result.message ?? read.body.result;
    expect(viaApi).toMatchObject({ id: m.id, thread_id: m.thread_id, subject, inbox_id: acct.id });

    const t = thrReq.json;
    expect(t).toMatchObject({ event: 'thread.created', account_id: accId, inbox_id: acct.id });
    expect(t.event_id).toMatch(EVENT_ID);
    expect(t.event_id).not.toBe(e.event_id);
    expect(t.timestamp).toMatch(ISO);
    expect(t.thread).toMatchObject({ id: m.thread_id, inbox_id: acct.id, subject });

    // A reply joins the thread: message.received again, but no second thread.created.
    const replySubject = `Re: ${subject}`;
    await sendMail({ to: acct.address, subject: replySubject, text: 'One more thing.\n\n> The report is attached.', inReplyTo: info.messageId, references: [info.messageId] });
    const reply = await delivered(r, bySubject(replySubject), 'message.received of the reply');
    expectSigned(reply, w.secret);
    expect(reply.json.message.thread_id).toBe(m.thread_id);
    expect(reply.json.event_id).not.toBe(e.event_id);
    // Both events of the reply would have been enqueued together: by now a thread.created would be here.
    const logs = await eventually(async () => {
      const l = await logsOf(acct.account_api_key, w.id);
      return l.logs.some((x) => x.event_id === reply.json.event_id) ? l : undefined;
    }, 'the log of the reply delivery');
    expect(logs.logs.filter((x) => x.event_type === 'thread.created')).toHaveLength(1);
    expect(r.ofType('thread.created')).toHaveLength(1);
  });
});

describe('a large message', () => {
  // ~75 KB of text: the event carries it four times (body_text, body, plain_body, reply_body), so its
  // payload is past the 200 KB kept inline and past what an SQS message holds, while the message
  // itself still fits in its table item.
  it('is delivered whole (a payload over 256 KB travels by reference), signed over all its bytes', async () => {
    const acct = await newAccount();
    const r = await receiver('large');
    const w = await webhook(acct.account_api_key, { url: r.url, events: ['message.received'] });
    const subject = `Large body ${randomBytes(4).toString('hex')}`;
    const line = 'All work and no play makes Jack a dull boy. 0123456789 abcdefghijklmnopqrstuvwxyz\n';
    const text = `START\n${line.repeat(Math.ceil(75_000 / line.length))}END`;
    await sendMail({ to: acct.address, subject, text });
    const got = await delivered(r, bySubject(subject), 'the large message.received');
    expectSigned(got, w.secret);
    expect(got.raw.length).toBeGreaterThan(256 * 1024);
    const body = got.json.message.body_text as string;
    expect(body.startsWith('START')).toBe(true);
    expect(body.trimEnd().endsWith('END')).toBe(true);
    expect(body.length).toBeGreaterThanOrEqual(text.length - 10);
  });
});

describe('inbox and account events', () => {
  it('inbox.created when an inbox is created, inbox.deleted when it is deleted', async () => {
    const acct = await newAccount();
    const accId = await accountId(acct.account_api_key);
    const r = await receiver('inbox-events');
    const w = await webhook(acct.account_api_key, { url: r.url, events: ['inbox.created', 'inbox.deleted'] });

    const second = await addInbox(acct.account_api_key);
    const createdReq = await delivered(r, (q) => q.json?.event === 'inbox.created', 'inbox.created');
    expectSigned(createdReq, w.secret);
    expect(createdReq.json).toMatchObject({ event: 'inbox.created', account_id: accId, inbox_id: second.id });
    expect(createdReq.json.event_id).toMatch(EVENT_ID);
    expect(createdReq.json.timestamp).toMatch(ISO);
    expect(JSON.stringify(createdReq.json)).toContain(second.address);

    const del = await api('DELETE', `/v1/inboxes/${second.id}`, { key: acct.account_api_key });
    expect(del.status, del.text).toBe(200);
    const deletedReq = await delivered(r, (q) => q.json?.event === 'inbox.deleted', 'inbox.deleted');
    expectSigned(deletedReq, w.secret);
    expect(deletedReq.json).toMatchObject({ event: 'inbox.deleted', account_id: accId, inbox_id: second.id });
    expect(deletedReq.json.event_id).toMatch(EVENT_ID);
    expect(r.delivered()).toHaveLength(2);
  });

  it('account.upgraded, with upgrade.new_limits, after POST /v1/account/upgrade with pm_card_visa', async () => {
    const acct = await newAccount();
    const accId = await accountId(acct.account_api_key);
    const r = await receiver('upgraded');
    const w = await webhook(acct.account_api_key, { url: r.url, events: ['account.upgraded'] });
    const up = await api('POST', '/v1/account/upgrade', { key: acct.account_api_key, body: { tier: 'developer', payment_method: 'pm_card_visa' } });
    expect(up.status, up.text).toBe(200);

    const got = await delivered(r, (q) => q.json?.event === 'account.upgraded', 'account.upgraded');
    expectSigned(got, w.secret);
    const e = got.json;
    expect(e).toMatchObject({ event: 'account.upgraded', account_id: accId });
    expect(e.event_id).toMatch(EVENT_ID);
    expect(e.timestamp).toMatch(ISO);
    expect(e.upgrade).toMatchObject({ from_tier: 'free', to_tier: 'developer', subscription_id: up.body.result.subscription_id });
    expect(e.upgrade.upgraded_at).toMatch(ISO);
    expect(e.upgrade.new_limits).toMatchObject({ max_inboxes: -1, max_sends_per_day: 1000, webhooks_enabled: true, custom_domains_enabled: true });
    expect(e.upgrade.new_limits).toHaveProperty('max_custom_domains');
    expect(r.delivered()).toHaveLength(1);
  });
});

describe('the inbox filter', () => {
  it('a webhook with inbox_id A gets nothing for mail to inbox B of the same account', async () => {
    const a = await newAccount();
    const b = await addInbox(a.account_api_key);
    const onlyA = await receiver('only-a');
    const all = await receiver('all-inboxes');
    const wA = await webhook(a.account_api_key, { url: onlyA.url, events: ['message.received'], inbox_id: a.id });
    const wAll = await webhook(a.account_api_key, { url: all.url, events: ['message.received'] });

    const tag = randomBytes(4).toString('hex');
    await sendMail({ to: b.address, subject: `to B ${tag}`, text: 'for inbox B' });
    await sendMail({ to: a.address, subject: `to A ${tag}`, text: 'for inbox A' });

    // The unfiltered webhook got both: both dispatches are done (one queue batch per event).
    const toB = await delivered(all, bySubject(`to B ${tag}`), 'mail to B at the unfiltered webhook');
    await delivered(all, bySubject(`to A ${tag}`), 'mail to A at the unfiltered webhook');
    const toA = await delivered(onlyA, bySubject(`to A ${tag}`), 'mail to A at the inbox-A webhook');
    expectSigned(toA, wA.secret);
    expectSigned(toB, wAll.secret);
    expect(toA.json.inbox_id).toBe(a.id);
    expect(toB.json.inbox_id).toBe(b.id);

    expect(onlyA.requests.filter(bySubject(`to B ${tag}`))).toEqual([]);
    expect(onlyA.requests.every((q) => q.json?.inbox_id === a.id)).toBe(true);
    const logs = await logsOf(a.account_api_key, wA.id);
    expect(logs.logs.map((l) => l.event_id)).not.toContain(toB.json.event_id);
  });
});

describe('retries', () => {
  it('fail, fail, then 200: delivered on attempt 3; logs show retry_count 0 and 1 failed, 2 succeeded', async () => {
    const acct = await newAccount();
    const r = await receiver('fail-twice');
    r.respondWith((q) => (r.forEvent(q.json?.event_id).length < 2 ? { status: 500, body: 'not yet' } : undefined));
    const w = await webhook(acct.account_api_key, { url: r.url, events: ['message.received'] });
    const subject = `Retry me ${randomBytes(4).toString('hex')}`;
    await sendMail({ to: acct.address, subject, text: 'retries' });

    const ok = await delivered(r, bySubject(subject), 'the third attempt');
    const attempts = r.forEvent(ok.json.event_id);
    expect(attempts.map((q) => q.reply.status)).toEqual([500, 500, 200]);
    for (const q of attempts) expectSigned(q, w.secret);
    // Every attempt carries the same event, byte for byte.
    expect(attempts.every((q) => q.raw.equals(attempts[0]!.raw))).toBe(true);
    // Spaced by the (compressed) retry schedule, not hammered.
    expect(attempts[1]!.receivedAt - attempts[0]!.receivedAt).toBeGreaterThanOrEqual(500);
    expect(attempts[2]!.receivedAt - attempts[1]!.receivedAt).toBeGreaterThanOrEqual(500);

    const logs = await eventually(async () => {
      const l = await logsOf(acct.account_api_key, w.id);
      return l.logs.filter((x) => x.event_id === ok.json.event_id).length >= 3 ? l : undefined;
    }, 'three log entries');
    const mine = logs.logs.filter((x) => x.event_id === ok.json.event_id).sort((x, y) => x.retry_count - y.retry_count);
    expect(mine.map((x) => [x.retry_count, x.response_code])).toEqual([[0, 500], [1, 500], [2, 200]]);
    expect(mine[0].error).toBeTruthy();
    expect(mine[1].error).toBeTruthy();
    expect(mine[2].error).toBeNull();
    for (const x of mine) expect(x.event_type).toBe('message.received');
    expect(logs.total).toBe(3);
    // A success resets the failures: the webhook is healthy.
    expect(await webhookRow(acct.account_api_key, w.id)).toMatchObject({ status: 'active', health: 'healthy' });
  });

  it('an endpoint slower than 5 seconds counts as a failure: the event is retried and delivered once', async () => {
    const acct = await newAccount();
    const r = await receiver('slow-then-fast');
    r.respondWith((q) => (r.forEvent(q.json?.event_id).length === 0 ? { status: 200, body: 'too late', delayMs: 7_000 } : undefined));
    const w = await webhook(acct.account_api_key, { url: r.url, events: ['message.received'] });
    const subject = `Slow endpoint ${randomBytes(4).toString('hex')}`;
    await sendMail({ to: acct.address, subject, text: 'slow' });

    const ok = await delivered(r, (q) => bySubject(subject)(q) && q.n > 1, 'the retry after the timeout', 30_000);
    const attempts = r.forEvent(ok.json.event_id);
    expect(attempts).toHaveLength(2);
    expect(attempts[0]!.answered).toBe(false); // the sender hung up before the late 200
    expect(attempts[1]!.receivedAt - attempts[0]!.receivedAt).toBeGreaterThanOrEqual(4_500);
    const logs = await eventually(async () => {
      const l = await logsOf(acct.account_api_key, w.id);
      return l.logs.filter((x) => x.event_id === ok.json.event_id).length >= 2 ? l : undefined;
    }, 'two log entries');
    const mine = logs.logs.filter((x) => x.event_id === ok.json.event_id).sort((x, y) => x.retry_count - y.retry_count);
    expect(mine.map((x) => x.retry_count)).toEqual([0, 1]);
    expect(mine[0].response_code).not.toBe(200);
    expect(mine[0].error).toBeTruthy();
    expect(mine[0].latency_ms).toBeGreaterThanOrEqual(4_500);
    expect(mine[1]).toMatchObject({ response_code: 200, error: null });
  });

  it('POST …/enable on an active webhook keeps the retry it has pending: the event is still delivered', async () => {
    const acct = await newAccount();
    const r = await receiver('enable-while-retrying');
    r.respondWith((q) => (r.forEvent(q.json?.event_id).length === 0 ? { status: 500, body: 'hiccup' } : undefined));
    const w = await webhook(acct.account_api_key, { url: r.url, events: ['message.received'] });
    const subject = `Enable while retrying ${randomBytes(4).toString('hex')}`;
    await sendMail({ to: acct.address, subject, text: 'one hiccup' });
    await eventually(() => r.requests.find((q) => bySubject(subject)(q) && q.answered), 'the first, failed attempt');

    // One failure does not make it unhealthy: it is active, and enabling it changes nothing…
    expect(await webhookRow(acct.account_api_key, w.id)).toMatchObject({ status: 'active', health: 'healthy' });
    const en = await api('POST', `/v1/webhooks/${w.id}/enable`, { key: acct.account_api_key });
    expect(en.status, en.text).toBe(200);
    expect(en.body.result).toMatchObject({ status: 'active', health: 'healthy' });
    // …so the retry still delivers the event (spec: only an unhealthy webhook drops failed events).
    const ok = await delivered(r, bySubject(subject), 'the retry after enable');
    expect(r.forEvent(ok.json.event_id).map((q) => q.reply.status)).toEqual([500, 200]);
  });

  it('five failures make the webhook unhealthy: deliveries stop, webhook.unhealthy goes out; enable brings it back', async () => {
    const acct = await newAccount();
    const accId = await accountId(acct.account_api_key);
    const failing = await receiver('always-fails');
    failing.setDefault({ status: 500, body: 'broken' });
    const watcher = await receiver('watcher');
    const bad = await webhook(acct.account_api_key, { url: failing.url, events: ['message.received'] });
    const watch = await webhook(acct.account_api_key, { url: watcher.url, events: ['webhook.unhealthy', 'message.received'] });
    const tag = randomBytes(4).toString('hex');

    await sendMail({ to: acct.address, subject: `first ${tag}`, text: 'one' });
    const alarm = await delivered(watcher, (q) => q.json?.event === 'webhook.unhealthy', 'webhook.unhealthy', 30_000);
    expectSigned(alarm, watch.secret);
    const e = alarm.json;
    expect(e.event_id).toMatch(EVENT_ID);
    expect(e.account_id).toBe(accId);
    expect(e.webhook_id).toBe(bad.id);
    expect(e.webhook).toMatchObject({ id: bad.id, url: failing.url, events: ['message.received'], status: 'unhealthy', failure_count: 5 });
    expect(typeof e.webhook.last_error).toBe('string');
    expect(e.webhook.last_failure_at).toMatch(ISO);
    expect(e.webhook).toHaveProperty('last_success_at');

    // Exactly five attempts of that one event, then nothing: the failed event is dropped.
    expect(failing.requests).toHaveLength(5);
    const firstEventId = failing.requests[0]!.json.event_id;
    expect(failing.requests.every((q) => q.json.event_id === firstEventId)).toBe(true);
    for (const q of failing.requests) expectSigned(q, bad.secret);
    expect(await webhookRow(acct.account_api_key, bad.id)).toMatchObject({ status: 'unhealthy', health: 'unhealthy' });
    expect(await webhookRow(acct.account_api_key, watch.id)).toMatchObject({ status: 'active', health: 'healthy' });
    const logs = await eventually(async () => {
      const l = await logsOf(acct.account_api_key, bad.id);
      return l.total >= 5 ? l : undefined;
    }, 'five failure logs');
    expect(logs.logs.map((x) => x.retry_count).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(logs.logs.every((x) => x.event_id === firstEventId && x.response_code === 500 && x.error)).toBe(true);

    // While unhealthy, a new event is not delivered to it (the watcher gets it: dispatch is done).
    await sendMail({ to: acct.address, subject: `second ${tag}`, text: 'two' });
    await delivered(watcher, bySubject(`second ${tag}`), 'second mail at the watcher');
    await delivered(watcher, bySubject(`first ${tag}`), 'first mail at the watcher');
    expect(failing.requests).toHaveLength(5);

    // Enable: active and healthy again, and new events arrive.
    failing.setDefault({ status: 200, body: 'fixed' });
    const en = await api('POST', `/v1/webhooks/${bad.id}/enable`, { key: acct.account_api_key });
    expect(en.status, en.text).toBe(200);
    expect(en.body.result).toMatchObject({ id: bad.id, status: 'active', health: 'healthy' });
    expect(en.body.result.re_enabled_at).toMatch(ISO);
    expect(en.text).not.toContain(bad.secret);
    expect((await api('GET', `/v1/webhooks/${bad.id}/logs`, { key: acct.account_api_key })).text).not.toContain(bad.secret);
    expect(await webhookRow(acct.account_api_key, bad.id)).toMatchObject({ status: 'active', health: 'healthy' });

    await sendMail({ to: acct.address, subject: `third ${tag}`, text: 'three' });
    const third = await delivered(failing, bySubject(`third ${tag}`), 'third mail after enable');
    expectSigned(third, bad.secret);
    // Nothing dropped is replayed: the first event still has its five failed attempts only, the second none.
    expect(failing.forEvent(firstEventId)).toHaveLength(5);
    expect(failing.requests.filter(bySubject(`second ${tag}`))).toEqual([]);
    expect(watcher.ofType('webhook.unhealthy')).toHaveLength(1);
  });
});

describe('POST /v1/webhooks/{id}/rotate-secret', () => {
  it('returns a new secret; later deliveries verify with it and not with the old one', async () => {
    const acct = await newAccount();
    const r = await receiver('rotated');
    const w = await webhook(acct.account_api_key, { url: r.url, events: ['message.received'] });

    const rot = await api('POST', `/v1/webhooks/${w.id}/rotate-secret`, { key: acct.account_api_key });
    expect(rot.status, rot.text).toBe(200);
    const secret = rot.body.result.secret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(w.secret);
    expect(rot.body.result).toMatchObject({ id: w.id, url: r.url, status: 'active' });
    const listed = await api('GET', '/v1/webhooks', { key: acct.account_api_key });
    expect(listed.text).not.toContain(secret);

    const subject = `After rotation ${randomBytes(4).toString('hex')}`;
    await sendMail({ to: acct.address, subject, text: 'signed with the new secret' });
    const got = await delivered(r, bySubject(subject), 'the delivery after rotation');
    expectSigned(got, secret);
    expect(verifySignature(got.raw, w.secret, got.headers[SIGNATURE_HEADER])).toBe(false);

    const t = await api('POST', `/v1/webhooks/${w.id}/test`, { key: acct.account_api_key });
    expect(t.body.result?.status, t.text).toBe('success');
    const sample = r.requests.at(-1)!;
    expect(verifySignature(sample.raw, secret, sample.headers[SIGNATURE_HEADER])).toBe(true);
    expect(verifySignature(sample.raw, w.secret, sample.headers[SIGNATURE_HEADER])).toBe(false);
    expect(verifyStandardSignature(sample.raw, secret, sample.headers)).toBe(true);
    expect(verifyStandardSignature(sample.raw, w.secret, sample.headers)).toBe(false);
  });
});

describe('an inbox-key webhook', () => {
  it('receives its inbox mail and nothing from the other inboxes of the account', async () => {
    const a = await newAccount();
    const b = await addInbox(a.account_api_key);
    const r = await receiver('inbox-key');
    const all = await receiver('inbox-key-barrier');
    const w = await webhook(b.api_key, { url: r.url, events: ['message.received', 'thread.created'] });
    await webhook(a.account_api_key, { url: all.url, events: ['message.received'] });
    const tag = randomBytes(4).toString('hex');
    await sendMail({ to: a.address, subject: `A ${tag}`, text: 'a' });
    await sendMail({ to: b.address, subject: `B ${tag}`, text: 'b' });
    await delivered(all, bySubject(`A ${tag}`), 'A at the barrier');
    const got = await delivered(r, bySubject(`B ${tag}`), 'B at the inbox-key webhook');
    await delivered(r, (q) => q.json?.event === 'thread.created', 'thread.created of B');
    expectSigned(got, w.secret);
    expect(r.requests.every((q) => q.json.inbox_id === b.id)).toBe(true);
  });
});
