import * as z from 'zod/mini';
import { components } from '../common.ts';
import { PageFields, Timestamp } from './common.ts';

export const InboxStatus = z.enum(['active', 'deleted']).register(components, { id: 'InboxStatus' });
export const TierName = z.enum(['free', 'developer', 'growth', 'enterprise']).register(components, { id: 'Tier' });
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
  ...PageFields,
}).register(components, { id: 'InboxList' });

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
