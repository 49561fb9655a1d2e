import type { Context } from 'aws-lambda';
import { setScheduleTargetFromInvocation } from '../platform/aws/scheduler.ts';
import { log, setLogContext } from '../platform/log.ts';
import { flushMetrics } from '../platform/metrics.ts';
import { sendScheduledDraft } from './drafts.ts';

/**
 * EventBridge Scheduler's one-time schedule for a draft fires here. Safe to fire twice: the
 * draft is claimed before sending and gone afterwards. Transient failures throw so Scheduler
 * retries; a refusal (quota, tier) turns the draft back into an unscheduled draft.
 */
export async function handler(event: { draft_id: string; inbox_id: string; account_id: string; send_at: string }, context?: Context) {
  setLogContext({ request_id: context?.awsRequestId ?? 'local', draft_id: event.draft_id, inbox_id: event.inbox_id, account_id: event.account_id });
  // Its own ARN, for putting a draft refused for the minute back on the schedule.
  if (context?.invokedFunctionArn) setScheduleTargetFromInvocation(context.invokedFunctionArn);
  try {
    const result = await sendScheduledDraft(event);
    log.info('scheduled draft', result);
    return result;
  } finally {
    await flushMetrics();
  }
}
