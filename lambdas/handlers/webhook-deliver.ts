import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { log } from '../log.ts';

/**
 * Webhook delivery (issue #4) lands here. Until it does, nothing enqueues events; should a
 * message arrive anyway, it is handed back as a batch item failure so SQS keeps it (and moves
 * it to the DLQ after maxReceiveCount) — never dropped.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  log.warn('webhook delivery is not enabled in this release; returning messages to the queue', { count: event.Records.length });
  return { batchItemFailures: event.Records.map((r) => ({ itemIdentifier: r.messageId })) };
}
