/**
 * Outbound mail as an agent meets it. Free accounts receive only (402 with an upgrade path);
 * after an upgrade an agent sends to other inboxes of this service — delivered back through the
 * inbound path, as MX would — and to the SES mailbox simulator, whose bounce and complaint
 * addresses produce the matching SES events. Covered: the headers the recipient sees, to/cc/bcc,
 * HTML, attachments byte for byte, replies that thread back on the sender's side, reply_all,
 * client_id idempotency, delivery_status, suppression after bounces and complaints, the
 * message.sent / message.bounced / message.complaint webhooks, the send counters of the account,
 * header injection, bad addresses, the per-minute burst limit, and the daily quota.
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addInbox, api, newAccount, paidAccount, target, type CreatedInbox } from './client.ts';
import { allMessages, closeMail, eventuallyValue, expectError, uniqueSubject, waitForMessage, waitForMessages, type Msg } from './mail.ts';
import { startReceiver, verifySignature, SIGNATURE_HEADER, type Receiver } from './receiver.ts';

afterAll(closeMail);

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const MSG_ID = new RegExp(`^msg_${UUID}$`);
const EVT_ID = new RegExp(`^evt_${UUID}$`);
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const SUCCESS = 'success@simulator.amazonses.com';
const BOUNCE = 'bounce@simulator.amazonses.com';
const COMPLAINT = 'complaint@simulator.amazonses.com';
const WAIT = 15_000;

const bare = (id: string | undefined | null) => (id ?? '').trim().replace(/^<|>$/g, '');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ourMessageId = () => new RegExp(`^<[^<>@\\s]+@${escape(target().mailDomain)}>$`);

const sendPath = (inbox: CreatedInbox) => `/v1/inboxes/${inbox.id}/send`;

/** POST …/send; expects 201 and returns the send result. */
async function send(inbox: CreatedInbox, body: Record<string, unknown>, key = inbox.api_key) {
  const r = await api('POST', sendPath(inbox), { key, body });
  expect(r.status, r.text).toBe(201);
  return r.body.result as Msg;
}

async function reply(inbox: CreatedInbox, messageId: string, body: Record<string, unknown>) {
  const r = await api('POST', `/v1/messages/${messageId}/reply`, { key: inbox.api_key, body });
  expect(r.status, r.text).toBe(201);
  return r.body.result as Msg;
}

async function ownMessage(inbox: CreatedInbox, id: string) {
  const r = await api('GET', `/v1/inboxes/${inbox.id}/messages/${id}`, { key: inbox.api_key });
  expect(r.status, r.text).toBe(200);
  return r.body.result as Msg;
}

async function sendsToday(inbox: CreatedInbox): Promise<number> {
  const r = await api('GET', '/v1/account', { key: inbox.account_api_key });
  expect(r.status, r.text).toBe(200);
  return r.body.result.limits.current_sends_today;
}

const deliveryStatus = (inbox: CreatedInbox, id: string, want: string) =>
  eventuallyValue(() => ownMessage(inbox, id), (m) => m.delivery_status === want, `delivery_status ${want} of ${id}`, WAIT);

/** Header values as one string (a header seen twice is an array). */
const header = (m: Msg, name: string): string => [m.headers?.[name] ?? []].flat().join(', ');

function expectUpgradeContext(body: any) {
  const u = body.upgrade_context;
  expect(u, JSON.stringify(body)).toBeTypeOf('object');
  expect(new URL(u.operator_action_url).protocol).toMatch(/^https?:$/);
  expect(u.operator_action_label).toEqual(expect.any(String));
  expect(u.operator_action_label.length).toBeGreaterThan(0);
  expect(u.agent_script).toEqual(expect.any(String));
  expect(u.agent_script).toContain(u.operator_action_url);
}

const receivers: Receiver[] = [];
afterAll(async () => { await Promise.all(receivers.splice(0).map((r) => r.close())); });

async function webhookReceiver(inbox: CreatedInbox, events: string[]) {
  const rcv = await startReceiver();
  receivers.push(rcv);
  const r = await api('POST', '/v1/webhooks', { key: inbox.account_api_key, body: { url: rcv.url, events } });
  expect(r.status, r.text).toBe(201);
  return { rcv, secret: r.body.result.secret as string };
}

describe('free accounts cannot send', () => {
  it('POST /v1/inboxes/{id}/send is 402 SEND_REQUIRES_PAID with upgrade_context (inbox key and account key); nothing is sent', async () => {
    const [sender, recipient] = await Promise.all([newAccount(), newAccount()]);
    const subject = uniqueSubject('Free send');
    for (const key of [sender.api_key, sender.account_api_key]) {
      const r = await api('POST', sendPath(sender), { key, body: { to: recipient.address, subject, body: 'hello' } });
      expectError(r, 402, 'SEND_REQUIRES_PAID');
      expectUpgradeContext(r.body);
    }
    expect(await allMessages(sender.api_key, sender.id)).toHaveLength(0);
    expect(await allMessages(recipient.api_key, recipient.id)).toHaveLength(0);
    expect(await sendsToday(sender)).toBe(0);
  });

  it('POST /v1/messages/{id}/reply is 402 SEND_REQUIRES_PAID too', async () => {
    const [sender, recipient] = await Promise.all([paidAccount(), newAccount()]);
    const subject = uniqueSubject('To a free inbox');
    await send(sender, { to: recipient.address, subject, body: 'hi' });
    const m = await waitForMessage(recipient.api_key, recipient.id, subject);
    const r = await api('POST', `/v1/messages/${m.id}/reply`, { key: recipient.api_key, body: { body: 'thanks' } });
    expectError(r, 402, 'SEND_REQUIRES_PAID');
    expectUpgradeContext(r.body);
  });
});

describe('sending to another inbox of the service', () => {
  it('arrives with the right From, To, Subject and Message-ID; the sender keeps an outbound copy, sent → delivered', async () => {
    const [sender, recipient] = await Promise.all([paidAccount(), newAccount()]);
    const displayName = `Ops Desk - ${randomBytes(3).toString('hex')}`;
    const patched = await api('PATCH', `/v1/inboxes/${sender.id}`, { key: sender.api_key, body: { display_name: displayName } });
    expect(patched.status, patched.text).toBe(200);
    const subject = uniqueSubject('Hello there');
    const before = Date.now();
    const r = await api('POST', sendPath(sender), { key: sender.api_key, body: { to: recipient.address, subject, body: 'First line.\nSecond line.' } });
    expect(r.status, r.text).toBe(201);
    expect(Array.isArray(r.body.next_steps) && r.body.next_steps.length > 0).toBe(true);
    const s = r.body.result;
    expect(s.id).toMatch(MSG_ID);
    expect(s).toMatchObject({ status: 'queued', scheduled_at: null });
    expect(s.message_id).toMatch(ourMessageId());
    expect(Date.parse(s.sent_at)).toBeGreaterThanOrEqual(before - 2000);
    expect(s.note).toEqual(expect.any(String));

    const m = await waitForMessage(recipient.api_key, recipient.id, subject);
    expect(m).toMatchObject({ direction: 'inbound', from: sender.address, from_name: displayName, to: [recipient.address], cc: [], bcc: [], subject });
    expect(m.body_text).toContain('First line.\nSecond line.');
    expect(header(m, 'from')).toBe(`"${displayName}" <${sender.address}>`);
    expect(header(m, 'to')).toBe(recipient.address);
    expect(header(m, 'subject')).toBe(subject);
    expect(header(m, 'message-id')).toBe(s.message_id);
    expect(bare(m.message_id_header)).toBe(bare(s.message_id));
    expect(m.headers).not.toHaveProperty('bcc');

    const own = await ownMessage(sender, s.id);
    expect(own).toMatchObject({ id: s.id, direction: 'outbound', from: sender.address, to: [recipient.address], subject, thread_id: s.thread_id });
    expect(bare(own.message_id_header)).toBe(bare(s.message_id));
    expect(['sent', 'delivered']).toContain(own.delivery_status);
    await deliveryStatus(sender, s.id, 'delivered');
  });

  it('`to` may be one address or an array; every listed inbox receives the message', async () => {
    const sender = await paidAccount();
    const [a, b, c] = await Promise.all([newAccount(), newAccount(), newAccount()]);
    const one = uniqueSubject('To one');
    await send(sender, { to: a.address, subject: one, body: 'x' });
    expect((await waitForMessage(a.api_key, a.id, one)).to).toEqual([a.address]);

    const many = uniqueSubject('To many');
    const s = await send(sender, { to: [b.address, c.address], subject: many, body: 'x' });
    for (const inbox of [b, c]) {
      const m = await waitForMessage(inbox.api_key, inbox.id, many);
      expect(m.to).toEqual([b.address, c.address]);
      expect(header(m, 'to')).toBe(`${b.address}, ${c.address}`);
    }
    expect((await ownMessage(sender, s.id)).to).toEqual([b.address, c.address]);
  });

  it('cc recipients receive it and appear in Cc; a bcc recipient receives it and bcc appears in nobody\'s headers', async () => {
    const sender = await paidAccount();
    const [to, cc, bcc] = await Promise.all([newAccount(), newAccount(), newAccount()]);
    const subject = uniqueSubject('Copies');
    const s = await send(sender, { to: to.address, cc: [cc.address], bcc: [bcc.address], subject, body: 'x' });
    const atTo = await waitForMessage(to.api_key, to.id, subject);
    const atCc = await waitForMessage(cc.api_key, cc.id, subject);
    const atBcc = await waitForMessage(bcc.api_key, bcc.id, subject);
    for (const m of [atTo, atCc, atBcc]) {
      expect(m.to).toEqual([to.address]);
      expect(m.cc).toEqual([cc.address]);
      expect(header(m, 'cc')).toBe(cc.address);
      expect(m.headers).not.toHaveProperty('bcc');
      expect(JSON.stringify(m.headers)).not.toContain(bcc.address);
    }
    expect(atTo.bcc).toEqual([]);
    expect(atCc.bcc).toEqual([]);
    // The bcc'd inbox knows it was bcc'd (it is among the envelope recipients only).
    expect(atBcc.bcc).toEqual([bcc.address]);
    // The sender's own copy remembers whom it bcc'd.
    expect(await ownMessage(sender, s.id)).toMatchObject({ to: [to.address], cc: [cc.address], bcc: [bcc.address] });
  });

  it('body_html arrives as the HTML part, beside the text part', async () => {
    const [sender, recipient] = await Promise.all([paidAccount(), newAccount()]);
    const subject = uniqueSubject('Html');
    await send(sender, { to: recipient.address, subject, body: 'Plain version', body_html: '<p>HTML <b>version</b> <a href="https://example.com/x">link</a></p>' });
    const m = await waitForMessage(recipient.api_key, recipient.id, subject);
    expect(m.body_text).toContain('Plain version');
    expect(m.body_html).toContain('<b>version</b>');
    expect(m.links).toContain('https://example.com/x');
  });

  it('attachments sent as base64 arrive intact: downloaded through the recipient\'s attachment URL, byte for byte', async () => {
    const [sender, recipient] = await Promise.all([paidAccount(), newAccount()]);
    const binary = Buffer.concat([Buffer.from([0, 1, 2, 0xff, 0xfe, 0x0d, 0x0a, 0]), randomBytes(40_000)]);
    const text = Buffer.from('name,amount\r\nÅsa,12.50\r\nbob,3\n', 'utf8');
    const subject = uniqueSubject('Files');
    const s = await send(sender, { to: recipient.address, subject, body: 'Two files attached.', attachments: [
      { filename: 'blob.bin', content: binary.toString('base64'), content_type: 'application/octet-stream' },
      { filename: 'report – Q3.csv', content: text.toString('base64'), content_type: 'text/csv' },
    ] });
    const m = await waitForMessage(recipient.api_key, recipient.id, subject);
    expect(m.attachments.map((a: Msg) => [a.filename, a.content_type, a.size])).toEqual([
      ['blob.bin', 'application/octet-stream', binary.length],
      ['report – Q3.csv', 'text/csv', text.length],
    ]);
    for (const [i, expected] of [binary, text].entries()) {
      const att = m.attachments[i];
      const d = await api('GET', att.download_url, { key: recipient.api_key });
      expect(d.status, d.text).toBe(200);
      expect(d.body.result).toMatchObject({ filename: att.filename, size: expected.length });
      const res = await fetch(d.body.result.url);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(expected), `${att.filename} is byte-identical`).toBe(true);
    }
    // The sender's copy lists the same attachments, downloadable too.
    const own = await ownMessage(sender, s.id);
    expect(own.attachments.map((a: Msg) => [a.filename, a.size])).toEqual([['blob.bin', binary.length], ['report – Q3.csv', text.length]]);
    const d = await api('GET', own.attachments[0].download_url, { key: sender.api_key });
    expect(Buffer.from(await (await fetch(d.body.result.url)).arrayBuffer()).equals(binary)).toBe(true);
  });

  it('the account key may send from any inbox of its account', async () => {
    const [sender, recipient] = await Promise.all([paidAccount(), newAccount()]);
    const subject = uniqueSubject('Account key');
    const s = await send(sender, { to: recipient.address, subject, body: 'x' }, sender.account_api_key);
    expect((await waitForMessage(recipient.api_key, recipient.id, subject)).from).toBe(sender.address);
    expect((await ownMessage(sender, s.id)).direction).toBe('outbound');
    // Another account's key is refused.
    const stranger = await paidAccount();
    expect((await api('POST', sendPath(sender), { key: stranger.account_api_key, body: { to: recipient.address, subject, body: 'x' } })).status).toBe(404);
    expectError(await api('POST', sendPath(sender), { key: stranger.api_key, body: { to: recipient.address, subject, body: 'x' } }), 401, 'INVALID_API_KEY');
  });
});

describe('replies', () => {
  it('the recipient replies: "Re: …", In-Reply-To/References set, and it threads back into the sender\'s conversation', async () => {
    const [sender, recipient] = await Promise.all([paidAccount(), paidAccount()]);
    const subject = uniqueSubject('Proposal');
    const s = await send(sender, { to: recipient.address, subject, body: 'What do you think?' });
    const received = await waitForMessage(recipient.api_key, recipient.id, subject);

    const rr = await reply(recipient, received.id, { body: 'Looks good to me.' });
    expect(rr.id).toMatch(MSG_ID);
    expect(rr.status).toBe('queued');
    expect(rr.thread_id).toBe(received.thread_id);
    expect(rr.message_id).toMatch(ourMessageId());

    // On the recipient's side the reply joins the conversation of the message it answers.
    const recipientThread = await api('GET', `/v1/inboxes/${recipient.id}/threads/${received.thread_id}`, { key: recipient.api_key });
    expect(recipientThread.body.result.thread.message_count).toBe(2);

    const back = await waitForMessage(sender.api_key, sender.id, `Re: ${subject}`);
    expect(back).toMatchObject({ direction: 'inbound', from: recipient.address, to: [sender.address] });
    expect(back.body_text).toContain('Looks good to me.');
    expect(bare(back.in_reply_to)).toBe(bare(s.message_id));
    expect(header(back, 'in-reply-to')).toBe(s.message_id);
    expect(header(back, 'references')).toContain(s.message_id);
    expect(back.thread_id).toBe(s.thread_id);
    const t = await api('GET', `/v1/inboxes/${sender.id}/threads/${s.thread_id}`, { key: sender.api_key });
    expect(t.status, t.text).toBe(200);
    expect(t.body.result.thread.message_count).toBe(2);
    expect(t.body.result.thread.messages.map((m: Msg) => [m.id, m.direction])).toEqual([[s.id, 'outbound'], [back.id, 'inbound']]);

    // "Re:" is not doubled when the sender answers the answer.
    const again = await reply(sender, back.id, { body: 'Great.' });
    expect(again.thread_id).toBe(s.thread_id);
    const third = await waitForMessages(recipient.api_key, recipient.id, (ms) => ms.some((m) => bare(m.message_id_header) === bare(again.message_id)));
    const m3 = third.find((m) => bare(m.message_id_header) === bare(again.message_id))!;
    expect(m3.subject).toBe(`Re: ${subject}`);
    expect(m3.thread_id).toBe(received.thread_id);
  });

  it('a reply needs a key of the message\'s account: another account gets 404', async () => {
    const [sender, recipient, stranger] = await Promise.all([paidAccount(), newAccount(), paidAccount()]);
    const subject = uniqueSubject('Private');
    await send(sender, { to: recipient.address, subject, body: 'x' });
    const m = await waitForMessage(recipient.api_key, recipient.id, subject);
    const r = await api('POST', `/v1/messages/${m.id}/reply`, { key: stranger.api_key, body: { body: 'hijack' } });
    expect(r.status, r.text).toBe(404);
  });

  it('reply_all adds the other recipients (to and cc) as cc; a plain reply goes to the sender only', async () => {
    const sender = await paidAccount();
    const b = await paidAccount();
    const [c, d] = await Promise.all([addInbox(b.account_api_key), addInbox(b.account_api_key)]);
    const subject = uniqueSubject('Team');
    const s = await send(sender, { to: [b.address, c.address], cc: [d.address], subject, body: 'Hello team' });
    const atB = await waitForMessage(b.api_key, b.id, subject);
    const atD = await waitForMessage(d.api_key, d.id, subject);

    const plain = await reply(b, atB.id, { body: 'Only to the sender' });
    const p = await waitForMessages(sender.api_key, sender.id, (ms) => ms.some((m) => bare(m.message_id_header) === bare(plain.message_id)));
    expect(p.find((m) => bare(m.message_id_header) === bare(plain.message_id))).toMatchObject({ to: [sender.address], cc: [] });

    const all = await reply(d, atD.id, { body: 'To everyone', reply_all: true });
    const atSender = (await waitForMessages(sender.api_key, sender.id, (ms) => ms.some((m) => bare(m.message_id_header) === bare(all.message_id))))
      .find((m) => bare(m.message_id_header) === bare(all.message_id))!;
    expect(atSender.to).toEqual([sender.address]);
    expect([...atSender.cc].sort()).toEqual([b.address, c.address].sort());
    expect(atSender.thread_id).toBe(s.thread_id);
    for (const inbox of [b, c]) {
      const got = await waitForMessages(inbox.api_key, inbox.id, (ms) => ms.some((m) => bare(m.message_id_header) === bare(all.message_id)));
      expect(got.filter((m) => bare(m.message_id_header) === bare(all.message_id))).toHaveLength(1);
    }
    // The plain reply reached nobody but the sender.
    expect((await allMessages(c.api_key, c.id)).filter((m) => bare(m.message_id_header) === bare(plain.message_id))).toHaveLength(0);
    expect((await allMessages(d.api_key, d.id)).filter((m) => bare(m.message_id_header) === bare(plain.message_id))).toHaveLength(0);
  });
});

describe('client_id', () => {
  it('sends once: a repeat answers 200 with the same message, and only one copy arrives', async () => {
    const [sender, recipient] = await Promise.all([paidAccount(), newAccount()]);
    const subject = uniqueSubject('Once');
    const clientId = `order-${randomBytes(6).toString('hex')}`;
    const first = await api('POST', sendPath(sender), { key: sender.api_key, body: { to: recipient.address, subject, body: 'x', client_id: clientId } });
    expect(first.status, first.text).toBe(201);
    const second = await api('POST', sendPath(sender), { key: sender.api_key, body: { to: recipient.address, subject, body: 'x', client_id: clientId } });
    expect(second.status, second.text).toBe(200);
    expect(second.body.result.id).toBe(first.body.result.id);
    expect(second.body.result.message_id).toBe(first.body.result.message_id);
    // A different client_id is a different send: the witness that a second copy would have shown.
    const witness = await api('POST', sendPath(sender), { key: sender.api_key, body: { to: recipient.address, subject, body: 'x', client_id: `${clientId}-2` } });
    expect(witness.status, witness.text).toBe(201);
    const got = await waitForMessages(recipient.api_key, recipient.id, (ms) => ms.filter((m) => m.subject === subject).length >= 2);
    expect(got.filter((m) => m.subject === subject).map((m) => bare(m.message_id_header)).sort())
      .toEqual([bare(first.body.result.message_id), bare(witness.body.result.message_id)].sort());
    expect((await allMessages(sender.api_key, sender.id)).filter((m) => m.subject === subject)).toHaveLength(2);
    expect(await sendsToday(sender)).toBe(2);
  });
});

describe('bounces, complaints and suppression', () => {
  it('the bounce simulator makes delivery_status bounced, sends message.bounced, and a later send to it is 400 RECIPIENT_SUPPRESSED', async () => {
    const sender = await paidAccount();
    const { rcv, secret } = await webhookReceiver(sender, ['message.sent', 'message.bounced', 'message.complaint']);
    const subject = uniqueSubject('Bounce me');
    const s = await send(sender, { to: BOUNCE, subject, body: 'x' });
    await deliveryStatus(sender, s.id, 'bounced');

    const sent = await rcv.waitForRequest((q) => q.json?.event === 'message.sent' && q.json?.message?.id === s.id, 'message.sent');
    expect(verifySignature(sent.raw, secret, sent.headers[SIGNATURE_HEADER])).toBe(true);
    expect(sent.json).toMatchObject({ event: 'message.sent', inbox_id: sender.id, message: { id: s.id, direction: 'outbound', to: [BOUNCE], subject, delivery_status: 'sent' } });
    expect(sent.json.event_id).toMatch(EVT_ID);
    expect(sent.json.timestamp).toMatch(ISO);
    expect(sent.json.account_id).toMatch(/^acc_/);

    const bounced = await rcv.waitForRequest((q) => q.json?.event === 'message.bounced', 'message.bounced');
    expect(verifySignature(bounced.raw, secret, bounced.headers[SIGNATURE_HEADER])).toBe(true);
    const b = bounced.json;
    expect(b).toMatchObject({ event: 'message.bounced', inbox_id: sender.id, account_id: sent.json.account_id, message_id: s.id });
    expect(b.event_id).toMatch(EVT_ID);
    expect(b.bounce).toMatchObject({ type: 'permanent', recipient: BOUNCE, smtp_code: 550 });
    expect(b.bounce.diagnostic_code).toEqual(expect.stringContaining('550'));
    expect(b.bounce.reason).toEqual(expect.any(String));
    expect(b.bounce.bounced_at).toMatch(ISO);
    expect(b.original_message).toEqual({ id: s.id, to: [BOUNCE], subject, sent_at: s.sent_at });

    const again = await api('POST', sendPath(sender), { key: sender.api_key, body: { to: BOUNCE, subject: 'again', body: 'x' } });
    expectError(again, 400, 'RECIPIENT_SUPPRESSED');
    expect(again.body.field).toBe('to');
    expect(again.body.message).toContain(BOUNCE);
    // Suppressed wherever it is listed: cc and bcc too, and a mixed list sends nothing at all.
    const witness = await newAccount();
    for (const body of [{ to: witness.address, cc: [BOUNCE] }, { to: witness.address, bcc: [BOUNCE] }, { to: [witness.address, BOUNCE] }]) {
      expectError(await api('POST', sendPath(sender), { key: sender.api_key, body: { ...body, subject: 'mixed', body: 'x' } }), 400, 'RECIPIENT_SUPPRESSED');
    }
    expect(await allMessages(witness.api_key, witness.id)).toHaveLength(0);
    expect(await sendsToday(sender)).toBe(1);
    // Other recipients are unaffected.
    await send(sender, { to: SUCCESS, subject: 'still fine', body: 'x' });
  });

  it('suppression ignores letter case: a bounced address in other capitals is not sent to again', async () => {
    const sender = await paidAccount();
    const s = await send(sender, { to: BOUNCE, subject: uniqueSubject('Bounce'), body: 'x' });
    await deliveryStatus(sender, s.id, 'bounced');
    for (const variant of ['Bounce@simulator.amazonses.com', 'bounce@Simulator.AmazonSES.com', BOUNCE.toUpperCase()]) {
      const r = await api('POST', sendPath(sender), { key: sender.api_key, body: { to: variant, subject: 'again', body: 'x' } });
      expectError(r, 400, 'RECIPIENT_SUPPRESSED');
    }
  });

  it('the complaint simulator sends message.complaint and suppresses the recipient likewise', async () => {
    const sender = await paidAccount();
    const { rcv, secret } = await webhookReceiver(sender, ['message.sent', 'message.bounced', 'message.complaint']);
    const subject = uniqueSubject('Complain');
    const s = await send(sender, { to: COMPLAINT, subject, body: 'x' });
    const complaint = await rcv.waitForRequest((q) => q.json?.event === 'message.complaint', 'message.complaint');
    expect(verifySignature(complaint.raw, secret, complaint.headers[SIGNATURE_HEADER])).toBe(true);
    const c = complaint.json;
    expect(c).toMatchObject({ event: 'message.complaint', inbox_id: sender.id, message_id: s.id });
    expect(c.event_id).toMatch(EVT_ID);
    expect(c.complaint).toMatchObject({ recipient: COMPLAINT, feedback_type: 'abuse' });
    expect(['abuse', 'fraud', 'virus', 'other']).toContain(c.complaint.feedback_type);
    expect(c.complaint.complaint_date).toMatch(ISO);
    expect(c.complaint.user_agent).toEqual(expect.any(String));
    expect(c.original_message).toEqual({ id: s.id, to: [COMPLAINT], subject, sent_at: s.sent_at });
    // The complaint came after delivery; the message was delivered, not bounced.
    expect((await deliveryStatus(sender, s.id, 'delivered')).delivery_status).toBe('delivered');
    expect(rcv.ofType('message.bounced')).toHaveLength(0);

    const again = await api('POST', sendPath(sender), { key: sender.api_key, body: { to: COMPLAINT, subject: 'again', body: 'x' } });
    expectError(again, 400, 'RECIPIENT_SUPPRESSED');
    expect(again.body.field).toBe('to');
  });

  it('a delivered send to the success simulator produces message.sent and no bounce or complaint', async () => {
    const sender = await paidAccount();
    const { rcv } = await webhookReceiver(sender, ['message.sent', 'message.bounced', 'message.complaint']);
    const s = await send(sender, { to: SUCCESS, subject: uniqueSubject('Fine'), body: 'x' });
    await deliveryStatus(sender, s.id, 'delivered');
    await rcv.waitForRequest((q) => q.json?.event === 'message.sent' && q.json?.message?.id === s.id, 'message.sent');
    // A second, later send is the witness that events for the first have had time to arrive.
    const w = await send(sender, { to: SUCCESS, subject: uniqueSubject('Witness'), body: 'x' });
    await deliveryStatus(sender, w.id, 'delivered');
    await rcv.waitForRequest((q) => q.json?.event === 'message.sent' && q.json?.message?.id === w.id, 'message.sent (witness)');
    expect(rcv.ofType('message.bounced')).toHaveLength(0);
    expect(rcv.ofType('message.complaint')).toHaveLength(0);
    expect(rcv.ofType('message.sent')).toHaveLength(2);
  });
});

describe('send counters', () => {
  it('GET /v1/account shows limits.current_sends_today increasing with each send (refused sends do not count)', async () => {
    const sender = await paidAccount();
    const acct = await api('GET', '/v1/account', { key: sender.account_api_key });
    expect(acct.body.result.limits).toMatchObject({ max_sends_per_day: 1000, current_sends_today: 0 });
    await send(sender, { to: SUCCESS, subject: uniqueSubject('Count 1'), body: 'x' });
    expect(await sendsToday(sender)).toBe(1);
    await send(sender, { to: [SUCCESS, 'success+2@simulator.amazonses.com'], subject: uniqueSubject('Count 2'), body: 'x' });
    expect(await sendsToday(sender)).toBe(2);
    expectError(await api('POST', sendPath(sender), { key: sender.api_key, body: { to: 'nope', subject: 's', body: 'x' } }), 400, 'VALIDATION_ERROR');
    expect(await sendsToday(sender)).toBe(2);
  });
});

describe('refused input: nothing is sent', () => {
  it('header injection through subject, to, cc or an attachment filename is a 400 naming the field', async () => {
    const [sender, recipient] = await Promise.all([paidAccount(), newAccount()]);
    const ok = { to: recipient.address, subject: 'Hello', body: 'x' };
    const attempts: [Record<string, unknown>, string][] = [
      [{ ...ok, subject: 'Hello\r\nBcc: victim@x.com' }, 'subject'],
      [{ ...ok, subject: 'Hello\nBcc: victim@x.com' }, 'subject'],
      [{ ...ok, to: 'a@b.com\r\nBcc: x@y.com' }, 'to'],
      [{ ...ok, to: [recipient.address, 'a@b.com\r\nBcc: x@y.com'] }, 'to.1'],
      [{ ...ok, cc: ['a@b.com\r\nBcc: x@y.com'] }, 'cc.0'],
      [{ ...ok, bcc: ['a@b.com\nTo: x@y.com'] }, 'bcc.0'],
      [{ ...ok, attachments: [{ filename: 'evil.txt\r\nBcc: victim@x.com', content: Buffer.from('hi').toString('base64') }] }, 'attachments.0.filename'],
      [{ ...ok, attachments: [{ filename: 'ok.txt', content: 'aGk=', content_type: 'text/plain\r\nBcc: victim@x.com' }] }, 'attachments.0.content_type'],
    ];
    for (const [body, field] of attempts) {
      const r = await api('POST', sendPath(sender), { key: sender.api_key, body });
      expect(r.status, `${JSON.stringify(body)} → ${r.text}`).toBe(400);
      expect(r.body.field, JSON.stringify(body)).toBe(field);
      expect(r.body.message).toContain(field);
      expect(Array.isArray(r.body.next_steps)).toBe(true);
    }
    expect(await allMessages(sender.api_key, sender.id)).toHaveLength(0);
    expect(await allMessages(recipient.api_key, recipient.id)).toHaveLength(0);
    expect(await sendsToday(sender)).toBe(0);
  });

  it('a display name with a line break cannot add a header to sent mail', async () => {
    const [sender, recipient] = await Promise.all([paidAccount(), newAccount()]);
    const patched = await api('PATCH', `/v1/inboxes/${sender.id}`, { key: sender.api_key, body: { display_name: 'Evil\r\nBcc: victim@x.com' } });
    if (patched.status === 400) return; // refused outright: nothing can reach a header
    expect(patched.status, patched.text).toBe(200);
    const subject = uniqueSubject('Name');
    await send(sender, { to: recipient.address, subject, body: 'x' });
    const m = await waitForMessage(recipient.api_key, recipient.id, subject);
    expect(m.headers).not.toHaveProperty('bcc');
    expect(m.from).toBe(sender.address);
    expect(header(m, 'from')).toContain(`<${sender.address}>`);
  });

  it('invalid addresses are 400s naming the field', async () => {
    const [sender, recipient] = await Promise.all([paidAccount(), newAccount()]);
    const ok = { to: recipient.address, subject: 'Hello', body: 'x' };
    for (const [body, field] of [
      [{ ...ok, to: 'not-an-address' }, 'to'],
      [{ ...ok, to: 'bob@' }, 'to'],
      [{ ...ok, to: '@example.com' }, 'to'],
      [{ ...ok, to: 'Bob <bob@example.com>' }, 'to'],
      [{ ...ok, to: 'a@b.com, c@d.com' }, 'to'],
      [{ ...ok, to: [] }, 'to'],
      [{ ...ok, to: [recipient.address, 'bad'] }, 'to.1'],
      [{ ...ok, cc: ['bad'] }, 'cc.0'],
      [{ ...ok, bcc: [recipient.address, 'x@y'] }, 'bcc.1'],
      [{ subject: 'Hello', body: 'x' }, 'to'],
      [{ to: recipient.address, body: 'x' }, 'subject'],
      [{ to: recipient.address, subject: 'Hello' }, 'body'],
    ] as [Record<string, unknown>, string][]) {
      const r = await api('POST', sendPath(sender), { key: sender.api_key, body });
      expectError(r, 400, 'VALIDATION_ERROR');
      expect(r.body.field, JSON.stringify(body)).toBe(field);
    }
    expect(await allMessages(recipient.api_key, recipient.id)).toHaveLength(0);
    expect(await sendsToday(sender)).toBe(0);
  });
});

describe('the per-minute burst limit', () => {
  it('the developer tier sends 10 a minute; the 11th is 429 RATE_LIMIT_EXCEEDED code SEND_BURST_LIMIT with retry_after', async () => {
    const sender = await paidAccount();
    // The window is the calendar minute: start early enough in one that 11 sends fit in it.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
    for (let i = 1; i <= 10; i++) await send(sender, { to: SUCCESS, subject: `burst ${i}`, body: 'x' });
    const r = await api('POST', sendPath(sender), { key: sender.api_key, body: { to: SUCCESS, subject: 'burst 11', body: 'x' } });
    expectError(r, 429, 'RATE_LIMIT_EXCEEDED');
    expect(r.body.code).toBe('SEND_BURST_LIMIT');
    expect(Number.isInteger(r.body.retry_after)).toBe(true);
    expect(r.body.retry_after).toBeGreaterThanOrEqual(1);
    expect(r.body.retry_after).toBeLessThanOrEqual(60);
    expect(r.body.rate_limit).toMatchObject({ limit: 10 });
    expect(await sendsToday(sender)).toBe(10);
    expect((await allMessages(sender.api_key, sender.id)).filter((m) => m.subject === 'burst 11')).toHaveLength(0);
  });
});

/**
 * The daily quota (developer: 1,000 a day) cannot be used up over the suite's stack in a test's
 * time. It is checked one level down instead: the real store (reserveSend/releaseSend) with small
 * limits, and the real API — the same handlers behind the API Gateway stand-in, in this process —
 * on a throwaway table whose daily counter is set to the edge of the quota.
 */
describe('the daily send quota (on a throwaway table)', () => {
  let server: Server | undefined;
  let baseUrl = '';
  let store: typeof import('../../lambdas/sending/sending.store.ts');
  let putCount: (pk: Record<string, string>, count: number) => Promise<void>;
  let sendingEntities: typeof import('../../lambdas/sending/sending.entities.ts');

  beforeAll(async () => {
    const t = inject('mailroom');
    // The environment the deployed functions get, set before any lambdas module is loaded (they read it at import).
    Object.assign(process.env, { AWS_ENDPOINT_URL: t.awsEndpoint, LOG_LEVEL: process.env.LOG_LEVEL ?? 'error' });
    process.env.AWS_REGION ??= 'us-east-1';
    // The suite's emulator enforces IAM: this test signs as its admin identity.
    if (t.awsCredentials) Object.assign(process.env, { AWS_ACCESS_KEY_ID: t.awsCredentials.accessKeyId, AWS_SECRET_ACCESS_KEY: t.awsCredentials.secretAccessKey });
    process.env.AWS_ACCESS_KEY_ID ??= 'local';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
    const prefix = `mr-quota-${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
    const { createLocalResources } = await import('../../lib/local/resources.ts');
    const res = await createLocalResources({
      tableName: `${prefix}-table`, bucketName: `${prefix}-mail`, queueName: `${prefix}-webhook-deliver`, dlqName: `${prefix}-webhook-deliver-dlq`,
      scheduleGroupName: `${prefix}-drafts`, secretName: `${prefix}-link-signing`, configurationSetName: `${prefix}-outbound`, mailDomain: t.mailDomain,
    });
    const { freePort } = await import('../../lib/local/moto.ts');
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    Object.assign(process.env, {
      TABLE_NAME: res.tableName, BUCKET_NAME: res.bucketName, WEBHOOK_QUEUE_URL: res.webhookQueueUrl, SCHEDULE_GROUP_NAME: res.scheduleGroupName,
      SCHEDULER_ROLE_ARN: 'arn:aws:iam::000000000000:role/local-scheduler',
      SEND_SCHEDULED_FUNCTION_ARN: 'arn:aws:lambda:us-east-1:000000000000:function:send-scheduled',
      SES_CONFIGURATION_SET: res.configurationSetName, LINK_SECRET_ARN: res.linkSecretArn, MAIL_DOMAIN: t.mailDomain, SITE_URL: baseUrl,
      MAILROOM_LOCAL_MODE: 'true', PAYMENT_PROVIDER: 'sandbox', API_RATE_LIMIT_MULTIPLIER: '1000', FREE_INBOX_CREATES_PER_IP_PER_HOUR: '1000',
    });
    store = await import('../../lambdas/sending/sending.store.ts');
    sendingEntities = await import('../../lambdas/sending/sending.entities.ts');
    const { documentClient } = await import('../../lambdas/platform/aws/dynamo.ts');
    const { PutCommand } = await import('../../lambdas/platform/aws/dynamo-commands.ts');
    putCount = async (key, count) => { await documentClient.send(new PutCommand({ TableName: res.tableName, Item: { ...key, count } })); };
    const handlers: Record<string, () => Promise<{ handler: any }>> = {
      inboxes: () => import('../../lambdas/inboxes/inboxes.handler.ts'),
      account: () => import('../../lambdas/accounts/account.handler.ts'),
      sending: () => import('../../lambdas/sending/sending.handler.ts'),
      messages: () => import('../../lambdas/messages/messages.handler.ts'),
    };
    const { startApiServer } = await import('../../lib/local/api-server.ts');
    server = await startApiServer(port, '127.0.0.1', async (fn) => {
      const load = handlers[fn];
      if (!load) throw new Error(`function ${fn} is not loaded in this test`);
      return (await load()).handler;
    });
  });

  afterAll(async () => {
    if (server) await new Promise<void>((r) => { server!.closeAllConnections(); server!.close(() => r()); });
  });

  it('reserveSend counts against the day: past the limit it refuses "daily"; a refund frees a slot; the next UTC day starts at zero', async () => {
    const acc = `acc_quota_${randomBytes(4).toString('hex')}`;
    const limits = { perDay: 3, perMinute: 100, concurrent: 100 };
    const now = Date.parse('2031-05-05T12:00:00Z');
    for (let i = 0; i < 3; i++) {
      expect(await store.reserveSend(acc, limits, now + i)).toEqual({ ok: true });
      await store.releaseSend(acc, now + i, false);
    }
    expect(await store.sendsToday(acc, now)).toBe(3);
    expect(await store.reserveSend(acc, limits, now + 10)).toEqual({ ok: false, reason: 'daily' });
    expect(await store.sendsToday(acc, now), 'a refused reservation is not counted').toBe(3);

    // A send that never left is refunded: its slot is free again.
    await store.releaseSend(acc, now, true);
    expect(await store.sendsToday(acc, now)).toBe(2);
    expect(await store.reserveSend(acc, limits, now + 20)).toEqual({ ok: true });
    await store.releaseSend(acc, now + 20, false);
    expect(await store.reserveSend(acc, limits, now + 30)).toEqual({ ok: false, reason: 'daily' });

    // Midnight UTC resets the count.
    const lastMs = Date.parse('2031-05-05T23:59:59.999Z');
    expect(await store.reserveSend(acc, limits, lastMs)).toEqual({ ok: false, reason: 'daily' });
    const nextDay = Date.parse('2031-05-06T00:00:00Z');
    expect(await store.sendsToday(acc, nextDay)).toBe(0);
    expect(await store.reserveSend(acc, limits, nextDay)).toEqual({ ok: true });
    await store.releaseSend(acc, nextDay, false);
    expect(await store.sendsToday(acc, nextDay)).toBe(1);
  });

  it('reserveSend reports the burst and concurrency limits as such', async () => {
    const acc = `acc_quota_${randomBytes(4).toString('hex')}`;
    const now = Date.parse('2031-05-05T12:00:00Z');
    const burst = { perDay: 100, perMinute: 2, concurrent: 100 };
    for (let i = 0; i < 2; i++) {
      expect(await store.reserveSend(acc, burst, now)).toEqual({ ok: true });
      await store.releaseSend(acc, now, false);
    }
    expect(await store.reserveSend(acc, burst, now + 1000)).toEqual({ ok: false, reason: 'burst' });
    expect(await store.reserveSend(acc, burst, now + 60_000), 'the next minute').toEqual({ ok: true });
    await store.releaseSend(acc, now + 60_000, false);

    const acc2 = `acc_quota_${randomBytes(4).toString('hex')}`;
    const conc = { perDay: 100, perMinute: 100, concurrent: 2 };
    expect(await store.reserveSend(acc2, conc, now)).toEqual({ ok: true });
    expect(await store.reserveSend(acc2, conc, now)).toEqual({ ok: true });
    expect(await store.reserveSend(acc2, conc, now)).toEqual({ ok: false, reason: 'concurrent' });
    await store.releaseSend(acc2, now, false);
    expect(await store.reserveSend(acc2, conc, now)).toEqual({ ok: true });
  });

  it('over the API: the 1,000th send of the day goes out, the next is 429 SEND_LIMIT_EXCEEDED code DAILY_SEND_QUOTA with retry_after, current_usage and upgrade_context', async () => {
    const created = await api('POST', '/v1/inboxes', { baseUrl, body: { username: `quota-${randomBytes(4).toString('hex')}` } });
    expect(created.status, created.text).toBe(201);
    const inbox = created.body.result as CreatedInbox;
    const up = await api('POST', '/v1/account/upgrade', { baseUrl, key: inbox.account_api_key, body: { tier: 'developer', payment_method: 'pm_card_visa' } });
    expect(up.status, up.text).toBe(200);
    const account = await api('GET', '/v1/account', { baseUrl, key: inbox.account_api_key });
    const accountId = account.body.result.account_id as string;
    expect(account.body.result.limits.max_sends_per_day).toBe(1000);

    const nowMs = Date.now();
    const day = store.utcDay(nowMs);
    const nextMidnight = Date.parse(`${day}T00:00:00Z`) + 86_400_000;
    if (nextMidnight - nowMs < 10_000) await new Promise((r) => setTimeout(r, nextMidnight - nowMs + 500)); // not across midnight
    const today = store.utcDay(Date.now());
    await putCount(sendingEntities.dailySendsKey(accountId, today), 999);
    const sendBody = { to: SUCCESS, subject: 'Quota', body: 'x' };

    const last = await api('POST', `/v1/inboxes/${inbox.id}/send`, { baseUrl, key: inbox.api_key, body: sendBody });
    expect(last.status, last.text).toBe(201);
    expect((await api('GET', '/v1/account', { baseUrl, key: inbox.account_api_key })).body.result.limits.current_sends_today).toBe(1000);

    const before = Date.now();
    const r = await api('POST', `/v1/inboxes/${inbox.id}/send`, { baseUrl, key: inbox.api_key, body: sendBody });
    expectError(r, 429, 'SEND_LIMIT_EXCEEDED');
    expect(r.body.code).toBe('DAILY_SEND_QUOTA');
    const resetAt = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString();
    const secondsToReset = (Date.parse(resetAt) - before) / 1000;
    expect(Number.isInteger(r.body.retry_after)).toBe(true);
    expect(Math.abs(r.body.retry_after - secondsToReset), `retry_after ${r.body.retry_after}, ${secondsToReset} s to midnight UTC`).toBeLessThanOrEqual(3);
    expect(r.body.current_usage).toEqual({ sent_today: 1000, limit: 1000, reset_at: resetAt });
    expectUpgradeContext(r.body);
    // Refused sends are not counted and not stored.
    expect((await api('GET', '/v1/account', { baseUrl, key: inbox.account_api_key })).body.result.limits.current_sends_today).toBe(1000);
    const msgs = await api('GET', `/v1/inboxes/${inbox.id}/messages`, { baseUrl, key: inbox.api_key });
    expect(msgs.body.result.messages).toHaveLength(1);
  });
});
