import * as z from 'zod/mini';
import { components } from '../platform/http/common.schemas.ts';
import { PageFields, Timestamp } from '../platform/http/common.responses.ts';

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
  view_url: z.nullable(z.string()).check(z.describe('The inbox page for a person, carrying a read-only view token (not a key); null on an idempotent replay')),
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
  view_url: z.string().check(z.describe('The inbox page for a person, carrying a read-only view token (not a key); POST /v1/inboxes/{id}/view-url revokes it and issues another')),
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

export const InboxKeyRotated = z.object({
  id: z.string(),
  api_key: z.string().check(z.describe('The new inbox key, shown this once (stored only as a hash); the old key is refused from now on')),
  rotated_at: Timestamp,
}).register(components, { id: 'InboxKeyRotated' });

export const InboxViewUrl = z.object({
  id: z.string(),
  view_url: z.string().check(z.describe('The new view link; every earlier view_url of this inbox stopped opening the page')),
  issued_at: Timestamp,
}).register(components, { id: 'InboxViewUrl' });
