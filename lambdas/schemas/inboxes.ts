import * as z from 'zod/mini';
import { USERNAME_MAX, USERNAME_MIN } from '../core/usernames.ts';
import { components, CursorPagination, cursorWithoutOffset, FreeJsonObject, NextCursor, QueryBoolean, Timestamp, PathId } from './common.ts';

export const InboxStatus = z.enum(['active', 'deleted']).register(components, { id: 'InboxStatus' });
export const TierName = z.enum(['free', 'developer', 'growth', 'enterprise']).register(components, { id: 'Tier' });

export const CreateInboxBody = z.object({
  username: z.string().check(z.minLength(USERNAME_MIN), z.maxLength(USERNAME_MAX), z.describe('3-32 chars: lowercase letters, digits, hyphens; starts and ends with a letter or digit')),
  display_name: z.optional(z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(128)))).check(z.describe('Defaults to the username')),
  client_id: z.optional(z.string().check(z.minLength(1), z.maxLength(128))).check(z.describe('Idempotency key: a repeat returns the existing inbox')),
  metadata: z.optional(FreeJsonObject).check(z.describe('Free-form JSON kept with the inbox (max 4 KB, 16 levels deep, keys 1-256 characters)')),
  domain_id: z.optional(z.string()).check(z.describe('A verified custom domain of the account (paid tiers): the inbox is username@that domain')),
}).register(components, { id: 'CreateInboxRequest' });

export const InboxCreated = z.object({
  id: z.string(),
  address: z.string(),
  api_key: z.nullable(z.string()).check(z.describe('Inbox-scoped key. Shown only when the inbox is created (null on an idempotent replay).')),
  account_api_key: z.optional(z.string()).check(z.describe('Account key; only when this call created the account')),
  display_name: z.string(),
  status: InboxStatus,
  tier: TierName,
  view_url: z.nullable(z.string()),
  created_at: Timestamp,
  client_id: z.optional(z.string()),
  metadata: z.optional(z.record(z.string(), z.unknown())),
}).register(components, { id: 'InboxCreated' });

export const InboxSummary = z.object({
  id: z.string(),
  address: z.string(),
  display_name: z.string(),
  status: InboxStatus,
  created_at: Timestamp,
  message_count: z.number().check(z.int()),
  thread_count: z.number().check(z.int()),
  last_received_at: z.nullable(Timestamp),
}).register(components, { id: 'InboxSummary' });

export const InboxDetail = z.extend(InboxSummary, {
  view_url: z.string(),
  tier: TierName,
  updated_at: Timestamp,
  client_id: z.optional(z.string()),
  metadata: z.optional(z.record(z.string(), z.unknown())),
}).register(components, { id: 'Inbox' });

export const InboxList = z.object({
  inboxes: z.array(InboxSummary),
  total: z.number().check(z.int()),
  limit: z.number().check(z.int()),
  offset: z.number().check(z.int()),
  has_more: z.boolean(),
  next_cursor: NextCursor,
}).register(components, { id: 'InboxList' });

export const ListInboxesQuery = z.extend(CursorPagination, {
  include_deleted: z.optional(QueryBoolean).check(z.describe('Also list soft-deleted inboxes')),
}).check(z.refine(...cursorWithoutOffset));

export const UpdateInboxBody = z.object({
  display_name: z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(128))).check(z.describe('null reverts to the username')),
}).register(components, { id: 'UpdateInboxRequest' });

export const InboxUpdated = z.object({
  id: z.string(),
  address: z.string(),
  display_name: z.string(),
  status: InboxStatus,
  updated_at: Timestamp,
}).register(components, { id: 'InboxUpdated' });

export const InboxDeleted = z.object({
  id: z.string(),
  address: z.string(),
  status: z.literal('deleted'),
  deleted_at: Timestamp,
}).register(components, { id: 'InboxDeleted' });

export const InboxParams = z.object({ id: PathId });
