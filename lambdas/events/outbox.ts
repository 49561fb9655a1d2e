import { SendMessageBatchCommand, sqsClient } from '../platform/aws/sqs.ts';
import { requireEnv } from '../platform/config.ts';
import { laneOf, type Lane } from './webhook-lanes.ts';
import { eventBody, type EventType } from './event-types.ts';
import { newId } from '../platform/ids.ts';
import { errorFields, log } from '../platform/log.ts';
import { hears } from './stream-protocol.ts';
import { listConnections } from './connections.store.ts';
import { getEvents, markDispatched, MAX_INLINE_PAYLOAD_BYTES, pendingEvents } from './events.store.ts';
import type { EventRecord, WebhookRecord } from './events.entities.ts';
import { listWebhooks } from './webhooks.store.ts';
import { RESOURCE_SETTINGS } from '../platform/resource-settings.ts';

const fastQueueUrl = requireEnv('WEBHOOK_QUEUE_URL');
/**
 * The slow lane's queue (webhook-deliver's webhookSlowLane need sets it, deployed and locally).
 * Without it (a function that only hands events over, a harness that runs the handler on one
 * queue) the slow lane is the fast queue.
 */
export const slowQueueUrl = process.env.WEBHOOK_SLOW_QUEUE_URL || undefined;
/** The queue of a lane: the slow lane's own when there is one, else the fast one. */
const queueUrlOf = (lane: Lane): string => (lane === 'slow' && slowQueueUrl) || fastQueueUrl;
/** SQS takes at most 10 messages per batch call. */
const SQS_BATCH = 10;
/** SQS batch sends, and dispatched-marks, in flight at once. */
const PARALLEL_CALLS = 8;

/**
 * The sweep (webhook-deliver on a schedule: `rate(1 minute)` deployed, a timer locally) dispatches
 * events whose writer committed them but stopped before handing them over (a crash, a kill -9, a
 * failed SQS call). Undispatched events older than this are the sweeper's: a writer dispatches
 * within milliseconds of its commit, and a dispatch job waits in the queue only seconds, so a
 * younger event is most likely being dispatched right now. Dispatching twice is harmless (the
 * deliverer's claim and delivered marker, the stream's sent marker), just wasted work.
 *
 * The guarantee: an event committed at T is dispatched by the first sweep after T + 30 s, i.e. by
 * T + 30 s + the schedule's interval (deployed: T + 90 s; locally, with its shorter timer, within
 * a minute), plus the sweep's own time, which grows with the backlog it finds: one run pages
 * through every stale event (SWEEP_PAGE at a time) until its time budget is spent, and the next
 * run carries on where that left the oldest.
 */
export const SWEEP_AFTER_MS = 30_000;
/** Stale events read per page (one Query of the sparse pending index). */
const SWEEP_PAGE = 100;
/**
 * A sweep starts no page with less than this left of its invocation (webhook-deliver's timeout is
 * 60 s; a page of 100 events takes well under a second, the margin covers a slow one).
 */
const SWEEP_RESERVE_MS = 15_000;
/** Without the Lambda context's clock: how long a sweep keeps starting pages. */
const SWEEP_BUDGET_MS = 40_000;

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
  const { putObject } = await import('../messages/blobs.store.ts');
  const key = `${RESOURCE_SETTINGS.webhookPayloadPrefix}${event_id}.json`;
  await putObject(key, body, 'application/json');
  return { ...base, payload_s3_key: key };
}

export const subscribes = (w: WebhookRecord, e: Pick<EventRecord, 'event' | 'inbox_id'>) =>
  w.status === 'active' && w.events.includes(e.event) && (w.inbox_id === null || w.inbox_id === e.inbox_id);

/** Runs `f` over `items`, at most `limit` at a time; the results in the items' order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, f: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => { while (next < items.length) { const i = next++; out[i] = await f(items[i]!); } };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * Puts jobs on a lane's queue (dispatch and stream jobs, and fast receivers' deliveries: the fast
 * lane; a slow receiver's deliveries: the slow lane, so they never take a fast-lane execution).
 */
export async function enqueueDeliveries(jobs: (DeliveryJob | StreamJob | DispatchJob)[], delaySeconds = 0, lane: Lane = 'fast') {
  const queueUrl = queueUrlOf(lane);
  const chunks: (typeof jobs)[] = [];
  for (let i = 0; i < jobs.length; i += SQS_BATCH) chunks.push(jobs.slice(i, i + SQS_BATCH));
  await mapLimit(chunks, PARALLEL_CALLS, async (chunk) => {
    const res = await sqsClient.send(new SendMessageBatchCommand({
      QueueUrl: queueUrl,
      Entries: chunk.map((j, n) => ({ Id: String(n), MessageBody: JSON.stringify(j), DelaySeconds: Math.min(900, Math.max(0, Math.round(delaySeconds))) })),
    }));
    if (res.Failed?.length) throw new Error(`SQS refused ${res.Failed.length} deliveries: ${res.Failed.map((f) => f.Message).join('; ')}`);
  });
}

/**
 * Fans events out to every active webhook of the account that subscribes to them and to the
 * account's stream connections that hear them, then marks them dispatched — only after every job
 * of every event is on the queue. A crash in between re-dispatches later (the sweep); the
 * deliverer's per-(event, webhook) claim and delivered marker, and the stream's per-connection
 * sent marker, make the second round's jobs drop out.
 */
export async function dispatchEvents(events: EventRecord[], exclude: { webhookId?: string } = {}) {
  const hooksByAccount = new Map<string, Promise<WebhookRecord[]>>();
  const streamsByAccount = new Map<string, ReturnType<typeof listConnections>>();
  type Laned = { lane: Lane; job: DeliveryJob | StreamJob };
  const jobsOf = async (e: EventRecord): Promise<Laned[]> => {
    let hooks = hooksByAccount.get(e.account_id);
    if (!hooks) { hooks = listWebhooks(e.account_id); hooksByAccount.set(e.account_id, hooks); }
    // Live stream subscribers of the account: the deliverer posts to them (it alone may call the
    // Management API). A subscriber that appears after this read gets the event from its replay.
    let streams = streamsByAccount.get(e.account_id);
    if (!streams) { streams = listConnections(e.account_id); streamsByAccount.set(e.account_id, streams); }
    const [allHooks, connections] = await Promise.all([hooks, streams]);
    // Each delivery goes straight to its receiver's lane (the deliverer forwards only jobs queued before a lane change).
    const jobs: Laned[] = allHooks.filter((w) => subscribes(w, e) && w.id !== exclude.webhookId)
      .map((w) => ({ lane: laneOf(w), job: { account_id: e.account_id, webhook_id: w.id, event_id: e.event_id, attempt: 1, generation: w.generation } }));
    if (connections.some((c) => c.mode !== 'idle' && hears(c, e))) jobs.push({ lane: 'fast', job: { kind: 'stream', account_id: e.account_id, event_id: e.event_id } });
    return jobs;
  };
  const jobs = (await mapLimit(events, PARALLEL_CALLS, jobsOf)).flat();
  const lanes: Lane[] = ['fast', 'slow'];
  await Promise.all(lanes.map((lane) => enqueueDeliveries(jobs.filter((j) => j.lane === lane).map((j) => j.job), 0, lane)));
  await mapLimit(events, PARALLEL_CALLS, (e) => markDispatched(e.event_id));
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

export interface SweepOptions {
  now?: number;
  /** The invocation's time left (Lambda's context.getRemainingTimeInMillis); else SWEEP_BUDGET_MS from the start. */
  timeLeftMs?: () => number;
}

/**
 * Dispatches events whose writer died before dispatching them: every undispatched event older
 * than SWEEP_AFTER_MS, oldest first, a page at a time, until none is left or the time budget is
 * spent (the next run goes on). Returns how many it dispatched.
 */
export async function sweepPendingEvents(o: SweepOptions = {}): Promise<number> {
  const started = Date.now();
  const timeLeft = o.timeLeftMs ?? (() => SWEEP_BUDGET_MS + SWEEP_RESERVE_MS - (Date.now() - started));
  const olderThan = new Date((o.now ?? started) - SWEEP_AFTER_MS).toISOString();
  let swept = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await pendingEvents(olderThan, SWEEP_PAGE, start);
    if (page.events.length) await dispatchEvents(page.events);
    swept += page.events.length;
    start = page.next;
  } while (start && timeLeft() > SWEEP_RESERVE_MS);
  if (start) log.warn('event sweep stopped at its time budget; the next run goes on', { swept });
  return swept;
}
