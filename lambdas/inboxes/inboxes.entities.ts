/**
 * The single table's inboxes and the addresses they hold: each entity's record type, key shapes and declaration
 * (platform/dynamo/entity.ts), in one place. Access pattern → key:
 *   account → inboxes (by creation)      gsi1 ACCOUNT#<acc>#INBOXES         <inb>
 *   account → active inboxes (sparse)    gsi2 ACCOUNT#<acc>#INBOXES#ACTIVE  <inb>  (removed on soft delete)
 *   inbox                                pk INBOX#<inb>                     sk INBOX
 *   username → inbox (uniqueness)        pk USERNAME#<username>             sk USERNAME
 *   address at a custom domain → inbox   pk USERNAME#<username>@<domain>    sk USERNAME  (no '@' in service-domain usernames)
 */
import { declare } from '../platform/dynamo/entity.ts';

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
export const inboxKey = (inboxId: string) => ({ pk: `INBOX#${inboxId}`, sk: 'INBOX' });
export const accountInboxesIndex = (accountId: string, inboxId: string) => ({
  gsi1pk: `ACCOUNT#${accountId}#INBOXES`,
  gsi1sk: inboxId,
});
export const accountInboxesPartition = (accountId: string) => `ACCOUNT#${accountId}#INBOXES`;
/** Only active inboxes carry it: the default inbox list is one key condition. */
export const activeInboxIndex = (accountId: string, inboxId: string) => ({ gsi2pk: `ACCOUNT#${accountId}#INBOXES#ACTIVE`, gsi2sk: inboxId });
export const activeInboxesPartition = (accountId: string) => `ACCOUNT#${accountId}#INBOXES#ACTIVE`;
export const username = (username: string) => ({ pk: `USERNAME#${username}`, sk: 'USERNAME' });
export const inboxPartition = (inboxId: string) => `INBOX#${inboxId}`;
/** The address claim of an inbox: its username at the service domain, its full address at a custom domain. */
export const inboxClaim = (i: { username: string; address: string; domain_id?: string }) => ({ pk: `USERNAME#${i.domain_id ? i.address : i.username}`, sk: 'USERNAME' });
export const inbox = /* @__PURE__ */ declare<InboxRecord>({
  name: 'inbox',
  key: (i) => inboxKey(i.id),
  // Only active inboxes carry the second index: the default inbox list is one key condition.
  indexes: (i) => ({ ...accountInboxesIndex(i.account_id, i.id), ...(i.status === 'active' ? activeInboxIndex(i.account_id, i.id) : {}) }),
});
/** The address an inbox holds (unique): its username, or its full address at a custom domain. */
export const addressClaim = /* @__PURE__ */ declare<{ inbox_id: string; account_id: string; created_at: string }, Pick<InboxRecord, 'username' | 'address' | 'domain_id'>>({
  name: 'username', key: (_c, inbox) => inboxClaim(inbox),
});
