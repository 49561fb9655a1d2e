import { log } from '../log.ts';

/**
 * Scheduled sending (issue #5) lands here. Until it does, no schedules are created; should one
 * fire anyway, the invocation fails so EventBridge Scheduler retries it and then hands it to
 * its dead-letter handling — the draft is never marked sent without being sent.
 */
export async function handler(event: { draft_id?: string; inbox_id?: string }): Promise<never> {
  log.error('scheduled sending is not enabled in this release', { draft_id: event?.draft_id, inbox_id: event?.inbox_id });
  throw new Error('Scheduled sending is not enabled in this release');
}
