import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../core/errors.ts';
import { searchWords } from '../core/search-words.ts';
import { decodeSearchCursor, encodeSearchCursor } from '../store/cursor.ts';
import { isId } from '../core/ids.ts';
import { getInbox } from '../store/accounts.ts';
import type { HttpRequest, OperationResult } from '../http/types.ts';
import type { AddLabelBody, ListAccountThreadsQuery, ListThreadsQuery, SetLabelsBody } from '../schemas/threads.ts';
import * as store from '../store/messages.ts';
import type { LabelChange } from '../store/messages.ts';
import type { ThreadRecord } from '../store/records.ts';
import { withBodies } from './message-bodies.ts';
import { messageView, threadView } from './message-views.ts';

type ThreadQuery = z.output<typeof ListThreadsQuery> & Partial<Pick<z.output<typeof ListAccountThreadsQuery>, 'inbox_id' | 'search'>>;

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
  return { threads: page.map(threadView), total: rows.length, limit: q.limit, offset: q.offset, has_more,
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
  const filter: store.ThreadListFilter = { label: q.label, unread: q.unread, before: asStored(q.before), after: asStored(q.after), ascending: q.order === 'asc' };
  const [page, total] = await Promise.all([
    store.pageThreads(scope, filter, { limit: q.limit, offset: q.offset, cursor: q.cursor }),
    store.countThreads(scope, filter, counter),
  ]);
  return { threads: page.threads.map(threadView), total, limit: q.limit, offset: q.offset, has_more: page.has_more, next_cursor: page.next_cursor };
}

export async function listInboxThreads(req: HttpRequest<unknown, z.output<typeof ListThreadsQuery>>): Promise<OperationResult> {
  const inbox = req.principal!.inbox!;
  return { result: await listThreads({ inboxId: inbox.id }, req.query, inbox.thread_count),
    nextSteps: ['Open a conversation with GET /v1/inboxes/{id}/threads/{threadId}.'] };
}

export async function listAccountThreads(req: HttpRequest<unknown, z.output<typeof ListAccountThreadsQuery>>): Promise<OperationResult> {
  const account = req.principal!.account;
  if (req.query.inbox_id !== undefined) {
    const inbox = isId('inbox', req.query.inbox_id) ? await getInbox(req.query.inbox_id) : undefined;
    if (!inbox || inbox.account_id !== account.id) throw notFound('INBOX_NOT_FOUND', `No inbox ${req.query.inbox_id} in this account.`);
    return { result: await listThreads({ inboxId: inbox.id }, req.query, inbox.thread_count),
      nextSteps: ['Filter by inbox_id, label, unread or search (words of subject, sender or body).'] };
  }
  return { result: await listThreads({ accountId: account.id }, req.query, account.thread_count),
    nextSteps: ['Filter by inbox_id, label, unread or search (words of subject, sender or body).'] };
}

export async function getThread(req: HttpRequest): Promise<OperationResult> {
  const inboxId = req.principal!.inbox!.id;
  const t = await store.getThread(inboxId, req.params.threadId);
  if (!t) throw threadNotFound(req.params.threadId);
  const messages = await store.listInboxMessages(inboxId, { threadId: t.id, ascending: true });
  return {
    result: { thread: { ...threadView(t), messages: (await Promise.all(messages.map(withBodies))).map(messageView) } },
    nextSteps: ['messages are in chronological order; the last one is the newest.', 'Label the thread with POST …/labels {"label": "..."}.'],
  };
}

async function relabel(req: HttpRequest, change: LabelChange): Promise<OperationResult> {
  const t = await store.changeThreadLabels(req.principal!.inbox!.id, req.params.threadId, change, new Date().toISOString());
  if (t === 'contended') {
    throw conflict('CONFLICT', 'The labels of this thread kept changing while this request ran; nothing was changed by it.', {
      retry_after: 1, next_steps: ['Retry the same request after retry_after seconds; it is safe to repeat.'],
    });
  }
  if (!t) throw threadNotFound(req.params.threadId);
  return { result: { thread: threadView(t) }, nextSteps: ['Find labelled threads with GET /v1/inboxes/{id}/threads?label=<label>.'] };
}

export const setThreadLabels = (req: HttpRequest<z.output<typeof SetLabelsBody>>) => relabel(req, { set: req.body.labels });
export const addThreadLabel = (req: HttpRequest<z.output<typeof AddLabelBody>>) => relabel(req, { add: req.body.label });
export const removeThreadLabel = (req: HttpRequest) => relabel(req, { remove: req.params.label });
