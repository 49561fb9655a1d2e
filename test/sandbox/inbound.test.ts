/**
 * Inbound mail on a sandbox stack, delivered by test mode's simulate (SES's own path, no SMTP):
 * the one blocking wait an agent makes for its code or link, the new text of a reply without its
 * quoted history, threads, paging that neither skips nor repeats, a spoofed sender that is not
 * verified, and a blocked sender refused but listed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { api, cleanUp, newAccount, ok, readMessage, simulate } from './sandbox.ts';

afterAll(cleanUp);

/** An RFC 5322 message, CRLF line ends. */
const rfc5322 = (headers: Record<string, string>, body: string) =>
  `${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body.replace(/\r?\n/g, '\r\n')}`;

describe('waiting for a code or a link', () => {
  it('a wait started before the mail arrives returns it with its code; has=link returns the magic link', async () => {
    const inbox = await newAccount();
    const waiting = api('GET', `/v1/inboxes/${inbox.id}/messages/wait?has=code&timeout=25`, { key: inbox.api_key });
    await new Promise((r) => setTimeout(r, 500));
    const sim = await simulate(inbox.api_key, inbox.id, { scenario: 'verification_code', code: '602417' });
    const waited = await waiting;
    expect(waited.status, waited.text).toBe(200);
    expect(waited.body.result).toMatchObject({ timed_out: false, verification_code: '602417', message: { id: sim.message_id } });

    // Chained after the code, the next wait sees only what came later: the magic link.
    const link = 'https://app.example.com/login/magic?token=sandbox-suite-7';
    const next = api('GET', `/v1/inboxes/${inbox.id}/messages/wait?has=link&timeout=25&after=${sim.message_id}`, { key: inbox.api_key });
    const magic = await simulate(inbox.api_key, inbox.id, { scenario: 'magic_link', link });
    const got = await next;
    expect(got.status, got.text).toBe(200);
    expect(got.body.result.message.id).toBe(magic.message_id);
    expect(JSON.stringify(got.body.result)).toContain(link);
  });

  it('a wait with nothing arriving answers timed_out after its timeout, not an error', async () => {
    const inbox = await newAccount();
    const started = Date.now();
    const w = await ok(200, 'GET', `/v1/inboxes/${inbox.id}/messages/wait?timeout=2`, { key: inbox.api_key });
    expect(w.timed_out).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });
});

describe('what an agent reads of a mail', () => {
  it('a raw reply with quoted history: reply_body holds only the new text; links and the code are extracted', async () => {
    const inbox = await newAccount();
    const raw = rfc5322({
      From: 'Bob Example <bob@example.org>', To: inbox.address, Subject: 'Re: Tuesday', 'Message-ID': '<sandbox-raw-1@example.org>',
      Date: 'Tue, 04 Mar 2025 05:06:07 +0000', 'MIME-Version': '1.0', 'Content-Type': 'text/plain; charset=utf-8',
    }, 'Sounds good, see you Tuesday at 10. Use code 551203 at https://example.org/checkin.\n\n'
      + 'On Mon, Mar 3, 2025 at 9:00 AM Alice <alice@example.net> wrote:\n> Can we meet on Tuesday?\n> Alice\n');
    const sim = await simulate(inbox.api_key, inbox.id, { raw });
    expect(sim.status).toBe('delivered');
    const m = await readMessage(inbox.api_key, inbox.id, sim.message_id);
    expect(m).toMatchObject({ from: 'bob@example.org', from_name: 'Bob Example', subject: 'Re: Tuesday', message_id_header: 'sandbox-raw-1@example.org' });
    expect(m.reply_body.trim()).toBe('Sounds good, see you Tuesday at 10. Use code 551203 at https://example.org/checkin.');
    expect(m.verification_codes[0].code).toBe('551203');
    expect(JSON.stringify(m.links)).toContain('https://example.org/checkin');
  });

  it('a scenario mail carries one well-formed Message-ID; a spoofed sender is not sender_verified, a real one is', async () => {
    const inbox = await newAccount();
    const genuine = await readMessage(inbox.api_key, inbox.id, (await simulate(inbox.api_key, inbox.id, { scenario: 'verification_code' })).message_id);
    expect(genuine.headers['message-id']).toBe(`<${genuine.message_id_header}>`);
    expect(genuine.message_id_header).toMatch(/^[^<>\s]+@[^<>\s]+$/);
    expect(genuine.authentication.sender_verified).toBe(true);
    const spoof = await readMessage(inbox.api_key, inbox.id, (await simulate(inbox.api_key, inbox.id, { scenario: 'spoofed_sender' })).message_id);
    expect(spoof.authentication.sender_verified).toBe(false);
  });
});

describe('threads and lists', () => {
  it('a reply joins the thread of the mail it answers; the thread lists both in order', async () => {
    const inbox = await newAccount();
    const first = await simulate(inbox.api_key, inbox.id, { scenario: 'magic_link' });
    const reply = await simulate(inbox.api_key, inbox.id, { scenario: 'reply', message_id: first.message_id, text: 'Yes, go ahead.' });
    expect(reply.thread_id).toBe(first.thread_id);
    const thread = await ok(200, 'GET', `/v1/inboxes/${inbox.id}/threads/${first.thread_id}`, { key: inbox.api_key });
    expect(thread.thread.messages.map((m: { id: string }) => m.id)).toEqual([first.message_id, reply.message_id]);
    const r = await readMessage(inbox.api_key, inbox.id, reply.message_id);
    expect(r.reply_body.trim()).toBe('Yes, go ahead.');
    const unrelated = await simulate(inbox.api_key, inbox.id, { scenario: 'verification_code' });
    expect(unrelated.thread_id).not.toBe(first.thread_id);
    const threads = await ok(200, 'GET', `/v1/inboxes/${inbox.id}/threads`, { key: inbox.api_key });
    expect(threads.threads.map((t: { id: string }) => t.id).sort()).toEqual([first.thread_id, unrelated.thread_id].sort());
  });

  it('paging by cursor lists every message once, newest first', async () => {
    const inbox = await newAccount();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await simulate(inbox.api_key, inbox.id, { scenario: 'verification_code' })).message_id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { messages: { id: string }[]; next_cursor: string | null } =
        await ok(200, 'GET', `/v1/inboxes/${inbox.id}/messages?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { key: inbox.api_key });
      expect(page.messages.length).toBeLessThanOrEqual(2);
      seen.push(...page.messages.map((m) => m.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });

  it('mail from a blocklisted sender is refused and listed at rejections; the same mail from another sender arrives', async () => {
    const inbox = await newAccount();
    await ok(201, 'POST', '/v1/lists', { key: inbox.account_api_key, body: { type: 'blocklist', address: '*@blocked.example' } });
    const blocked = await simulate(inbox.api_key, inbox.id, { scenario: 'verification_code', from: 'codes@blocked.example' });
    expect(blocked.status).toBe('rejected');
    const rejections = await ok(200, 'GET', `/v1/inboxes/${inbox.id}/rejections`, { key: inbox.api_key });
    expect(rejections.rejections.map((r: { from: string }) => r.from)).toEqual(['codes@blocked.example']);
    const fine = await simulate(inbox.api_key, inbox.id, { scenario: 'verification_code', from: 'codes@fine.example' });
    expect(fine.status).toBe('delivered');
    expect((await ok(200, 'GET', `/v1/inboxes/${inbox.id}/messages`, { key: inbox.api_key })).messages.map((m: { id: string }) => m.id)).toEqual([fine.message_id]);
  });
});
