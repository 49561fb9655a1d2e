/**
 * The SDK against the local stack (real HTTP, real SMTP, real webhook deliveries): what a
 * developer does with it in the first ten minutes, and the errors they meet.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { target, uniqueUsername } from '../../../test/e2e/client.ts';
import { closeMail, letterTag, sendMail } from '../../../test/e2e/mail.ts';
import { eventually, startReceiver, type Receiver } from '../../../test/e2e/receiver.ts';
import { Mailroom, MailroomError, verifyWebhook, WaitTimeoutError, WebhookVerificationError, type Message } from '../../src/index.ts';

const receivers: Receiver[] = [];
afterAll(async () => {
  closeMail();
  await Promise.all(receivers.map((r) => r.close()));
});

/** A keyless client creates the account; a second client works with its account key. */
async function newAccount() {
  const anonymous = new Mailroom({ apiUrl: target().apiUrl });
  const created = await anonymous.inboxes.create({ username: uniqueUsername('sdk') });
  return { created, client: new Mailroom({ apiUrl: target().apiUrl, apiKey: created.account_api_key! }) };
}

describe('inboxes and messages', () => {
  it('creates an account with no key, then reads a real SMTP mail with its code through typed results', async () => {
    const { created, client } = await newAccount();
    expect(created.api_key).toMatch(/^mr_free_/);
    expect(created.account_api_key).toMatch(/^mr_free_/);
    expect(created.address).toMatch(new RegExp(`@${target().mailDomain}$`));

    const subject = `SDK code ${letterTag()}`;
    await sendMail({ to: created.address, subject, text: 'Your verification code is 482913. It expires in 10 minutes.' });
    const page = await client.messages.list(created.id, { limit: 10 });
    const listed: Message | undefined = page.messages.find((m) => m.subject === subject);
    expect(listed, 'the mail is listed').toBeDefined();
    const message = await client.messages.get(created.id, listed!.id);
    expect(message.verification_codes[0]?.code).toBe('482913');

    // Reading the inbox record takes its own key.
    const inbox = await new Mailroom({ apiUrl: target().apiUrl, apiKey: created.api_key! }).inboxes.get(created.id);
    expect(inbox).toMatchObject({ id: created.id, message_count: 1, status: 'active' });
  });

  it('an idempotent create: the SDK\'s client_id helper makes a repeat return the same inbox', async () => {
    const { client } = await newAccount();
    const username = uniqueUsername('idem');
    const first = await client.inboxes.create({ username, client_id: `job-42-${username}` });
    const again = await client.inboxes.create({ username, client_id: `job-42-${username}` });
    expect(again.id).toBe(first.id);
    expect(again.api_key).toBeNull();
  });

  it('iterates every message across pages (page size 2, five mails), each once, newest first', async () => {
    const { created, client } = await newAccount();
    const tag = letterTag();
    for (let i = 0; i < 5; i++) await sendMail({ to: created.address, subject: `page ${tag} ${i}`, text: `mail ${i}` });
    const subjects: string[] = [];
    for await (const m of client.messages.iterate(created.id, {}, { pageSize: 2 })) subjects.push(m.subject);
    expect(subjects).toEqual([4, 3, 2, 1, 0].map((i) => `page ${tag} ${i}`));

    const firstTwo: string[] = [];
    for await (const m of client.messages.iterate(created.id, { sort: 'asc' }, { pageSize: 2, max: 2 })) firstTwo.push(m.subject);
    expect(firstTwo).toEqual([`page ${tag} 0`, `page ${tag} 1`]);
  });

  it('iterates the inboxes of an account across pages', async () => {
    const { created, client } = await newAccount();
    await client.inboxes.create({ username: uniqueUsername('second') });
    await client.inboxes.create({ username: uniqueUsername('third') });
    const ids: string[] = [];
    for await (const i of client.inboxes.iterate({}, { pageSize: 1 })) ids.push(i.id);
    expect(ids).toHaveLength(3);
    expect(ids).toContain(created.id);
  });
});

describe('waitForMessage', () => {
  /** A client whose wait calls are counted (a fetch wrapper: the requests stay real). */
  function countingClient(apiKey: string) {
    const waits: string[] = [];
    const client = new Mailroom({
      apiUrl: target().apiUrl, apiKey,
      fetch: (req) => { if (req.url.includes('/messages/wait')) waits.push(req.url); return fetch(req); },
    });
    return { client, waits };
  }

  it('test mode: messages.simulate plants a code that waitForMessage returns; a bin records the webhook delivery', async () => {
    const { created, client } = await newAccount();
    const bin = await client.bins.create();
    const hook = await client.webhooks.create({ url: bin.url, events: ['message.received'] });
    const waiting = client.waitForMessage(created.id, { has: 'code', timeout: 20 });
    await new Promise((r) => setTimeout(r, 800));
    const sim = await client.messages.simulate(created.id, { scenario: 'verification_code', code: '775104' });
    expect(sim).toMatchObject({ status: 'delivered', planted: { code: '775104' } });
    const got = await waiting;
    expect([got.message.id, got.verification_code]).toEqual([sim.message_id, '775104']);
    const [delivery] = await eventually(async () => {
      const r = await client.bins.requests(bin.id);
      return r.requests.length ? r.requests : undefined;
    }, 'the delivery in the bin');
    // The bin kept the body as sent: the SDK's verifier accepts it with the webhook's secret.
    expect(verifyWebhook(delivery!.body, delivery!.headers, hook.secret!)).toMatchObject({ event: 'message.received' });
    expect(delivery!.body).toContain(sim.message_id!);
  });

  it('a wait pending when the mail arrives returns it with exactly its code', async () => {
    const { created } = await newAccount();
    const { client } = countingClient(created.api_key!);
    const subject = `Verify ${letterTag()}`;
    const waiting = client.waitForMessage(created.id, { has: 'code', timeout: 30 });
    await new Promise((r) => setTimeout(r, 1500));
    await sendMail({ to: created.address, subject, text: 'Hello!\n\nYour verification code is 604218.\n\nThanks' });
    const got = await waiting;
    expect(got.verification_code).toBe('604218');
    expect(got.message.subject).toBe(subject);
    expect(got.timed_out).toBe(false);
  });

  it('goes on across wait calls up to its total time: short calls time out, a later mail is still caught', async () => {
    const { created } = await newAccount();
    const { client, waits } = countingClient(created.api_key!);
    const subject = `Late ${letterTag()}`;
    const waiting = client.waitForMessage(created.id, { has: 'link', subject: 'Late', timeout: 40, callTimeout: 1 });
    await new Promise((r) => setTimeout(r, 3500));
    await sendMail({ to: created.address, subject, html: '<p>Welcome.</p><p><a href="https://example.org/confirm?t=abc123">Confirm your email</a></p>' });
    const got = await waiting;
    expect(got.cta?.url).toBe('https://example.org/confirm?t=abc123');
    expect(waits.length, waits.join('\n')).toBeGreaterThanOrEqual(3);
    // Every call after the first continues from where the previous one stopped.
    for (const url of waits.slice(1)) expect(new URL(url).searchParams.has('after') || new URL(url).searchParams.has('since'), url).toBe(true);
  });

  it('a mail that does not match the filter is not returned; the time running out throws WaitTimeoutError', async () => {
    const { created } = await newAccount();
    const { client, waits } = countingClient(created.api_key!);
    await sendMail({ to: created.address, subject: 'No code here', text: 'Just saying hello.' });
    const started = Date.now();
    const err = await client.waitForMessage(created.id, { has: 'code', timeout: 3, callTimeout: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WaitTimeoutError);
    expect(err).toMatchObject({ code: 'WAIT_TIMEOUT', status: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(waits.length).toBeGreaterThanOrEqual(2);
  });
});

describe('claims', () => {
  it('messages.claim() acks each message when the loop body ends and releases the one whose body throws; a stale claim is a MailroomError 409', async () => {
    const { created, client } = await newAccount();
    for (const code of ['100001', '100002', '100003']) await client.messages.simulate(created.id, { scenario: 'verification_code', code });
    const handled: string[] = [];
    let failedOnce = false;
    const loop = async () => {
      for await (const c of client.messages.claim(created.id, { lease: 30, timeout: 1 })) {
        if (!failedOnce && c.delivery_count === 1 && handled.length === 1) { failedOnce = true; throw new Error('handler failed'); }
        handled.push(c.message.id);
        if (handled.length === 3) break;
      }
    };
    await expect(loop()).rejects.toThrow('handler failed');
    // The message whose handler threw went back at once: the next loop gets it (delivery 2) and the rest.
    const again: { id: string; delivery: number }[] = [];
    for await (const c of client.messages.claim(created.id, { lease: 30, timeout: 1 })) {
      again.push({ id: c.message.id, delivery: c.delivery_count });
      if (handled.length + again.length === 3) { await c.ack(); break; }
    }
    expect(new Set([...handled, ...again.map((a) => a.id)]).size).toBe(3);
    expect(again.some((a) => a.delivery === 2)).toBe(true);
    // Everything acked: nothing left to claim.
    expect((await client.messages.claimOnce(created.id, { limit: 10 })).claims).toEqual([]);
    // An ack with a claim that no longer holds the message.
    const sim = await client.messages.simulate(created.id, { scenario: 'verification_code', code: '100004' });
    const [held] = (await client.messages.claimOnce(created.id, { lease: 30 })).claims;
    await client.messages.release(created.id, sim.message_id!, held!.claim_id);
    const stale = await client.messages.ack(created.id, sim.message_id!, held!.claim_id).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(MailroomError);
    expect(stale).toMatchObject({ status: 409, code: 'CLAIM_NOT_HELD' });
  });
});

describe('errors', () => {
  it('a revoked-looking key is a MailroomError with the API\'s code, status and next_steps', async () => {
    const client = new Mailroom({ apiUrl: target().apiUrl, apiKey: `mr_free_${'0'.repeat(32)}` });
    const err = await client.account.get().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MailroomError);
    expect(err).toMatchObject({ status: 401, code: 'INVALID_API_KEY' });
    expect((err as MailroomError).next_steps.length).toBeGreaterThan(0);
  });

  it('an invalid field names the field', async () => {
    const client = new Mailroom({ apiUrl: target().apiUrl });
    const err = await client.inboxes.create({ username: 'A!' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400, code: 'INVALID_USERNAME', field: 'username' });
  });

  it('a missing inbox is 404 with its code', async () => {
    const { client } = await newAccount();
    await expect(client.messages.list('inb_doesnotexist')).rejects.toMatchObject({ status: 404, code: 'INBOX_NOT_FOUND' });
  });
});

describe('webhooks', () => {
  it('verifyWebhook accepts a real delivery and rejects the same delivery tampered with', async () => {
    const { created, client } = await newAccount();
    const r = await startReceiver('sdk-verify');
    receivers.push(r);
    const hook = await client.webhooks.create({ url: r.url, events: ['message.received'] });
    expect(hook.secret).toMatch(/^whsec_/);

    const subject = `SDK webhook ${letterTag()} ✓`;
    await sendMail({ to: created.address, subject, text: 'Grüße: code 771204' });
    const got = await eventually(() => r.delivered().find((q) => q.json?.message?.subject === subject), 'the delivery');

    const event = verifyWebhook(got.raw, got.headers, hook.secret);
    expect(event).toMatchObject({ event: 'message.received', inbox_id: created.id, message: { subject } });

    const tampered = Buffer.from(got.raw.toString('utf8').replace('771204', '771205'), 'utf8');
    expect(() => verifyWebhook(tampered, got.headers, hook.secret)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(got.raw, got.headers, `whsec_${randomBytes(32).toString('base64url')}`)).toThrow(WebhookVerificationError);

    const logs = await client.webhooks.logs(hook.id);
    expect(logs.logs.some((l) => l.success)).toBe(true);
  });
});

describe('custom domains', () => {
  it('a paid account adds a domain, reads its typed records, and a failed verify throws nothing but reports each record', async () => {
    const { client } = await newAccount();
    await expect(client.domains.create({ domain: `sdk-${randomBytes(3).toString('hex')}.example.test` }))
      .rejects.toMatchObject({ code: 'DOMAIN_REQUIRES_PAID', status: 402 });
    await client.account.upgrade({ tier: 'developer', payment_method: 'pm_card_visa' });
    const name = `sdk-${randomBytes(4).toString('hex')}.example.test`;
    const domain = await client.domains.create({ domain: name });
    expect(domain.status).toBe('pending');
    // First the proof of control (a TXT token); the DKIM CNAMEs come once the name is proven.
    expect(domain.records.filter((r) => r.purpose === 'ownership' && r.type === 'TXT')).toHaveLength(1);
    expect(domain.records.filter((r) => r.type === 'CNAME')).toHaveLength(0);
    const checked = await client.domains.verify(domain.id);
    expect(checked.records.every((r) => r.status === 'failed' && r.detail !== null)).toBe(true);
    expect((await client.domains.list()).domains.map((d) => d.id)).toEqual([domain.id]);
    expect((await client.domains.get(domain.id)).domain).toBe(name);
    expect(await client.domains.delete(domain.id)).toMatchObject({ id: domain.id, deleted: true });
  });
});
