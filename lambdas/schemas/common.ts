import * as z from 'zod';
import { freeJsonProblem } from '../core/json-shape.ts';

/**
 * The schemas openapi.json publishes as named components (`#/components/schemas/<id>`), so a
 * generated client has a Message, Inbox or Thread type to import. A registry of its own, not
 * zod's global one: ids there would turn every other conversion (the MCP tools' input schemas)
 * into a bare `$ref`.
 */
export const components = z.registry<{ id: string }>();

export const Timestamp = z.string().describe('ISO 8601, UTC');

/**
 * An id in a path. Ids this API issues are at most 40 characters; the cap keeps every key built
 * from one (a label entry's sort key is the thread id) well under DynamoDB's 1,024-byte key limit,
 * so an absurd id is a 400 naming it, never a store error.
 */
export const MAX_PATH_ID_LENGTH = 100;
export const PathId = z.string().min(1).max(MAX_PATH_ID_LENGTH);

export const ErrorEnvelope = z.object({
  error: z.string().describe('Error code, e.g. INVALID_API_KEY'),
  message: z.string(),
  next_steps: z.array(z.string()),
  code: z.string().optional().describe('Sub-code, e.g. INBOX_CREATE_RATE_LIMIT'),
  field: z.string().optional().describe('The request field that failed validation'),
  retry_after: z.number().int().optional().describe('Seconds to wait before retrying'),
  upgrade_context: z.unknown().optional(),
  current_usage: z.unknown().optional(),
  rate_limit: z.unknown().optional(),
  details: z.unknown().optional().describe('More about the failure, e.g. every invalid field'),
  request_id: z.string().optional().describe('Quote it when reporting a 500'),
}).register(components, { id: 'Error' });

export const successEnvelope = <T extends z.ZodType>(result: T) =>
  z.object({ result, next_steps: z.array(z.string()) });

/**
 * An instant in ISO 8601 whose calendar date exists. zod's pattern knows month lengths and leap
 * years; Date.parse alone rolls 2024-02-30 over to March 1st. The offset (Z or +02:00) is
 * required: without one the instant would depend on the server's time zone.
 */
const isoDateTime = z.iso.datetime({ offset: true });
export const IsoDateTime = z.string()
  .refine((s) => isoDateTime.safeParse(s).success, 'must be an ISO 8601 time with a real calendar date and an offset, such as 2030-01-01T09:00:00Z');

/** Free-form JSON kept as given (metadata, context): depth and key shape checked without recursion. */
export const FreeJson = z.unknown().superRefine((v, ctx) => {
  const problem = freeJsonProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
});
export const FreeJsonObject = z.record(z.string(), z.unknown()).superRefine((v, ctx) => {
  const problem = freeJsonProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
});

/**
 * Query-string boolean: only the literal words, so `?read=yes` is a 400 rather than a guess.
 * A stringbool (not an enum + transform) so that openapi.json types it as a boolean.
 */
export const QueryBoolean = z.stringbool({ truthy: ['true'], falsy: ['false'], case: 'sensitive' });

/** Page size: default 50, max 100; offset default 0 (ARCHITECTURE). */
export const Pagination = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/**
 * Paging by cursor: pass the previous page's next_cursor to get the page after it. Each page
 * costs the same however deep it is; a deep offset reads (keys only) every item it skips.
 */
export const Cursor = z.string().min(1).max(2048).describe('next_cursor of the previous page: the page after it (cheaper than a deep offset)');
export const NextCursor = z.string().nullable().describe('Pass as cursor to get the next page; null on the last page');

/** limit, offset and cursor: what every list takes (a list's own filters extend it). */
export const CursorPagination = Pagination.extend({ cursor: Cursor.optional() });
/** The refinement every cursor-paged query ends with: a cursor already says where the page starts. */
export const cursorWithoutOffset: [(q: { cursor?: string; offset: number }) => boolean, { message: string; path: string[] }] = [
  (q) => q.cursor === undefined || q.offset === 0,
  { message: 'cannot be combined with cursor (the cursor already says where the page starts)', path: ['offset'] },
];
/** The paging fields of every list result. */
export const PageFields = { total: z.number().int(), limit: z.number().int(), offset: z.number().int(), has_more: z.boolean(), next_cursor: NextCursor };

export const UpgradeContext = z.object({
  operator_action_url: z.string(),
  operator_action_label: z.string(),
  agent_script: z.string(),
  target_tier: z.string().optional(),
  expires_at: z.string().optional().describe('When the operator link expires (7 days)'),
  api_call: z.string().optional(),
}).register(components, { id: 'UpgradeContext' });
