/**
 * Sending on a sandbox stack's paid tier (the sandbox payment provider takes the test card):
 * SES's mailbox simulator reports delivery, bounces and complaints, and a bounced or complaining
 * address is suppressed; a reply stays in its thread; a scheduled draft goes out at its time; and,
 * where the stack's mail reaches its own domain (MAILROOM_REAL_MAIL; always on this machine), a
 * sent mail arrives in another inbox as the same mail.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { api, binRequests, cleanUp, eventually, newAccount, newBin, ok, paidAccount, readMessage, sandbox, simulate, type Inbox } from './sandbox.ts';

afterAll(cleanUp);

const SIMULATOR = '@simulator.amazonses.com';

const send = (inbox: Inbox, body: Record<string, unknown>) => ok<{ id: string; thread_id: string }>(201, 'POST', `/v1/inboxes/${inbox.id}/send`, { key: inbox.api_key, body });

/** The sent message once its delivery_status is `want`. */
const deliveryStatus = (inbox: Inbox, id: string, want: string) =>
  eventually(`delivery_status ${want}`, async () => {
    const m = await readMessage(inbox.api_key, inbox.id, id);
    return m.delivery_status === want ? m : undefined;
  });

describe('sending through the SES mailbox simulator', () => {
  it('success is delivered; bounce is bounced, announced and suppressed; a complaint is announced and suppresses too', async () => {
    const sender = await paidAccount();
    const bin = await newBin(sender.account_api_key);
    await ok(201, 'POST', '/v1/webhooks', { key: sender.account_api_key, body: { url: bin.url, events: ['message.bounced', 'message.complaint'] } });
    const announced = (event: string, id: string) => eventually(event, async () =>
      (await binRequests(sender.account_api_key, bin.id)).map((r) => JSON.parse(r.body)).find((e) => e.event === event && e.message_id === id));

    const fine = await send(sender, { to: `success${SIMULATOR}`, subject: 'Hello', body: 'Hi there.' });
    await deliveryStatus(sender, fine.id, 'delivered');

    const bounced = await send(sender, { to: `bounce${SIMULATOR}`, subject: 'Hello', body: 'Hi there.' });
    await deliveryStatus(sender, bounced.id, 'bounced');
    expect((await announced('message.bounced', bounced.id)).bounce).toMatchObject({ type: 'permanent', recipient: `bounce${SIMULATOR}` });
    const again = await api('POST', `/v1/inboxes/${sender.id}/send`, { key: sender.api_key, body: { to: `bounce${SIMULATOR}`, subject: 'Again', body: 'x' } });
    expect([again.status, again.body.error, again.body.field], again.text).toEqual([400, 'RECIPIENT_SUPPRESSED', 'to']);

    // A complaint comes after delivery: the mail stays delivered, and its address is suppressed.
    const complained = await send(sender, { to: `complaint${SIMULATOR}`, subject: 'Hello', body: 'Hi there.' });
    expect((await announced('message.complaint', complained.id)).complaint).toMatchObject({ recipient: `complaint${SIMULATOR}` });
    await deliveryStatus(sender, complained.id, 'delivered');
    const third = await api('POST', `/v1/inboxes/${sender.id}/send`, { key: sender.api_key, body: { to: `complaint${SIMULATOR}`, subject: 'Again', body: 'x' } });
    expect([third.status, third.body.error], third.text).toEqual([400, 'RECIPIENT_SUPPRESSED']);
  });

  it('a free account cannot send: 402 with the way to upgrade', async () => {
    const inbox = await newAccount();
    const r = await api('POST', `/v1/inboxes/${inbox.id}/send`, { key: inbox.api_key, body: { to: `success${SIMULATOR}`, subject: 'x', body: 'x' } });
    expect([r.status, r.body.error]).toEqual([402, 'SEND_REQUIRES_PAID']);
  });

  it('a reply to a received mail goes out in its thread, answering its Message-ID', async () => {
    const inbox = await paidAccount();
    const received = await simulate(inbox.api_key, inbox.id, { scenario: 'magic_link', from: `success${SIMULATOR}` });
    const original = await readMessage(inbox.api_key, inbox.id, received.message_id);
    const reply = await ok<{ id: string; thread_id: string }>(201, 'POST', `/v1/messages/${received.message_id}/reply`, { key: inbox.api_key, body: { body: 'Done, thanks.' } });
    expect(reply.thread_id).toBe(received.thread_id);
    const sent = await readMessage(inbox.api_key, inbox.id, reply.id);
    expect(sent).toMatchObject({ direction: 'outbound', to: [`success${SIMULATOR}`], in_reply_to: original.message_id_header, subject: `Re: ${original.subject}` });
  });

  it('a scheduled draft is sent at its send_at, not before, and then is the sent message', async () => {
    const inbox = await paidAccount();
    const subject = `Later ${Date.now().toString(36)}`;
    const sendAt = new Date(Date.now() + 4000).toISOString();
    const draft = await ok(201, 'POST', `/v1/inboxes/${inbox.id}/drafts`, { key: inbox.api_key, body: { to: `success${SIMULATOR}`, subject, body: 'b', send_at: sendAt } });
    expect(draft).toMatchObject({ status: 'scheduled', send_at: sendAt });
    await eventually('the draft to become the sent message', async () =>
      ((await api('GET', `/v1/inboxes/${inbox.id}/drafts/${draft.id}`, { key: inbox.api_key })).status === 404 ? true : undefined), 40_000, 500);
    const sent = (await ok(200, 'GET', `/v1/inboxes/${inbox.id}/messages`, { key: inbox.api_key })).messages.filter((m: { subject: string }) => m.subject === subject);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ direction: 'outbound', to: [`success${SIMULATOR}`] });
    expect(Date.parse(sent[0].received_at)).toBeGreaterThanOrEqual(Date.parse(sendAt));
  });
});

describe.runIf(sandbox().realMail)('real mail to the stack\'s own domain (MAILROOM_REAL_MAIL)', () => {
  it('a mail sent from one inbox arrives in another with what was sent', async () => {
    const [sender, recipient] = await Promise.all([paidAccount(), newAccount()]);
    const subject = `Real mail ${Date.now().toString(36)}`;
    const sent = await send(sender, { to: recipient.address, subject, body: 'Your code is 318274.\n\nOn Mon, Mar 3, 2025 Alice wrote:\n> earlier\n' });
    // SES delivery takes seconds on AWS: wait, and wait again (25 s is the longest one wait holds).
    const waited = await eventually('the mail in the recipient\'s inbox', async () => {
      const w = await ok(200, 'GET', `/v1/inboxes/${recipient.id}/messages/wait?has=code&timeout=25`, { key: recipient.api_key });
      return w.timed_out ? undefined : w;
    }, 120_000, 0);
    expect(waited.verification_code).toBe('318274');
    const got = await readMessage(recipient.api_key, recipient.id, waited.message.id);
    const own = await readMessage(sender.api_key, sender.id, sent.id);
    expect(got).toMatchObject({ direction: 'inbound', from: sender.address, subject, message_id_header: own.message_id_header });
    expect(got.reply_body.trim()).toBe('Your code is 318274.');
    expect(got.authentication.sender_verified).toBe(true);
  });
});
