import type { Context, SNSEvent } from 'aws-lambda';
import { errorFields, log, setLogContext } from '../platform/log.ts';
import { flushMetrics } from '../platform/metrics.ts';
import { applySesEvent, type SesEvent } from './ses-events.ts';

/** SES configuration set → SNS → here. A failure throws: SNS/Lambda retry, then the async DLQ. */
export async function handler(event: SNSEvent, context?: Context): Promise<{ results: string[] }> {
  setLogContext({ request_id: context?.awsRequestId ?? 'local' });
  try {
    return await applyRecords(event);
  } finally {
    await flushMetrics();
  }
}

async function applyRecords(event: SNSEvent): Promise<{ results: string[] }> {
  const results: string[] = [];
  for (const r of event.Records ?? []) {
    let body: SesEvent;
    try {
      body = JSON.parse(r.Sns.Message) as SesEvent;
    } catch {
      log.error('SES event is not JSON; ignored', { sns_message_id: r.Sns.MessageId });
      results.push('invalid');
      continue;
    }
    try {
      results.push(await applySesEvent(body));
    } catch (e) {
      log.error('SES event could not be applied', { event_type: body.eventType, ses_message_id: body.mail?.messageId, ...errorFields(e) });
      throw e;
    }
  }
  return { results };
}
