import type { Authentication } from '../../content/sender-trust.ts';
import type { Tier } from '../../accounts/tiers.ts';

/** What the store keeps, in the domain's words. Key attributes never leave the store. */
export interface AccountRecord {
  id: string;
  tier: Tier;
  status: 'active' | 'suspended' | 'under_review';
  created_at: string;
  updated_at: string;
  /** Active (not deleted) inboxes: checked against the tier's max_inboxes in the same write. */
  inbox_count: number;
  /** Soft-deleted inboxes (with inbox_count: the total of include_deleted); absent on accounts stored before it. */
  deleted_inbox_count?: number;
  /** Threads of all its inboxes: the account-wide thread list's total (absent before any thread). */
  thread_count?: number;
  /**
   * SHA-256 of the current account key: a key item of this account with another hash is revoked
   * (rotated). Absent on accounts stored before rotation existed: then any of its key items counts.
   */
  key_hash?: string;
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
  /** Every message listed in the inbox, inbound and outbound: the message list's total. */
  listed_count?: number;
  /** Unread messages: the read/unread filters' totals. */
  unread_listed_count?: number;
  last_received_at: string | null;
  client_id?: string;
  metadata?: Record<string, unknown>;
  /** Set for an inbox at a custom domain (its address is username@that domain). */
  domain_id?: string;
  /** SHA-256 of the current inbox key (as AccountRecord.key_hash): another hash of this inbox is revoked. */
  key_hash?: string;
  /** Which view token view_url carries (absent = 0): reissuing the link bumps it, revoking the old one. */
  view_token_version?: number;
}

export interface ApiKeyRecord {
  kind: 'account' | 'inbox';
  account_id: string;
  inbox_id?: string;
  created_at: string;
}

export interface AttachmentRecord {
  id: string;
  filename: string;
  content_type: string;
  size: number;
  content_id?: string;
  inline: boolean;
  /** Object key in the mail bucket. */
  s3_key: string;
}

export interface MessageRecord {
  id: string;
  inbox_id: string;
  account_id: string;
  thread_id: string;
  direction: 'inbound' | 'outbound';
  from: string;
  from_name: string | null;
  to: string[];
  cc: string[];
  bcc: string[];
  reply_to: string[];
  subject: string;
  body_text: string;
  body_html: string | null;
  reply_body: string;
  links: string[];
  cta_links: unknown[];
  verification_codes: unknown[];
  headers: Record<string, string | string[]>;
  message_id_header: string;
  in_reply_to: string | null;
  references: string[];
  labels: string[];
  read: boolean;
  spam_score: number;
  spam_verdict: Record<string, string>;
  received_at: string;
  created_at: string;
  attachments: AttachmentRecord[];
  /** The raw MIME as received, in the mail bucket. */
  raw_s3_key: string;
  /** Set when the message could not be fully parsed; what could be read is kept. */
  parse_error?: string;
  /** Bodies too large for the item live in the bucket under this key. */
  bodies_s3_key?: string;
  delivery_status?: string;
  /** Inbound: the SMTP envelope sender (MAIL FROM / Return-Path), which may differ from From. */
  envelope_from?: string | null;
  /** Inbound: the sender authentication verdict, computed once at ingest (absent on mail stored before; reads then compute it). */
  authentication?: Authentication;
  /** Inbound: position in the inbox's arrival order (1, 2, …), assigned by the sequencer just after storing. */
  arrival_seq?: number;
}

/** Per inbox: the last inbound message stored; waiters poll this one small item. */
export interface ArrivalMarker {
  seq: number;
  last_message_id: string;
  last_received_at: string;
}

/**
 * A stored inbound message not yet in its inbox's arrival order: what the sequencer needs to give
 * it its place and apply its counters (inbox, account, thread) without reading the message.
 */
export interface PendingArrival {
  message_id: string;
  thread_id: string;
  /** The message started its thread: the thread counters of the inbox and the account grow. */
  new_thread: boolean;
  /** The message's read flag now: a read change before sequencing updates it here, not the counters. */
  read: boolean;
  received_at: string;
  from: string;
  /** Addresses the thread's participants gain. */
  participants: string[];
  /** The thread's latest_message.preview for this message. */
  preview: string;
  created_at: string;
}

/** Per inbound message: its place in the arrival order, so a waiter reads exactly what is new. */
export interface ArrivalRecord {
  seq: number;
  message_id: string;
  received_at: string;
}

export interface ThreadRecord {
  id: string;
  inbox_id: string;
  account_id: string;
  subject: string;
  participants: string[];
  labels: string[];
  message_count: number;
  unread_count: number;
  latest_message: { id: string; from_address: string; preview: string; received_at: string };
  status: 'active' | 'archived';
  created_at: string;
  updated_at: string;
}

export interface ListEntryRecord {
  id: string;
  account_id: string;
  type: 'allowlist' | 'blocklist';
  address: string;
  inbox_id: string | null;
  inbox_address: string | null;
  status: 'active';
  created_at: string;
}

export interface RejectionRecord {
  inbox_id: string;
  from: string;
  subject: string;
  reason: string;
  rule: { id: string; type: string; address: string; inbox_id: string | null } | null;
  rejected_at: string;
  raw_s3_key: string;
}

export interface WebhookRecord {
  id: string;
  account_id: string;
  url: string;
  events: string[];
  inbox_id: string | null;
  /** The signing secret, encrypted at rest (AES-256-GCM under a key derived from the stack secret). */
  secret_ciphertext: string;
  status: 'active' | 'paused' | 'unhealthy';
  /** Bumped by enable and rotate: queued deliveries of an older generation are dropped. */
  generation: number;
  failure_count: number;
  last_error: string | null;
  last_success_at: string | null;
  last_failure_at: string | null;
  created_at: string;
  updated_at: string;
  re_enabled_at?: string;
  /** Consecutive attempts slower than the fair share, and consecutive ones within it (absent = 0). */
  slow_streak?: number;
  fast_streak?: number;
  /** 'slow': its deliveries run in the slow lane (usecases/webhooks/delivery.ts); absent = the fast lane. */
  lane?: 'slow';
}

export interface EventRecord {
  event_id: string;
  event: string;
  account_id: string;
  inbox_id: string | null;
  timestamp: string;
  /** The exact JSON body receivers get; in the bucket when too large for an item. */
  payload?: string;
  payload_s3_key?: string;
  dispatched: boolean;
}

export interface DeliveryLogRecord {
  webhook_id: string;
  event_id: string;
  event_type: string;
  attempted_at: string;
  response_code: number | null;
  latency_ms: number;
  error: string | null;
  retry_count: number;
  success: boolean;
}

export interface DraftRecord {
  id: string;
  inbox_id: string;
  account_id: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body_text: string;
  body_html: string | null;
  send_at: string | null;
  thread_id: string | null;
  /** Id of the message this draft answers (sets In-Reply-To/References). */
  in_reply_to: string | null;
  labels: string[];
  status: 'draft' | 'scheduled' | 'sending' | 'sent';
  created_at: string;
  updated_at: string;
}
