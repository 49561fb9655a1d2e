import { randomUUID } from 'node:crypto';
import { postWebhook, WEBHOOK_TIMEOUT_MS } from './webhook-http.ts';
import { config } from '../platform/config.ts';
import { isSlow, laneChange, laneOf, type Lane, type Pace } from './webhook-lanes.ts';
import { errorFields, log } from '../platform/log.ts';
import { metrics } from '../platform/metrics.ts';
import type { EventRecord, WebhookRecord } from './events.entities.ts';
import * as store from './webhooks.store.ts';
import { dispatchAfterCommit, enqueueDeliveries, newEvent, slowQueueUrl, type DeliveryJob } from './outbox.ts';
import { signedRequest } from './webhook-secrets.ts';

/** Spec: a webhook is unhealthy after 5 consecutive failed attempts. */
export const UNHEALTHY_AFTER_FAILURES = 5;
/** Spec: attempt 1 at once, then after 5, 15, 45 and 135 s. WEBHOOK_RETRY_DELAYS compresses it for tests. */
export const RETRY_DELAYS_SECONDS: readonly number[] = (() => {
  const raw = process.env.WEBHOOK_RETRY_DELAYS;
  if (!raw) return [0, 5, 15, 45, 135];
  const delays = raw.split(',').map((s) => Number(s.trim()));
  if (!delays.length || delays.some((d) => !Number.isFinite(d) || d < 0 || d > 900)) {
    throw new Error(`WEBHOOK_RETRY_DELAYS must be comma-separated seconds (0-900), got "${raw}"`);
  }
  return delays;
})();


async function payloadOf(e: EventRecord): Promise<string> {
  if (e.payload !== undefined) return e.payload;
  const { getObjectBytes } = await import('../messages/blobs.store.ts');
  const bytes = await getObjectBytes(e.payload_s3_key!);
  if (!bytes) throw new Error(`payload of ${e.event_id} is missing from the bucket`);
  return bytes.toString('utf8');
}

/**
 * How long an attempt holds its (event, webhook) claim: the reads, the signing, the POST (at most
 * WEBHOOK_TIMEOUT_MS) and the delivered marker, with a wide margin. Two jobs for one pair exist
 * when a crash between enqueueing and marking an event dispatched makes it dispatched again;
 * the claim keeps them from POSTing at the same time, and the marker drops the later one.
 */
const DELIVERY_CLAIM_MS = 30_000;
/** The POST starts only with this much of the claim left: its own deadline plus a margin (clocks, pauses). */
const CLAIM_LEFT_TO_POST_MS = WEBHOOK_TIMEOUT_MS + 5_000;
/** Checks read longer ago than this before the claim was taken are read again under it. */
const CLAIM_RECHECK_AFTER_MS = 5_000;

/**
 * 'deferred': another attempt held the pair's claim; this job went back on the queue until it lapses.
 * 'moved': the receiver is in the slow lane; the job (queued on the fast lane before the receiver
 * moved) went there unattempted.
 */
export type DeliveryOutcome = 'delivered' | 'retry-scheduled' | 'dropped' | 'gave-up' | 'deferred' | 'moved';

/** Which lane a queue (by its ARN, as the event source names it) is: the slow lane's queue, else the fast one. */
export function laneOfQueue(queueArn: string | undefined): Lane {
  const name = (u: string) => u.replace(/[/:]+$/, '').split(/[/:]/).pop();
  return queueArn && slowQueueUrl && name(queueArn) === name(slowQueueUrl) ? 'slow' : 'fast';
}

/** Puts the job, unchanged, on the slow lane: the fast lane's executions are not held by a slow receiver. */
async function moveToSlowLane(job: DeliveryJob): Promise<'moved'> {
  await enqueueDeliveries([job], 0, 'slow');
  return 'moved';
}

/**
 * Moves the receiver to the lane its pace calls for (the one attempt that changes it logs it);
 * returns the lane the receiver is in now.
 */
async function keepPace(w: WebhookRecord, pace: Pace | undefined): Promise<Lane> {
  if (!pace) return laneOf(w);
  const to = laneChange(pace);
  if (to && (await store.setWebhookLane(w, to))) {
    log.info('webhook moved to another delivery lane', { webhook_id: w.id, lane: to, slow_streak: pace.slow_streak, fast_streak: pace.fast_streak });
  }
  return to ?? laneOf(pace);
}

/** Puts the job back, unchanged (same attempt), on its receiver's lane, to run after the claim it met has lapsed. */
async function defer(job: DeliveryJob, w: WebhookRecord, heldForMs: number): Promise<'deferred'> {
  await enqueueDeliveries([job], Math.ceil(heldForMs / 1000) + 1, laneOf(w));
  return 'deferred';
}

/** Why a loaded job is not to be attempted, if it is not. */
function dropReason(l: Awaited<ReturnType<typeof store.loadDelivery>>, job: DeliveryJob): string | undefined {
  if (l.attemptHandled) return 'attempt-handled'; // this attempt failed and its follow-up was recorded before a crash
  if (!l.webhook || !l.event) return 'gone'; // deleted webhook, or an event past its TTL
  if (l.delivered) return 'delivered'; // a duplicate of a delivery that already succeeded
  if (l.webhook.status !== 'active' || l.webhook.generation !== job.generation) return 'inactive'; // unhealthy: pending retries are dropped
  return undefined;
}

/**
 * One attempt of one job. Returns what happened; throws only when the outcome could not be
 * recorded (the queue then redelivers the job, and the delivered-marker prevents a repeat).
 *
 * At most one POST per (event, webhook) is in flight: after the checks (delivered marker, handled
 * attempt, webhook state; read strongly consistent) the attempt claims the pair — a conditional
 * write that lapses after DELIVERY_CLAIM_MS. A job that meets a live claim goes back on the queue
 * with a delay past it (rather than failing: the queue's visibility timeout is 6 minutes) and on
 * its return finds the holder's delivered marker. A success keeps its claim until it lapses, so a
 * twin that read before the marker was written cannot claim after it; a failure releases it
 * before its retry is queued. A delivery is repeated only when the attempt dies between the
 * receiver's 2xx and the marker's write (receivers dedupe on webhook-id / X-Service-Event-Id).
 */
export async function deliverJob(job: DeliveryJob, lane: Lane = 'fast'): Promise<DeliveryOutcome> {
  const attemptId = randomUUID();
  const load = () => store.loadDelivery(job.account_id, job.webhook_id, job.event_id, job.attempt);
  const readAt = Date.now();
  let loaded = await load();
  if (dropReason(loaded, job)) return 'dropped';
  // Jobs are queued on their receiver's lane; one queued on the fast lane before its receiver moved
  // to the slow lane goes there before anything else.
  if (lane === 'fast' && slowQueueUrl && laneOf(loaded.webhook!) === 'slow') return moveToSlowLane(job);
  const held = loaded.claim && loaded.claim.attempt_id !== attemptId ? loaded.claim.expires_at - Date.now() : 0;
  if (held > 0) return defer(job, loaded.webhook!, held); // another attempt is posting this pair right now

  const claim = await store.claimDelivery(job.event_id, job.webhook_id, attemptId, DELIVERY_CLAIM_MS);
  if (!claim.ok) return defer(job, loaded.webhook!, claim.heldForMs);
  const release = () => store.releaseDelivery(job.event_id, job.webhook_id, attemptId);
  const drop = async () => { await release(); return 'dropped' as const; };
  if (Date.now() - readAt > CLAIM_RECHECK_AFTER_MS) {
    // A long pause between the checks and the claim: a holder may have delivered and its claim lapsed since.
    loaded = await load();
    if (dropReason(loaded, job)) return drop();
  }
  const webhook = loaded.webhook!;
  const event = loaded.event!;

  const request = await signedRequest(webhook, event.event_id, await payloadOf(event));
  if (claim.expiresAt - Date.now() < CLAIM_LEFT_TO_POST_MS) {
    // Too slow to get here (a paused process): the claim could lapse mid-POST. Start over.
    await release();
    return defer(job, webhook, 0);
  }
  const attemptedAt = new Date().toISOString();
  const res = await postWebhook(webhook.url, request.body, request.headers, { localMode: config.localMode });
  metrics.webhookAttempt();
  if (!res.ok) metrics.webhookFailure();
  await store.putDeliveryLog({
    webhook_id: webhook.id, event_id: event.event_id, event_type: event.event, attempted_at: attemptedAt,
    response_code: res.status, latency_ms: Math.round(res.latencyMs), error: res.ok ? null : res.error ?? `HTTP ${res.status}`,
    retry_count: job.attempt - 1, success: res.ok,
  });

  const slow = isSlow(res.latencyMs);
  if (res.ok) {
    // The claim stays until it lapses: a twin that waited for it then finds this marker.
    await store.markDelivered(event.event_id, webhook.id, attemptedAt);
    await keepPace(webhook, await store.recordWebhookSuccess(webhook, attemptedAt, slow));
    return 'delivered';
  }

  const recorded = await store.recordWebhookFailure(webhook, res.error ?? `HTTP ${res.status}`, attemptedAt, slow);
  if (recorded === undefined) return drop(); // re-enabled or deleted meanwhile
  const laneNow = await keepPace(webhook, recorded.pace);
  const failures = recorded.failures;
  if (failures >= UNHEALTHY_AFTER_FAILURES) {
    await markUnhealthy(webhook, failures, res.error ?? `HTTP ${res.status}`, attemptedAt);
    await store.markAttemptHandled(event.event_id, webhook.id, job.attempt, attemptedAt);
    await release();
    return 'gave-up';
  }
  if (job.attempt >= RETRY_DELAYS_SECONDS.length) {
    await store.markAttemptHandled(event.event_id, webhook.id, job.attempt, attemptedAt);
    await release();
    return 'gave-up';
  }
  // Released before the retry is queued, so the retry never waits for this attempt's claim.
  await release();
  await enqueueDeliveries([{ ...job, attempt: job.attempt + 1 }], RETRY_DELAYS_SECONDS[job.attempt]!, laneNow);
  await store.markAttemptHandled(event.event_id, webhook.id, job.attempt, attemptedAt);
  return 'retry-scheduled';
}

/** active → unhealthy, announced by webhook.unhealthy to the account's other webhooks that subscribe to it. */
async function markUnhealthy(w: WebhookRecord, failures: number, lastError: string, at: string) {
  const event = await newEvent('webhook.unhealthy', { account_id: w.account_id, inbox_id: w.inbox_id, timestamp: at }, {
    webhook_id: w.id,
    webhook: {
      id: w.id, url: w.url, events: w.events, status: 'unhealthy', failure_count: failures, last_error: lastError,
      last_success_at: w.last_success_at, last_failure_at: at,
    },
    next_steps: ['Fix the endpoint, then POST /v1/webhooks/{id}/enable to resume deliveries.'],
  });
  // Only the caller that made the change announces it (several failing deliveries may race here).
  if (!(await store.markWebhookUnhealthy(w, at, event))) return;
  log.warn('webhook marked unhealthy', { webhook_id: w.id, failures });
  await dispatchAfterCommit([event]);
}

/**
 * One queued job, as the SQS batch processor hands it over (records run concurrently, so one slow
 * endpoint never delays another's events). Throws when the job must come back: undecodable (it
 * goes to the DLQ through the retries) or its outcome could not be recorded.
 */
export async function deliverQueuedJob(job: DeliveryJob | undefined, sqsMessageId: string, lane: Lane = 'fast'): Promise<DeliveryOutcome> {
  if (!job) {
    log.error('undecodable delivery job; sending it to the DLQ via retries', { sqs_message_id: sqsMessageId });
    throw new Error(`undecodable delivery job ${sqsMessageId}`);
  }
  // Records run concurrently: the ids go on each line, not into the shared log context.
  const ids = { account_id: job.account_id, webhook_id: job.webhook_id, event_id: job.event_id };
  try {
    const outcome = await deliverJob(job, lane);
    log.info('webhook delivery', { ...ids, attempt: job.attempt, lane, outcome });
    return outcome;
  } catch (e) {
    log.error('webhook delivery could not be completed; the queue will redeliver', { ...ids, ...errorFields(e) });
    throw e;
  }
}
