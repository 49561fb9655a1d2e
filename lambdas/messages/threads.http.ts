/** HTTP mapping of the threads function: request → use case input, result → envelope and next_steps. */
import type { z } from 'zod';
import type { HttpRequest, OperationResult } from '../platform/http/types.ts';
import type { AddLabelBody, SetLabelsBody } from './threads.schemas.ts';
import * as threads from './threads.ts';
import { messageView, threadView } from './message-views.ts';

type ThreadPage = Awaited<ReturnType<typeof threads.listInboxThreads>>;
const threadList = (page: ThreadPage) => ({ ...page, threads: page.threads.map(threadView) });

const listInboxThreads = async (req: HttpRequest<'inbox', unknown, threads.ListThreadsInput>): Promise<OperationResult> => ({
  result: threadList(await threads.listInboxThreads(req.principal.inbox, req.query)),
  nextSteps: ['Open a conversation with GET /v1/inboxes/{id}/threads/{threadId}.'],
});

const listAccountThreads = async (req: HttpRequest<'account', unknown, threads.ListAccountThreadsInput>): Promise<OperationResult> => ({
  result: threadList(await threads.listAccountThreads(req.principal.account, req.query)),
  nextSteps: ['Filter by inbox_id, label, unread or search (words of subject, sender or body).'],
});

async function getThread(req: HttpRequest<'inbox'>): Promise<OperationResult> {
  const { thread, messages } = await threads.getThread(req.principal.inbox.id, req.params.threadId);
  return {
    result: { thread: { ...threadView(thread), messages: messages.map(messageView) } },
    nextSteps: ['messages are in chronological order; the last one is the newest.', 'Label the thread with POST …/labels {"label": "..."}.'],
  };
}

const relabel = async (req: HttpRequest<'inbox'>, change: threads.LabelChange): Promise<OperationResult> => ({
  result: { thread: threadView(await threads.relabelThread(req.principal.inbox, req.params.threadId, change)) },
  nextSteps: ['Find labelled threads with GET /v1/inboxes/{id}/threads?label=<label>.'],
});

export const threadsApi = {
  listInboxThreads,
  listAccountThreads,
  getThread,
  setThreadLabels: (req: HttpRequest<'inbox', z.output<typeof SetLabelsBody>>) => relabel(req, { set: req.body.labels }),
  addThreadLabel: (req: HttpRequest<'inbox', z.output<typeof AddLabelBody>>) => relabel(req, { add: req.body.label }),
  removeThreadLabel: (req: HttpRequest<'inbox'>) => relabel(req, { remove: req.params.label }),
};
