/**
 * An ingest that stops between storing a message and giving it its place in the arrival order
 * (a crash, a timeout) loses nothing: the message is listed at once, a read change made meanwhile
 * lands in the counts, a wait chained after it waits for its place, and the next ingest of the
 * inbox or the sweep gives it its place and its counts exactly once.
 *
 * The stopped ingest is played by storing through the store itself (storeInboundMessage: exactly
 * the first of ingest's two steps) into the suite's table.
 */
import { randomUUID } from 'node:crypto';
import { newId } from '../../lambdas/platform/ids.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, newAccount, target, type CreatedInbox } from './client.ts';
import { sendMail, uniqueSubject } from './mail.ts';

type Store = typeof import('../../lambdas/messages/messages.store.ts');
type Arrivals = typeof import('../../lambdas/ingest/arrivals.store.ts');
let store: Store;
let arrivals: Arrivals;
let getInbox: typeof import('../../lambdas/accounts/accounts.store.ts').getInbox;

beforeAll(async () => {
  const t = target();
  Object.assign(process.env, {
    TABLE_NAME: t.tableName, MAIL_DOMAIN: t.mailDomain, SITE_URL: t.siteUrl, AWS_ENDPOINT_URL: t.awsEndpoint, AWS_REGION: 'us-east-1',
    ...(t.awsCredentials ? { AWS_ACCESS_KEY_ID: t.awsCredentials.accessKeyId, AWS_SECRET_ACCESS_KEY: t.awsCredentials.secretAccessKey } : {}),
  });
  store = await import('../../lambdas/messages/messages.store.ts');
  arrivals = await import('../../lambdas/ingest/arrivals.store.ts');
  ({ getInbox } = await import('../../lambdas/accounts/accounts.store.ts'));
});

/** What the first step of ingest stores for one mail, and nothing after it. */
async function storeWithoutSequencing(inbox: CreatedInbox, subject: string) {
  const record = (await getInbox(inbox.id))!;
  const now = new Date().toISOString();
  // Time-ordered, as ingest's ids are: pending entries are sequenced oldest first.
  const id = newId('message');
  const threadId = newId('thread');
  const message = {
    id, inbox_id: inbox.id, account_id: record.account_id, thread_id: threadId, direction: 'inbound' as const,
    from: 'stopped@example.org', from_name: null, to: [inbox.address], cc: [], bcc: [], reply_to: [], subject,
    body_text: 'stored, then the ingest stopped', body_html: null, reply_body: 'stored, then the ingest stopped', links: [], cta_links: [],
    verification_codes: [], headers: {}, message_id_header: `${randomUUID()}@example.org`, in_reply_to: null, references: [], labels: [],
    read: false, spam_score: 0, spam_verdict: {}, received_at: now, created_at: now, attachments: [], raw_s3_key: `inbound/${id}`,
  };
  const outcome = await store.storeInboundMessage({
    message, inbox: record, preview: 'stored', events: [], claims: { own: message.message_id_header, candidates: [] },
    thread: { kind: 'new', record: { id: threadId, inbox_id: inbox.id, account_id: record.account_id, subject, participants: [message.from, inbox.address],
      labels: [], message_count: 1, unread_count: 1, status: 'active', created_at: now, updated_at: now,
      latest_message: { id, from_address: message.from, preview: 'stored', received_at: now } } },
  });
  expect(outcome).toBe('stored');
  return id;
}

const inboxView = async (inbox: CreatedInbox) => (await api('GET', `/v1/inboxes/${inbox.id}`, { key: inbox.api_key })).body.result;
const listTotal = async (inbox: CreatedInbox, query = '') =>
  (await api('GET', `/v1/inboxes/${inbox.id}/messages?limit=100${query}`, { key: inbox.api_key })).body.result;

describe('a message stored by an ingest that stopped before its place in the arrival order', () => {
  it('is listed at once, and the next ingest of the inbox gives it its place and counts, with a read change made meanwhile', async () => {
    const inbox = await newAccount();
    const stoppedId = await storeWithoutSequencing(inbox, uniqueSubject('stopped'));
    const listed = await listTotal(inbox);
    expect(listed.messages.map((m: { id: string }) => m.id)).toContain(stoppedId);
    // Read before it was sequenced: the sequencer must count it as read, not unread.
    const patched = await api('PATCH', `/v1/inboxes/${inbox.id}/messages/${stoppedId}`, { key: inbox.api_key, body: { read: true } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.result.read).toBe(true);
    // A wait chained after it waits for its place, then finds the next mail.
    const subject = uniqueSubject('next');
    const waiting = api('GET', `/v1/inboxes/${inbox.id}/messages/wait?after=${stoppedId}&timeout=20`, { key: inbox.api_key });
    await new Promise((r) => setTimeout(r, 300));
    await sendMail({ to: inbox.address, subject, text: 'the next mail' });
    const waited = await waiting;
    expect(waited.status, waited.text).toBe(200);
    expect(waited.body.result.message?.subject).toBe(subject);

    const view = await inboxView(inbox);
    expect(view.message_count).toBe(2);
    expect(view.thread_count).toBe(2);
    expect((await listTotal(inbox)).total).toBe(2);
    expect((await listTotal(inbox, '&unread=true')).total).toBe(1);
    expect(await arrivals.isPending(inbox.id, stoppedId)).toBe(false);
    // Its thread counts it once, read.
    const threads = (await api('GET', `/v1/inboxes/${inbox.id}/threads?limit=10`, { key: inbox.api_key })).body.result.threads;
    const mine = threads.find((t: { latest_message: { id: string } }) => t.latest_message.id === stoppedId);
    expect(mine).toMatchObject({ message_count: 1, unread_count: 0 });
  });

  it('the sweep sequences every inbox with messages pending longer than its age limit, each exactly once', async () => {
    const inboxes = [await newAccount(), await newAccount()];
    const ids = await Promise.all(inboxes.flatMap((inbox) => [0, 1].map(() => storeWithoutSequencing(inbox, uniqueSubject('swept')))));
    expect((await inboxView(inboxes[0]!)).message_count).toBe(0);
    // As if the sweep ran a minute later: every entry is past its age limit.
    const swept = await arrivals.sweepPendingArrivals(Date.now() + 30_000, Date.now() + 60_000);
    expect(swept.inboxes).toBeGreaterThanOrEqual(2);
    for (const [i, inbox] of inboxes.entries()) {
      expect(await inboxView(inbox)).toMatchObject({ message_count: 2, thread_count: 2 });
      for (const id of ids.slice(2 * i, 2 * i + 2)) expect(await arrivals.isPending(inbox.id, id)).toBe(false);
      // Both are in the arrival order, once: a wait from the start finds the first, then the second.
      const first = await api('GET', `/v1/inboxes/${inbox.id}/messages/wait?since=2000-01-01T00:00:00Z&timeout=1`, { key: inbox.api_key });
      const second = await api('GET', `/v1/inboxes/${inbox.id}/messages/wait?after=${first.body.result.message.id}&timeout=1`, { key: inbox.api_key });
      const third = await api('GET', `/v1/inboxes/${inbox.id}/messages/wait?after=${second.body.result.message.id}&timeout=1`, { key: inbox.api_key });
      expect(new Set([first.body.result.message.id, second.body.result.message.id])).toEqual(new Set(ids.slice(2 * i, 2 * i + 2)));
      expect(third.body.result.timed_out).toBe(true);
    }
    // Again: nothing left, nothing counted twice.
    await arrivals.sweepPendingArrivals(Date.now() + 30_000, Date.now() + 60_000);
    expect((await inboxView(inboxes[1]!)).message_count).toBe(2);
  });
});
