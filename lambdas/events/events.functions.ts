/**
 * The events slice's rows of the function catalogue: webhooks, webhook-deliver, stream. lambdas/functions.ts
 * assembles every slice's rows (platform/function-spec.ts says what a row is).
 */
import type { FunctionSpec } from '../platform/function-spec.ts';

export const eventsFunctions = {
  webhooks: {
    slice: 'events',
    description: 'Webhook endpoints: create, list, update, delete, test, enable, rotate secret, logs',
    // No webhookQueue: none of its routes announces an event (the test call posts to the endpoint itself).
    kind: 'http', memoryMb: 512, timeoutSeconds: 15, needs: ['tableRead', 'tableWrite', 'linkSecret'],
  },
  'webhook-deliver': {
    slice: 'events',
    // streamPost: it also fans events out to live WebSocket connections (events/stream.ts).
    description: 'Delivers queued webhook events, re-enqueuing failures with a delay; fans events out to WebSocket streams; sweeps undispatched events',
    kind: 'event', memoryMb: 512, timeoutSeconds: 60,
    needs: ['tableRead', 'tableWrite', 'bucketRead', 'webhookQueue', 'linkSecret', 'streamPost', 'webhookSlowLane'],
    // Deliveries go on whatever else runs. Above the two lanes' SQS maximum concurrency together
    // (RESOURCE_SETTINGS.webhookQueue), so their pollers are never throttled (a throttled batch
    // returns to the queue and counts toward maxReceiveCount); the rest serves the sweep schedule.
    reservedConcurrency: 20,
  },
  stream: {
    slice: 'events',
    // One function for the WebSocket API ($connect, $disconnect, subscribe, ping) and for
    // GET /v1/stream on the HTTP API (the wss URL); it posts replayed events, hence streamPost.
    // 29 s: a subscribe replaying missed events runs inside API Gateway's integration timeout.
    description: 'Realtime event stream: WebSocket connect/subscribe/replay and GET /v1/stream',
    kind: 'http', memoryMb: 512, timeoutSeconds: 29, needs: ['tableRead', 'tableWrite', 'bucketRead', 'streamPost'],
    // An open WebSocket holds no execution, but a subscribe replaying missed events runs up to
    // 29 s: capped (and kept) so a reconnect storm cannot take the other functions' executions.
    reservedConcurrency: 20,
  },
} as const satisfies Record<string, FunctionSpec>;
