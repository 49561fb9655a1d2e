import type { z } from 'zod';
import { conflict, notFound } from '../../core/errors.ts';
import { isId } from '../../core/ids.ts';
import { getInbox } from '../../store/accounts.ts';
import type { HttpRequest, OperationResult } from '../../http/types.ts';
import type { AddLabelBody, ListAccountThreadsQuery, ListThreadsQuery, SetLabelsBody } from '../../schemas/threads.ts';
import * as store from '../../store/messages.ts';
import type { LabelChange } from '../../store/messages.ts';
import type { ThreadRecord } from '../../store/records.ts';
import { withBodies } from '../shared/message-bodies.ts';
import { messageView, threadView } from '../shared/message-views.ts';

type ThreadQuery = z.output<typeof ListThreadsQuery> & Partial<Pick<z.output<typeof ListAccountThreadsQuery>, 'inbox_id' | 'search'>>;

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
  return { threads: page.map(threadView), total: rows.length, limit: q.limit, offset: q.offset, has_more: q.offset + page.length < rows.length };
}

export async function listInboxThreads(req: HttpRequest<unknown, z.output<typeof ListThreadsQuery>>): Promise<OperationResult> {
  const all = await store.listThreads({ inboxId: req.principal!.inbox!.id }, false);
  return { result: pageThreads(all, req.query), nextSteps: ['Open a conversation with GET /v1/inboxes/{id}/threads/{threadId}.'] };
}

export async function listAccountThreads(req: HttpRequest<unknown, z.output<typeof ListAccountThreadsQuery>>): Promise<OperationResult> {
  const accountId = req.principal!.account.id;
  if (req.query.inbox_id !== undefined) {
    const inbox = isId('inbox', req.query.inbox_id) ? await getInbox(req.query.inbox_id) : undefined;
    if (!inbox || inbox.account_id !== accountId) throw notFound('INBOX_NOT_FOUND', `No inbox ${req.query.inbox_id} in this account.`);
  }
  const all = await store.listThreads({ accountId }, false);
  return { result: pageThreads(all, req.query), nextSteps: ['Filter by inbox_id, label, unread or search (subject text).'] };
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
