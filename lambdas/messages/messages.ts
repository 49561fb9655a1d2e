import type { z } from 'zod';
import { notFound } from '../platform/errors.ts';
import type { ListMessagesQuery, RejectionsQuery, UpdateMessageBody } from './messages.schemas.ts';
import { ATTACHMENT_URL_TTL_SECONDS, presignDownload } from './blobs.store.ts';
import * as store from './messages.store.ts';
import type { InboxRecord } from '../inboxes/inboxes.entities.ts';
import type { MessageRecord } from './messages.entities.ts';
import { withBodies } from './message-bodies.ts';
import { searchWords } from '../content/search-words.ts';
import { decodeSearchCursor, encodeSearchCursor } from '../platform/dynamo/cursor.ts';

const messageNotFound = (id: string) => notFound('MESSAGE_NOT_FOUND', `No message ${id} in this inbox.`, {
  next_steps: ['List the inbox with GET /v1/inboxes/{id}/messages to find message ids.'],
});

async function loadMessage(inboxId: string, messageId: string): Promise<MessageRecord> {
  const m = await store.getMessage(inboxId, messageId);
  if (!m) throw messageNotFound(messageId);
  return m;
}

export type ListMessagesInput = z.output<typeof ListMessagesQuery>;
export type UpdateMessageInput = z.output<typeof UpdateMessageBody>;

/**
 * One page of the inbox's messages: by key (cursor or offset), filtered by keys, or the matches of a
 * search from the word index. Bodies are fetched for the page only, and not at all for a summary.
 */
export async function listMessages(inbox: InboxRecord, q: ListMessagesInput) {
  const summary = q.view === 'summary';
  const filter: store.MessageListFilter = {
    threadId: q.thread_id, read: q.unread_only ? false : q.unread !== undefined ? !q.unread : q.read, ascending: q.sort === 'asc', summary,
    safeOnly: q.safe_only,
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
  return {
    messages: summary ? page.messages : await Promise.all(page.messages.map(withBodies)),
    summary, total: page.total, limit: q.limit, offset: q.offset, has_more: page.has_more, next_cursor: page.next_cursor,
  };
}

/** One message of the inbox, bodies included; MESSAGE_NOT_FOUND otherwise. */
export async function getMessage(inboxId: string, messageId: string): Promise<MessageRecord> {
  return withBodies(await loadMessage(inboxId, messageId));
}

export async function updateMessage(inboxId: string, messageId: string, change: UpdateMessageInput): Promise<MessageRecord> {
  let m = await loadMessage(inboxId, messageId);
  if (change.read !== undefined && change.read !== m.read) {
    await store.setMessageRead(m, change.read);
  }
  if (change.labels !== undefined) await store.setMessageLabels(m, [...new Set(change.labels)]);
  m = await loadMessage(m.inbox_id, m.id);
  return withBodies(m);
}

export interface AttachmentDownload { id: string; url: string; expires_at: string; filename: string; content_type: string; size: number }

/** A fresh presigned URL for an attachment; with `threadId`, the message must be of that thread. */
export async function attachmentDownload(inboxId: string, messageId: string, attachmentId: string, threadId?: string): Promise<AttachmentDownload> {
  const m = await loadMessage(inboxId, messageId);
  if (threadId !== undefined && m.thread_id !== threadId) throw messageNotFound(messageId);
  const a = m.attachments.find((x) => x.id === attachmentId);
  if (!a) {
    throw notFound('ATTACHMENT_NOT_FOUND', `Message ${messageId} has no attachment ${attachmentId}.`, {
      next_steps: [`The message's attachments[] lists its attachment ids (GET /v1/inboxes/${inboxId}/messages/${messageId}).`],
    });
  }
  const url = await presignDownload(a.s3_key, a.filename, a.content_type);
  return { id: a.id, url, expires_at: new Date(Date.now() + ATTACHMENT_URL_TTL_SECONDS * 1000).toISOString(),
    filename: a.filename, content_type: a.content_type, size: a.size };
}

export async function listRejections(inboxId: string, limit: z.output<typeof RejectionsQuery>['limit'], cursor?: string) {
  const { rows, next_cursor } = await store.listRejections(inboxId, limit, cursor);
  return { rejections: rows.map(({ from, subject, reason, rejected_at, rule }) => ({ from, subject, reason, rejected_at, rule })), total: rows.length, next_cursor };
}
