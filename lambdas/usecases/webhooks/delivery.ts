import { postWebhook } from '../../adapters/webhook-http.ts';
import { config } from '../../config.ts';
import { errorFields, log } from '../../log.ts';
import { metrics } from '../../metrics.ts';
import type { EventRecord, WebhookRecord } from '../../store/records.ts';
import * as store from '../../store/webhooks.ts';
import { dispatchAfterCommit, enqueueDeliveries, newEvent, type DeliveryJob } from './event-outbox.ts';
import { signedRequest } from './secrets.ts';

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
  const { getObjectBytes } = await import('../../store/blobs.ts');
  const bytes = await getObjectBytes(e.payload_s3_key!);
  if (!bytes) throw new Error(`payload of ${e.event_id} is missing from the bucket`);
  return bytes.toString('utf8');
}

export type DeliveryOutcome = 'delivered' | 'retry-scheduled' | 'dropped' | 'gave-up';

/**
 * One attempt of one job. Returns what happened; throws only when the outcome could not be
 * recorded (the queue then redelivers the job, and the delivered-marker prevents a repeat).
 */
export async function deliverJob(job: DeliveryJob): Promise<DeliveryOutcome> {
  const { webhook, event, delivered, attemptHandled } = await store.loadDelivery(job.account_id, job.webhook_id, job.event_id, job.attempt);
  if (attemptHandled) return 'dropped'; // this attempt failed and its follow-up was recorded before a crash
  if (!webhook || !event) return 'dropped'; // deleted webhook, or an event past its TTL
  if (delivered) return 'dropped'; // a duplicate of a delivery that already succeeded
  if (webhook.status !== 'active' || webhook.generation !== job.generation) return 'dropped'; // unhealthy: pending retries are dropped

  const request = await signedRequest(webhook, event.event_id, await payloadOf(event));
  const attemptedAt = new Date().toISOString();
  const res = await postWebhook(webhook.url, request.body, request.headers, { localMode: config.localMode });
  metrics.webhookAttempt();
  if (!res.ok) metrics.webhookFailure();
  await store.putDeliveryLog({
    webhook_id: webhook.id, event_id: event.event_id, event_type: event.event, attempted_at: attemptedAt,
    response_code: res.status, latency_ms: Math.round(res.latencyMs), error: res.ok ? null : res.error ?? `HTTP ${res.status}`,
    retry_count: job.attempt - 1, success: res.ok,
  });

  if (res.ok) {
    await store.markDelivered(event.event_id, webhook.id, attemptedAt);
    await store.recordWebhookSuccess(webhook, attemptedAt);
    return 'delivered';
  }

  const failures = await store.recordWebhookFailure(webhook, res.error ?? `HTTP ${res.status}`, attemptedAt);
  if (failures === undefined) return 'dropped'; // re-enabled or deleted meanwhile
  if (failures >= UNHEALTHY_AFTER_FAILURES) {
    await markUnhealthy(webhook, failures, res.error ?? `HTTP ${res.status}`, attemptedAt);
    await store.markAttemptHandled(event.event_id, webhook.id, job.attempt, attemptedAt);
    return 'gave-up';
  }
  if (job.attempt >= RETRY_DELAYS_SECONDS.length) {
    await store.markAttemptHandled(event.event_id, webhook.id, job.attempt, attemptedAt);
    return 'gave-up';
  }
  await enqueueDeliveries([{ ...job, attempt: job.attempt + 1 }], RETRY_DELAYS_SECONDS[job.attempt]!);
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
export async function deliverQueuedJob(job: DeliveryJob | undefined, sqsMessageId: string): Promise<DeliveryOutcome> {
  if (!job) {
    log.error('undecodable delivery job; sending it to the DLQ via retries', { sqs_message_id: sqsMessageId });
    throw new Error(`undecodable delivery job ${sqsMessageId}`);
  }
  // Records run concurrently: the ids go on each line, not into the shared log context.
  const ids = { account_id: job.account_id, webhook_id: job.webhook_id, event_id: job.event_id };
  try {
    const outcome = await deliverJob(job);
    log.info('webhook delivery', { ...ids, attempt: job.attempt, outcome });
    return outcome;
  } catch (e) {
    log.error('webhook delivery could not be completed; the queue will redeliver', { ...ids, ...errorFields(e) });
    throw e;
  }
}
