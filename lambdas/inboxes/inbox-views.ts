import type { Tier } from '../accounts/tiers.ts';
import type { InboxRecord } from './inboxes.entities.ts';

export const displayName = (i: InboxRecord) => i.display_name ?? i.username;

export const inboxSummary = (i: InboxRecord) => ({
  id: i.id,
  address: i.address,
  display_name: displayName(i),
  status: i.status,
  created_at: i.created_at,
  message_count: i.message_count,
  thread_count: i.thread_count,
  last_received_at: i.last_received_at,
});

/** `viewUrl`: from view-links.ts (it carries the inbox's view token, not its key). */
export const inboxDetail = (i: InboxRecord, tier: Tier, viewUrl: string) => ({
  ...inboxSummary(i),
  view_url: viewUrl,
  tier,
  updated_at: i.updated_at,
  ...(i.client_id ? { client_id: i.client_id } : {}),
  ...(i.metadata ? { metadata: i.metadata } : {}),
});
