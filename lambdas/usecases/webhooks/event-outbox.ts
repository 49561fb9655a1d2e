import { SendMessageBatchCommand, sqsClient } from '../../aws/sqs.ts';
import { requireEnv } from '../../config.ts';
import { eventBody, type EventType } from '../../core/events.ts';
import { newId } from '../../core/ids.ts';
import { errorFields, log } from '../../log.ts';
import { hears } from '../../core/stream.ts';
import { listConnections } from '../../store/connections.ts';
import { getEvents, markDispatched, MAX_INLINE_PAYLOAD_BYTES, pendingEvents } from '../../store/events.ts';
import type { EventRecord, WebhookRecord } from '../../store/records.ts';
import { listWebhooks } from '../../store/webhooks.ts';
import { RESOURCE_SETTINGS } from '../../resource-settings.ts';

const queueUrl = requireEnv('WEBHOOK_QUEUE_URL');
/** SQS takes at most 10 messages per batch call. */
const SQS_BATCH = 10;
/** Undispatched events older than this are the sweeper's (the writer had its chance). */
export const SWEEP_AFTER_MS = 60_000;

/** One delivery of one event to one webhook: what travels through the queue (payload by reference). */
export interface DeliveryJob {
  account_id: string;
  webhook_id: string;
  event_id: string;
  /** 1-based attempt number. */
  attempt: number;
  generation: number;
}

/**
 * Committed events to fan out, by id: the writer of a change hands its events to the queue and
 * the queue's consumer (webhook-deliver) finds their webhooks and stream connections. The writer
 * (an API call, the ingest of a mail) thus makes no DynamoDB call for the fan-out: one SQS send.
 */
export interface DispatchJob {
  kind: 'dispatch';
  account_id: string;
  event_ids: string[];
}

/** Fan-out of one event to the account's WebSocket stream connections (usecases/webhooks/stream.ts), through the same queue. */
export interface StreamJob {
  kind: 'stream';
  account_id: string;
  event_id: string;
}

/** Builds an event record: the exact JSON body, inline or (when large) in the bucket. */
export async function newEvent(type: EventType, ctx: { account_id: string; inbox_id: string | null; event_id?: string; timestamp?: string },
  data: Record<string, unknown>): Promise<EventRecord> {
  const event_id = ctx.event_id ?? newId('event');
  const timestamp = ctx.timestamp ?? new Date().toISOString();
  const body = JSON.stringify(eventBody(type, { event_id, timestamp, account_id: ctx.account_id, inbox_id: ctx.inbox_id }, data));
  const base = { event_id, event: type, account_id: ctx.account_id, inbox_id: ctx.inbox_id, timestamp, dispatched: false };
  if (Buffer.byteLength(body) <= MAX_INLINE_PAYLOAD_BYTES) return { ...base, payload: body };
  // Only functions that can emit large payloads (ingest) hold the bucket; load it on demand.
  const { putObject } = await import('../../store/blobs.ts');
  const key = `${RESOURCE_SETTINGS.webhookPayloadPrefix}${event_id}.json`;
  await putObject(key, body, 'application/json');
  return { ...base, payload_s3_key: key };
}

export const subscribes = (w: WebhookRecord, e: Pick<EventRecord, 'event' | 'inbox_id'>) =>
  w.status === 'active' && w.events.includes(e.event) && (w.inbox_id === null || w.inbox_id === e.inbox_id);

export async function enqueueDeliveries(jobs: (DeliveryJob | StreamJob | DispatchJob)[], delaySeconds = 0) {
  for (let i = 0; i < jobs.length; i += SQS_BATCH) {
    const chunk = jobs.slice(i, i + SQS_BATCH);
    const res = await sqsClient.send(new SendMessageBatchCommand({
      QueueUrl: queueUrl,
      Entries: chunk.map((j, n) => ({ Id: String(n), MessageBody: JSON.stringify(j), DelaySeconds: Math.min(900, Math.max(0, Math.round(delaySeconds))) })),
    }));
    if (res.Failed?.length) throw new Error(`SQS refused ${res.Failed.length} deliveries: ${res.Failed.map((f) => f.Message).join('; ')}`);
  }
}

/**
 * Fans events out to every active webhook of the account that subscribes to them, then marks
 * them dispatched. A crash in between re-dispatches later; the deliverer drops the duplicate
 * because it remembers each delivered (event, webhook) pair.
 */
export async function dispatchEvents(events: EventRecord[], exclude: { webhookId?: string } = {}) {
  const hooksByAccount = new Map<string, Promise<WebhookRecord[]>>();
  const streamsByAccount = new Map<string, ReturnType<typeof listConnections>>();
  for (const e of events) {
    let hooks = hooksByAccount.get(e.account_id);
    if (!hooks) { hooks = listWebhooks(e.account_id); hooksByAccount.set(e.account_id, hooks); }
    const targets = (await hooks).filter((w) => subscribes(w, e) && w.id !== exclude.webhookId);
    const jobs: (DeliveryJob | StreamJob)[] = targets.map((w) => ({ account_id: e.account_id, webhook_id: w.id, event_id: e.event_id, attempt: 1, generation: w.generation }));
    // Live stream subscribers of the account: the deliverer posts to them (it alone may call the
    // Management API). A subscriber that appears after this read gets the event from its replay.
    let streams = streamsByAccount.get(e.account_id);
    if (!streams) { streams = listConnections(e.account_id); streamsByAccount.set(e.account_id, streams); }
    if ((await streams).some((c) => c.mode !== 'idle' && hears(c, e))) jobs.push({ kind: 'stream', account_id: e.account_id, event_id: e.event_id });
    await enqueueDeliveries(jobs);
    await markDispatched(e.event_id);
  }
}

/**
 * After the change is committed: the events go to the queue for fan-out (one SQS call); if that
 * fails, the sweeper dispatches them within minutes.
 */
export async function dispatchAfterCommit(events: EventRecord[]) {
  if (!events.length) return;
  const byAccount = new Map<string, string[]>();
  for (const e of events) byAccount.set(e.account_id, [...(byAccount.get(e.account_id) ?? []), e.event_id]);
  try {
    await enqueueDeliveries([...byAccount].map(([account_id, event_ids]): DispatchJob => ({ kind: 'dispatch', account_id, event_ids })));
  } catch (e) {
    log.warn('event dispatch failed; the sweeper will retry', { event_ids: events.map((x) => x.event_id), ...errorFields(e) });
  }
}

/** A dispatch job from the queue: fans out those of its events not yet dispatched. */
export async function dispatchQueued(job: DispatchJob): Promise<number> {
  const events = (await getEvents(job.event_ids)).filter((e) => !e.dispatched);
  if (events.length) await dispatchEvents(events);
  return events.length;
}

/** Dispatches events whose writer died before dispatching them. */
export async function sweepPendingEvents(now = Date.now()): Promise<number> {
  const stale = await pendingEvents(new Date(now - SWEEP_AFTER_MS).toISOString());
  if (stale.length) await dispatchEvents(stale);
  return stale.length;
}
