/**
 * The single table's accounts and their keys: each entity's record type, key shapes and declaration
 * (platform/dynamo/entity.ts), in one place. Access pattern → key:
 *   API key hash → principal             pk APIKEY#<sha256>                 sk APIKEY
 *   account                              pk ACCOUNT#<acc>                   sk ACCOUNT
 *   request counter per window (TTL)     pk RATE#<subject>#<window start>   sk RATE
 *   rolling creation window              pk CREATES#<subject>               sk CREATES
 */
import { declare } from '../platform/dynamo/entity.ts';
import type { Tier } from './tiers.ts';

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
export interface ApiKeyRecord {
  kind: 'account' | 'inbox';
  account_id: string;
  inbox_id?: string;
  created_at: string;
}
// One export per shape, imported as a namespace (`import * as keys`): a bundle keeps the shapes its code uses.
export const apiKeyKey = (hash: string) => ({ pk: `APIKEY#${hash}`, sk: 'APIKEY' });
export const accountKey = (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: 'ACCOUNT' });
export const rateWindowKey = (subject: string, windowStart: number) => ({ pk: `RATE#${subject}#${windowStart}`, sk: 'RATE' });
export const creationWindowKey = (subject: string) => ({ pk: `CREATES#${subject}`, sk: 'CREATES' });
export const account = /* @__PURE__ */ declare<AccountRecord>({ name: 'account', key: (a) => accountKey(a.id) });
export const apiKey = /* @__PURE__ */ declare<ApiKeyRecord, { hash: string }>({ name: 'apikey', key: (_k, c) => apiKeyKey(c.hash) });
// Windowed counters, written only by atomic ADDs: the declaration gives the update its key and TTL.

/** API requests of a subject (account or IP) in one window; gone a window after it ends. */
export const rateWindow = /* @__PURE__ */ declare<{ subject: string; windowStart: number; windowSeconds: number }>({
  name: 'rate-window', key: (w) => rateWindowKey(w.subject, w.windowStart), expiresAt: (w) => w.windowStart + w.windowSeconds * 2,
});
/** Inbox creations of a subject in a rolling window (their times); gone a minute after the newest leaves it. */
export const creationWindow = /* @__PURE__ */ declare<{ subject: string; times: number[]; windowMs: number }>({
  name: 'creation-window', key: (w) => creationWindowKey(w.subject), expiresAt: (w) => Math.floor((Math.max(0, ...w.times) + w.windowMs) / 1000) + 60,
});
