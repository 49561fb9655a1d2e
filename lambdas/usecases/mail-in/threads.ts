import type { z } from 'zod';
import { conflict, notFound } from '../../core/errors.ts';
import { isId } from '../../core/ids.ts';
import { getInbox } from '../../store/accounts.ts';
import type { ListAccountThreadsQuery, ListThreadsQuery } from '../../schemas/threads.ts';
import * as store from '../../store/messages.ts';
import type { LabelChange } from '../../store/messages.ts';

export type { LabelChange };
import type { MessageRecord, ThreadRecord } from '../../store/records.ts';
import { withBodies } from '../common/message-bodies.ts';

export type ListThreadsInput = z.output<typeof ListThreadsQuery>;
export type ListAccountThreadsInput = z.output<typeof ListAccountThreadsQuery>;
type ThreadQuery = ListThreadsInput & Partial<Pick<ListAccountThreadsInput, 'inbox_id' | 'search'>>;

const threadNotFound = (id: string) => notFound('THREAD_NOT_FOUND', `No thread ${id} in this inbox.`, {
  next_steps: ['List threads with GET /v1/inboxes/{id}/threads.'],
});

/** Filters, sorting and paging of the spec's thread listing, applied the same for inbox and account. */
function pageThreads(all: ThreadRecord[], q: ThreadQuery) {
  const before = q.before ? Date.parse(q.before) : undefined;
  const after = q.after ? Date.parse(q.after) : undefined;
  const needle = q.search?.toLowerCase();
  const rows = all.filter((t) =>
    (q.label === undefined || t.labels.includes(q.label))
    && (q.unread === undefined || (t.unread_count > 0) === q.unread)
    && (before === undefined || Date.parse(t.updated_at) < before)
    && (after === undefined || Date.parse(t.updated_at) > after)
    && (q.inbox_id === undefined || t.inbox_id === q.inbox_id)
    && (needle === undefined || t.subject.toLowerCase().includes(needle)));
  const dir = q.order === 'asc' ? 1 : -1;
  rows.sort((a, b) => dir * (a[q.sort].localeCompare(b[q.sort]) || a.id.localeCompare(b.id)));
  const page = rows.slice(q.offset, q.offset + q.limit);
  return { threads: page, total: rows.length, limit: q.limit, offset: q.offset, has_more: q.offset + page.length < rows.length };
}

export async function listInboxThreads(inboxId: string, q: ListThreadsInput) {
  const all = await store.listThreads({ inboxId }, false);
  return pageThreads(all, q);
}

export async function listAccountThreads(accountId: string, q: ListAccountThreadsInput) {
  if (q.inbox_id !== undefined) {
    const inbox = isId('inbox', q.inbox_id) ? await getInbox(q.inbox_id) : undefined;
    if (!inbox || inbox.account_id !== accountId) throw notFound('INBOX_NOT_FOUND', `No inbox ${q.inbox_id} in this account.`);
  }
  const all = await store.listThreads({ accountId }, false);
  return pageThreads(all, q);
}

/** A conversation with its messages (bodies included) in chronological order; THREAD_NOT_FOUND otherwise. */
export async function getThread(inboxId: string, threadId: string): Promise<{ thread: ThreadRecord; messages: MessageRecord[] }> {
  const t = await store.getThread(inboxId, threadId);
  if (!t) throw threadNotFound(threadId);
  const messages = await store.listInboxMessages(inboxId, { threadId: t.id, ascending: true });
  return { thread: t, messages: await Promise.all(messages.map(withBodies)) };
}

/** Replaces, adds or removes labels; CONFLICT when the thread kept changing, THREAD_NOT_FOUND when gone. */
export async function relabelThread(inboxId: string, threadId: string, change: LabelChange): Promise<ThreadRecord> {
  const t = await store.changeThreadLabels(inboxId, threadId, change, new Date().toISOString());
  if (t === 'contended') {
    throw conflict('CONFLICT', 'The labels of this thread kept changing while this request ran; nothing was changed by it.', {
      retry_after: 1, next_steps: ['Retry the same request after retry_after seconds; it is safe to repeat.'],
    });
  }
  if (!t) throw threadNotFound(threadId);
  return t;
}
