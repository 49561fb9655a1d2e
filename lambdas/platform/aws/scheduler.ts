/**
 * EventBridge Scheduler over aws4fetch (lambdas/platform/aws/fetch.ts, rest-json) instead of
 * @aws-sdk/client-scheduler (docs/decisions.md, "Bundles, AWS calls and observability"). Errors are named by
 * the service's code (ConflictException, ResourceNotFoundException), as the SDK named them.
 */
import { randomUUID } from 'node:crypto';
import type { CreateScheduleInput } from '@aws-sdk/client-scheduler';
import { requireEnv } from '../config.ts';
import { awsRestJsonCall } from './fetch.ts';

const group = requireEnv('SCHEDULE_GROUP_NAME');
// Creating a schedule needs the target and the role it runs as, read where a schedule is made.
// send-scheduled cannot be given its own ARN (a circular reference in CloudFormation), yet it
// does schedule: a send refused for the minute is put back on the schedule. It names itself from
// its invocation (context.invokedFunctionArn) instead.
let selfArn: string | undefined;
/** Called by the schedule target's handler with its own ARN (no alias or version qualifier). */
export const setScheduleTargetFromInvocation = (invokedFunctionArn: string) => {
  selfArn = invokedFunctionArn.split(':').slice(0, 7).join(':');
};
let target: { roleArn: string; targetArn: string } | undefined;
const scheduleTarget = () => (target ??= {
  roleArn: requireEnv('SCHEDULER_ROLE_ARN'),
  targetArn: process.env.SEND_SCHEDULED_FUNCTION_ARN || selfArn || requireEnv('SEND_SCHEDULED_FUNCTION_ARN'),
});
/** One Scheduler call (signing name and host `scheduler`; AWS_ENDPOINT_URL_SCHEDULER overrides). */
const schedulerCall = (method: string, path: string, body?: unknown) =>
  awsRestJsonCall({ service: 'scheduler', envId: 'SCHEDULER', host: 'scheduler', method, path, body });
const schedulePath = (name: string) => `/schedules/${encodeURIComponent(name)}`;

export interface ScheduledSend { draft_id: string; inbox_id: string; account_id: string; send_at: string }

/**
 * A schedule is (draft, time): moving a draft makes a new schedule and deletes the old, so a
 * schedule that fires and deletes itself can never take a newer one with it. Names allow
 * [0-9a-zA-Z-_.]{1,64}: 40 + 1 + 10 characters.
 */
const nameOf = (draftId: string, sendAt: string) => `${draftId}.${Math.ceil(Date.parse(sendAt) / 1000)}`;
/** Scheduler's one-time expression: at(yyyy-mm-ddThh:mm:ss), UTC. */
// at() has whole seconds: round up, so a send_at with milliseconds never fires early.
const atExpression = (iso: string) => `at(${new Date(Math.ceil(Date.parse(iso) / 1000) * 1000).toISOString().slice(0, 19)})`;

/** A one-time schedule for the draft at send_at; Scheduler deletes it after it fires. */
export async function scheduleDraftSend(s: ScheduledSend) {
  const { roleArn, targetArn } = scheduleTarget();
  const { Name, ...input }: CreateScheduleInput = {
    Name: nameOf(s.draft_id, s.send_at), GroupName: group,
    ScheduleExpression: atExpression(s.send_at), ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' as const },
    ActionAfterCompletion: 'DELETE' as const,
    Target: { Arn: targetArn, RoleArn: roleArn, Input: JSON.stringify(s), RetryPolicy: { MaximumRetryAttempts: 5, MaximumEventAgeInSeconds: 3600 } },
  };
  try {
    // ClientToken: the SDK's idempotency token, so a retried create is not a conflict with itself.
    await schedulerCall('POST', schedulePath(Name), { ...input, ClientToken: randomUUID() });
  } catch (e) {
    // The same draft at the same second is already scheduled: nothing to do.
    if ((e as Error).name !== 'ConflictException') throw e;
  }
}

export async function cancelDraftSchedule(draftId: string, sendAt: string) {
  try {
    const query = new URLSearchParams({ groupName: group, clientToken: randomUUID() });
    await schedulerCall('DELETE', `${schedulePath(nameOf(draftId, sendAt))}?${query}`);
  } catch (e) {
    if ((e as Error).name !== 'ResourceNotFoundException') throw e;
  }
}
