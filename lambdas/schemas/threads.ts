import * as z from 'zod';
import { components, Cursor, IsoDateTime, NextCursor, Pagination, QueryBoolean, Timestamp, PathId } from './common.ts';
import { Label, Message } from './messages.ts';

export const Thread = z.object({
  id: z.string(),
  inbox_id: z.string(),
  subject: z.string(),
  participants: z.array(z.string()),
  labels: z.array(z.string()),
  message_count: z.number().int(),
  unread_count: z.number().int(),
  latest_message: z.object({ id: z.string(), from_address: z.string(), preview: z.string(), received_at: Timestamp }),
  status: z.enum(['active', 'archived']),
  created_at: Timestamp,
  updated_at: Timestamp,
  last_message_at: Timestamp.describe('Alias of latest_message.received_at'),
}).register(components, { id: 'Thread' });

export const ListThreadsQuery = Pagination.extend({
  cursor: Cursor.optional(),
  label: z.string().optional(),
  unread: QueryBoolean.optional().describe('true = threads with unread messages, false = fully read threads'),
  before: IsoDateTime.optional().describe('Threads updated before this time'),
  after: IsoDateTime.optional().describe('Threads updated after this time'),
  sort: z.enum(['updated_at', 'created_at']).default('updated_at'),
  order: z.enum(['desc', 'asc']).default('desc'),
});
export const ListAccountThreadsQuery = ListThreadsQuery.extend({
  inbox_id: z.string().optional(),
  search: z.string().max(200).optional()
    .describe('Words of the subject, sender or body text of any message of the thread, each matched as a word prefix, case- and accent-insensitive; every word must match'),
});

export const ThreadList = z.object({
  threads: z.array(Thread), total: z.number().int(), limit: z.number().int(), offset: z.number().int(), has_more: z.boolean(),
  next_cursor: NextCursor,
}).register(components, { id: 'ThreadList' });
export const ThreadDetail = Thread.extend({ messages: z.array(Message) }).register(components, { id: 'ThreadWithMessages' });
export const ThreadWithMessages = z.object({ thread: ThreadDetail }).register(components, { id: 'ThreadWithMessagesResult' });
export const ThreadResult = z.object({ thread: Thread }).register(components, { id: 'ThreadResult' });

export const ThreadParams = z.object({ id: PathId, threadId: PathId });
export const ThreadLabelParams = ThreadParams.extend({ label: Label });
export const SetLabelsBody = z.object({ labels: z.array(Label).max(50) }).register(components, { id: 'SetThreadLabelsRequest' });
export const AddLabelBody = z.object({ label: Label }).register(components, { id: 'AddThreadLabelRequest' });
