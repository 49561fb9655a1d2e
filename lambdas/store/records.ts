import type { Tier } from '../core/tiers.ts';

/** What the store keeps, in the domain's words. Key attributes never leave the store. */
export interface AccountRecord {
  id: string;
  tier: Tier;
  status: 'active' | 'suspended' | 'under_review';
  created_at: string;
  updated_at: string;
  /** Active (not deleted) inboxes: checked against the tier's max_inboxes in the same write. */
  inbox_count: number;
  billing: {
    provider: string | null;
    payment_customer_id: string | null;
    subscription_id: string | null;
    subscription_status: string;
  };
}

export interface InboxRecord {
  id: string;
  account_id: string;
  username: string;
  address: string;
  /** null = falls back to the username. */
  display_name: string | null;
  status: 'active' | 'deleted';
  created_at: string;
  updated_at: string;
  deleted_at?: string;
  message_count: number;
  thread_count: number;
  last_received_at: string | null;
  client_id?: string;
  metadata?: Record<string, unknown>;
}

export interface ApiKeyRecord {
  kind: 'account' | 'inbox';
  account_id: string;
  inbox_id?: string;
  created_at: string;
}
