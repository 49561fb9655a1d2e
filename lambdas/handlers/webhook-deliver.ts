import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { log } from '../log.ts';
import type { DeliveryJob } from '../services/events.ts';
import { sweepPendingEvents } from '../services/events.ts';
import { deliverBatch } from '../services/webhook-delivery.ts';

function decode(body: string): DeliveryJob | undefined {
  try {
    const j = JSON.parse(body) as DeliveryJob;
    return j && typeof j.webhook_id === 'string' && typeof j.event_id === 'string' && typeof j.account_id === 'string'
      && Number.isInteger(j.attempt) && Number.isInteger(j.generation) ? j : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Two triggers: the delivery queue (SQS, partial batch failures) and a one-minute schedule that
 * sweeps events whose writer died before dispatching them.
 */
export async function handler(event: SQSEvent | { source?: string; 'detail-type'?: string }): Promise<SQSBatchResponse | { swept: number }> {
  if (!('Records' in event)) {
    const swept = await sweepPendingEvents();
    if (swept) log.info('swept undispatched events', { swept });
    return { swept };
  }
  const failed = await deliverBatch(event.Records.map((r) => ({ id: r.messageId, job: decode(r.body) })));
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
}
