import * as z from 'zod/mini';
import { en } from 'zod/locales';
import { freeJsonProblem } from '../json-shape.ts';

/**
 * The schemas openapi.json publishes as named components (`#/components/schemas/<id>`), so a
 * generated client has a Message, Inbox or Thread type to import. A registry of its own, not
 * zod's global one: ids there would turn every other conversion (the MCP tools' input schemas)
 * into a bare `$ref`.
 */
export const components = z.registry<{ id: string }>();

// zod/mini leaves the messages to the caller: the English ones, as every 400 names its field with one.
z.config(en());

/**
 * An id in a path. Ids this API issues are at most 40 characters; the cap keeps every key built
 * from one (a label entry's sort key is the thread id) well under DynamoDB's 1,024-byte key limit,
 * so an absurd id is a 400 naming it, never a store error.
 */
export const MAX_PATH_ID_LENGTH = 100;
export const PathId = z.string().check(z.minLength(1), z.maxLength(MAX_PATH_ID_LENGTH));
/** The `{id}` of every route under /v1/inboxes/{id}. */
export const InboxParams = z.object({ id: PathId });

/** A message, thread or draft label. */
export const Label = z.string().check(z.trim(), z.minLength(1), z.maxLength(64), z.describe('Case-sensitive label'));

/**
 * An instant in ISO 8601 whose calendar date exists. zod's pattern knows month lengths and leap
 * years; Date.parse alone rolls 2024-02-30 over to March 1st. The offset (Z or +02:00) is
 * required: without one the instant would depend on the server's time zone.
 */
const isoDateTime = z.iso.datetime({ offset: true });
export const IsoDateTime = z.string().check(z.refine((s) => isoDateTime.safeParse(s).success, 'must be an ISO 8601 time with a real calendar date and an offset, such as 2030-01-01T09:00:00Z'));

/** Free-form JSON kept as given (metadata, context): depth and key shape checked without recursion. */
export const FreeJson = z.unknown().check(z.superRefine((v, ctx) => {
  const problem = freeJsonProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
}));
export const FreeJsonObject = z.record(z.string(), z.unknown()).check(z.superRefine((v, ctx) => {
  const problem = freeJsonProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
}));

/**
 * Query-string boolean: only the literal words, so `?read=yes` is a 400 rather than a guess.
 * A stringbool (not an enum + transform) so that openapi.json types it as a boolean.
 */
export const QueryBoolean = z.stringbool({ truthy: ['true'], falsy: ['false'], case: 'sensitive' });

/** Page size: default 50, max 100; offset default 0 (ARCHITECTURE). */
export const Pagination = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 50),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
});

/**
 * Paging by cursor: pass the previous page's next_cursor to get the page after it. Each page
 * costs the same however deep it is; a deep offset reads (keys only) every item it skips.
 */
export const Cursor = z.string().check(z.minLength(1), z.maxLength(2048), z.describe('next_cursor of the previous page: the page after it (cheaper than a deep offset)'));
/** limit, offset and cursor: what every list takes (a list's own filters extend it). */
export const CursorPagination = z.extend(Pagination, { cursor: z.optional(Cursor) });
/** The refinement every cursor-paged query ends with: a cursor already says where the page starts. */
export const cursorWithoutOffset: [(q: { cursor?: string; offset: number }) => boolean, { message: string; path: string[] }] = [
  (q) => q.cursor === undefined || q.offset === 0,
  { message: 'cannot be combined with cursor (the cursor already says where the page starts)', path: ['offset'] },
];
