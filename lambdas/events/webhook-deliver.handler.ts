import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { log, setLogContext } from '../platform/log.ts';
import { flushMetrics } from '../platform/metrics.ts';
import type { DeliveryJob, DispatchJob, StreamJob } from './outbox.ts';
import { dispatchQueued, sweepPendingEvents } from './outbox.ts';
import { fanOut } from './stream.ts';
import { deliverQueuedJob, laneOfQueue } from './webhook-delivery.ts';

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
 * Powertools' batch processor: records run concurrently and each failed one is reported as a
 * batch item failure (the queue redelivers it alone). A batch where every record failed is
 * reported the same way, not thrown: the result for the queue is identical and the log says why.
 */
const processor = new BatchProcessor(EventType.SQS);
function streamJob(body: string): StreamJob | undefined {
  try {
    const j = JSON.parse(body) as StreamJob;
    return j?.kind === 'stream' && typeof j.event_id === 'string' && typeof j.account_id === 'string' ? j : undefined;
  } catch {
    return undefined;
  }
}

/** A stream job posts the event to the account's WebSocket connections; a failure comes back through the queue. */
async function fanOutRecord(job: StreamJob) {
  const r = await fanOut(job.event_id);
  log.info('stream fan-out', { account_id: job.account_id, event_id: job.event_id, ...r });
}

function dispatchJob(body: string): DispatchJob | undefined {
  try {
    const j = JSON.parse(body) as DispatchJob;
    return j?.kind === 'dispatch' && typeof j.account_id === 'string' && Array.isArray(j.event_ids)
      && j.event_ids.every((id) => typeof id === 'string') ? j : undefined;
  } catch {
    return undefined;
  }
}

/** A dispatch job fans committed events out to their webhooks and stream connections (more jobs on the queue). */
async function dispatchRecord(job: DispatchJob) {
  const dispatched = await dispatchQueued(job);
  log.info('events dispatched', { account_id: job.account_id, event_ids: job.event_ids, dispatched });
}

const deliverRecord = (r: SQSRecord) => {
  const dispatch = dispatchJob(r.body);
  if (dispatch) return dispatchRecord(dispatch);
  const stream = streamJob(r.body);
  return stream ? fanOutRecord(stream) : deliverQueuedJob(decode(r.body), r.messageId, laneOfQueue(r.eventSourceARN));
};

/**
 * Two triggers: the delivery queues (SQS, partial batch failures; the fast lane and the slow
 * lane, told apart by the record's queue) and a one-minute schedule that sweeps events whose
 * writer died before dispatching them.
 */
export async function handler(event: SQSEvent | { source?: string; 'detail-type'?: string }, context?: Context): Promise<SQSBatchResponse | { swept: number }> {
  setLogContext({ request_id: context?.awsRequestId ?? 'local' });
  try {
    if (!('Records' in event)) {
      const swept = await sweepPendingEvents(context ? { timeLeftMs: () => context.getRemainingTimeInMillis() } : {});
      if (swept) log.info('swept undispatched events', { swept });
      return { swept };
    }
    return await processPartialResponse(event, deliverRecord, processor, { context, throwOnFullBatchFailure: false });
  } finally {
    await flushMetrics();
  }
}
