import * as z from 'zod';
import { USERNAME_MAX, USERNAME_MIN } from '../core/usernames.ts';
import { components, CursorPagination, cursorWithoutOffset, FreeJsonObject, NextCursor, QueryBoolean, Timestamp, PathId } from './common.ts';

export const InboxStatus = z.enum(['active', 'deleted']).register(components, { id: 'InboxStatus' });
export const TierName = z.enum(['free', 'developer', 'growth', 'enterprise']).register(components, { id: 'Tier' });

export const CreateInboxBody = z.object({
  username: z.string().min(USERNAME_MIN).max(USERNAME_MAX)
    .describe('3-32 chars: lowercase letters, digits, hyphens; starts and ends with a letter or digit'),
  display_name: z.string().trim().min(1).max(128).nullable().optional().describe('Defaults to the username'),
  client_id: z.string().min(1).max(128).optional().describe('Idempotency key: a repeat returns the existing inbox'),
  metadata: FreeJsonObject.optional().describe('Free-form JSON kept with the inbox (max 4 KB, 16 levels deep, keys 1-256 characters)'),
  domain_id: z.string().optional().describe('A verified custom domain of the account (paid tiers): the inbox is username@that domain'),
}).register(components, { id: 'CreateInboxRequest' });

export const InboxCreated = z.object({
  id: z.string(),
  address: z.string(),
  api_key: z.string().nullable().describe('Inbox-scoped key. Shown only when the inbox is created (null on an idempotent replay).'),
  account_api_key: z.string().optional().describe('Account key; only when this call created the account'),
  display_name: z.string(),
  status: InboxStatus,
  tier: TierName,
  view_url: z.string().nullable(),
  created_at: Timestamp,
  client_id: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
}).register(components, { id: 'InboxCreated' });

export const InboxSummary = z.object({
  id: z.string(),
  address: z.string(),
  display_name: z.string(),
  status: InboxStatus,
  created_at: Timestamp,
  message_count: z.number().int(),
  thread_count: z.number().int(),
  last_received_at: Timestamp.nullable(),
}).register(components, { id: 'InboxSummary' });

export const InboxDetail = InboxSummary.extend({
  view_url: z.string(),
  tier: TierName,
  updated_at: Timestamp,
  client_id: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
}).register(components, { id: 'Inbox' });

export const InboxList = z.object({
  inboxes: z.array(InboxSummary),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  has_more: z.boolean(),
  next_cursor: NextCursor,
}).register(components, { id: 'InboxList' });

export const ListInboxesQuery = CursorPagination.extend({
  include_deleted: QueryBoolean.optional()
    .describe('Also list soft-deleted inboxes'),
}).refine(...cursorWithoutOffset);

export const UpdateInboxBody = z.object({
  display_name: z.string().trim().min(1).max(128).nullable().describe('null reverts to the username'),
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
