import * as z from 'zod/mini';
import { components, Cursor, IsoDateTime, Label, Pagination, PathId, QueryBoolean } from '../platform/http/common.schemas.ts';

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

export const ThreadParams = z.object({ id: PathId, threadId: PathId });
export const ThreadLabelParams = z.extend(ThreadParams, { label: Label });
export const SetLabelsBody = z.object({ labels: z.array(Label).check(z.maxLength(50)) }).register(components, { id: 'SetThreadLabelsRequest' });
export const AddLabelBody = z.object({ label: Label }).register(components, { id: 'AddThreadLabelRequest' });
