/**
 * Conversations as an agent meets them: replies sent over real SMTP join the thread of the
 * message they answer (In-Reply-To, or any earlier message in References), unrelated mail starts
 * a new one; thread fields, listing (per inbox and account-wide), one thread with its messages,
 * labels, and the errors and key rules of the thread routes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { addInbox, api, newAccount, type CreatedInbox } from './client.ts';
import {
  closeMail, eventuallyValue, expectError, messageId, SENDER, sendMail, uniqueSubject, waitForMessage, waitForMessages, type Msg,
} from './mail.ts';

afterAll(closeMail);

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const THR_ID = new RegExp(`^thr_${UUID}$`);
const NO_THREAD = 'thr_00000000-0000-7000-8000-000000000000';

/** Sends one message with its own Message-ID and returns it as stored. */
async function deliver(inbox: CreatedInbox, opts: { subject?: string; text?: string; from?: string; cc?: string[];
  inReplyTo?: string; references?: string[] } = {}) {
  const id = messageId();
  const subject = opts.subject ?? uniqueSubject('Thread');
  await sendMail({
    from: opts.from ?? `Alice Sender <${SENDER}>`, to: inbox.address, cc: opts.cc, subject, text: opts.text ?? `Body of ${subject}`,
    envelope: { from: SENDER, to: [inbox.address] }, // Cc addresses are elsewhere
    messageId: id.header, ...(opts.inReplyTo ? { inReplyTo: opts.inReplyTo } : {}), ...(opts.references ? { references: opts.references } : {}),
  });
  const m = await waitForMessage(inbox.api_key, inbox.id, subject);
  return { ...m, header: id.header } as Msg & { header: string };
}

async function getThread(inbox: CreatedInbox, threadId: string) {
  const r = await api('GET', `/v1/inboxes/${inbox.id}/threads/${threadId}`, { key: inbox.api_key });
  expect(r.status, r.text).toBe(200);
  return r.body.result.thread as Msg;
}

async function listThreads(inbox: CreatedInbox, query = '') {
  const r = await api('GET', `/v1/inboxes/${inbox.id}/threads${query}`, { key: inbox.api_key });
  expect(r.status, r.text).toBe(200);
  return r.body.result as { threads: Msg[]; total: number; limit: number; offset: number; has_more: boolean };
}

describe('threading of inbound mail', () => {
  it('a reply whose In-Reply-To is the first message\'s Message-ID joins its thread', async () => {
    const inbox = await newAccount();
    const first = await deliver(inbox, { subject: uniqueSubject('Kickoff') });
    expect(first.thread_id).toMatch(THR_ID);
    const reply = await deliver(inbox, { subject: `Re: ${first.subject}`, inReplyTo: first.header });
    expect(reply.thread_id).toBe(first.thread_id);
    expect(reply.in_reply_to?.replace(/^<|>$/g, '')).toBe(first.header.slice(1, -1));
  });

  it('a reply that only has References to an earlier message of the thread joins it too', async () => {
    const inbox = await newAccount();
    const first = await deliver(inbox);
    const second = await deliver(inbox, { subject: `Re: ${first.subject}`, inReplyTo: first.header, references: [first.header] });
    // References the first message (not the latest), and an unknown one; no In-Reply-To.
    const third = await deliver(inbox, { subject: uniqueSubject('Different subject line'),
      references: [first.header, '<unknown-elsewhere@example.net>'] });
    expect(second.thread_id).toBe(first.thread_id);
    expect(third.thread_id).toBe(first.thread_id);
    expect((await getThread(inbox, first.thread_id)).message_count).toBe(3);
  });

  it('unrelated mail starts a new thread, even with the same subject', async () => {
    const inbox = await newAccount();
    const subject = uniqueSubject('Same subject');
    const a = await deliver(inbox, { subject });
    const bSubject = `Re: ${subject}`;
    const b = await deliver(inbox, { subject: bSubject, inReplyTo: '<never-seen@example.net>' });
    expect(b.thread_id).toMatch(THR_ID);
    expect(b.thread_id).not.toBe(a.thread_id);
    expect((await listThreads(inbox)).total).toBe(2);
  });

  it('a reply to a message another inbox holds starts a thread of its own', async () => {
    const a = await newAccount();
    const b = await newAccount();
    const first = await deliver(a);
    const reply = await deliver(b, { subject: `Re: ${first.subject}`, inReplyTo: first.header, references: [first.header] });
    expect(reply.thread_id).not.toBe(first.thread_id);
    expect((await getThread(b, reply.thread_id)).message_count).toBe(1);
  });
});

describe('thread fields', () => {
  it('subject from the first message, participants, counts, latest_message and times follow the conversation', async () => {
    const inbox = await newAccount();
    const subject = uniqueSubject('Project plan');
    const first = await deliver(inbox, { subject, from: 'Alice <alice@example.org>', cc: ['carol@example.net'], text: 'First draft attached.' });

    let t = await getThread(inbox, first.thread_id);
    expect(t).toMatchObject({ id: first.thread_id, inbox_id: inbox.id, subject, message_count: 1, unread_count: 1, labels: [] });
    expect(t.created_at).toBe(first.received_at);
    expect(t.updated_at).toBe(first.received_at);
    expect(t.latest_message).toEqual({ id: first.id, from_address: 'alice@example.org', preview: 'First draft attached.', received_at: first.received_at });

    const long = `${'Thanks for the plan. '.repeat(4)}I have\n\n   several   comments on section two and three, see below.`;
    const reply = await deliver(inbox, { subject: `Re: ${subject}`, from: 'Bob <bob@example.com>', inReplyTo: first.header, text: long });
    t = await getThread(inbox, first.thread_id);
    expect(t.subject, 'the subject stays that of the first message').toBe(subject);
    expect(t.message_count).toBe(2);
    expect(t.unread_count).toBe(2);
    expect([...t.participants].sort()).toEqual(['alice@example.org', 'bob@example.com', 'carol@example.net', inbox.address].sort());
    expect(t.latest_message.id).toBe(reply.id);
    expect(t.latest_message.from_address).toBe('bob@example.com');
    expect(t.latest_message.received_at).toBe(reply.received_at);
    const folded = long.replace(/\s+/g, ' ');
    expect(t.latest_message.preview).toBe(folded.slice(0, 100));
    expect(t.latest_message.preview.length).toBe(100);
    expect(t.created_at).toBe(first.received_at);
    expect(t.updated_at).toBe(reply.received_at);
    expect(Date.parse(t.updated_at)).toBeGreaterThanOrEqual(Date.parse(t.created_at));
  });

  it('unread_count drops when a message is marked read and rises when it is marked unread again', async () => {
    const inbox = await newAccount();
    const first = await deliver(inbox);
    const second = await deliver(inbox, { subject: `Re: ${first.subject}`, inReplyTo: first.header });
    const mark = async (id: string, read: boolean) => {
      const r = await api('PATCH', `/v1/inboxes/${inbox.id}/messages/${id}`, { key: inbox.api_key, body: { read } });
      expect(r.status, r.text).toBe(200);
    };
    expect((await getThread(inbox, first.thread_id)).unread_count).toBe(2);
    await mark(first.id, true);
    expect((await getThread(inbox, first.thread_id)).unread_count).toBe(1);
    await mark(first.id, true); // no change: already read
    expect((await getThread(inbox, first.thread_id)).unread_count).toBe(1);
    await mark(second.id, true);
    expect((await getThread(inbox, first.thread_id)).unread_count).toBe(0);
    await mark(second.id, false);
    const t = await getThread(inbox, first.thread_id);
    expect(t.unread_count).toBe(1);
    expect(t.message_count).toBe(2);
  });

  it('GET one thread returns its messages in chronological order', async () => {
    const inbox = await newAccount();
    const first = await deliver(inbox, { text: 'one' });
    const second = await deliver(inbox, { subject: `Re: ${first.subject}`, inReplyTo: first.header, text: 'two' });
    await deliver(inbox, { text: 'elsewhere' });
    const third = await deliver(inbox, { subject: `Re: Re: ${first.subject}`, inReplyTo: second.header, references: [first.header, second.header], text: 'three' });
    const r = await api('GET', `/v1/inboxes/${inbox.id}/threads/${first.thread_id}`, { key: inbox.api_key });
    expect(r.status, r.text).toBe(200);
    const t = r.body.result.thread;
    expect(t.messages.map((m: Msg) => m.id)).toEqual([first.id, second.id, third.id]);
    expect(t.messages.map((m: Msg) => m.body_text.trim())).toEqual(['one', 'two', 'three']);
    expect(t.messages.every((m: Msg) => m.thread_id === first.thread_id)).toBe(true);
    expect(t.message_count).toBe(3);
    expect(t.latest_message.id).toBe(third.id);
  });
});

describe('GET /v1/inboxes/{id}/threads', () => {
  /** T1 (oldest, later answered), T2, T3: updated order T1 > T3 > T2; created order T3 > T2 > T1. */
  async function threeThreads() {
    const inbox = await newAccount();
    const t1 = await deliver(inbox, { subject: uniqueSubject('Alpha') });
    const t2 = await deliver(inbox, { subject: uniqueSubject('Bravo') });
    const t3 = await deliver(inbox, { subject: uniqueSubject('Charlie') });
    const reply = await deliver(inbox, { subject: `Re: ${t1.subject}`, inReplyTo: t1.header });
    return { inbox, t1, t2, t3, reply };
  }

  it('lists threads with their fields, newest activity first, with total, limit, offset and has_more', async () => {
    const { inbox, t1, t2, t3 } = await threeThreads();
    const all = await listThreads(inbox);
    expect(all).toMatchObject({ total: 3, limit: 50, offset: 0, has_more: false });
    expect(all.threads.map((t) => t.id)).toEqual([t1.thread_id, t3.thread_id, t2.thread_id]);
    for (const t of all.threads) {
      for (const k of ['id', 'inbox_id', 'subject', 'labels', 'message_count', 'unread_count', 'latest_message', 'created_at', 'updated_at']) {
        expect(t, `thread field ${k}`).toHaveProperty(k);
      }
      expect(t.inbox_id).toBe(inbox.id);
      expect(t).not.toHaveProperty('messages');
    }
    expect(all.threads[0]).toMatchObject({ subject: t1.subject, message_count: 2, unread_count: 2 });

    const p1 = await listThreads(inbox, '?limit=2');
    expect(p1).toMatchObject({ total: 3, limit: 2, offset: 0, has_more: true });
    expect(p1.threads.map((t) => t.id)).toEqual([t1.thread_id, t3.thread_id]);
    const p2 = await listThreads(inbox, '?limit=2&offset=2');
    expect(p2).toMatchObject({ total: 3, limit: 2, offset: 2, has_more: false });
    expect(p2.threads.map((t) => t.id)).toEqual([t2.thread_id]);
    expect((await listThreads(inbox, '?limit=1&offset=1')).threads.map((t) => t.id)).toEqual([t3.thread_id]);
    expect((await listThreads(inbox, '?limit=100')).threads).toHaveLength(3);
  });

  it('sorts by updated_at or created_at, descending or ascending', async () => {
    const { inbox, t1, t2, t3 } = await threeThreads();
    const ids = async (q: string) => (await listThreads(inbox, q)).threads.map((t) => t.id);
    expect(await ids('?sort=updated_at&order=desc')).toEqual([t1.thread_id, t3.thread_id, t2.thread_id]);
    expect(await ids('?sort=updated_at&order=asc')).toEqual([t2.thread_id, t3.thread_id, t1.thread_id]);
    expect(await ids('?sort=created_at')).toEqual([t3.thread_id, t2.thread_id, t1.thread_id]);
    expect(await ids('?sort=created_at&order=asc')).toEqual([t1.thread_id, t2.thread_id, t3.thread_id]);
    expect(await ids('?order=asc')).toEqual([t2.thread_id, t3.thread_id, t1.thread_id]);
  });

  it('filters by unread, label and updated before/after', async () => {
    const { inbox, t1, t2, t3, reply } = await threeThreads();
    const ids = async (q: string) => (await listThreads(inbox, q)).threads.map((t) => t.id);

    const r = await api('PATCH', `/v1/inboxes/${inbox.id}/messages/${t2.id}`, { key: inbox.api_key, body: { read: true } });
    expect(r.status, r.text).toBe(200);
    expect(await ids('?unread=true')).toEqual([t1.thread_id, t3.thread_id]);
    expect(await ids('?unread=false')).toEqual([t2.thread_id]);

    const l = await api('POST', `/v1/inboxes/${inbox.id}/threads/${t3.thread_id}/labels`, { key: inbox.api_key, body: { label: 'Billing' } });
    expect(l.status, l.text).toBe(200);
    expect(await ids('?label=Billing')).toEqual([t3.thread_id]);
    expect(await ids('?label=billing'), 'labels are case-sensitive').toEqual([]);
    expect(await ids('?label=Billing&unread=false')).toEqual([]);

    // t2 updated < t3 updated < t1 updated (the reply)
    const t3Updated = (await getThread(inbox, t3.thread_id)).updated_at;
    expect(await ids(`?after=${encodeURIComponent(t3Updated)}`)).toEqual([t1.thread_id]);
    expect(await ids(`?before=${encodeURIComponent(t3Updated)}`)).toEqual([t2.thread_id]);
    expect(await ids(`?before=${encodeURIComponent(reply.received_at)}&after=${encodeURIComponent(t2.received_at)}`)).toEqual([t3.thread_id]);
    expect((await listThreads(inbox, `?after=${encodeURIComponent(new Date(Date.now() + 3600_000).toISOString())}`)).total).toBe(0);
  });

  it.each([
    ['limit=0', 'limit'], ['limit=101', 'limit'], ['offset=-1', 'offset'], ['sort=subject', 'sort'], ['order=up', 'order'],
    ['unread=yes', 'unread'], ['before=yesterday', 'before'], ['after=not-a-date', 'after'],
  ])('?%s is 400 naming the field %s', async (query, field) => {
    const inbox = await newAccount();
    const r = await api('GET', `/v1/inboxes/${inbox.id}/threads?${query}`, { key: inbox.api_key });
    expectError(r, 400, 'VALIDATION_ERROR');
    expect(r.body.field).toBe(field);
  });
});

describe('GET /v1/threads (account key)', () => {
  it('lists the threads of every inbox of the account, filters by inbox_id and searches subjects', async () => {
    const a = await newAccount();
    const b = await addInbox(a.account_api_key);
    const other = await newAccount();
    const word = uniqueSubject('Zebra').replace(/\s/g, '');
    const ta = await deliver(a, { subject: `Invoice ${word} for March` });
    const tb = await deliver(b, { subject: uniqueSubject('Shipping update') });
    const tb2 = await deliver(b, { subject: `Re: invoice ${word.toUpperCase()}` });
    await deliver(other, { subject: `Invoice ${word} of a stranger` });

    const list = async (q = '') => {
      const r = await api('GET', `/v1/threads${q}`, { key: a.account_api_key });
      expect(r.status, r.text).toBe(200);
      return r.body.result as { threads: Msg[]; total: number; has_more: boolean };
    };
    const all = await list();
    expect(all.total).toBe(3);
    expect(all.threads.map((t) => t.id).sort()).toEqual([ta.thread_id, tb.thread_id, tb2.thread_id].sort());
    expect(all.threads.map((t) => t.id)).toEqual([tb2.thread_id, tb.thread_id, ta.thread_id]);
    expect(new Set(all.threads.map((t) => t.inbox_id))).toEqual(new Set([a.id, b.id]));

    const onlyB = await list(`?inbox_id=${b.id}`);
    expect(onlyB.threads.map((t) => t.id)).toEqual([tb2.thread_id, tb.thread_id]);
    expect(onlyB.total).toBe(2);

    const found = await list(`?search=${encodeURIComponent(word.toLowerCase())}`);
    expect(found.threads.map((t) => t.id)).toEqual([tb2.thread_id, ta.thread_id]);
    const foundInA = await list(`?search=${encodeURIComponent(word)}&inbox_id=${a.id}`);
    expect(foundInA.threads.map((t) => t.id)).toEqual([ta.thread_id]);
    expect((await list('?search=no-such-subject-words-anywhere')).total).toBe(0);

    const paged = await list('?limit=1&offset=1&order=asc');
    expect(paged).toMatchObject({ total: 3, has_more: true });
    expect(paged.threads.map((t) => t.id)).toEqual([tb.thread_id]);
  });

  it('an inbox_id of another account yields none of its threads', async () => {
    const a = await newAccount();
    const other = await newAccount();
    const theirs = await deliver(other, { subject: uniqueSubject('Not yours') });
    const r = await api('GET', `/v1/threads?inbox_id=${other.id}`, { key: a.account_api_key });
    expect(r.text).not.toContain(theirs.subject);
    expect(r.text).not.toContain(theirs.thread_id);
  });

  it('an inbox_id filter naming an unknown inbox, or one of another account, is 404 INBOX_NOT_FOUND', async () => {
    // Spec, errors: INBOX_NOT_FOUND — "an inbox filter names an unknown inbox" (as GET /v1/lists does).
    const a = await newAccount();
    const other = await newAccount();
    for (const id of [other.id, 'inb_00000000-0000-7000-8000-000000000000']) {
      expectError(await api('GET', `/v1/threads?inbox_id=${id}`, { key: a.account_api_key }), 404, 'INBOX_NOT_FOUND');
    }
  });

  it('needs the account key: an inbox key is 401 INVALID_API_KEY, no key 401 UNAUTHORIZED', async () => {
    const a = await newAccount();
    expectError(await api('GET', '/v1/threads', { key: a.api_key }), 401, 'INVALID_API_KEY');
    expectError(await api('GET', '/v1/threads'), 401, 'UNAUTHORIZED');
  });

  it.each([['limit=0', 'limit'], ['limit=101', 'limit'], ['sort=name', 'sort']])('?%s is 400 naming %s', async (query, field) => {
    const a = await newAccount();
    const r = await api('GET', `/v1/threads?${query}`, { key: a.account_api_key });
    expectError(r, 400, 'VALIDATION_ERROR');
    expect(r.body.field).toBe(field);
  });
});

describe('thread labels', () => {
  it('PATCH replaces, POST …/labels adds (once), DELETE …/labels/{label} removes; labels are case-sensitive', async () => {
    const inbox = await newAccount();
    const m = await deliver(inbox);
    const base = `/v1/inboxes/${inbox.id}/threads/${m.thread_id}`;
    const key = inbox.api_key;

    let r = await api('PATCH', base, { key, body: { labels: ['a', 'b'] } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result.thread).toMatchObject({ id: m.thread_id, inbox_id: inbox.id, subject: m.subject, labels: ['a', 'b'], message_count: 1 });
    r = await api('PATCH', base, { key, body: { labels: ['c'] } });
    expect(r.body.result.thread.labels).toEqual(['c']);

    r = await api('POST', `${base}/labels`, { key, body: { label: 'Urgent' } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result.thread.labels).toEqual(['c', 'Urgent']);
    r = await api('POST', `${base}/labels`, { key, body: { label: 'urgent' } });
    expect(r.body.result.thread.labels).toEqual(['c', 'Urgent', 'urgent']);
    r = await api('POST', `${base}/labels`, { key, body: { label: 'Urgent' } });
    expect(r.body.result.thread.labels, 'adding a label twice keeps one').toEqual(['c', 'Urgent', 'urgent']);
    r = await api('POST', `${base}/labels`, { key, body: { label: 'needs reply' } });
    expect(r.body.result.thread.labels).toEqual(['c', 'Urgent', 'urgent', 'needs reply']);

    r = await api('DELETE', `${base}/labels/Urgent`, { key });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result.thread.labels).toEqual(['c', 'urgent', 'needs reply']);
    r = await api('DELETE', `${base}/labels/${encodeURIComponent('needs reply')}`, { key });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result.thread.labels).toEqual(['c', 'urgent']);
    expect((await getThread(inbox, m.thread_id)).labels).toEqual(['c', 'urgent']);

    r = await api('PATCH', base, { key, body: { labels: [] } });
    expect(r.body.result.thread.labels).toEqual([]);
    const listed = await listThreads(inbox);
    expect(listed.threads[0]!.labels).toEqual([]);
  });

  it('bad label bodies are 400', async () => {
    const inbox = await newAccount();
    const m = await deliver(inbox);
    const base = `/v1/inboxes/${inbox.id}/threads/${m.thread_id}`;
    for (const [method, path, body] of [
      ['PATCH', base, {}], ['PATCH', base, { labels: 'a' }], ['PATCH', base, { labels: [''] }],
      ['POST', `${base}/labels`, {}], ['POST', `${base}/labels`, { label: 7 }], ['POST', `${base}/labels`, { label: '   ' }],
    ] as const) {
      const r = await api(method, path, { key: inbox.api_key, body });
      expect(r.status, `${method} ${JSON.stringify(body)} → ${r.text}`).toBe(400);
    }
  });
});

describe('errors and keys', () => {
  it('an unknown thread is 404 THREAD_NOT_FOUND on every thread route', async () => {
    const inbox = await newAccount();
    const key = inbox.api_key;
    for (const id of [NO_THREAD, 'nope']) {
      const base = `/v1/inboxes/${inbox.id}/threads/${id}`;
      expectError(await api('GET', base, { key }), 404, 'THREAD_NOT_FOUND');
      expectError(await api('PATCH', base, { key, body: { labels: ['x'] } }), 404, 'THREAD_NOT_FOUND');
      expectError(await api('POST', `${base}/labels`, { key, body: { label: 'x' } }), 404, 'THREAD_NOT_FOUND');
      expectError(await api('DELETE', `${base}/labels/x`, { key }), 404, 'THREAD_NOT_FOUND');
    }
  });

  it("another inbox's thread is THREAD_NOT_FOUND, even in the same account", async () => {
    const a = await newAccount();
    const b = await addInbox(a.account_api_key);
    const m = await deliver(b);
    expectError(await api('GET', `/v1/inboxes/${a.id}/threads/${m.thread_id}`, { key: a.api_key }), 404, 'THREAD_NOT_FOUND');
    expectError(await api('PATCH', `/v1/inboxes/${a.id}/threads/${m.thread_id}`, { key: a.api_key, body: { labels: ['x'] } }), 404, 'THREAD_NOT_FOUND');
    expect((await getThread(b as CreatedInbox, m.thread_id)).labels).toEqual([]);
  });

  it('thread routes need the inbox key: the account key is 401 INVALID_API_KEY, and so is another inbox\'s key', async () => {
    const a = await newAccount();
    const m = await deliver(a);
    const stranger = await newAccount();
    const base = `/v1/inboxes/${a.id}/threads`;
    const calls: [string, string, unknown?][] = [
      ['GET', base], ['GET', `${base}/${m.thread_id}`], ['PATCH', `${base}/${m.thread_id}`, { labels: ['x'] }],
      ['POST', `${base}/${m.thread_id}/labels`, { label: 'x' }], ['DELETE', `${base}/${m.thread_id}/labels/x`],
    ];
    for (const key of [a.account_api_key, stranger.api_key, stranger.account_api_key]) {
      for (const [method, path, body] of calls) {
        const r = await api(method, path, { key, body });
        expectError(r, 401, 'INVALID_API_KEY');
        expect(r.text).not.toContain(m.subject);
      }
    }
    expect((await getThread(a, m.thread_id)).labels).toEqual([]);
  });

  it('the message list agrees with the thread: thread_id filter returns its messages', async () => {
    const inbox = await newAccount();
    const first = await deliver(inbox);
    await deliver(inbox, { subject: `Re: ${first.subject}`, inReplyTo: first.header });
    await deliver(inbox);
    const messages = await waitForMessages(inbox.api_key, inbox.id, (ms) => ms.length === 3);
    const t = await eventuallyValue(() => getThread(inbox, first.thread_id), (v) => v.message_count === 2, 'thread of two');
    expect(messages.filter((m) => m.thread_id === first.thread_id).map((m) => m.id).sort())
      .toEqual(t.messages.map((m: Msg) => m.id).sort());
  });
});
