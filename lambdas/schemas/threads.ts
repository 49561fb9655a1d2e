import * as z from 'zod/mini';
import { components, Cursor, IsoDateTime, NextCursor, Pagination, QueryBoolean, Timestamp, PathId } from './common.ts';
import { Label, Message } from './messages.ts';

export const Thread = z.object({
  id: z.string(),
  inbox_id: z.string(),
  subject: z.string(),
  participants: z.array(z.string()),
  labels: z.array(z.string()),
  message_count: z.number().check(z.int()),
  unread_count: z.number().check(z.int()),
  latest_message: z.object({ id: z.string(), from_address: z.string(), preview: z.string(), received_at: Timestamp }),
  status: z.enum(['active', 'archived']),
  created_at: Timestamp,
  updated_at: Timestamp,
  last_message_at: Timestamp.check(z.describe('Alias of latest_message.received_at')),
}).register(components, { id: 'Thread' });

export const ListThreadsQuery = z.extend(Pagination, {
  cursor: z.optional(Cursor),
  label: z.optional(z.string()),
  unread: z.optional(QueryBoolean).check(z.describe('true = threads with unread messages, false = fully read threads')),
  before: z.optional(IsoDateTime).check(z.describe('Threads updated before this time')),
  after: z.optional(IsoDateTime).check(z.describe('Threads updated after this time')),
  sort: z._default(z.enum(['updated_at', 'created_at']), 'updated_at'),
  order: z._default(z.enum(['desc', 'asc']), 'desc'),
});
export const ListAccountThreadsQuery = z.extend(ListThreadsQuery, {
  inbox_id: z.optional(z.string()),
  search: z.optional(z.string().check(z.maxLength(200))).check(z.describe('Words of the subject, sender or body text of any message of the thread, each matched as a word prefix, case- and accent-insensitive; every word must match')),
});

export const ThreadList = z.object({
  threads: z.array(Thread), total: z.number().check(z.int()), limit: z.number().check(z.int()), offset: z.number().check(z.int()), has_more: z.boolean(),
  next_cursor: NextCursor,
}).register(components, { id: 'ThreadList' });
export const ThreadDetail = z.extend(Thread, { messages: z.array(Message) }).register(components, { id: 'ThreadWithMessages' });
export const ThreadWithMessages = z.object({ thread: ThreadDetail }).register(components, { id: 'ThreadWithMessagesResult' });
export const ThreadResult = z.object({ thread: Thread }).register(components, { id: 'ThreadResult' });

export const ThreadParams = z.object({ id: PathId, threadId: PathId });
export const ThreadLabelParams = z.extend(ThreadParams, { label: Label });
export const SetLabelsBody = z.object({ labels: z.array(Label).check(z.maxLength(50)) }).register(components, { id: 'SetThreadLabelsRequest' });
export const AddLabelBody = z.object({ label: Label }).register(components, { id: 'AddThreadLabelRequest' });
