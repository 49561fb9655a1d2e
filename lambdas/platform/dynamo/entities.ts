/**
 * Every entity of the single table, declared once: its `entity` tag, its key, the index keys it
 * carries, when DynamoDB's TTL removes it, and the record type it stores. Writers build items with
 * `item()` and readers turn them back with `record()`, so no store file spreads keys, indexes or a
 * TTL by hand (test/unit/entities.test.ts holds every file under lambdas/ to that). The key
 * shapes themselves, and the access pattern each serves, are listed in keys.ts.
 *
 * A small module of our own rather than ElectroDB: see docs/decisions.md.
 */
import type { ConnectionRecord } from '../../events/connections.store.ts';
import type { CustomDomainRecord, DomainNameClaim } from '../../domains/domains.store.ts';
import * as keys from './keys.ts';
import { stripKeys } from './keys.ts';
import type { LinkUse, NotificationRecord } from '../../operators/operators.store.ts';
import type {
  AccountRecord, ApiKeyRecord, ArrivalRecord, DeliveryLogRecord, DraftRecord, EventRecord, InboxRecord, ListEntryRecord,
  MessageRecord, PendingArrival, RejectionRecord, ThreadRecord, WebhookRecord,
} from './records.ts';

type Key = { pk: string; sk: string };
type IndexKeys = Partial<Record<'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk' | 'gsi3pk' | 'gsi3sk', string>>;
type Attributes = Record<string, unknown>;

/** What one entity declares. `C` is what its key needs beyond the record (nothing for most). */
interface Declaration<R extends object, C> {
  /** The item's `entity` attribute: tells items apart in a scan, a stream or a backup. */
  name: string;
  key(r: R, c: C): Key;
  indexes?(r: R, c: C): IndexKeys;
  /** Epoch seconds after which DynamoDB's TTL deletes the item (attribute `ttl`). */
  expiresAt?(r: R, c: C): number;
  /** Attribute types the record's JSON shape cannot say (a string set), stored in its place. */
  stored?(r: R): Attributes;
  /** The reverse of `stored`. */
  fromStored?(a: Attributes): R;
}

type Context<C> = [C] extends [undefined] ? [] : [C];

export interface Entity<R extends object, C> {
  readonly name: string;
  key(r: R, ...c: Context<C>): Key;
  /** The whole item: key, index keys, tag, the record's attributes and the TTL. */
  item(r: R, ...c: Context<C>): Attributes;
  /** The TTL an item written with this record gets (for writers that SET it in an update). */
  expiresAt(r: R, ...c: Context<C>): number | undefined;
  /** A stored item back as its record: keys, tag and TTL stripped. */
  record(item: Attributes): R;
}

/**
 * Declarations are separate exports, each a pure call, imported as a namespace
 * (`import * as entities`): a bundle keeps only the entities its code uses.
 */

/** The record type an entity stores. */
export type RecordOf<E> = E extends Entity<infer R, unknown> ? R : never;

const declare = <R extends object, C = undefined>(d: Declaration<R, C>): Entity<R, C> => ({
  name: d.name,
  key: (r, ...c) => d.key(r, c[0] as C),
  item: (r, ...c) => {
    const ttl = d.expiresAt?.(r, c[0] as C);
    return { ...d.key(r, c[0] as C), ...d.indexes?.(r, c[0] as C), entity: d.name, ...(d.stored ? d.stored(r) : r), ...(ttl === undefined ? {} : { ttl }) };
  },
  expiresAt: (r, ...c) => d.expiresAt?.(r, c[0] as C),
  record: (item) => {
    const attrs = stripKeys(item) as Attributes;
    return d.fromStored ? d.fromStored(attrs) : (attrs as R);
  },
});

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

// Retention: how long each expiring entity is kept, and why.
/** Events are kept a week: long past the last retry (3.3 minutes) and any redelivery. */
export const EVENT_TTL_SECONDS = 7 * 86400;
/** Rejections are kept for 30 days: long enough to answer "why did my mail not arrive?". */
export const REJECTION_TTL_SECONDS = 30 * 86400;
/** Delivery logs are kept 30 days (GET /v1/webhooks/{id}/logs). */
export const DELIVERY_LOG_TTL_SECONDS = 30 * 86400;
/** A delivered (event, webhook) pair is remembered a week: far beyond any retry or redelivery. */
export const DELIVERED_TTL_SECONDS = 7 * 86400;
/**
 * API Gateway closes every WebSocket connection after 2 hours; the items outlive that by a
 * margin, so a connection whose $disconnect never ran is gone by TTL anyway.
 */
export const CONNECTION_TTL_SECONDS = 2 * 3600 + 10 * 60;
/** Records of used links outlive the link itself by a day (then the link is expired anyway). */
export const LINK_USE_GRACE_SECONDS = 86_400;
/** Notifications are kept 30 days past their link's expiry, so the agent can still read the answer. */
export const NOTIFICATION_KEEP_SECONDS = 30 * 86_400;
/** Outbound SES message ids: bounces and complaints arrive within days; a month is ample. */
export const SES_MESSAGE_TTL_SECONDS = 30 * 86400;

export const account = /* @__PURE__ */ declare<AccountRecord>({ name: 'account', key: (a) => keys.account(a.id) });

export const apiKey = /* @__PURE__ */ declare<ApiKeyRecord, { hash: string }>({ name: 'apikey', key: (_k, c) => keys.apiKey(c.hash) });

export const inbox = /* @__PURE__ */ declare<InboxRecord>({
  name: 'inbox',
  key: (i) => keys.inbox(i.id),
  // Only active inboxes carry the second index: the default inbox list is one key condition.
  indexes: (i) => ({ ...keys.accountInboxesIndex(i.account_id, i.id), ...(i.status === 'active' ? keys.activeInboxIndex(i.account_id, i.id) : {}) }),
});

/** The address an inbox holds (unique): its username, or its full address at a custom domain. */
export const addressClaim = /* @__PURE__ */ declare<{ inbox_id: string; account_id: string; created_at: string }, Pick<InboxRecord, 'username' | 'address' | 'domain_id'>>({
  name: 'username', key: (_c, inbox) => keys.inboxClaim(inbox),
});

export const idempotency = /* @__PURE__ */ declare<{ resource_id: string; created_at: string }, { scope: string; clientId: string }>({
  name: 'idempotency', key: (_r, c) => keys.idempotency(c.scope, c.clientId),
});

export const message = /* @__PURE__ */ declare<MessageRecord>({
  name: 'message',
  key: (m) => keys.message(m.inbox_id, m.id),
  indexes: (m) => ({ ...keys.threadMessagesIndex(m.thread_id, m.received_at, m.id), ...keys.messageByIdIndex(m.id), ...keys.messageReadIndex(m.inbox_id, m.read, m.id) }),
  // Messages stored before headers were kept have none.
  fromStored: (a) => (a.headers ? a : { ...a, headers: {} }) as unknown as MessageRecord,
});

/**
 * Message-ID header → thread (and the message, once one with that Message-ID is stored): how a
 * reply finds its thread. A reply also claims the ids it answers, without `message_id`, so a
 * parent stored after its reply joins the reply's thread instead of starting another.
 */
export const messageIdHeader = /* @__PURE__ */ declare<{ message_id_header: string; message_id?: string; thread_id: string }, { inboxId: string }>({
  name: 'message-id', key: (h, c) => keys.messageIdHeader(c.inboxId, h.message_id_header),
});

export const arrival = /* @__PURE__ */ declare<ArrivalRecord, { inboxId: string }>({ name: 'arrival', key: (a, c) => keys.arrival(c.inboxId, a.seq) });

export const pendingArrival = /* @__PURE__ */ declare<PendingArrival, { inboxId: string }>({
  name: 'pending-arrival',
  key: (p, c) => keys.pendingArrival(c.inboxId, p.message_id),
  indexes: (p, c) => keys.pendingArrivalIndex(p.created_at, c.inboxId, p.message_id),
});

/** Who sequences an inbox's arrivals now (an optimisation: the marker's condition keeps the order right). */
export const sequencerLease = /* @__PURE__ */ declare<{ owner: string; expires_at: number }, { inboxId: string }>({
  name: 'sequencer-lease', key: (_l, c) => keys.sequencerLease(c.inboxId),
});

export const searchWord = /* @__PURE__ */ declare<{ message_id: string; thread_id: string; inbox_id: string }, { accountId: string; word: string }>({
  name: 'search-word', key: (w, c) => { const k = keys.searchWord(w.inbox_id, c.accountId, c.word, w.message_id); return { pk: k.pk, sk: k.sk }; },
  indexes: (w, c) => { const k = keys.searchWord(w.inbox_id, c.accountId, c.word, w.message_id); return { gsi2pk: k.gsi2pk, gsi2sk: k.gsi2sk }; },
});

export const thread = /* @__PURE__ */ declare<ThreadRecord>({
  name: 'thread',
  key: (t) => keys.thread(t.inbox_id, t.id),
  indexes: (t) => keys.threadIndexes(t.inbox_id, t.account_id, t.id, t.updated_at),
  // participants is a string set: ingest ADDs to it without reading the thread.
  stored: (t) => ({ ...t, participants: new Set(t.participants) }),
  fromStored: (a) => ({ ...a, participants: [...((a.participants as Iterable<string> | undefined) ?? [])].sort() }) as unknown as ThreadRecord,
});

/** A thread's read state, an item of its own whose index keys move with plain SETs. */
export const threadState = /* @__PURE__ */ declare<{ thread_id: string; inbox_id: string }, { accountId: string; unread: boolean; updatedAt: string }>({
  name: 'thread-state',
  key: (s) => keys.threadState(s.inbox_id, s.thread_id),
  indexes: (s, c) => {
    const sorted = keys.threadIndexes(s.inbox_id, c.accountId, s.thread_id, c.updatedAt);
    return { ...keys.threadStatePartitions(s.inbox_id, c.accountId, c.unread), gsi1sk: sorted.gsi1sk, gsi2sk: sorted.gsi2sk };
  },
});

export const threadLabel = /* @__PURE__ */ declare<{ thread_id: string; inbox_id: string }, { accountId: string; label: string }>({
  name: 'thread-label',
  key: (e, c) => { const k = keys.threadLabel(e.inbox_id, c.accountId, c.label, e.thread_id); return { pk: k.pk, sk: k.sk }; },
  indexes: (e, c) => { const k = keys.threadLabel(e.inbox_id, c.accountId, c.label, e.thread_id); return { gsi2pk: k.gsi2pk, gsi2sk: k.gsi2sk }; },
});

export const rejection = /* @__PURE__ */ declare<RejectionRecord, { sesMessageId: string }>({
  name: 'rejection',
  key: (r, c) => keys.rejection(r.inbox_id, r.rejected_at, c.sesMessageId),
  expiresAt: (r) => epochSeconds(r.rejected_at) + REJECTION_TTL_SECONDS,
});

export const listEntry = /* @__PURE__ */ declare<ListEntryRecord>({
  name: 'list-entry',
  key: (e) => keys.listEntry(e.account_id, e.id),
  indexes: (e) => keys.listEntryIndexes(e.account_id, e.type, e.inbox_id, e.id),
});

/** One entry per (type, inbox, address): the uniqueness claim of a list entry. */
export const listEntryClaim = /* @__PURE__ */ declare<{ entry_id: string }, Pick<ListEntryRecord, 'account_id' | 'type' | 'inbox_id' | 'address'>>({
  name: 'list-key', key: (_r, e) => keys.listEntryUnique(e.account_id, e.type, e.inbox_id, e.address),
});

export const domain = /* @__PURE__ */ declare<CustomDomainRecord>({ name: 'domain', key: (d) => keys.domain(d.account_id, d.id) });

export const domainName = /* @__PURE__ */ declare<DomainNameClaim>({
  name: 'domain-name', key: (n) => keys.domainName(n.domain),
});

/** An account's claim of a domain name (pending or proven): one per account and name. */
export const domainAccountClaim = /* @__PURE__ */ declare<{ domain: string; account_id: string; domain_id: string }>({
  name: 'domain-account-claim', key: (c) => keys.domainAccountClaim(c.domain, c.account_id),
});

export const draft = /* @__PURE__ */ declare<DraftRecord>({
  name: 'draft',
  key: (d) => keys.draft(d.inbox_id, d.id),
  // Sparse: only a scheduled draft is counted against the scheduled-draft caps.
  indexes: (d) => (d.status === 'scheduled' ? keys.scheduledDraftIndex(d.account_id, d.inbox_id, d.id) : {}),
});

export const draftLabel = /* @__PURE__ */ declare<{ draft_id: string }, { inboxId: string; label: string }>({
  name: 'draft-label', key: (d, c) => keys.draftLabel(c.inboxId, c.label, d.draft_id),
});

export const suppressed = /* @__PURE__ */ declare<{ address: string; reason: string; suppressed_at: string }, { accountId: string }>({
  name: 'suppressed', key: (s, c) => keys.suppressed(c.accountId, s.address),
});

export const sesMessage = /* @__PURE__ */ declare<{ message_id: string; inbox_id: string; account_id: string }, { sesMessageId: string; now: number }>({
  name: 'ses-message',
  key: (_m, c) => keys.sesMessage(c.sesMessageId),
  expiresAt: (_m, c) => Math.floor(c.now / 1000) + SES_MESSAGE_TTL_SECONDS,
});

export const webhook = /* @__PURE__ */ declare<WebhookRecord>({
  name: 'webhook',
  key: (w) => keys.webhook(w.account_id, w.id),
  indexes: (w) => (w.inbox_id ? keys.inboxWebhookIndex(w.inbox_id, w.id) : {}),
});

export const event = /* @__PURE__ */ declare<EventRecord>({
  name: 'event',
  key: (e) => keys.event(e.event_id),
  // Pending until dispatched (sparse), and the account's events in order for stream replay.
  indexes: (e) => ({ ...keys.pendingEventIndex(e.timestamp, e.event_id), ...keys.accountEventIndex(e.account_id, e.event_id) }),
  expiresAt: (e) => epochSeconds(e.timestamp) + EVENT_TTL_SECONDS,
});

export const delivered = /* @__PURE__ */ declare<{ delivered_at: string }, { eventId: string; webhookId: string }>({
  name: 'delivered',
  key: (_d, c) => keys.delivered(c.eventId, c.webhookId),
  expiresAt: (d) => epochSeconds(d.delivered_at) + DELIVERED_TTL_SECONDS,
});

/** A failed attempt whose follow-up is recorded (a redelivered job is then dropped). */
export const attemptHandled = /* @__PURE__ */ declare<{ handled_at: string }, { eventId: string; webhookId: string; attempt: number }>({
  name: 'attempt',
  key: (_a, c) => keys.attemptHandled(c.eventId, c.webhookId, c.attempt),
  expiresAt: (a) => epochSeconds(a.handled_at) + DELIVERED_TTL_SECONDS,
});

export const deliveryLog = /* @__PURE__ */ declare<DeliveryLogRecord>({
  name: 'delivery-log',
  key: (l) => keys.deliveryLog(l.webhook_id, l.attempted_at, l.event_id, l.retry_count),
  expiresAt: (l) => epochSeconds(l.attempted_at) + DELIVERY_LOG_TTL_SECONDS,
});

export const linkUse = /* @__PURE__ */ declare<LinkUse & { account_id: string }, { jti: string; linkExpiresAt: number }>({
  name: 'link-use',
  key: (_u, c) => keys.linkUse(c.jti),
  expiresAt: (_u, c) => c.linkExpiresAt + LINK_USE_GRACE_SECONDS,
});

export const notification = /* @__PURE__ */ declare<NotificationRecord>({
  name: 'notification',
  key: (n) => keys.notification(n.account_id, n.id),
  expiresAt: (n) => epochSeconds(n.expires_at) + NOTIFICATION_KEEP_SECONDS,
});

export const connection = /* @__PURE__ */ declare<ConnectionRecord>({
  name: 'connection',
  key: (c) => keys.connection(c.account_id, c.connection_id),
  expiresAt: (c) => epochSeconds(c.connected_at) + CONNECTION_TTL_SECONDS,
});

/** connection id → its account (the WebSocket routes know only the connection id). */
export const connectionPointer = /* @__PURE__ */ declare<{ account_id: string }, ConnectionRecord>({
  name: 'connection-pointer',
  key: (_p, c) => keys.connectionPointer(c.connection_id),
  expiresAt: (_p, c) => epochSeconds(c.connected_at) + CONNECTION_TTL_SECONDS,
});

export const connectionSent = /* @__PURE__ */ declare<{ event_id: string }, ConnectionRecord>({
  name: 'connection-sent',
  key: (s, c) => keys.connectionSent(c.connection_id, s.event_id),
  expiresAt: (_s, c) => epochSeconds(c.connected_at) + CONNECTION_TTL_SECONDS,
});

// Windowed counters, written only by atomic ADDs: the declaration gives the update its key and TTL.

/** API requests of a subject (account or IP) in one window; gone a window after it ends. */
export const rateWindow = /* @__PURE__ */ declare<{ subject: string; windowStart: number; windowSeconds: number }>({
  name: 'rate-window', key: (w) => keys.rateWindow(w.subject, w.windowStart), expiresAt: (w) => w.windowStart + w.windowSeconds * 2,
});

/** Inbox creations of a subject in a rolling window (their times); gone a minute after the newest leaves it. */
export const creationWindow = /* @__PURE__ */ declare<{ subject: string; times: number[]; windowMs: number }>({
  name: 'creation-window', key: (w) => keys.creationWindow(w.subject), expiresAt: (w) => Math.floor((Math.max(0, ...w.times) + w.windowMs) / 1000) + 60,
});

/** notify-operator calls of an account in one window. */
export const notifyWindow = /* @__PURE__ */ declare<{ accountId: string; windowStart: number; windowSeconds: number }>({
  name: 'notify-window', key: (w) => keys.notifyWindow(w.accountId, w.windowStart), expiresAt: (w) => w.windowStart + w.windowSeconds * 2,
});

/** Sends of an account on one UTC day (yyyy-mm-dd); kept a day past its end. */
export const dailySends = /* @__PURE__ */ declare<{ accountId: string; day: string }>({
  name: 'daily-sends', key: (d) => keys.dailySends(d.accountId, d.day), expiresAt: (d) => epochSeconds(`${d.day}T00:00:00Z`) + 2 * 86400,
});

/** Sends of an account in one minute (minutes since the epoch); gone a minute after it ends. */
export const sendBurst = /* @__PURE__ */ declare<{ accountId: string; minute: number }>({
  name: 'send-burst', key: (b) => keys.sendBurst(b.accountId, b.minute), expiresAt: (b) => b.minute * 60 + 120,
});

export const connectionHeld = /* @__PURE__ */ declare<{ event_id: string }, ConnectionRecord>({
  name: 'connection-held',
  key: (h, c) => keys.connectionHeld(c.connection_id, h.event_id),
  expiresAt: (_h, c) => epochSeconds(c.connected_at) + CONNECTION_TTL_SECONDS,
});

// ── Webhook delivery claims (issue #22 item 3) ────────────────────────────────────────────
/** Kept a day after it lapses (a successful attempt leaves its claim to lapse; a failed one deletes it). */
export const DELIVERY_CLAIM_KEEP_SECONDS = 86400;

/**
 * An attempt at delivering (event, webhook) in flight: written before the POST under the
 * condition that no other attempt holds a live one, so at most one POST per pair is in flight.
 * `expires_at` is epoch milliseconds.
 */
export const deliveryClaim = /* @__PURE__ */ declare<{ attempt_id: string; claimed_at: string; expires_at: number }, { eventId: string; webhookId: string }>({
  name: 'delivery-claim',
  key: (_c, k) => keys.deliveryClaim(k.eventId, k.webhookId),
  expiresAt: (c) => Math.floor(c.expires_at / 1000) + DELIVERY_CLAIM_KEEP_SECONDS,
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
  key: (_s, c) => keys.waitSlot(c.accountId, c.slot),
  expiresAt: (s) => Math.floor(s.expires_at / 1000) + WAIT_SLOT_KEEP_SECONDS,
});
