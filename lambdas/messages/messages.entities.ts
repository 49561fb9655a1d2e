/**
 * The single table's messages, threads, labels, search words, rejections, sender lists and wait slots: each entity's record type, key shapes and declaration
 * (platform/dynamo/entity.ts), in one place. Access pattern → key:
 *   inbox → messages (by arrival)        pk INBOX#<inb>                     sk MSG#<msg>  (uuidv7: time order)
 *   thread → messages (chronological)    gsi1 THREAD#<thr>                  <received_at>#<msg>
 *   message id → message (any inbox)     gsi3 MESSAGE#<msg>                 MESSAGE
 *   inbox → messages read / unread       gsi2 INBOX#<inb>#MSGS#READ|UNREAD   <msg>  (moves on read change)
 *   inbox → search words (at ingest)     pk INBOX#<inb>#WORDS               sk <word>#<msg>
 *   account → search words               gsi2 ACCOUNT#<acc>#WORDS           <word>#<msg>
 *   inbox → threads                      pk INBOX#<inb>                     sk THREAD#<thr>
 *   inbox → threads by updated_at        gsi1 INBOX#<inb>#THREADS           <updated_at>#<thr>
 *   account → threads by updated_at      gsi2 ACCOUNT#<acc>#THREADS         <updated_at>#<thr>
 *   thread read state (one item/thread)  pk INBOX#<inb>                     sk THREADSTATE#<thr>
 *     inbox → unread|read threads        gsi1 INBOX#<inb>#THREADS#UNREAD|READ   <updated_at>#<thr>  (moves with the thread)
 *     account → unread|read threads      gsi2 ACCOUNT#<acc>#THREADS#UNREAD|READ <updated_at>#<thr>
 *   inbox → threads with a label         pk INBOX#<inb>#TLABEL#<label>      sk <thr>  (written before the label, checked on read)
 *   account → threads with a label       gsi2 ACCOUNT#<acc>#TLABEL#<label>  <thr>
 *   Message-ID header → message, thread  pk INBOX#<inb>                     sk MID#<message-id>
 *   inbox → rejected mail (TTL)          pk INBOX#<inb>                     sk REJECT#<time>#<ses id>
 *   account → list entries               pk ACCOUNT#<acc>                   sk LIST#<lst>
 *   list entries of one type             gsi1 ACCOUNT#<acc>#LISTS#T#<type>  <lst>
 *   list entries of one inbox (* = all)  gsi2 ACCOUNT#<acc>#LISTS#I#<inb|*> <lst>
 *   list entries of one type and inbox   gsi3 ACCOUNT#<acc>#LISTS#TI#<type>#<inb|*> <lst>
 *   list entry counters (totals)         pk ACCOUNT#<acc>                   sk LISTCOUNTS  (attrs all, t#…, i#…, ti#…)
 *   list entry uniqueness                pk ACCOUNT#<acc>                   sk LISTKEY#<type>#<inbox|*>#<address>
 *   account → its wait slots (leases)     pk WAITSLOTS#<acc>                 sk SLOT#<k, 4 digits>
 */
import type { Authentication } from '../content/sender-trust.ts';
import type { Security } from '../content/safety/types.ts';
import type { Forwarded } from '../content/reply/forwarded.ts';
import { declare, epochSeconds } from '../platform/dynamo/entity.ts';

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
  /** Inbound: the safety assessment, made once at ingest (absent on mail stored before it existed). */
  security?: Security;
  /** Inbound: what a person sees of the mail (absent on mail stored before it existed). A body: offloaded with the others. */
  visible_text?: string;
  /** Inbound: the message a forward carries (absent on mail stored before it existed, null when none). A body: offloaded with the others. */
  forwarded?: Forwarded | null;
  /** Inbound: position in the inbox's arrival order (1, 2, …), assigned by the sequencer just after storing. */
  arrival_seq?: number;
  /** When a consuming wait or a has=code claim took its code or link (one caller only). */
  consumed_at?: string;
  /** Inbound: when its claim-queue item was written (at ingest; by the backfill for mail stored before claims). */
  queued_at?: string;
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
export const messageKey = (inboxId: string, messageId: string) => ({ pk: `INBOX#${inboxId}`, sk: `MSG#${messageId}` });
export const messagePrefix = 'MSG#';
export const threadMessagesIndex = (threadId: string, receivedAt: string, messageId: string) => ({
  gsi1pk: `THREAD#${threadId}`, gsi1sk: `${receivedAt}#${messageId}`,
});
export const threadMessagesPartition = (threadId: string) => `THREAD#${threadId}`;
/** Read state as a partition: the read/unread filter and its page are one key condition. */
export const messageReadIndex = (inboxId: string, read: boolean, messageId: string) => ({
  gsi2pk: `INBOX#${inboxId}#MSGS#${read ? 'READ' : 'UNREAD'}`, gsi2sk: messageId,
});
export const messageReadPartition = (inboxId: string, read: boolean) => `INBOX#${inboxId}#MSGS#${read ? 'READ' : 'UNREAD'}`;
export const searchWordKey = (inboxId: string, accountId: string, word: string, messageId: string) => ({
  pk: `INBOX#${inboxId}#WORDS`, sk: `${word}#${messageId}`, gsi2pk: `ACCOUNT#${accountId}#WORDS`, gsi2sk: `${word}#${messageId}`,
});
export const inboxWordsPartition = (inboxId: string) => `INBOX#${inboxId}#WORDS`;
export const accountWordsPartition = (accountId: string) => `ACCOUNT#${accountId}#WORDS`;
export const messageByIdIndex = (messageId: string) => ({ gsi3pk: `MESSAGE#${messageId}`, gsi3sk: 'MESSAGE' });
export const threadKey = (inboxId: string, threadId: string) => ({ pk: `INBOX#${inboxId}`, sk: `THREAD#${threadId}` });
export const threadPrefix = 'THREAD#';
export const threadIndexes = (inboxId: string, accountId: string, threadId: string, updatedAt: string) => ({
  gsi1pk: `INBOX#${inboxId}#THREADS`, gsi1sk: `${updatedAt}#${threadId}`,
  gsi2pk: `ACCOUNT#${accountId}#THREADS`, gsi2sk: `${updatedAt}#${threadId}`,
});
export const inboxThreadsPartition = (inboxId: string) => `INBOX#${inboxId}#THREADS`;
export const accountThreadsPartition = (accountId: string) => `ACCOUNT#${accountId}#THREADS`;
/**
 * A thread's read state as an item of its own with a fixed key: its index attributes move with
 * plain SETs (no delete and put of a moved key), in the transactions that change the thread.
 */
export const threadStateKey = (inboxId: string, threadId: string) => ({ pk: `INBOX#${inboxId}`, sk: `THREADSTATE#${threadId}` });
export const threadStatePartitions = (inboxId: string, accountId: string, unread: boolean) => ({
  gsi1pk: `INBOX#${inboxId}#THREADS#${unread ? 'UNREAD' : 'READ'}`, gsi2pk: `ACCOUNT#${accountId}#THREADS#${unread ? 'UNREAD' : 'READ'}`,
});
export const inboxThreadStatePartition = (inboxId: string, unread: boolean) => `INBOX#${inboxId}#THREADS#${unread ? 'UNREAD' : 'READ'}`;
export const accountThreadStatePartition = (accountId: string, unread: boolean) => `ACCOUNT#${accountId}#THREADS#${unread ? 'UNREAD' : 'READ'}`;
export const threadLabelKey = (inboxId: string, accountId: string, label: string, threadId: string) => ({
  pk: `INBOX#${inboxId}#TLABEL#${label}`, sk: threadId, gsi2pk: `ACCOUNT#${accountId}#TLABEL#${label}`, gsi2sk: threadId,
});
export const inboxThreadLabelPartition = (inboxId: string, label: string) => `INBOX#${inboxId}#TLABEL#${label}`;
export const accountThreadLabelPartition = (accountId: string, label: string) => `ACCOUNT#${accountId}#TLABEL#${label}`;
export const messageIdHeaderKey = (inboxId: string, messageIdHeader: string) => ({ pk: `INBOX#${inboxId}`, sk: `MID#${messageIdHeader}` });
export const rejectionKey = (inboxId: string, at: string, sesMessageId: string) => ({ pk: `INBOX#${inboxId}`, sk: `REJECT#${at}#${sesMessageId}` });
export const rejectionPrefix = 'REJECT#';
export const listEntryKey = (accountId: string, entryId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `LIST#${entryId}` });
export const listEntryPrefix = 'LIST#';
/** The type, inbox and type+inbox partitions of a list entry ('*' = account-wide). */
export const listEntryIndexes = (accountId: string, type: string, inboxId: string | null, entryId: string) => ({
  gsi1pk: `ACCOUNT#${accountId}#LISTS#T#${type}`, gsi1sk: entryId,
  gsi2pk: `ACCOUNT#${accountId}#LISTS#I#${inboxId ?? '*'}`, gsi2sk: entryId,
  gsi3pk: `ACCOUNT#${accountId}#LISTS#TI#${type}#${inboxId ?? '*'}`, gsi3sk: entryId,
});
export const listEntryCounts = (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: 'LISTCOUNTS' });
/** One of an account's concurrent-wait slots: a lease taken by a conditional write (store/wait-slots.ts). */
export const waitSlotKey = (accountId: string, slot: number) => ({ pk: `WAITSLOTS#${accountId}`, sk: `SLOT#${String(slot).padStart(4, '0')}` });
export const waitSlotsPartition = (accountId: string) => `WAITSLOTS#${accountId}`;
export const listEntryUnique = (accountId: string, type: string, inboxId: string | null, address: string) => ({
  pk: `ACCOUNT#${accountId}`, sk: `LISTKEY#${type}#${inboxId ?? '*'}#${address}`,
});
/** Rejections are kept for 30 days: long enough to answer "why did my mail not arrive?". */
export const REJECTION_TTL_SECONDS = 30 * 86400;
export const message = /* @__PURE__ */ declare<MessageRecord>({
  name: 'message',
  key: (m) => messageKey(m.inbox_id, m.id),
  indexes: (m) => ({ ...threadMessagesIndex(m.thread_id, m.received_at, m.id), ...messageByIdIndex(m.id), ...messageReadIndex(m.inbox_id, m.read, m.id) }),
  // Messages stored before headers were kept have none.
  fromStored: (a) => (a.headers ? a : { ...a, headers: {} }) as unknown as MessageRecord,
});
/**
 * Message-ID header → thread (and the message, once one with that Message-ID is stored): how a
 * reply finds its thread. A reply also claims the ids it answers, without `message_id`, so a
 * parent stored after its reply joins the reply's thread instead of starting another.
 */
export const messageIdHeader = /* @__PURE__ */ declare<{ message_id_header: string; message_id?: string; thread_id: string }, { inboxId: string }>({
  name: 'message-id', key: (h, c) => messageIdHeaderKey(c.inboxId, h.message_id_header),
});
export const searchWord = /* @__PURE__ */ declare<{ message_id: string; thread_id: string; inbox_id: string }, { accountId: string; word: string }>({
  name: 'search-word', key: (w, c) => { const k = searchWordKey(w.inbox_id, c.accountId, c.word, w.message_id); return { pk: k.pk, sk: k.sk }; },
  indexes: (w, c) => { const k = searchWordKey(w.inbox_id, c.accountId, c.word, w.message_id); return { gsi2pk: k.gsi2pk, gsi2sk: k.gsi2sk }; },
});
export const thread = /* @__PURE__ */ declare<ThreadRecord>({
  name: 'thread',
  key: (t) => threadKey(t.inbox_id, t.id),
  indexes: (t) => threadIndexes(t.inbox_id, t.account_id, t.id, t.updated_at),
  // participants is a string set: ingest ADDs to it without reading the thread.
  stored: (t) => ({ ...t, participants: new Set(t.participants) }),
  fromStored: (a) => ({ ...a, participants: [...((a.participants as Iterable<string> | undefined) ?? [])].sort() }) as unknown as ThreadRecord,
});
/** A thread's read state, an item of its own whose index keys move with plain SETs. */
export const threadState = /* @__PURE__ */ declare<{ thread_id: string; inbox_id: string }, { accountId: string; unread: boolean; updatedAt: string }>({
  name: 'thread-state',
  key: (s) => threadStateKey(s.inbox_id, s.thread_id),
  indexes: (s, c) => {
    const sorted = threadIndexes(s.inbox_id, c.accountId, s.thread_id, c.updatedAt);
    return { ...threadStatePartitions(s.inbox_id, c.accountId, c.unread), gsi1sk: sorted.gsi1sk, gsi2sk: sorted.gsi2sk };
  },
});
export const threadLabel = /* @__PURE__ */ declare<{ thread_id: string; inbox_id: string }, { accountId: string; label: string }>({
  name: 'thread-label',
  key: (e, c) => { const k = threadLabelKey(e.inbox_id, c.accountId, c.label, e.thread_id); return { pk: k.pk, sk: k.sk }; },
  indexes: (e, c) => { const k = threadLabelKey(e.inbox_id, c.accountId, c.label, e.thread_id); return { gsi2pk: k.gsi2pk, gsi2sk: k.gsi2sk }; },
});
export const rejection = /* @__PURE__ */ declare<RejectionRecord, { sesMessageId: string }>({
  name: 'rejection',
  key: (r, c) => rejectionKey(r.inbox_id, r.rejected_at, c.sesMessageId),
  expiresAt: (r) => epochSeconds(r.rejected_at) + REJECTION_TTL_SECONDS,
});
export const listEntry = /* @__PURE__ */ declare<ListEntryRecord>({
  name: 'list-entry',
  key: (e) => listEntryKey(e.account_id, e.id),
  indexes: (e) => listEntryIndexes(e.account_id, e.type, e.inbox_id, e.id),
});
/** One entry per (type, inbox, address): the uniqueness claim of a list entry. */
export const listEntryClaim = /* @__PURE__ */ declare<{ entry_id: string }, Pick<ListEntryRecord, 'account_id' | 'type' | 'inbox_id' | 'address'>>({
  name: 'list-key', key: (_r, e) => listEntryUnique(e.account_id, e.type, e.inbox_id, e.address),
});
// ── end of webhook delivery claims ──────────────────────────────────────────────────────

// ── Concurrent-wait slots (issue #23, fair shares) ──────────────────────────────────────────
/** A lapsed slot item is kept a day (a live wait overwrites it; TTL cleans up the rest). */
export const WAIT_SLOT_KEEP_SECONDS = 86400;
/**
 * One of an account's N wait slots, held by a running wait until `expires_at` (epoch ms): taken
 * by a conditional write when free or lapsed, deleted by its holder at the end. A holder that
 * crashed leaves it to lapse.
 */
export const waitSlot = /* @__PURE__ */ declare<{ holder: string; taken_at: string; expires_at: number }, { accountId: string; slot: number }>({
  name: 'wait-slot',
  key: (_s, c) => waitSlotKey(c.accountId, c.slot),
  expiresAt: (s) => Math.floor(s.expires_at / 1000) + WAIT_SLOT_KEEP_SECONDS,
});
