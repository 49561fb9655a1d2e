/**
 * cdk-nag (AWS Solutions rules) and construct annotations: zero unacknowledged errors or
 * warnings; every acknowledgment sits on a specific construct, gives a real reason, and still
 * matches a finding (a stale one would hide the next real problem on that construct).
 *
 * cdk-nag 3 is a CDK validation plugin (bin/app.ts registers it with Validations.of(app), so
 * `cdk synth` fails on a finding); here the pack is run directly with validateScope().
 */
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV, FUNCTIONS } from '../../lambdas/functions.ts';
import { MailroomFunction, logicalIdOf } from '../../lib/constructs/mailroom-function.ts';
import { MailroomScheduling } from '../../lib/constructs/scheduling.ts';
import type { MailroomStack } from '../../lib/mailroom-stack.ts';
import { CDK_JSON, synthMailroom } from './synth.ts';

interface Violation {
  ruleName: string;
  severity: string;
  violatingResources: { constructPath: string }[];
}

/** Run the pack; with `ignoreAcknowledgments`, report what the acknowledgments are hiding. */
function runNag(scope: IConstruct, ignoreAcknowledgments = false): Violation[] {
  const pack = new AwsSolutionsChecks();
  if (ignoreAcknowledgments) {
    // isAcknowledged is private in cdk-nag 3; overriding it on the instance is test-only.
    Object.defineProperty(pack, 'isAcknowledged', { value: () => false });
  }
  return pack.validateScope(scope).violations as unknown as Violation[];
}

/** Every acknowledgment in the tree: [construct path, rule id, reason]. */
function acknowledgments(root: IConstruct): { path: string; id: string; reason: string }[] {
  return root.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) =>
        Object.entries(m.data as Record<string, string>).map(([id, reason]) => ({
          path: c.node.path,
          id: id.replace(/^annotation::/i, ''),
          reason,
        })),
      ),
  );
}

const describeViolations = (vs: Violation[]) =>
  vs.map((v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);

describe('MailroomStack', () => {
  let app: App;
  let stack: MailroomStack;

  beforeAll(() => {
    ({ app, stack } = synthMailroom({ skipBundling: true }));
  });

  it('has no unacknowledged cdk-nag AwsSolutions errors or warnings', () => {
    expect(describeViolations(runNag(app))).toEqual([]);
  });

  it('has no warning or error annotations', () => {
    const annotations = Annotations.fromStack(stack);
    expect(annotations.findWarning('*', Match.anyValue())).toEqual([]);
    expect(annotations.findError('*', Match.anyValue())).toEqual([]);
  });

  it('acknowledges only on specific constructs, each with a reason, each still needed', () => {
    const acks = acknowledgments(app);
    expect(acks.length).toBeGreaterThan(0);
    const raw = runNag(app, true);
    for (const ack of acks) {
      // Never on the app or the stack: a stack-wide acknowledgment would cover future resources.
      expect(ack.path.split('/').length, `${ack.id} at ${ack.path}`).toBeGreaterThan(1);
      expect(ack.reason.length, `${ack.id} at ${ack.path}`).toBeGreaterThan(60);
      const used = raw.some(
        (v) =>
          v.ruleName === ack.id &&
          v.violatingResources.some((r) => r.constructPath === ack.path || r.constructPath.startsWith(`${ack.path}/`)),
      );
      expect(used, `stale acknowledgment ${ack.id} at ${ack.path}`).toBe(true);
    }
  });

  it('acknowledges IAM5 only for resource wildcards (never an action wildcard)', () => {
    const ids = new Set(acknowledgments(app).map((a) => a.id));
    for (const id of ids) {
      if (id.startsWith('AwsSolutions-IAM5')) expect(id).toMatch(/^AwsSolutions-IAM5\[Resource::/);
    }
    expect(ids.has('AwsSolutions-IAM4')).toBe(false);
  });
});

describe('MailroomFunction scheduler binding (no catalogue function has the need yet)', () => {
  let app: App;
  let stack: Stack;
  let template: Template;
  let probe: MailroomFunction;
  let scheduling: MailroomScheduling;

  beforeAll(() => {
    app = new App({ context: { ...CDK_JSON.context, 'aws:cdk:bundling-stacks': [] } });
    stack = new Stack(app, 'SchedulerProbe');
    const common = { mailDomain: 'mail.example.com', paymentProvider: 'sandbox', logRetention: logs.RetentionDays.ONE_MONTH };
    const target = new MailroomFunction(stack, 'Target', { name: 'send-scheduled', ...common });
    scheduling = new MailroomScheduling(stack, 'Scheduling', { stage: 'probe', targetFunction: target.fn });
    // A drafts-like function: the discovery entry, with the scheduler need.
    probe = new MailroomFunction(stack, 'Drafts', {
      name: 'discovery',
      spec: { ...FUNCTIONS.discovery, needs: ['scheduler', 'tableRead'] },
      ...common,
    });
    const table = new dynamodb.Table(stack, 'Table', {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    });
    probe.bindScheduler(scheduling.binding).bindTable(table, 'RO');
    template = Template.fromStack(stack);
  });

  it('sets the scheduler environment', () => {
    const vars = template.toJSON().Resources[logicalIdOf(probe.fn)].Properties.Environment.Variables;
    expect(vars[ENV.scheduleGroupName]).toBe('mailroom-drafts-probe');
    expect(vars[ENV.schedulerRoleArn]).toEqual({ 'Fn::GetAtt': [logicalIdOf(scheduling.invokeRole), 'Arn'] });
    expect(vars[ENV.sendScheduledFunctionArn]).toBeDefined();
  });

  it('grants schedule CRUD on the group and PassRole on the invoke role only', () => {
    const policy = template.toJSON().Resources[logicalIdOf(probe.role.node.findChild('DefaultPolicy') as IConstruct)];
    const statements = policy.Properties.PolicyDocument.Statement as any[];
    const sched = statements.find((s) => [s.Action].flat().includes('scheduler:CreateSchedule'));
    expect([...sched.Action].sort()).toEqual([
      'scheduler:CreateSchedule',
      'scheduler:DeleteSchedule',
      'scheduler:GetSchedule',
      'scheduler:UpdateSchedule',
    ]);
    expect(JSON.stringify(sched.Resource)).toContain(':schedule/mailroom-drafts-probe/*');
    const pass = statements.find((s) => s.Action === 'iam:PassRole');
    expect(pass.Resource).toEqual({ 'Fn::GetAtt': [logicalIdOf(scheduling.invokeRole), 'Arn'] });
    expect(pass.Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
  });

  it('passes cdk-nag with its acknowledgment, which is needed', () => {
    expect(describeViolations(runNag(stack))).toEqual([]);
    const raw = runNag(stack, true).map((v) => v.ruleName);
    expect(raw).toContain(
      'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/mailroom-drafts-probe/*]',
    );
  });

  it('fails loudly for a function whose spec names an unknown need', () => {
    const s = new Stack(app, 'BadNeed');
    const f = new MailroomFunction(s, 'Bad', {
      name: 'discovery',
      spec: { ...FUNCTIONS.discovery, needs: ['telepathy' as never] },
      mailDomain: 'mail.example.com',
      paymentProvider: 'sandbox',
      logRetention: logs.RetentionDays.ONE_MONTH,
    });
    const fake = lambda.Function.fromFunctionArn(s, 'Fake', 'arn:aws:lambda:us-east-1:123456789012:function:x');
    expect(() =>
      f.bindNeeds({
        table: undefined as never,
        bucket: undefined as never,
        webhookQueue: undefined as never,
        linkSecret: undefined as never,
        sesSending: undefined as never,
        scheduler: { scheduleGroupName: 'g', invokeRole: undefined as never, targetFunction: fake },
        stream: undefined as never,
        receiving: undefined as never,
        sesEventsFunction: undefined as never,
      }),
    ).toThrow(/no binding for need 'telepathy'/);
  });
});
