import type { z } from 'zod';
import { notFound } from '../core/errors.ts';
import type { HttpRequest, OperationResult } from '../http/types.ts';
import type { ListMessagesQuery, RejectionsQuery, UpdateMessageBody } from '../schemas/messages.ts';
import { ATTACHMENT_URL_TTL_SECONDS, presignDownload } from '../store/blobs.ts';
import * as store from '../store/messages.ts';
import type { MessageRecord } from '../store/records.ts';
import { withBodies } from './message-bodies.ts';
import { messageView } from './message-views.ts';
import { searchWords } from '../core/search-words.ts';
import { decodeSearchCursor, encodeSearchCursor } from '../store/cursor.ts';

const messageNotFound = (id: string) => notFound('MESSAGE_NOT_FOUND', `No message ${id} in this inbox.`, {
  next_steps: ['List the inbox with GET /v1/inboxes/{id}/messages to find message ids.'],
});

async function loadMessage(inboxId: string, messageId: string): Promise<MessageRecord> {
  const m = await store.getMessage(inboxId, messageId);
  if (!m) throw messageNotFound(messageId);
  return m;
}

export async function listMessages(req: HttpRequest<unknown, z.output<typeof ListMessagesQuery>>): Promise<OperationResult> {
  const inbox = req.principal!.inbox!;
  const q = req.query;
  const summary = q.view === 'summary';
  const filter: store.MessageListFilter = {
    threadId: q.thread_id, read: q.unread_only ? false : q.unread !== undefined ? !q.unread : q.read, ascending: q.sort === 'asc', summary,
  };
  const terms = q.search === undefined ? [] : searchWords(q.search);
  let page: { messages: MessageRecord[]; total: number; has_more: boolean; next_cursor: string | null };
  if (q.search !== undefined) {
    const after = q.cursor === undefined ? undefined : decodeSearchCursor(q.cursor, inbox.id);
    const found = terms.length ? await store.searchInboxMessages(inbox.id, terms, filter, { limit: q.limit, offset: q.offset, after })
      : { messages: [], total: 0, has_more: false, last: undefined };
    page = { ...found, next_cursor: found.has_more && found.last ? encodeSearchCursor(found.last, inbox.id) : null };
  } else {
    const [listed, total] = await Promise.all([
      store.pageInboxMessages(inbox.id, filter, { limit: q.limit, offset: q.offset, cursor: q.cursor }),
      store.countInboxMessages(inbox, filter),
    ]);
    page = { ...listed, total };
  }
  const views = summary
    ? page.messages.map((m) => { const { body_text: _t, body_html: _h, reply_body: _r, headers: _x, ...rest } = messageView(m); void [_t, _h, _r, _x]; return rest; })
    : (await Promise.all(page.messages.map(withBodies))).map(messageView);
  return {
    result: { messages: views, total: page.total, limit: q.limit, offset: q.offset, has_more: page.has_more, next_cursor: page.next_cursor },
    nextSteps: page.total === 0 && q.search === undefined
      ? [`No mail yet. Mail sent to ${inbox.address} shows up here; register a webhook (POST /v1/webhooks) to be told when it arrives.`]
      : ['reply_body holds the new text of each message; cta_links and verification_codes hold what to act on.',
        'Mark a message read with PATCH /v1/inboxes/{id}/messages/{msgId} {"read": true}.',
        ...(page.next_cursor ? ['Next page: the same call with cursor=<next_cursor> (cheaper than a deep offset).'] : [])],
  };
}

export async function getMessage(req: HttpRequest): Promise<OperationResult> {
  const m = await loadMessage(req.principal!.inbox!.id, req.params.msgId);
  return {
    result: messageView(await withBodies(m)),
    nextSteps: [
      ...(m.verification_codes.length ? ['verification_codes lists the one-time codes found, best first.'] : []),
      ...(m.cta_links.length ? ['cta_links lists the links to act on (verify, reset, sign in…), best first.'] : []),
      `The whole conversation: GET /v1/inboxes/${m.inbox_id}/threads/${m.thread_id}.`,
    ],
  };
}

export async function updateMessage(req: HttpRequest<z.output<typeof UpdateMessageBody>>): Promise<OperationResult> {
  let m = await loadMessage(req.principal!.inbox!.id, req.params.msgId);
  if (req.body.read !== undefined && req.body.read !== m.read) {
    await store.setMessageRead(m, req.body.read);
  }
  if (req.body.labels !== undefined) await store.setMessageLabels(m, [...new Set(req.body.labels)]);
  m = await loadMessage(m.inbox_id, m.id);
  return { result: messageView(await withBodies(m)), nextSteps: ['Unread counts of the thread follow read changes.'] };
}

async function attachmentDownload(inboxId: string, messageId: string, attachmentId: string, threadId?: string): Promise<OperationResult> {
  const m = await loadMessage(inboxId, messageId);
  if (threadId !== undefined && m.thread_id !== threadId) throw messageNotFound(messageId);
  const a = m.attachments.find((x) => x.id === attachmentId);
  if (!a) {
    throw notFound('ATTACHMENT_NOT_FOUND', `Message ${messageId} has no attachment ${attachmentId}.`, {
      next_steps: [`The message's attachments[] lists its attachment ids (GET /v1/inboxes/${inboxId}/messages/${messageId}).`],
    });
  }
  const url = await presignDownload(a.s3_key, a.filename, a.content_type);
  return {
    result: { id: a.id, url, expires_at: new Date(Date.now() + ATTACHMENT_URL_TTL_SECONDS * 1000).toISOString(),
      filename: a.filename, content_type: a.content_type, size: a.size },
    nextSteps: ['Download with a plain GET on url (no key needed) within the hour; after that, call this endpoint again for a fresh url.'],
  };
}

export const getAttachment = (req: HttpRequest) => attachmentDownload(req.principal!.inbox!.id, req.params.msgId, req.params.attachId);
export const getThreadAttachment = (req: HttpRequest) =>
  attachmentDownload(req.principal!.inbox!.id, req.params.msgId, req.params.attachId, req.params.threadId);

export async function listRejections(req: HttpRequest<unknown, z.output<typeof RejectionsQuery>>): Promise<OperationResult> {
  const { rows, next_cursor } = await store.listRejections(req.principal!.inbox!.id, req.query.limit, req.query.cursor);
  return {
    result: { rejections: rows.map(({ from, subject, reason, rejected_at, rule }) => ({ from, subject, reason, rejected_at, rule })), total: rows.length, next_cursor },
    nextSteps: rows.length
      ? ['To let a sender through, add an allowlist entry (POST /v1/lists) or remove the blocking entry (DELETE /v1/lists/{id}).']
      : ['No mail was refused by your allow/block lists in the last 30 days.'],
  };
}

