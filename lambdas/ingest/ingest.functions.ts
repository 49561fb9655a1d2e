/**
 * The ingest slice's rows of the function catalogue: ingest. lambdas/functions.ts
 * assembles every slice's rows (platform/function-spec.ts says what a row is).
 */
import type { FunctionSpec } from '../platform/function-spec.ts';

export const ingestFunctions = {
  ingest: {
    slice: 'ingest',
    description: 'Parses raw mail that SES stored under inbound/ and files it into inboxes',
    kind: 'event', memoryMb: 1024, timeoutSeconds: 60, needs: ['tableRead', 'tableWrite', 'bucketRead', 'bucketWrite', 'webhookQueue'],
    // Mail keeps arriving while a tenant's long-polls or a burst elsewhere take the region's
    // concurrency: 50 executions stay ingest's (~50 mails a second; SES's async invocations that
    // meet the ceiling are retried by Lambda for up to 6 hours, not lost).
    reservedConcurrency: 50,
  },
} as const satisfies Record<string, FunctionSpec>;
