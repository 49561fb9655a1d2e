/**
 * Test mode's simulated inbound mail (POST /v1/inboxes/{id}/messages/simulate): what an agent's CI
 * uses instead of real mail. It takes SES's path (inbound/, then the ingest function), so a
 * simulated raw mail and the same mail over SMTP become the same message; scenarios plant a code
 * or a link the extraction finds, a reply joins its thread, a spoofed sender is not verified; and
 * a blocking wait started before the simulation returns it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { api, newAccount, paidAccount } from './client.ts';
import { closeMail, messageId, mime, sendRaw, uniqueSubject, waitForMessage } from './mail.ts';

afterAll(closeMail);

const simulate = (key: string, inboxId: string, body: unknown) => api('POST', `/v1/inboxes/${inboxId}/messages/simulate`, { key, body });
const read = async (key: string, inboxId: string, msgId: string) => (await api('GET', `/v1/inboxes/${inboxId}/messages/${msgId}`, { key })).body.result;

/** Fields an agent reads; ids, times and where it came from (SES message id) differ by nature. */
const comparable = (m: Record<string, any>) => ({
  from: m.from, from_name: m.from_name, to: m.to, cc: m.cc, subject: m.subject, body_text: m.body_text, body_html: m.body_html,
  extracted_text: m.extracted_text, links: m.links, verification_code: m.verification_code, headers: m.headers, attachments: m.attachments.length,
});

describe('simulated inbound mail (test mode)', () => {
  it('a simulated raw mail and the same mail over SMTP become the same message', async () => {
    const inbox = await newAccount();
    const subject = uniqueSubject('Same mail');
    const raw = (id: string) => mime({
      From: 'Alice Sender <alice@example.org>', To: inbox.address, Subject: subject, 'Message-ID': id, Date: 'Tue, 04 Mar 2025 05:06:07 +0000',
      'Content-Type': 'text/plain; charset=utf-8',
    }, 'Your code is 482913.\nSee https://example.org/verify?t=abc for details.\n').toString('utf8');
    const id = messageId();
    await sendRaw(raw(id.header), inbox.address, 'alice@example.org');
    const viaSmtp = await waitForMessage(inbox.api_key, inbox.id, subject);
    // The same Message-ID would be the same message of the thread: a second id, as a resent mail has.
    const id2 = messageId();
    const sim = await simulate(inbox.api_key, inbox.id, { raw: raw(id2.header) });
    expect(sim.status, sim.text).toBe(201);
    expect(sim.body.result).toMatchObject({ status: 'delivered', message_id: expect.stringMatching(/^msg_/) });
    const viaSim = await read(inbox.api_key, inbox.id, sim.body.result.message_id);
    const { headers: h1, ...a } = comparable(viaSmtp);
    const { headers: h2, ...b } = comparable(viaSim);
    expect(b).toEqual(a);
    expect(h2.subject).toBe(h1.subject);
    expect(viaSim.verification_code ?? viaSim.codes?.[0]).toEqual(viaSmtp.verification_code ?? viaSmtp.codes?.[0]);
  });

  it('verification_code plants a code that a wait started before it returns', async () => {
    const inbox = await newAccount();
    const waiting = api('GET', `/v1/inboxes/${inbox.id}/messages/wait?timeout=20`, { key: inbox.api_key });
    await new Promise((r) => setTimeout(r, 300));
    const sim = await simulate(inbox.api_key, inbox.id, { scenario: 'verification_code', code: '734105' });
    expect(sim.status, sim.text).toBe(201);
    expect(sim.body.result.planted).toEqual({ code: '734105' });
    const w = await waiting;
    expect(w.status, w.text).toBe(200);
    expect(w.body.result.message.id).toBe(sim.body.result.message_id);
    expect(w.body.result.verification_code).toBe('734105');
  });

  it('magic_link plants the link the extraction finds; reply joins the thread of the mail it answers', async () => {
    const inbox = await newAccount();
    const link = 'https://app.example.com/login/magic?token=e2e-token-123';
    const magic = await simulate(inbox.account_api_key, inbox.id, { scenario: 'magic_link', link });
    expect(magic.status, magic.text).toBe(201);
    const m = await read(inbox.api_key, inbox.id, magic.body.result.message_id);
    expect(JSON.stringify(m)).toContain(link);
    const reply = await simulate(inbox.api_key, inbox.id, { scenario: 'reply', message_id: m.id, text: 'Yes, go ahead.' });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.result.thread_id).toBe(m.thread_id);
    const r = await read(inbox.api_key, inbox.id, reply.body.result.message_id);
    expect(r.subject).toBe(`Re: ${m.subject}`);
    expect(r.extracted_text ?? r.body_text).toContain('Yes, go ahead.');
  });

  it('spoofed_sender is not sender_verified; prompt_injection arrives as untrusted content', async () => {
    const inbox = await newAccount();
    const spoof = await simulate(inbox.api_key, inbox.id, { scenario: 'spoofed_sender' });
    expect(spoof.status, spoof.text).toBe(201);
    expect((await read(inbox.api_key, inbox.id, spoof.body.result.message_id)).authentication.sender_verified).toBe(false);
    const legit = await simulate(inbox.api_key, inbox.id, { scenario: 'verification_code' });
    expect((await read(inbox.api_key, inbox.id, legit.body.result.message_id)).authentication.sender_verified).toBe(true);
    const injection = await simulate(inbox.api_key, inbox.id, { scenario: 'prompt_injection' });
    expect(injection.status, injection.text).toBe(201);
  });

  it('bounce makes a sent mail bounced and suppresses its recipient; complaint on another mail suppresses that one too', async () => {
    const sender = await paidAccount();
    const sent = await api('POST', `/v1/inboxes/${sender.id}/send`, { key: sender.api_key, body: { to: 'carol@example.net', subject: 'Hello Carol', body: 'x' } });
    expect(sent.status, sent.text).toBe(201);
    const bounce = await simulate(sender.api_key, sender.id, { scenario: 'bounce', message_id: sent.body.result.id });
    expect(bounce.status, bounce.text).toBe(201);
    expect(bounce.body.result).toMatchObject({ status: 'bounced', message_id: sent.body.result.id, planted: { recipient: 'carol@example.net' } });
    expect((await read(sender.api_key, sender.id, sent.body.result.id)).delivery_status).toBe('bounced');
    const again = await api('POST', `/v1/inboxes/${sender.id}/send`, { key: sender.api_key, body: { to: 'carol@example.net', subject: 'again', body: 'x' } });
    expect([again.status, again.body.error]).toEqual([400, 'RECIPIENT_SUPPRESSED']);
    const toDan = await api('POST', `/v1/inboxes/${sender.id}/send`, { key: sender.api_key, body: { to: 'dan@example.net', subject: 'Hi Dan', body: 'x' } });
    const complaint = await simulate(sender.api_key, sender.id, { scenario: 'complaint', message_id: toDan.body.result.id });
    expect(complaint.body.result.status).toBe('complained');
    const third = await api('POST', `/v1/inboxes/${sender.id}/send`, { key: sender.api_key, body: { to: 'dan@example.net', subject: 'again', body: 'x' } });
    expect([third.status, third.body.error]).toEqual([400, 'RECIPIENT_SUPPRESSED']);
    // Feedback needs a mail this inbox sent.
    const inbound = await simulate(sender.api_key, sender.id, { scenario: 'verification_code' });
    const wrong = await simulate(sender.api_key, sender.id, { scenario: 'bounce', message_id: inbound.body.result.message_id });
    expect([wrong.status, wrong.body.error]).toEqual([409, 'MESSAGE_NOT_SENT']);
  });

  it('refuses what is not one mail: neither or both of raw and scenario, a reply to nothing, another account\'s inbox', async () => {
    const inbox = await newAccount();
    const neither = await simulate(inbox.api_key, inbox.id, {});
    expect([neither.status, neither.body.error]).toEqual([400, 'VALIDATION_ERROR']);
    const both = await simulate(inbox.api_key, inbox.id, { raw: 'Subject: x\r\n\r\nx', scenario: 'verification_code' });
    expect(both.status).toBe(400);
    const noOriginal = await simulate(inbox.api_key, inbox.id, { scenario: 'reply', message_id: 'msg_nope' });
    expect([noOriginal.status, noOriginal.body.error]).toEqual([404, 'MESSAGE_NOT_FOUND']);
    const other = await newAccount();
    const foreign = await simulate(other.account_api_key, inbox.id, { scenario: 'verification_code' });
    expect(foreign.status).toBeGreaterThanOrEqual(401);
    expect(foreign.status).toBeLessThan(500);
  });
});
