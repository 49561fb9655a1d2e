/**
 * Drafts as an agent meets them: every tier writes, lists, reads, edits and discards drafts with
 * its inbox key; sending one (now, or at send_at) needs a paid tier. After an upgrade a scheduled
 * draft is sent by the service itself at send_at — exactly once, at the new time when it was
 * moved, never when it was discarded — and then exists only as the sent message.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { api, newAccount, paidAccount, target, type CreatedInbox } from './client.ts';
import { allMessages, closeMail, eventuallyValue, expectError, SENDER, sendMail, uniqueSubject, waitForMessage, waitForMessages, type Msg } from './mail.ts';

afterAll(closeMail);

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const DFT_ID = new RegExp(`^dft_${UUID}$`);
const MSG_ID = new RegExp(`^msg_${UUID}$`);
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const NO_DRAFT = 'dft_00000000-0000-7000-8000-000000000000';

/** Scheduled sends: send_at this far ahead, and how long we watch for (duplicate) deliveries in all. */
const LEAD_MS = 6_000;
const WATCH_MS = 11_000;

const drafts = (inbox: CreatedInbox) => `/v1/inboxes/${inbox.id}/drafts`;

async function createDraft(inbox: CreatedInbox, body: Record<string, unknown>) {
  const r = await api('POST', drafts(inbox), { key: inbox.api_key, body });
  expect(r.status, r.text).toBe(201);
  return r.body.result as Msg;
}

async function getDraft(inbox: CreatedInbox, id: string) {
  return api('GET', `${drafts(inbox)}/${id}`, { key: inbox.api_key });
}

async function patchDraft(inbox: CreatedInbox, id: string, body: Record<string, unknown>) {
  const r = await api('PATCH', `${drafts(inbox)}/${id}`, { key: inbox.api_key, body });
  expect(r.status, r.text).toBe(200);
  return r.body.result as Msg;
}

/** A send_at `ms` from now on a whole second (the schedule fires at second precision). */
const secondsAhead = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 1000) * 1000).toISOString();

const withSubject = (subject: string) => (ms: Msg[]) => ms.filter((m) => m.subject === subject);
const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - Date.now())));

/** A message of our own in `inbox` (over SMTP from outside), as the API stores it. */
async function receive(inbox: CreatedInbox) {
  const subject = uniqueSubject('Question');
  await sendMail({ from: `Alice Sender <${SENDER}>`, to: inbox.address, subject, text: 'Can you send me the report?' });
  return waitForMessage(inbox.api_key, inbox.id, subject);
}

function expectUpgradeContext(body: any) {
  const u = body.upgrade_context;
  expect(u, JSON.stringify(body)).toBeTypeOf('object');
  expect(new URL(u.operator_action_url).protocol).toMatch(/^https?:$/);
  expect(u.operator_action_label).toEqual(expect.any(String));
  expect(u.operator_action_label.length).toBeGreaterThan(0);
  expect(u.agent_script).toEqual(expect.any(String));
  expect(u.agent_script).toContain(u.operator_action_url);
}

describe('drafts on a free account', () => {
  it('creates a draft with the spec fields: body → body_text, cc/bcc default [], labels, status draft', async () => {
    const inbox = await newAccount();
    const before = Date.now();
    const r = await api('POST', drafts(inbox), { key: inbox.api_key, body: {
      to: 'bob@example.com', subject: 'Quarterly report', body: 'Hi Bob,\nthe report is attached.', labels: ['reports', 'q3'],
    } });
    expect(r.status, r.text).toBe(201);
    expect(Array.isArray(r.body.next_steps) && r.body.next_steps.length > 0).toBe(true);
    const d = r.body.result;
    expect(d).toMatchObject({
      inbox_id: inbox.id, to: 'bob@example.com', cc: [], bcc: [], subject: 'Quarterly report', body_text: 'Hi Bob,\nthe report is attached.',
      body_html: null, send_at: null, thread_id: null, labels: ['reports', 'q3'], status: 'draft',
    });
    expect(d.id).toMatch(DFT_ID);
    expect(d.created_at).toMatch(ISO);
    expect(d.updated_at).toMatch(ISO);
    expect(Date.parse(d.created_at)).toBeGreaterThanOrEqual(before - 2000);
    expect(d).not.toHaveProperty('body');

    const got = await getDraft(inbox, d.id);
    expect(got.status, got.text).toBe(200);
    expect(got.body.result).toEqual(d);
  });

  it('keeps cc, bcc and body_html as given', async () => {
    const inbox = await newAccount();
    const d = await createDraft(inbox, { to: 'bob@example.com', cc: ['carol@example.com'], bcc: ['dave@example.com', 'erin@example.com'],
      subject: 'With copies', body: 'plain', body_html: '<p>html</p>' });
    expect(d).toMatchObject({ cc: ['carol@example.com'], bcc: ['dave@example.com', 'erin@example.com'], body_text: 'plain', body_html: '<p>html</p>' });
  });

  it('needs the inbox key: the account key is refused with 401 INVALID_API_KEY, as are other inboxes\' keys and no key', async () => {
    const inbox = await newAccount();
    const other = await newAccount();
    const d = await createDraft(inbox, { to: 'bob@example.com', subject: 's', body: 'b' });
    const calls: [string, string, unknown?][] = [
      ['POST', drafts(inbox), { to: 'bob@example.com', subject: 's', body: 'b' }],
      ['GET', drafts(inbox)],
      ['GET', `${drafts(inbox)}/${d.id}`],
      ['PATCH', `${drafts(inbox)}/${d.id}`, { subject: 'changed' }],
      ['DELETE', `${drafts(inbox)}/${d.id}`],
      ['POST', `${drafts(inbox)}/${d.id}/send`],
    ];
    for (const [method, path, body] of calls) {
      const withAccountKey = await api(method, path, { key: inbox.account_api_key, body });
      expectError(withAccountKey, 401, 'INVALID_API_KEY');
      const withOtherInboxKey = await api(method, path, { key: other.api_key, body });
      expectError(withOtherInboxKey, 401, 'INVALID_API_KEY');
      const withoutKey = await api(method, path, { body });
      expect(withoutKey.status, `${method} ${path} without a key`).toBe(401);
    }
    // Nothing was changed, discarded or created by the refused calls.
    const after = await getDraft(inbox, d.id);
    expect(after.body.result).toEqual(d);
    const list = await api('GET', drafts(inbox), { key: inbox.api_key });
    expect(list.body.result.total).toBe(1);
  });

  it('PATCH changes only the given fields; labels replaces the whole array', async () => {
    const inbox = await newAccount();
    const d = await createDraft(inbox, { to: 'bob@example.com', cc: ['carol@example.com'], subject: 'Original', body: 'Original body',
      body_html: '<p>Original</p>', labels: ['a', 'b'] });
    const p1 = await patchDraft(inbox, d.id, { subject: 'Changed subject' });
    expect(p1).toMatchObject({ ...d, subject: 'Changed subject', updated_at: expect.any(String) });
    expect(Date.parse(p1.updated_at)).toBeGreaterThanOrEqual(Date.parse(d.updated_at));
    expect(p1.created_at).toBe(d.created_at);

    const p2 = await patchDraft(inbox, d.id, { labels: ['c'] });
    expect(p2.labels).toEqual(['c']);
    expect(p2).toMatchObject({ to: 'bob@example.com', cc: ['carol@example.com'], subject: 'Changed subject', body_text: 'Original body', body_html: '<p>Original</p>' });

    const p3 = await patchDraft(inbox, d.id, { body: 'New body', to: 'zed@example.com', cc: [], body_html: null });
    expect(p3).toMatchObject({ to: 'zed@example.com', cc: [], body_text: 'New body', body_html: null, labels: ['c'], subject: 'Changed subject', status: 'draft' });

    const got = await getDraft(inbox, d.id);
    expect(got.body.result).toEqual(p3);
  });

  it('invalid send_at ("tomorrow") is a 400 naming send_at, on create and on PATCH', async () => {
    const inbox = await newAccount();
    const create = await api('POST', drafts(inbox), { key: inbox.api_key, body: { to: 'bob@example.com', subject: 's', body: 'b', send_at: 'tomorrow' } });
    expectError(create, 400, 'VALIDATION_ERROR');
    expect(create.body.field).toBe('send_at');
    expect(create.body.message).toContain('send_at');
    const d = await createDraft(inbox, { to: 'bob@example.com', subject: 's', body: 'b' });
    const patch = await api('PATCH', `${drafts(inbox)}/${d.id}`, { key: inbox.api_key, body: { send_at: 'tomorrow' } });
    expectError(patch, 400, 'VALIDATION_ERROR');
    expect(patch.body.field).toBe('send_at');
    expect((await getDraft(inbox, d.id)).body.result).toEqual(d);
    // Nothing half-written: only the one valid draft exists.
    expect((await api('GET', drafts(inbox), { key: inbox.api_key })).body.result.total).toBe(1);
  });

  it('missing required fields and a bad address are 400s naming the field', async () => {
    const inbox = await newAccount();
    for (const [body, field] of [
      [{ subject: 's', body: 'b' }, 'to'],
      [{ to: 'bob@example.com', body: 'b' }, 'subject'],
      [{ to: 'bob@example.com', subject: 's' }, 'body'],
      [{ to: 'not an address', subject: 's', body: 'b' }, 'to'],
      [{ to: 'bob@example.com', subject: 's', body: 'b', cc: ['nope'] }, 'cc.0'],
    ] as const) {
      const r = await api('POST', drafts(inbox), { key: inbox.api_key, body });
      expectError(r, 400, 'VALIDATION_ERROR');
      expect(r.body.field, JSON.stringify(body)).toBe(field);
    }
    expect((await api('GET', drafts(inbox), { key: inbox.api_key })).body.result.total).toBe(0);
  });

  it('lists drafts newest first with limit (1-100), offset, label filter and total', async () => {
    const inbox = await newAccount();
    const made: Msg[] = [];
    for (let i = 0; i < 5; i++) made.push(await createDraft(inbox, { to: 'bob@example.com', subject: `Draft ${i}`, body: `b${i}`, labels: i % 2 ? ['odd'] : ['even'] }));
    const all = await api('GET', drafts(inbox), { key: inbox.api_key });
    expect(all.status, all.text).toBe(200);
    expect(all.body.result).toMatchObject({ total: 5, limit: 50, offset: 0 });
    expect(all.body.result.drafts.map((d: Msg) => d.subject)).toEqual(['Draft 4', 'Draft 3', 'Draft 2', 'Draft 1', 'Draft 0']);
    expect(all.body.result.drafts[0]).toEqual(made[4]);

    const page = await api('GET', `${drafts(inbox)}?limit=2&offset=1`, { key: inbox.api_key });
    expect(page.body.result).toMatchObject({ total: 5, limit: 2, offset: 1 });
    expect(page.body.result.drafts.map((d: Msg) => d.subject)).toEqual(['Draft 3', 'Draft 2']);

    const past = await api('GET', `${drafts(inbox)}?offset=10`, { key: inbox.api_key });
    expect(past.body.result).toMatchObject({ drafts: [], total: 5 });

    const odd = await api('GET', `${drafts(inbox)}?label=odd`, { key: inbox.api_key });
    expect(odd.body.result.total).toBe(2);
    expect(odd.body.result.drafts.map((d: Msg) => d.subject)).toEqual(['Draft 3', 'Draft 1']);
    const none = await api('GET', `${drafts(inbox)}?label=missing`, { key: inbox.api_key });
    expect(none.body.result).toMatchObject({ drafts: [], total: 0 });

    expect((await api('GET', `${drafts(inbox)}?limit=1`, { key: inbox.api_key })).body.result.drafts).toHaveLength(1);
    expect((await api('GET', `${drafts(inbox)}?limit=100`, { key: inbox.api_key })).status).toBe(200);
    for (const q of ['limit=0', 'limit=101', 'limit=abc', 'offset=-1']) {
      const r = await api('GET', `${drafts(inbox)}?${q}`, { key: inbox.api_key });
      expectError(r, 400, 'VALIDATION_ERROR');
      expect(r.body.field, q).toBe(q.split('=')[0]);
    }
  });

  it('DELETE discards a draft; afterwards it is 404 DRAFT_NOT_FOUND', async () => {
    const inbox = await newAccount();
    const keep = await createDraft(inbox, { to: 'bob@example.com', subject: 'keep', body: 'b' });
    const d = await createDraft(inbox, { to: 'bob@example.com', subject: 'discard', body: 'b' });
    const del = await api('DELETE', `${drafts(inbox)}/${d.id}`, { key: inbox.api_key });
    expect(del.status, del.text).toBe(200);
    expect(del.body.result).toMatchObject({ id: d.id, deleted: true, cancelled_schedule: false });
    expectError(await getDraft(inbox, d.id), 404, 'DRAFT_NOT_FOUND');
    expectError(await api('DELETE', `${drafts(inbox)}/${d.id}`, { key: inbox.api_key }), 404, 'DRAFT_NOT_FOUND');
    const list = await api('GET', drafts(inbox), { key: inbox.api_key });
    expect(list.body.result.drafts.map((x: Msg) => x.id)).toEqual([keep.id]);
  });

  it('an unknown draft is 404 DRAFT_NOT_FOUND on every draft route', async () => {
    const inbox = await newAccount();
    for (const id of [NO_DRAFT, 'nonsense']) {
      expectError(await getDraft(inbox, id), 404, 'DRAFT_NOT_FOUND');
      expectError(await api('PATCH', `${drafts(inbox)}/${id}`, { key: inbox.api_key, body: { subject: 'x' } }), 404, 'DRAFT_NOT_FOUND');
      expectError(await api('DELETE', `${drafts(inbox)}/${id}`, { key: inbox.api_key }), 404, 'DRAFT_NOT_FOUND');
      expectError(await api('POST', `${drafts(inbox)}/${id}/send`, { key: inbox.api_key }), 404, 'DRAFT_NOT_FOUND');
    }
    // Another inbox's draft is not found through this inbox either.
    const other = await newAccount();
    const theirs = await createDraft(other, { to: 'bob@example.com', subject: 's', body: 'b' });
    expectError(await getDraft(inbox, theirs.id), 404, 'DRAFT_NOT_FOUND');
  });

  it('in_reply_to (the id of a received message) puts the draft in that message\'s thread', async () => {
    const inbox = await newAccount();
    const received = await receive(inbox);
    const d = await createDraft(inbox, { to: SENDER, subject: `Re: ${received.subject}`, body: 'Here it is.', in_reply_to: received.id });
    expect(d.thread_id).toBe(received.thread_id);
    expect(d.thread_id).toMatch(/^thr_/);
    // An id that is not a message of this inbox is refused, naming the field.
    const bad = await api('POST', drafts(inbox), { key: inbox.api_key, body: { to: SENDER, subject: 's', body: 'b', in_reply_to: 'msg_00000000-0000-7000-8000-000000000000' } });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.body.field).toBe('in_reply_to');
  });

  it('thread_id of an existing thread is kept', async () => {
    const inbox = await newAccount();
    const received = await receive(inbox);
    const d = await createDraft(inbox, { to: SENDER, subject: 'Follow-up', body: 'b', thread_id: received.thread_id });
    expect(d.thread_id).toBe(received.thread_id);
  });

  it('POST …/send on a free account is 402 SEND_REQUIRES_PAID with upgrade_context, and the draft is kept untouched, its updated_at included', async () => {
    const inbox = await newAccount();
    const d = await createDraft(inbox, { to: 'bob@example.com', subject: 's', body: 'b' });
    const r = await api('POST', `${drafts(inbox)}/${d.id}/send`, { key: inbox.api_key });
    expectError(r, 402, 'SEND_REQUIRES_PAID');
    expectUpgradeContext(r.body);
    expect((await getDraft(inbox, d.id)).body.result).toEqual(d);
  });

  it('scheduling a send needs a paid tier: send_at on create or PATCH is 402 SEND_REQUIRES_PAID on a free account', async () => {
    const inbox = await newAccount();
    const create = await api('POST', drafts(inbox), { key: inbox.api_key, body: { to: 'bob@example.com', subject: 's', body: 'b', send_at: secondsAhead(3_600_000) } });
    expectError(create, 402, 'SEND_REQUIRES_PAID');
    expectUpgradeContext(create.body);
    expect((await api('GET', drafts(inbox), { key: inbox.api_key })).body.result.total).toBe(0);

    const d = await createDraft(inbox, { to: 'bob@example.com', subject: 's', body: 'b' });
    const patch = await api('PATCH', `${drafts(inbox)}/${d.id}`, { key: inbox.api_key, body: { send_at: secondsAhead(3_600_000) } });
    expectError(patch, 402, 'SEND_REQUIRES_PAID');
    expectUpgradeContext(patch.body);
    expect((await getDraft(inbox, d.id)).body.result).toEqual(d);
  });
});

describe('scheduling on a paid account', () => {
  it('send_at in the future makes the draft scheduled; send_at null makes it a plain draft again', async () => {
    const inbox = await paidAccount();
    const at = secondsAhead(3_600_000);
    const d = await createDraft(inbox, { to: 'success@simulator.amazonses.com', subject: 'later', body: 'b', send_at: at });
    expect(d).toMatchObject({ status: 'scheduled', send_at: at });
    const unscheduled = await patchDraft(inbox, d.id, { send_at: null });
    expect(unscheduled).toMatchObject({ status: 'draft', send_at: null, subject: 'later' });
    const rescheduled = await patchDraft(inbox, d.id, { send_at: at });
    expect(rescheduled).toMatchObject({ status: 'scheduled', send_at: at });
    // A schedule far ahead: discard it so nothing fires later in the run.
    const del = await api('DELETE', `${drafts(inbox)}/${d.id}`, { key: inbox.api_key });
    expect(del.body.result).toMatchObject({ deleted: true, cancelled_schedule: true });
  });

  // Alone (not concurrent): with the local scheduler idle, an early firing shows every time.
  it('a scheduled draft is never sent before its send_at, milliseconds included', async () => {
    const [sender, recipient] = await Promise.all([paidAccount(), newAccount()]);
    const subject = uniqueSubject('Punctual');
    // .999 s: the schedule's at(…) has whole seconds, and must not round this down.
    const sendAt = new Date(Math.floor((Date.now() + LEAD_MS) / 1000) * 1000 + 999).toISOString();
    const d = await createDraft(sender, { to: recipient.address, subject, body: 'b', send_at: sendAt });
    expect(d.send_at).toBe(sendAt);
    await waitForMessages(recipient.api_key, recipient.id, (ms) => withSubject(subject)(ms).length > 0, 25_000);
    const sent = withSubject(subject)(await allMessages(sender.api_key, sender.id));
    expect(sent).toHaveLength(1);
    expect(Date.parse(sent[0]!.received_at), `sent at ${sent[0]!.received_at}, send_at ${sendAt}`).toBeGreaterThanOrEqual(Date.parse(sendAt));
  });

  it.concurrent('a draft scheduled ~3 s ahead arrives in another inbox at send_at, by itself and exactly once; then it is only the sent message', async () => {
    const [sender, recipient] = await Promise.all([paidAccount(), newAccount()]);
    const subject = uniqueSubject('Scheduled');
    const start = Date.now();
    const sendAt = secondsAhead(LEAD_MS);
    const d = await createDraft(sender, { to: recipient.address, subject, body: 'Sent by the scheduler.', send_at: sendAt });
    expect(d).toMatchObject({ status: 'scheduled', send_at: sendAt });
    expect(withSubject(subject)(await allMessages(recipient.api_key, recipient.id))).toHaveLength(0);

    const arrived = await waitForMessages(recipient.api_key, recipient.id, (ms) => withSubject(subject)(ms).length > 0, 25_000);
    const m = withSubject(subject)(arrived)[0]!;
    expect(Date.parse(m.received_at), `received ${m.received_at}, send_at ${sendAt}`).toBeGreaterThanOrEqual(Date.parse(sendAt));
    expect(m).toMatchObject({ direction: 'inbound', from: sender.address, body_text: expect.stringContaining('Sent by the scheduler.') });

    // Watch a while longer: a second firing would show up as a second copy.
    await sleepUntil(start + WATCH_MS);
    expect(withSubject(subject)(await allMessages(recipient.api_key, recipient.id))).toHaveLength(1);

    // Locally the recipient can see the mail before send-scheduled has turned the draft into the
    // sent message (the SES stand-in delivers inside SendEmail; in AWS delivery comes later).
    const gone = await eventuallyValue(() => getDraft(sender, d.id), (r) => r.status === 404, 'the draft to become the sent message');
    expectError(gone, 404, 'DRAFT_NOT_FOUND');
    expect((await api('GET', drafts(sender), { key: sender.api_key })).body.result.total).toBe(0);
    const sent = withSubject(subject)(await allMessages(sender.api_key, sender.id));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ direction: 'outbound', from: sender.address, to: [recipient.address], delivery_status: expect.stringMatching(/^(sent|delivered)$/) });
  });

  it.concurrent('rescheduling (PATCH send_at before it fires) sends it once, at the new time, with the edits made meanwhile', async () => {
    const [sender, recipient] = await Promise.all([paidAccount(), newAccount()]);
    const subject = uniqueSubject('Moved');
    const first = secondsAhead(LEAD_MS);
    const d = await createDraft(sender, { to: recipient.address, subject, body: 'b', send_at: first });
    const moved = secondsAhead(LEAD_MS + 1_000);
    expect(Date.parse(moved)).toBeGreaterThan(Date.parse(first));
    const p = await patchDraft(sender, d.id, { send_at: moved, body: 'Edited while scheduled.' });
    expect(p).toMatchObject({ status: 'scheduled', send_at: moved, body_text: 'Edited while scheduled.' });
    const start = Date.now();

    // Nothing at the old time.
    await sleepUntil(Date.parse(first) + 700);
    if (Date.now() < Date.parse(moved)) expect(withSubject(subject)(await allMessages(recipient.api_key, recipient.id))).toHaveLength(0);

    const arrived = await waitForMessages(recipient.api_key, recipient.id, (ms) => withSubject(subject)(ms).length > 0, 25_000);
    const m = withSubject(subject)(arrived)[0]!;
    expect(Date.parse(m.received_at), `received ${m.received_at}, moved to ${moved}`).toBeGreaterThanOrEqual(Date.parse(moved));
    expect(m.body_text).toContain('Edited while scheduled.');
    await sleepUntil(start + WATCH_MS - 1_000);
    expect(withSubject(subject)(await allMessages(recipient.api_key, recipient.id))).toHaveLength(1);
    // The recipient can see the mail before send-scheduled has turned the draft into the sent message.
    const gone = await eventuallyValue(() => getDraft(sender, d.id), (r) => r.status === 404, 'the draft to become the sent message');
    expectError(gone, 404, 'DRAFT_NOT_FOUND');
  });

  it.concurrent('a scheduled draft refused by the per-minute burst limit stays scheduled: a transient 429 never unschedules it', async () => {
    const sender = await paidAccount();
    // Eleven drafts due at one moment: the developer tier sends 10 a minute, so one meets the burst limit.
    // All of them must fall in one calendar minute (the burst window).
    let at = Math.ceil((Date.now() + LEAD_MS + 1_000) / 1000) * 1000;
    if (at % 60_000 > 52_000) at = at - (at % 60_000) + 61_000;
    const sendAt = new Date(at).toISOString();
    const made = await Promise.all(Array.from({ length: 11 }, (_, i) =>
      createDraft(sender, { to: 'success@simulator.amazonses.com', subject: `due ${i}`, body: 'b', send_at: sendAt })));
    // Until all have fired (10 sent at once), then look at what became of the eleventh.
    await waitForMessages(sender.api_key, sender.id, (ms) => ms.length >= 10, Math.max(30_000, at - Date.now() + 25_000));
    await sleepUntil(Date.now() + 1_500);
    const sent = await allMessages(sender.api_key, sender.id);
    const left = (await api('GET', drafts(sender), { key: sender.api_key })).body.result.drafts as Msg[];
    expect(sent.length + left.length).toBe(11);
    // What is left may wait for the next minute; it is never quietly turned into an unsent draft.
    for (const x of left) {
      expect(x, JSON.stringify(x)).toMatchObject({ status: 'scheduled' });
      expect(x.send_at).not.toBeNull();
    }
    for (const x of made) await api('DELETE', `${drafts(sender)}/${x.id}`, { key: sender.api_key });
  });

  it.concurrent('cancelling (DELETE before it fires) means nothing is sent', async () => {
    const [sender, recipient] = await Promise.all([paidAccount(), newAccount()]);
    const subject = uniqueSubject('Cancelled');
    const start = Date.now();
    const d = await createDraft(sender, { to: recipient.address, subject, body: 'b', send_at: secondsAhead(LEAD_MS) });
    const del = await api('DELETE', `${drafts(sender)}/${d.id}`, { key: sender.api_key });
    expect(del.status, del.text).toBe(200);
    expect(del.body.result).toMatchObject({ id: d.id, deleted: true, cancelled_schedule: true });

    // A witness that the path works: a draft sent now arrives; the cancelled one never does.
    const witnessSubject = uniqueSubject('Witness');
    const w = await createDraft(sender, { to: recipient.address, subject: witnessSubject, body: 'b' });
    expect((await api('POST', `${drafts(sender)}/${w.id}/send`, { key: sender.api_key })).status).toBe(200);
    await waitForMessages(recipient.api_key, recipient.id, (ms) => withSubject(witnessSubject)(ms).length === 1, 25_000);

    await sleepUntil(start + WATCH_MS - 1_000);
    expect(withSubject(subject)(await allMessages(recipient.api_key, recipient.id))).toHaveLength(0);
    expect(withSubject(subject)(await allMessages(sender.api_key, sender.id))).toHaveLength(0);
    expectError(await getDraft(sender, d.id), 404, 'DRAFT_NOT_FOUND');
  });
});

describe('sending a draft on a paid account', () => {
  it('POST …/send without send_at sends now: msg_ id, status queued, Message-ID at our domain, sent_at; the draft is gone', async () => {
    const [sender, recipient] = await Promise.all([paidAccount(), newAccount()]);
    const subject = uniqueSubject('Now');
    const d = await createDraft(sender, { to: recipient.address, subject, body: 'Sent right away.', labels: ['outbox'] });
    const before = Date.now();
    const r = await api('POST', `${drafts(sender)}/${d.id}/send`, { key: sender.api_key });
    expect(r.status, r.text).toBe(200);
    expect(Array.isArray(r.body.next_steps) && r.body.next_steps.length > 0).toBe(true);
    const s = r.body.result;
    expect(s.id).toMatch(MSG_ID);
    expect(s.status).toBe('queued');
    expect(s.message_id).toMatch(new RegExp(`^<[^<>@\\s]+@${target().mailDomain.replace(/\./g, '\\.')}>$`));
    expect(s.sent_at).toMatch(ISO);
    expect(Date.parse(s.sent_at)).toBeGreaterThanOrEqual(before - 2000);
    expect(s.scheduled_at).toBeNull();
    expect(s.note).toEqual(expect.any(String));
    expect(s.note.length).toBeGreaterThan(0);

    expectError(await getDraft(sender, d.id), 404, 'DRAFT_NOT_FOUND');
    // Sent drafts are messages now: a second send or an edit finds no draft.
    expectError(await api('POST', `${drafts(sender)}/${d.id}/send`, { key: sender.api_key }), 404, 'DRAFT_NOT_FOUND');
    expectError(await api('PATCH', `${drafts(sender)}/${d.id}`, { key: sender.api_key, body: { subject: 'x' } }), 404, 'DRAFT_NOT_FOUND');

    const m = await waitForMessage(recipient.api_key, recipient.id, subject);
    expect(m.message_id_header.replace(/^<|>$/g, '')).toBe(s.message_id.slice(1, -1));
    const own = await api('GET', `/v1/inboxes/${sender.id}/messages/${s.id}`, { key: sender.api_key });
    expect(own.status, own.text).toBe(200);
    expect(own.body.result).toMatchObject({ id: s.id, direction: 'outbound', subject, to: [recipient.address], thread_id: s.thread_id });
  });

  it('POST …/send on a draft in a thread sends the reply with In-Reply-To and keeps the thread', async () => {
    const [sender, recipient] = await Promise.all([paidAccount(), newAccount()]);
    // The recipient writes first; the sender answers with a draft made from the received message.
    const subject = uniqueSubject('Ping');
    await sendMail({ from: recipient.address, to: sender.address, subject, text: 'ping', envelope: { from: recipient.address, to: [sender.address] } });
    const received = await waitForMessage(sender.api_key, sender.id, subject);
    const d = await createDraft(sender, { to: recipient.address, subject: `Re: ${subject}`, body: 'pong', in_reply_to: received.id });
    const r = await api('POST', `${drafts(sender)}/${d.id}/send`, { key: sender.api_key });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result.thread_id).toBe(received.thread_id);
    const reply = await waitForMessage(recipient.api_key, recipient.id, `Re: ${subject}`);
    expect(reply.in_reply_to?.replace(/^<|>$/g, '')).toBe(received.message_id_header.replace(/^<|>$/g, ''));
    const thread = await api('GET', `/v1/inboxes/${sender.id}/threads/${received.thread_id}`, { key: sender.api_key });
    expect(thread.body.result.thread.message_count).toBe(2);
  });

  it('POST …/send on a draft with a future send_at answers status scheduled with scheduled_at, and sends nothing now', async () => {
    const inbox = await paidAccount();
    const at = secondsAhead(3_600_000);
    const d = await createDraft(inbox, { to: 'success@simulator.amazonses.com', subject: uniqueSubject('Later'), body: 'b', send_at: at });
    const r = await api('POST', `${drafts(inbox)}/${d.id}/send`, { key: inbox.api_key });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result).toMatchObject({ status: 'scheduled', scheduled_at: at, sent_at: null });
    expect(r.body.result.note).toEqual(expect.any(String));
    const still = await getDraft(inbox, d.id);
    expect(still.body.result).toMatchObject({ id: d.id, status: 'scheduled', send_at: at });
    expect(await allMessages(inbox.api_key, inbox.id)).toHaveLength(0);
    expect((await api('DELETE', `${drafts(inbox)}/${d.id}`, { key: inbox.api_key })).body.result.cancelled_schedule).toBe(true);
  });
});
