import * as z from 'zod';
import { USERNAME_MAX, USERNAME_MIN } from '../core/usernames.ts';
import { FreeJsonObject, Pagination, Timestamp } from './common.ts';

export const InboxStatus = z.enum(['active', 'deleted']);
export const TierName = z.enum(['free', 'developer', 'growth', 'enterprise']);

export const CreateInboxBody = z.object({
  username: z.string().min(USERNAME_MIN).max(USERNAME_MAX)
    .describe('3-32 chars: lowercase letters, digits, hyphens; starts and ends with a letter or digit'),
  display_name: z.string().trim().min(1).max(128).nullable().optional().describe('Defaults to the username'),
  client_id: z.string().min(1).max(128).optional().describe('Idempotency key: a repeat returns the existing inbox'),
  metadata: FreeJsonObject.optional().describe('Free-form JSON kept with the inbox (max 4 KB, 16 levels deep, keys 1-256 characters)'),
  domain_id: z.string().optional().describe('Custom domain (paid tiers); not available in this deployment'),
});

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
});

export const InboxSummary = z.object({
  id: z.string(),
  address: z.string(),
  display_name: z.string(),
  status: InboxStatus,
  created_at: Timestamp,
  message_count: z.number().int(),
  thread_count: z.number().int(),
  last_received_at: Timestamp.nullable(),
});

export const InboxDetail = InboxSummary.extend({
  view_url: z.string(),
  tier: TierName,
  updated_at: Timestamp,
  client_id: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

export const InboxList = z.object({
  inboxes: z.array(InboxSummary),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  has_more: z.boolean(),
});

export const ListInboxesQuery = Pagination.extend({
  include_deleted: z.enum(['true', 'false']).transform((v) => v === 'true').optional()
    .describe('Also list soft-deleted inboxes'),
});

export const UpdateInboxBody = z.object({
  display_name: z.string().trim().min(1).max(128).nullable().describe('null reverts to the username'),
});

export const InboxUpdated = z.object({
  id: z.string(),
  address: z.string(),
  display_name: z.string(),
  status: InboxStatus,
  updated_at: Timestamp,
});

export const InboxDeleted = z.object({
  id: z.string(),
  address: z.string(),
  status: z.literal('deleted'),
  deleted_at: Timestamp,
});

export const InboxParams = z.object({ id: z.string() });
