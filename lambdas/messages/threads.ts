import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../platform/errors.ts';
import { isId } from '../platform/ids.ts';
import { searchWords } from '../content/search-words.ts';
import { getInbox } from '../accounts/accounts.store.ts';
import type { ListAccountThreadsQuery, ListThreadsQuery } from './threads.schemas.ts';
import { decodeSearchCursor, encodeSearchCursor } from '../platform/dynamo/cursor.ts';
import * as store from './messages.store.ts';
import type { LabelChange } from './messages.store.ts';

export type { LabelChange };
import type { AccountRecord } from '../accounts/accounts.entities.ts';
import type { InboxRecord } from '../inboxes/inboxes.entities.ts';
import type { MessageRecord, ThreadRecord } from './messages.entities.ts';
import { withBodies } from './message-bodies.ts';

export type ListThreadsInput = z.output<typeof ListThreadsQuery>;
export type ListAccountThreadsInput = z.output<typeof ListAccountThreadsQuery>;
type ThreadQuery = ListThreadsInput & Partial<Pick<ListAccountThreadsInput, 'inbox_id' | 'search'>>;

const threadNotFound = (id: string) => notFound('THREAD_NOT_FOUND', `No thread ${id} in this inbox.`, {
  next_steps: ['List threads with GET /v1/inboxes/{id}/threads.'],
});

/**
 * Threads matching a search: the index gives the matching threads (cost follows the matches),
 * and the other filters, the order and the page apply to those alone.
 */
function pageMatches(all: ThreadRecord[], q: ThreadQuery, scope: string) {
  const before = q.before ? Date.parse(q.before) : undefined;
  const after = q.after ? Date.parse(q.after) : undefined;
  const rows = all.filter((t) =>
    (q.label === undefined || t.labels.includes(q.label))
    && (q.unread === undefined || (t.unread_count > 0) === q.unread)
    && (before === undefined || Date.parse(t.updated_at) < before)
    && (after === undefined || Date.parse(t.updated_at) > after)
    && (q.inbox_id === undefined || t.inbox_id === q.inbox_id));
  const dir = q.order === 'asc' ? 1 : -1;
  const sortKey = (t: ThreadRecord) => `${t[q.sort]}#${t.id}`;
  rows.sort((a, b) => dir * sortKey(a).localeCompare(sortKey(b)));
  const from = q.cursor !== undefined ? rows.findIndex((t) => sortKey(t) === decodeSearchCursor(q.cursor!, scope)) + 1 : q.offset;
  const page = rows.slice(from, from + q.limit);
  const has_more = from + page.length < rows.length;
  return { threads: page, total: rows.length, limit: q.limit, offset: q.offset, has_more,
    next_cursor: has_more ? encodeSearchCursor(sortKey(page[page.length - 1]!), scope) : null };
}

/** ISO instant as stored (toISOString), so it compares with the index's sort keys as text. */
const asStored = (t: string | undefined) => (t === undefined ? undefined : new Date(t).toISOString());

/**
 * A page of threads. By updated_at (the default) the page is read from the thread index, with
 * before/after as key conditions; a search reads its matches; sort=created_at reads the scope's
 * threads (no index orders by creation yet).
 */
async function listThreads(scope: { inboxId: string } | { accountId: string }, q: ThreadQuery, counter: number | undefined) {
  if (q.cursor !== undefined && q.offset !== 0) {
    throw badRequest('VALIDATION_ERROR', 'offset: cannot be combined with cursor (the cursor already says where the page starts).', { field: 'offset' });
  }
  const scopeId = 'inboxId' in scope ? scope.inboxId : scope.accountId;
  if (q.search !== undefined) {
    const terms = searchWords(q.search);
    return pageMatches(terms.length ? await store.searchThreads(scope, terms) : [], q, scopeId);
  }
  if (q.sort === 'created_at') return pageMatches(await store.listThreads(scope, false), q, scopeId);
  // A label's threads come from its index (cost: that label's threads); the rest filters those.
  if (q.label !== undefined) return pageMatches(await store.labelledThreads(scope, q.label), q, scopeId);
  const filter: Omit<store.ThreadListFilter, 'label'> = { unread: q.unread, before: asStored(q.before), after: asStored(q.after), ascending: q.order === 'asc' };
  const [page, total] = await Promise.all([
    store.pageThreads(scope, filter, { limit: q.limit, offset: q.offset, cursor: q.cursor }),
    store.countThreads(scope, filter, counter),
  ]);
  return { threads: page.threads, total, limit: q.limit, offset: q.offset, has_more: page.has_more, next_cursor: page.next_cursor };
}

/** A page of one inbox's threads (the inbox's thread counter gives the total). */
export const listInboxThreads = (inbox: InboxRecord, q: ListThreadsInput) => listThreads({ inboxId: inbox.id }, q, inbox.thread_count);

/** A page of the account's threads, or of one of its inboxes' (inbox_id). */
export async function listAccountThreads(account: AccountRecord, q: ListAccountThreadsInput) {
  if (q.inbox_id !== undefined) {
    const inbox = isId('inbox', q.inbox_id) ? await getInbox(q.inbox_id) : undefined;
    if (!inbox || inbox.account_id !== account.id) throw notFound('INBOX_NOT_FOUND', `No inbox ${q.inbox_id} in this account.`);
    return listThreads({ inboxId: inbox.id }, q, inbox.thread_count);
  }
  return listThreads({ accountId: account.id }, q, account.thread_count);
}

/** A conversation with its messages (bodies included) in chronological order; THREAD_NOT_FOUND otherwise. */
export async function getThread(inboxId: string, threadId: string): Promise<{ thread: ThreadRecord; messages: MessageRecord[] }> {
  const t = await store.getThread(inboxId, threadId);
  if (!t) throw threadNotFound(threadId);
  const messages = await store.listInboxMessages(inboxId, { threadId: t.id, ascending: true });
  return { thread: t, messages: await Promise.all(messages.map(withBodies)) };
}

/** Replaces, adds or removes labels; CONFLICT when the thread kept changing, THREAD_NOT_FOUND when gone. */
export async function relabelThread(inbox: InboxRecord, threadId: string, change: LabelChange): Promise<ThreadRecord> {
  const t = await store.changeThreadLabels(inbox.id, threadId, change, new Date().toISOString(), inbox.account_id);
  if (t === 'contended') {
    throw conflict('CONFLICT', 'The labels of this thread kept changing while this request ran; nothing was changed by it.', {
      retry_after: 1, next_steps: ['Retry the same request after retry_after seconds; it is safe to repeat.'],
    });
  }
  if (!t) throw threadNotFound(threadId);
  return t;
}
