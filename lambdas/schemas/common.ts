import * as z from 'zod/mini';
import { en } from 'zod/locales';
import { freeJsonProblem } from '../core/json-shape.ts';

/**
 * The schemas openapi.json publishes as named components (`#/components/schemas/<id>`), so a
 * generated client has a Message, Inbox or Thread type to import. A registry of its own, not
 * zod's global one: ids there would turn every other conversion (the MCP tools' input schemas)
 * into a bare `$ref`.
 */
export const components = z.registry<{ id: string }>();

// zod/mini leaves the messages to the caller: the English ones, as every 400 names its field with one.
z.config(en());

export const Timestamp = z.string().check(z.describe('ISO 8601, UTC'));

/**
 * An id in a path. Ids this API issues are at most 40 characters; the cap keeps every key built
 * from one (a label entry's sort key is the thread id) well under DynamoDB's 1,024-byte key limit,
 * so an absurd id is a 400 naming it, never a store error.
 */
export const MAX_PATH_ID_LENGTH = 100;
export const PathId = z.string().check(z.minLength(1), z.maxLength(MAX_PATH_ID_LENGTH));

export const ErrorEnvelope = z.object({
  error: z.string().check(z.describe('Error code, e.g. INVALID_API_KEY')),
  message: z.string(),
  next_steps: z.array(z.string()),
  code: z.optional(z.string()).check(z.describe('Sub-code, e.g. INBOX_CREATE_RATE_LIMIT')),
  field: z.optional(z.string()).check(z.describe('The request field that failed validation')),
  retry_after: z.optional(z.number().check(z.int())).check(z.describe('Seconds to wait before retrying')),
  upgrade_context: z.optional(z.unknown()),
  current_usage: z.optional(z.unknown()),
  rate_limit: z.optional(z.unknown()),
  details: z.optional(z.unknown()).check(z.describe('More about the failure, e.g. every invalid field')),
  request_id: z.optional(z.string()).check(z.describe('Quote it when reporting a 500')),
}).register(components, { id: 'Error' });

export const successEnvelope = <T extends z.ZodMiniType>(result: T) =>
  z.object({ result, next_steps: z.array(z.string()) });

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
export const NextCursor = z.nullable(z.string()).check(z.describe('Pass as cursor to get the next page; null on the last page'));

/** limit, offset and cursor: what every list takes (a list's own filters extend it). */
export const CursorPagination = z.extend(Pagination, { cursor: z.optional(Cursor) });
/** The refinement every cursor-paged query ends with: a cursor already says where the page starts. */
export const cursorWithoutOffset: [(q: { cursor?: string; offset: number }) => boolean, { message: string; path: string[] }] = [
  (q) => q.cursor === undefined || q.offset === 0,
  { message: 'cannot be combined with cursor (the cursor already says where the page starts)', path: ['offset'] },
];
/** The paging fields of every list result. */
export const PageFields = { total: z.number().check(z.int()), limit: z.number().check(z.int()), offset: z.number().check(z.int()), has_more: z.boolean(), next_cursor: NextCursor };

export const UpgradeContext = z.object({
  operator_action_url: z.string(),
  operator_action_label: z.string(),
  agent_script: z.string(),
  target_tier: z.optional(z.string()),
  expires_at: z.optional(z.string()).check(z.describe('When the operator link expires (7 days)')),
  api_call: z.optional(z.string()),
}).register(components, { id: 'UpgradeContext' });
