/**
 * The single table's events, webhooks, their deliveries and WebSocket connections: each entity's record type, key shapes and declaration
 * (platform/dynamo/entity.ts), in one place. Access pattern → key:
 *   account → webhooks                   pk ACCOUNT#<acc>                   sk WEBHOOK#<wh>
 *   inbox → its webhooks                 gsi1 INBOX#<inb>#WEBHOOKS          <wh>
 *   webhook counters (totals)            pk ACCOUNT#<acc>                   sk WEBHOOKCOUNTS  (attrs all, i#<inb>)
 *   event (outbox, TTL)                  pk EVENT#<evt>                     sk EVENT
 *   events not yet dispatched (sparse)   gsi3 PENDING_EVENTS                <timestamp>#<evt>
 *   delivery done per event+webhook (TTL) pk DELIVERED#<evt>#<wh>           sk DELIVERED
 *   failed attempt handled (TTL)         pk DELIVERED#<evt>#<wh>           sk ATTEMPT#<n>
 *   webhook → delivery log (TTL)         pk WEBHOOK#<wh>                    sk LOG#<time>#<evt>#<attempt>
 *   account → events in order (replay)    gsi2 ACCOUNT#<acc>#EVENTS          <evt>  (uuidv7: time order)
 *   account → WebSocket connections (TTL) pk ACCOUNT#<acc>                   sk CONN#<connection id>
 *   connection id → its account (TTL)     pk CONN#<connection id>            sk CONN
 *   event sent on a connection (TTL)      pk CONN#<connection id>            sk SENT#<evt>
 *   event held during a replay (TTL)      pk CONN#<connection id>            sk HELD#<evt>
 */
import { declare, epochSeconds } from '../platform/dynamo/entity.ts';

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
/** idle: connected, no subscribe yet; replaying: sending missed events; live: fan-out posts directly. */
export type ConnectionMode = 'idle' | 'replaying' | 'live';
export interface ConnectionRecord {
  connection_id: string;
  account_id: string;
  /** Set for an inbox key: the one inbox it may hear about. */
  key_inbox_id: string | null;
  key_kind: 'account' | 'inbox';
  connected_at: string;
  mode: ConnectionMode;
  /** null: every type / every inbox the key may see. */
  event_types: string[] | null;
  inbox_ids: string[] | null;
}
export const webhookKey = (accountId: string, webhookId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `WEBHOOK#${webhookId}` });
export const webhookPrefix = 'WEBHOOK#';
export const inboxWebhookIndex = (inboxId: string, webhookId: string) => ({ gsi1pk: `INBOX#${inboxId}#WEBHOOKS`, gsi1sk: webhookId });
export const inboxWebhooksPartition = (inboxId: string) => `INBOX#${inboxId}#WEBHOOKS`;
export const webhookCounts = (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: 'WEBHOOKCOUNTS' });
export const eventKey = (eventId: string) => ({ pk: `EVENT#${eventId}`, sk: 'EVENT' });
export const pendingEventIndex = (timestamp: string, eventId: string) => ({ gsi3pk: 'PENDING_EVENTS', gsi3sk: `${timestamp}#${eventId}` });
export const pendingEventsPartition = 'PENDING_EVENTS';
export const deliveredKey = (eventId: string, webhookId: string) => ({ pk: `DELIVERED#${eventId}#${webhookId}`, sk: 'DELIVERED' });
export const attemptHandledKey = (eventId: string, webhookId: string, attempt: number) => ({ pk: `DELIVERED#${eventId}#${webhookId}`, sk: `ATTEMPT#${attempt}` });
export const deliveryLogKey = (webhookId: string, at: string, eventId: string, attempt: number) => ({
  pk: `WEBHOOK#${webhookId}`, sk: `LOG#${at}#${eventId}#${String(attempt).padStart(2, '0')}`,
});
export const deliveryLogPartition = (webhookId: string) => `WEBHOOK#${webhookId}`;
export const deliveryLogPrefix = 'LOG#';
export const accountEventIndex = (accountId: string, eventId: string) => ({ gsi2pk: `ACCOUNT#${accountId}#EVENTS`, gsi2sk: eventId });
export const accountEventsPartition = (accountId: string) => `ACCOUNT#${accountId}#EVENTS`;
export const connectionKey = (accountId: string, connectionId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `CONN#${connectionId}` });
export const connectionPrefix = 'CONN#';
export const connectionPointerKey = (connectionId: string) => ({ pk: `CONN#${connectionId}`, sk: 'CONN' });
export const connectionSentKey = (connectionId: string, eventId: string) => ({ pk: `CONN#${connectionId}`, sk: `SENT#${eventId}` });
export const connectionHeldKey = (connectionId: string, eventId: string) => ({ pk: `CONN#${connectionId}`, sk: `HELD#${eventId}` });
export const connectionPartition = (connectionId: string) => `CONN#${connectionId}`;
export const connectionHeldPrefix = 'HELD#';
// ── Webhook delivery claims (issue #22 item 3) ────────────────────────────────────────────
//   attempt at (event, webhook) in flight (expires)  pk DELIVERED#<evt>#<wh>   sk CLAIM
// Beside the delivered marker and the handled attempts of the same pair (one partition).
export const deliveryClaimKey = (eventId: string, webhookId: string) => ({ pk: `DELIVERED#${eventId}#${webhookId}`, sk: 'CLAIM' });
// Retention: how long each expiring entity is kept, and why.
/** Events are kept a week: long past the last retry (3.3 minutes) and any redelivery. */
export const EVENT_TTL_SECONDS = 7 * 86400;
/** Delivery logs are kept 30 days (GET /v1/webhooks/{id}/logs). */
export const DELIVERY_LOG_TTL_SECONDS = 30 * 86400;
/** A delivered (event, webhook) pair is remembered a week: far beyond any retry or redelivery. */
export const DELIVERED_TTL_SECONDS = 7 * 86400;
/**
 * API Gateway closes every WebSocket connection after 2 hours; the items outlive that by a
 * margin, so a connection whose $disconnect never ran is gone by TTL anyway.
 */
export const CONNECTION_TTL_SECONDS = 2 * 3600 + 10 * 60;
export const webhook = /* @__PURE__ */ declare<WebhookRecord>({
  name: 'webhook',
  key: (w) => webhookKey(w.account_id, w.id),
  indexes: (w) => (w.inbox_id ? inboxWebhookIndex(w.inbox_id, w.id) : {}),
});
export const event = /* @__PURE__ */ declare<EventRecord>({
  name: 'event',
  key: (e) => eventKey(e.event_id),
  // Pending until dispatched (sparse), and the account's events in order for stream replay.
  indexes: (e) => ({ ...pendingEventIndex(e.timestamp, e.event_id), ...accountEventIndex(e.account_id, e.event_id) }),
  expiresAt: (e) => epochSeconds(e.timestamp) + EVENT_TTL_SECONDS,
});
export const delivered = /* @__PURE__ */ declare<{ delivered_at: string }, { eventId: string; webhookId: string }>({
  name: 'delivered',
  key: (_d, c) => deliveredKey(c.eventId, c.webhookId),
  expiresAt: (d) => epochSeconds(d.delivered_at) + DELIVERED_TTL_SECONDS,
});
/** A failed attempt whose follow-up is recorded (a redelivered job is then dropped). */
export const attemptHandled = /* @__PURE__ */ declare<{ handled_at: string }, { eventId: string; webhookId: string; attempt: number }>({
  name: 'attempt',
  key: (_a, c) => attemptHandledKey(c.eventId, c.webhookId, c.attempt),
  expiresAt: (a) => epochSeconds(a.handled_at) + DELIVERED_TTL_SECONDS,
});
export const deliveryLog = /* @__PURE__ */ declare<DeliveryLogRecord>({
  name: 'delivery-log',
  key: (l) => deliveryLogKey(l.webhook_id, l.attempted_at, l.event_id, l.retry_count),
  expiresAt: (l) => epochSeconds(l.attempted_at) + DELIVERY_LOG_TTL_SECONDS,
});
export const connection = /* @__PURE__ */ declare<ConnectionRecord>({
  name: 'connection',
  key: (c) => connectionKey(c.account_id, c.connection_id),
  expiresAt: (c) => epochSeconds(c.connected_at) + CONNECTION_TTL_SECONDS,
});
/** connection id → its account (the WebSocket routes know only the connection id). */
export const connectionPointer = /* @__PURE__ */ declare<{ account_id: string }, ConnectionRecord>({
  name: 'connection-pointer',
  key: (_p, c) => connectionPointerKey(c.connection_id),
  expiresAt: (_p, c) => epochSeconds(c.connected_at) + CONNECTION_TTL_SECONDS,
});
export const connectionSent = /* @__PURE__ */ declare<{ event_id: string }, ConnectionRecord>({
  name: 'connection-sent',
  key: (s, c) => connectionSentKey(c.connection_id, s.event_id),
  expiresAt: (_s, c) => epochSeconds(c.connected_at) + CONNECTION_TTL_SECONDS,
});
export const connectionHeld = /* @__PURE__ */ declare<{ event_id: string }, ConnectionRecord>({
  name: 'connection-held',
  key: (h, c) => connectionHeldKey(c.connection_id, h.event_id),
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
  key: (_c, k) => deliveryClaimKey(k.eventId, k.webhookId),
  expiresAt: (c) => Math.floor(c.expires_at / 1000) + DELIVERY_CLAIM_KEEP_SECONDS,
});
