/**
 * Scheduling: the EventBridge Scheduler schedule group that holds one one-time schedule per
 * scheduled draft, and the role the scheduler assumes to invoke send-scheduled (and nothing
 * else). The schedules themselves are created at run time by the functions with the
 * 'scheduler' need (see MailroomFunction.bindScheduler).
 */
import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import { RESOURCE_SETTINGS } from '../../lambdas/platform/resource-settings.ts';
import type { SchedulerBinding } from './mailroom-function.ts';

export interface MailroomSchedulingProps {
  /** Appended to the group name from RESOURCE_SETTINGS, so stages can share an account. */
  readonly stage: string;
  /** The function every schedule invokes (send-scheduled). */
  readonly targetFunction: lambda.IFunction;
}

export class MailroomScheduling extends Construct {
  readonly scheduleGroupName: string;
  readonly scheduleGroup: scheduler.CfnScheduleGroup;
  readonly invokeRole: iam.Role;
  readonly targetFunction: lambda.IFunction;

  constructor(scope: Construct, id: string, props: MailroomSchedulingProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.targetFunction = props.targetFunction;
    this.scheduleGroupName = `${RESOURCE_SETTINGS.scheduleGroupName}-${props.stage}`;
    if (!/^[0-9a-zA-Z-_.]{1,64}$/.test(this.scheduleGroupName)) {
      throw new Error(`Schedule group name '${this.scheduleGroupName}' is not valid: check the stage context`);
    }

    this.scheduleGroup = new scheduler.CfnScheduleGroup(this, 'Group', { name: this.scheduleGroupName });

    const scheduleGroupArn = stack.formatArn({
      service: 'scheduler',
      resource: 'schedule-group',
      resourceName: this.scheduleGroupName,
    });
    this.invokeRole = new iam.Role(this, 'InvokeRole', {
      description: 'Assumed by EventBridge Scheduler (Mailroom schedule group only) to invoke send-scheduled',
      // Confused-deputy guard: only schedules of this account's Mailroom group may assume it.
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com').withConditions({
        StringEquals: { 'aws:SourceAccount': stack.account },
        ArnLike: { 'aws:SourceArn': scheduleGroupArn },
      }),
    });
    // The function ARN only (not `:*`): schedules invoke the unqualified function.
    this.invokeRole.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [props.targetFunction.functionArn] }),
    );
  }

  /** What a function with the 'scheduler' need is bound to. */
  get binding(): SchedulerBinding {
    return {
      scheduleGroupName: this.scheduleGroupName,
      invokeRole: this.invokeRole,
      targetFunction: this.targetFunction,
    };
  }
}
