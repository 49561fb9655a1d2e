import { ConflictException, CreateScheduleCommand, DeleteScheduleCommand, ResourceNotFoundException, SchedulerClient, UpdateScheduleCommand } from '@aws-sdk/client-scheduler';
import { requireEnv } from '../config.ts';

const group = requireEnv('SCHEDULE_GROUP_NAME');
// Creating a schedule needs the target and the role it runs as; send-scheduled itself only
// deletes schedules and cannot be given its own ARN (a circular reference), so these two are
// read where a schedule is made.
let target: { roleArn: string; targetArn: string } | undefined;
const scheduleTarget = () => (target ??= { roleArn: requireEnv('SCHEDULER_ROLE_ARN'), targetArn: requireEnv('SEND_SCHEDULED_FUNCTION_ARN') });
const scheduler = new SchedulerClient({});

export interface ScheduledSend { draft_id: string; inbox_id: string; account_id: string; send_at: string }

/** Schedule names allow [0-9a-zA-Z-_.]{1,64}: the draft id fits. */
const nameOf = (draftId: string) => draftId;
/** Scheduler's one-time expression: at(yyyy-mm-ddThh:mm:ss), UTC. */
const atExpression = (iso: string) => `at(${new Date(iso).toISOString().slice(0, 19)})`;

/** One one-time schedule per draft; created or moved, deleted by Scheduler after it fires. */
export async function scheduleDraftSend(s: ScheduledSend) {
  const { roleArn, targetArn } = scheduleTarget();
  const input = {
    Name: nameOf(s.draft_id), GroupName: group,
    ScheduleExpression: atExpression(s.send_at), ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' as const },
    ActionAfterCompletion: 'DELETE' as const,
    Target: { Arn: targetArn, RoleArn: roleArn, Input: JSON.stringify(s), RetryPolicy: { MaximumRetryAttempts: 5, MaximumEventAgeInSeconds: 3600 } },
  };
  try {
    await scheduler.send(new CreateScheduleCommand(input));
  } catch (e) {
    if (!(e instanceof ConflictException) && (e as Error).name !== 'ConflictException') throw e;
    await scheduler.send(new UpdateScheduleCommand(input));
  }
}

export async function cancelDraftSchedule(draftId: string) {
  try {
    await scheduler.send(new DeleteScheduleCommand({ Name: nameOf(draftId), GroupName: group }));
  } catch (e) {
    if (!(e instanceof ResourceNotFoundException) && (e as Error).name !== 'ResourceNotFoundException') throw e;
  }
}
