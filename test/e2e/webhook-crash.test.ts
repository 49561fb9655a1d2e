/**
 * No event is lost when the deliver handler crashes mid-batch, and none is delivered twice.
 *
 * This runs below the HTTP API, at the level Lambda runs: the real webhook-deliver handler, a real
 * SQS queue with its DLQ redrive (moto), and the real local event source (lib/local/sqs-poller.ts)
 * — on resources of its own, so the running stack's poller never touches these messages. The
 * queue's visibility timeout is cut to 2 s so that a crashed batch comes back within the test.
 */
import { randomBytes } from 'node:crypto';
import { GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageCommand, SetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { eventually, SIGNATURE_HEADER, startReceiver, verifySignature, type Receiver } from './receiver.ts';

type Handler = (e: SQSEvent) => Promise<SQSBatchResponse>;
type Poller = { ready: Promise<void>; stop(): Promise<void> };

const VISIBILITY_TIMEOUT_SECONDS = 2;
const WAIT = 30_000;

let queueUrl: string;
let dlqUrl: string;
let maxReceiveCount: number;
let sqs: SQSClient;
let lambda: {
  handler: Handler;
  startSqsPoller: (o: { queueUrl: string; batchSize: number; handler: Handler; concurrency?: number; waitSeconds?: number }) => Poller;
  newId: (kind: 'account' | 'webhook' | 'inbox') => string;
  putWebhook: (w: any) => Promise<void>;
  sealWebhookSecret: (s: string) => Promise<string>;
  generateWebhookSecret: () => string;
  newEvent: (type: any, ctx: { account_id: string; inbox_id: string | null }, data: Record<string, unknown>) => Promise<any>;
  putEvent: (e: any) => Promise<void>;
  dispatchEvents: (events: any[]) => Promise<void>;
  sweepPendingEvents: (o?: { now?: number; timeLeftMs?: () => number }) => Promise<number>;
  sweepAfterMs: number;
  getEvents: (ids: string[]) => Promise<{ event_id: string; dispatched: boolean }[]>;
  pageDeliveryLogs: (webhookId: string, page: { limit: number; offset: number }) => Promise<{ logs: { retry_count: number; success: boolean }[] }>;
};

beforeAll(async () => {
  const t = inject('mailroom');
  // The environment the deployed function gets, set before any lambdas module is loaded (they read it at import).
  process.env.AWS_ENDPOINT_URL = t.awsEndpoint;
  process.env.AWS_REGION ??= 'us-east-1';
  // The suite's emulator enforces IAM: this file signs as its admin identity.
  if (t.awsCredentials) Object.assign(process.env, { AWS_ACCESS_KEY_ID: t.awsCredentials.accessKeyId, AWS_SECRET_ACCESS_KEY: t.awsCredentials.secretAccessKey });
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  process.env.LOG_LEVEL ??= 'error';
  const prefix = `mr-crash-${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const { createLocalResources } = await import('../../lib/local/resources.ts');
  const res = await createLocalResources({
    tableName: `${prefix}-table`, bucketName: `${prefix}-mail`, queueName: `${prefix}-webhook-deliver`, dlqName: `${prefix}-webhook-deliver-dlq`,
    scheduleGroupName: `${prefix}-drafts`, secretName: `${prefix}-link-signing`, configurationSetName: `${prefix}-outbound`, mailDomain: t.mailDomain,
  });
  Object.assign(process.env, {
    TABLE_NAME: res.tableName,
    BUCKET_NAME: res.bucketName,
    WEBHOOK_QUEUE_URL: res.webhookQueueUrl,
    LINK_SECRET_ARN: res.linkSecretArn,
    MAIL_DOMAIN: t.mailDomain,
    SITE_URL: 'http://127.0.0.1:9',
    MAILROOM_LOCAL_MODE: 'true',
    WEBHOOK_RETRY_DELAYS: '0,1,1,1,1',
    // webhook-deliver also posts to stream connections; this file's table has none, so nothing listens here.
    STREAM_URL: 'ws://127.0.0.1:9/v1/stream/socket',
  });
  queueUrl = res.webhookQueueUrl;
  dlqUrl = res.webhookDlqUrl;
  sqs = new SQSClient({});
  await sqs.send(new SetQueueAttributesCommand({ QueueUrl: queueUrl, Attributes: { VisibilityTimeout: String(VISIBILITY_TIMEOUT_SECONDS) } }));
  const attrs = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['RedrivePolicy', 'VisibilityTimeout'] }));
  expect(attrs.Attributes?.VisibilityTimeout).toBe(String(VISIBILITY_TIMEOUT_SECONDS));
  maxReceiveCount = Number(JSON.parse(attrs.Attributes!.RedrivePolicy!).maxReceiveCount);

  const [deliver, poller, ids, webhooks, secrets, signing, events, eventStore] = await Promise.all([
    import('../../lambdas/events/webhook-deliver.handler.ts'),
    import('../../lib/local/sqs-poller.ts'),
    import('../../lambdas/platform/ids.ts'),
    import('../../lambdas/events/webhooks.store.ts'),
    import('../../lambdas/events/webhook-secrets.ts'),
    import('../../lambdas/events/webhook-signing.ts'),
    import('../../lambdas/events/outbox.ts'),
    import('../../lambdas/events/events.store.ts'),
  ]);
  lambda = {
    handler: deliver.handler as Handler,
    startSqsPoller: poller.startSqsPoller as unknown as typeof lambda.startSqsPoller,
    newId: ids.newId,
    putWebhook: webhooks.putWebhook,
    sealWebhookSecret: secrets.sealWebhookSecret,
    generateWebhookSecret: signing.generateWebhookSecret,
    newEvent: events.newEvent,
    putEvent: eventStore.putEvent,
    dispatchEvents: events.dispatchEvents,
    sweepPendingEvents: events.sweepPendingEvents as unknown as typeof lambda.sweepPendingEvents,
    sweepAfterMs: (events as { SWEEP_AFTER_MS: number }).SWEEP_AFTER_MS,
    getEvents: eventStore.getEvents,
    pageDeliveryLogs: webhooks.pageDeliveryLogs,
  };
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function receiver(name: string): Promise<Receiver> {
  const r = await startReceiver(name);
  cleanups.push(() => r.close());
  return r;
}

/** A webhook record as the API would store it, subscribed to inbox.created of a new account. */
async function webhookFor(url: string) {
  const secret = lambda.generateWebhookSecret();
  const now = new Date().toISOString();
  const w = {
    id: lambda.newId('webhook'), account_id: lambda.newId('account'), url, events: ['inbox.created'], inbox_id: null,
    secret_ciphertext: await lambda.sealWebhookSecret(secret), status: 'active', generation: 1, failure_count: 0,
    last_error: null, last_success_at: null, last_failure_at: null, created_at: now, updated_at: now,
  };
  await lambda.putWebhook(w);
  return { ...w, secret };
}

/** n events written (outbox) and dispatched: one delivery job each on the queue. */
async function emit(accountId: string, n: number): Promise<string[]> {
  const events = [];
  for (let i = 0; i < n; i++) {
    const inboxId = lambda.newId('inbox');
    const e = await lambda.newEvent('inbox.created', { account_id: accountId, inbox_id: inboxId }, { inbox: { id: inboxId, n: i } });
    await lambda.putEvent(e);
    events.push(e);
  }
  await lambda.dispatchEvents(events);
  return events.map((e) => e.event_id as string);
}

/** The real local event source around `handler`, stopped after the test. */
async function poll(handler: Handler) {
  const p = lambda.startSqsPoller({ queueUrl, batchSize: 10, handler, concurrency: 1, waitSeconds: 1 });
  await p.ready;
  cleanups.push(() => p.stop());
  return p;
}

async function queueCounts(url: string) {
  const a = (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['All'] }))).Attributes ?? {};
  return {
    visible: Number(a.ApproximateNumberOfMessages ?? 0),
    inFlight: Number(a.ApproximateNumberOfMessagesNotVisible ?? 0),
    delayed: Number(a.ApproximateNumberOfMessagesDelayed ?? 0),
  };
}

const drained = (url: string) => eventually(async () => {
  const c = await queueCounts(url);
  return c.visible + c.inFlight + c.delayed === 0 ? c : undefined;
}, 'the queue to drain', WAIT);

function expectExactlyOnce(r: Receiver, eventIds: string[], secret: string) {
  const counts = r.deliveryCounts();
  expect([...counts.keys()].sort()).toEqual([...eventIds].sort());
  for (const id of eventIds) expect(counts.get(id), `deliveries of ${id}`).toBe(1);
  for (const q of r.requests) expect(verifySignature(q.raw, secret, q.headers[SIGNATURE_HEADER])).toBe(true);
}

describe('No event is lost when the deliver handler crashes mid-batch', () => {
  it('a crash after the whole batch was delivered: the batch comes back, every event reaches the receiver exactly once, the queue drains', async () => {
    const r = await receiver('crash-after-batch');
    const w = await webhookFor(r.url);
    const eventIds = await emit(w.account_id, 15);

    const seen: SQSEvent[] = [];
    let crashed: string[] = [];
    await poll(async (e) => {
      seen.push(e);
      const out = await lambda.handler(e);
      if (seen.length === 1) {
        crashed = e.Records.map((x) => x.messageId);
        throw new Error('simulated crash: the function died after delivering its batch');
      }
      return out;
    });

    await r.waitFor((reqs) => new Set(reqs.map((q) => q.json?.event_id)).size === eventIds.length, 'every event at the receiver', WAIT);
    // The crashed batch really came back (receive count 2) before the queue drained.
    await eventually(() => (seen.slice(1).some((e) => e.Records.some((x) => crashed.includes(x.messageId) && x.attributes.ApproximateReceiveCount !== '1')) ? true : undefined),
      'the crashed batch to be received again', WAIT);
    await drained(queueUrl);
    expect(crashed.length).toBeGreaterThan(0);
    expectExactlyOnce(r, eventIds, w.secret);
    expect(r.requests).toHaveLength(eventIds.length);
  });

  it('a crash after a failed attempt starts no second retry sequence beside the first', async () => {
    const r = await receiver('crash-after-failure');
    const w = await webhookFor(r.url);
    r.queue({ status: 500 }, { status: 500 }, { status: 500 });
    const [eventId] = await emit(w.account_id, 1);

    let invocations = 0;
    await poll(async (e) => {
      invocations += 1;
      const out = await lambda.handler(e);
      // The first attempt fails, is logged and its retry queued; then the function dies.
      if (invocations === 1) throw new Error('simulated crash after a failed attempt');
      return out;
    });

    await r.waitFor((reqs) => reqs.length >= 4, 'the fourth attempt', WAIT);
    await drained(queueUrl);
    expect(r.requests.map((q) => q.json?.event_id)).toEqual([eventId, eventId, eventId, eventId]);
    // One sequence of attempts 0, 1, 2, 3 — not the redelivered first attempt running again.
    const { logs } = await lambda.pageDeliveryLogs(w.id, { limit: 10, offset: 0 });
    expect(logs.map((l) => l.retry_count).sort()).toEqual([0, 1, 2, 3]);
    expect(logs.filter((l) => l.success)).toHaveLength(1);
  });

  it('a crash halfway through a batch: the delivered half is not repeated, the undelivered half is delivered on redelivery', async () => {
    const r = await receiver('crash-mid-batch');
    const w = await webhookFor(r.url);
    const eventIds = await emit(w.account_id, 10);

    let invocations = 0;
    let firstHalf: string[] = [];
    let secondHalf: string[] = [];
    await poll(async (e) => {
      invocations += 1;
      if (invocations === 1 && e.Records.length >= 2) {
        const half = Math.ceil(e.Records.length / 2);
        firstHalf = e.Records.slice(0, half).map((x) => JSON.parse(x.body).event_id);
        secondHalf = e.Records.slice(half).map((x) => JSON.parse(x.body).event_id);
        await lambda.handler({ Records: e.Records.slice(0, half) });
        throw new Error('simulated crash: the function died in the middle of its batch');
      }
      return lambda.handler(e);
    });

    await r.waitFor((reqs) => new Set(reqs.map((q) => q.json?.event_id)).size === eventIds.length, 'every event at the receiver', WAIT);
    await drained(queueUrl);
    expect(firstHalf.length).toBeGreaterThan(0);
    expect(secondHalf.length).toBeGreaterThan(0);
    expectExactlyOnce(r, eventIds, w.secret);
    expect(r.requests).toHaveLength(eventIds.length);
    // The second half was delivered only after the crash, i.e. by the redelivered batch.
    const firstArrival = Math.min(...r.requests.filter((q) => secondHalf.includes(q.json.event_id)).map((q) => q.receivedAt));
    const lastOfFirst = Math.max(...r.requests.filter((q) => firstHalf.includes(q.json.event_id)).map((q) => q.receivedAt));
    expect(firstArrival).toBeGreaterThanOrEqual(lastOfFirst);
  });

  it('a poison message (body "not json") goes to the DLQ after maxReceiveCount receives, and does not hold back the good job beside it', async () => {
    const r = await receiver('poison-neighbour');
    const w = await webhookFor(r.url);
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'not json' }));
    const [good] = await emit(w.account_id, 1);

    let poisonSeen = 0;
    await poll(async (e) => {
      poisonSeen += e.Records.filter((x) => x.body === 'not json').length;
      return lambda.handler(e);
    });

    await r.waitFor((reqs) => reqs.some((q) => q.json?.event_id === good), 'the good job', WAIT);
    const dead = await eventually(async () => {
      const got = await sqs.send(new ReceiveMessageCommand({ QueueUrl: dlqUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }));
      return got.Messages?.find((m) => m.Body === 'not json');
    }, 'the poison message in the DLQ', 45_000);
    expect(dead.Body).toBe('not json');
    await drained(queueUrl);
    // Received at most maxReceiveCount times by the handler: then it was moved, not retried forever.
    expect(poisonSeen).toBeGreaterThanOrEqual(1);
    expect(poisonSeen).toBeLessThanOrEqual(maxReceiveCount);
    expectExactlyOnce(r, [good!], w.secret);
  });
});

/** n events written (outbox) `ageMs` ago and never dispatched: what a writer that died after its commit leaves behind. */
async function stale(accountId: string, n: number, ageMs: number): Promise<string[]> {
  const timestamp = new Date(Date.now() - ageMs).toISOString();
  const ids: string[] = [];
  for (let i = 0; i < n; i += 25) {
    await Promise.all(Array.from({ length: Math.min(25, n - i) }, async (_, k) => {
      const inboxId = lambda.newId('inbox');
      const e = await lambda.newEvent('inbox.created', { account_id: accountId, inbox_id: inboxId, timestamp } as never, { inbox: { id: inboxId, n: i + k } });
      await lambda.putEvent(e);
      ids.push(e.event_id as string);
    }));
  }
  return ids;
}

describe('Every event reaches each subscribed webhook once, across re-dispatches and sweeps', () => {
  it('a re-dispatch of the same events delivers once per (event, webhook), even when both dispatches\' jobs run at the same time', async () => {
    const r = await receiver('redispatch');
    // Slow answers: each POST is still in flight when its twin starts.
    r.setDefault({ status: 200, body: 'ok', delayMs: 800 });
    const w = await webhookFor(r.url);
    const events = [];
    for (let i = 0; i < 5; i++) {
      const inboxId = lambda.newId('inbox');
      const e = await lambda.newEvent('inbox.created', { account_id: w.account_id, inbox_id: inboxId }, { inbox: { id: inboxId, n: i } });
      await lambda.putEvent(e);
      events.push(e);
    }
    // dispatchEvents enqueues, then marks dispatched: a crash in between leaves the events pending and
    // the sweep runs it again. Twice here, so every (event, webhook) has two jobs on the queue.
    await lambda.dispatchEvents(events);
    await lambda.dispatchEvents(events);
    const eventIds = events.map((e) => e.event_id as string);
    expect((await queueCounts(queueUrl)).visible).toBe(10);

    // One batch of all ten jobs: the batch processor runs its records concurrently, so each job runs beside its twin.
    const batches: number[] = [];
    await poll(async (e) => { batches.push(e.Records.length); return lambda.handler(e); });

    await r.waitFor((reqs) => new Set(reqs.map((q) => q.json?.event_id)).size === eventIds.length, 'every event at the receiver', WAIT);
    expect(batches[0]).toBe(10);
    // The twins that found a live claim went back on the queue until it lapses (30 s), then were
    // dropped by the delivered marker.
    await eventually(async () => {
      const c = await queueCounts(queueUrl);
      return c.visible + c.inFlight + c.delayed === 0 ? c : undefined;
    }, 'the deferred twins to come back and be dropped', 60_000);
    expectExactlyOnce(r, eventIds, w.secret);
    expect(r.requests).toHaveLength(eventIds.length);
  }, 90_000);

  it('one sweep run dispatches every stale event, page after page (300 here), and each reaches the webhook once', async () => {
    const r = await receiver('sweep-many');
    const w = await webhookFor(r.url);
    const eventIds = await stale(w.account_id, 300, lambda.sweepAfterMs + 5_000);
    // A fresher undispatched event is still its writer's: the sweep leaves it (another account, no webhook).
    const [fresh] = await stale(lambda.newId('account'), 1, 0);

    // The schedule's invocation of the real handler: one run.
    const out = await lambda.handler({ source: 'aws.events', 'detail-type': 'Scheduled Event' } as never) as unknown as { swept: number };
    expect(out.swept).toBe(eventIds.length);
    const after = await lambda.getEvents([...eventIds, fresh!]);
    expect(after.filter((e) => e.dispatched).map((e) => e.event_id).sort()).toEqual([...eventIds].sort());
    // Its writer finishes the job (and leaves nothing for the next test's sweeps).
    await lambda.dispatchEvents(after.filter((e) => e.event_id === fresh));

    await poll(lambda.handler);
    await r.waitFor((reqs) => new Set(reqs.map((q) => q.json?.event_id)).size === eventIds.length, 'every swept event at the receiver', WAIT);
    await drained(queueUrl);
    expectExactlyOnce(r, eventIds, w.secret);
  }, 90_000);

  it('a sweep that runs out of time stops between pages, and the next run dispatches the rest', async () => {
    // No webhook: dispatching is only marking here.
    const eventIds = await stale(lambda.newId('account'), 130, lambda.sweepAfterMs + 5_000);
    // The invocation's clock says its reserve is reached: the page under way is finished, no other is started.
    expect(await lambda.sweepPendingEvents({ timeLeftMs: () => 1_000 })).toBe(100);
    expect((await lambda.getEvents(eventIds)).filter((e) => !e.dispatched)).toHaveLength(30);
    expect(await lambda.sweepPendingEvents()).toBe(30);
    expect((await lambda.getEvents(eventIds)).every((e) => e.dispatched)).toBe(true);
  });
});
