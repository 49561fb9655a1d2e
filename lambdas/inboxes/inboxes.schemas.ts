import * as z from 'zod/mini';
import { USERNAME_MAX, USERNAME_MIN } from './usernames.ts';
import { components, CursorPagination, cursorWithoutOffset, FreeJsonObject, QueryBoolean } from '../platform/http/common.schemas.ts';

export const CreateInboxBody = z.object({
  username: z.string().check(z.minLength(USERNAME_MIN), z.maxLength(USERNAME_MAX), z.describe('3-32 chars: lowercase letters, digits, hyphens; starts and ends with a letter or digit')),
  display_name: z.optional(z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(128)))).check(z.describe('Defaults to the username')),
  client_id: z.optional(z.string().check(z.minLength(1), z.maxLength(128))).check(z.describe('Idempotency key: a repeat returns the existing inbox')),
  metadata: z.optional(FreeJsonObject).check(z.describe('Free-form JSON kept with the inbox (max 4 KB, 16 levels deep, keys 1-256 characters)')),
  domain_id: z.optional(z.string()).check(z.describe('A verified custom domain of the account (paid tiers): the inbox is username@that domain')),
}).register(components, { id: 'CreateInboxRequest' });

export const ListInboxesQuery = z.extend(CursorPagination, {
  include_deleted: z.optional(QueryBoolean).check(z.describe('Also list soft-deleted inboxes')),
}).check(z.refine(...cursorWithoutOffset));

export const UpdateInboxBody = z.object({
  display_name: z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(128))).check(z.describe('null reverts to the username')),
}).register(components, { id: 'UpdateInboxRequest' });

// The inbox page (view_url). `token` is the view token the link carries; `key` is accepted only to
// answer an old link that carries the inbox key with a page saying why it no longer opens.
const ViewToken = z.optional(z.string().check(z.maxLength(200)));
export const InboxViewQuery = z.object({
  token: ViewToken,
  key: ViewToken,
  view: z.optional(z.enum(['messages', 'threads'])),
  thread: z.optional(z.string().check(z.maxLength(100))),
  message: z.optional(z.string().check(z.maxLength(100))),
  offset: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(100_000))),
});
export const ViewTokenQuery = z.object({ token: ViewToken, key: ViewToken });
