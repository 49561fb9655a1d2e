/**
 * Operations built in (lib/constructs/monitoring.ts): the alarms an operator is told about, all on
 * one SNS topic, the dashboard and the optional budget, asserted on the synthesized template.
 * Dead-letter queues are found here from the template itself (whatever names a queue as its
 * dead-letter target), so a DLQ added to the stack without an alarm fails this file.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { beforeAll, describe, expect, it } from 'vitest';
import { functionsOf } from '../../lambdas/functions.ts';
import { logicalIdOf } from '../../lib/constructs/mailroom-function.ts';
import { ALARM_THRESHOLDS, MailroomMonitoring } from '../../lib/constructs/monitoring.ts';
import type { MailroomStack } from '../../lib/mailroom-stack.ts';
import { synthMailroom } from './synth.ts';

type Resources = Record<string, { Type: string; Properties: any; DependsOn?: string[] }>;

interface WatchedMetric {
  namespace: string;
  name: string;
  dimensions: Record<string, unknown>;
  stat: string;
}

/** The metric an alarm evaluates: its own, or the one metric its math returns. */
function metricOf(props: any): WatchedMetric {
  if (props.MetricName) {
    return {
      namespace: props.Namespace,
      name: props.MetricName,
      dimensions: Object.fromEntries((props.Dimensions ?? []).map((d: any) => [d.Name, d.Value])),
      stat: props.Statistic ?? props.ExtendedStatistic,
    };
  }
  const returned = (props.Metrics as any[]).filter((m) => m.ReturnData !== false);
  expect(returned).toHaveLength(1);
  const stat = returned[0].MetricStat;
  expect(stat, 'alarm on a metric (not math)').toBeDefined();
  return {
    namespace: stat.Metric.Namespace,
    name: stat.Metric.MetricName,
    dimensions: Object.fromEntries((stat.Metric.Dimensions ?? []).map((d: any) => [d.Name, d.Value])),
    stat: stat.Stat,
  };
}

const alarmsOf = (resources: Resources) =>
  Object.entries(resources).filter(([, r]) => r.Type === 'AWS::CloudWatch::Alarm').map(([id, r]) => ({ id, props: r.Properties, metric: metricOf(r.Properties) }));

/** Whether the alarm fires on a value of `value` or more (and not below). */
function firesAtOrAbove(props: any, value: number): boolean {
  if (props.ComparisonOperator === 'GreaterThanThreshold') return props.Threshold < value;
  if (props.ComparisonOperator === 'GreaterThanOrEqualToThreshold') return props.Threshold <= value;
  return false;
}

/** Logical ids of the SQS queues that some resource of the template names as its dead-letter target. */
function deadLetterQueuesOf(resources: Resources): string[] {
  const arns: unknown[] = [];
  for (const r of Object.values(resources)) {
    const p = r.Properties ?? {};
    if (r.Type === 'AWS::SQS::Queue') arns.push(p.RedrivePolicy?.deadLetterTargetArn);
    if (r.Type === 'AWS::SNS::Subscription') arns.push(p.RedrivePolicy?.deadLetterTargetArn);
    if (r.Type === 'AWS::Lambda::Function') arns.push(p.DeadLetterConfig?.TargetArn);
    if (r.Type === 'AWS::Lambda::EventInvokeConfig') arns.push(p.DestinationConfig?.OnFailure?.Destination);
    if (r.Type === 'AWS::Events::Rule') for (const t of p.Targets ?? []) arns.push(t.DeadLetterConfig?.Arn);
    if (r.Type === 'AWS::Scheduler::Schedule') arns.push(p.Target?.DeadLetterConfig?.Arn);
  }
  const queues = Object.keys(resources).filter((id) => resources[id]!.Type === 'AWS::SQS::Queue');
  return queues.filter((id) => arns.some((arn) => JSON.stringify(arn ?? null) === JSON.stringify({ 'Fn::GetAtt': [id, 'Arn'] })));
}

const alarmTopicId = (resources: Resources, stack: MailroomStack) => {
  const id = logicalIdOf(stack.monitoring.topic);
  expect(resources[id]?.Type).toBe('AWS::SNS::Topic');
  return id;
};

describe('Monitoring (default context: no alarmEmail, no budget)', () => {
  let stack: MailroomStack;
  let resources: Resources;
  let topicId: string;

  beforeAll(() => {
    const synth = synthMailroom({ skipBundling: true });
    stack = synth.stack;
    resources = synth.template.toJSON().Resources;
    topicId = alarmTopicId(resources, stack);
  });

  it('alarms on every dead-letter queue of the template as soon as one message is visible', () => {
    const dlqs = deadLetterQueuesOf(resources);
    // The async-invoke DLQ, ingest's, and the webhook lanes' (both lanes redrive to one).
    expect(dlqs).toEqual(expect.arrayContaining([
      logicalIdOf(stack.asyncDeadLetterQueue), logicalIdOf(stack.ingestDeadLetterQueue), logicalIdOf(stack.webhooks.deadLetterQueue),
    ]));
    const alarms = alarmsOf(resources);
    for (const dlq of dlqs) {
      const watching = alarms.filter((a) =>
        a.metric.namespace === 'AWS/SQS' && a.metric.name === 'ApproximateNumberOfMessagesVisible'
        && JSON.stringify(a.metric.dimensions['QueueName']) === JSON.stringify({ 'Fn::GetAtt': [dlq, 'QueueName'] }));
      expect(watching, `alarms on dead-letter queue ${dlq}`).toHaveLength(1);
      const [alarm] = watching;
      expect(alarm!.metric.stat).toBe('Maximum');
      expect(firesAtOrAbove(alarm!.props, 1)).toBe(true);
      expect(firesAtOrAbove(alarm!.props, 0)).toBe(false);
      expect(alarm!.props.AlarmActions).toEqual([{ Ref: topicId }]);
    }
  });

  it('alarms on errors and on throttles of every catalogue function', () => {
    const alarms = alarmsOf(resources);
    for (const name of functionsOf({ testMode: false })) {
      const fnRef = { Ref: logicalIdOf(stack.functionOf(name).fn) };
      for (const metricName of ['Errors', 'Throttles']) {
        const found = alarms.filter((a) => a.metric.namespace === 'AWS/Lambda' && a.metric.name === metricName
          && JSON.stringify(a.metric.dimensions['FunctionName']) === JSON.stringify(fnRef));
        expect(found, `${metricName} alarm of ${name}`).toHaveLength(1);
        expect(found[0]!.metric.stat).toBe('Sum');
        expect(firesAtOrAbove(found[0]!.props, 1), `${metricName} of ${name}: one is enough`).toBe(true);
      }
    }
  });

  it('alarms on the HTTP API 5xx count and on its p99 latency above the longest long-poll', () => {
    const apiRef = JSON.stringify({ Ref: logicalIdOf(stack.api.httpApi) });
    const onApi = alarmsOf(resources).filter((a) => a.metric.namespace === 'AWS/ApiGateway' && JSON.stringify(a.metric.dimensions['ApiId']) === apiRef);
    const fiveXx = onApi.find((a) => a.metric.name === '5xx');
    expect(fiveXx?.metric.stat).toBe('Sum');
    expect(firesAtOrAbove(fiveXx!.props, ALARM_THRESHOLDS.api5xx + 1)).toBe(true);
    const latency = onApi.find((a) => a.metric.name === 'Latency');
    expect(latency?.metric.stat).toBe('p99');
    // Milliseconds; a wait long-poll legitimately lasts up to 25 s.
    expect(latency!.props.Threshold).toBe(ALARM_THRESHOLDS.apiP99LatencySeconds * 1000);
    expect(latency!.props.Threshold).toBeGreaterThan(25_000);
    expect(latency!.props.Threshold).toBeLessThan(30_000);
  });

  it('alarms on the age of the oldest message of each webhook lane', () => {
    const alarms = alarmsOf(resources);
    for (const queue of [stack.webhooks.queue, stack.webhooks.slowQueue]) {
      const found = alarms.filter((a) => a.metric.name === 'ApproximateAgeOfOldestMessage'
        && JSON.stringify(a.metric.dimensions['QueueName']) === JSON.stringify({ 'Fn::GetAtt': [logicalIdOf(queue), 'QueueName'] }));
      expect(found, queue.node.path).toHaveLength(1);
      // Above the longest retry delay SQS allows (15 min), so a retry waiting its turn is no alarm.
      expect(found[0]!.props.Threshold).toBeGreaterThan(15 * 60);
    }
  });

  it('warns on the SES bounce and complaint rates at half of the rates where SES reviews the account', () => {
    const alarms = alarmsOf(resources).filter((a) => a.metric.namespace === 'AWS/SES');
    const bounce = alarms.find((a) => a.metric.name === 'Reputation.BounceRate');
    const complaint = alarms.find((a) => a.metric.name === 'Reputation.ComplaintRate');
    // Account-wide (no dimensions): the rates SES itself looks at. Rates are fractions (0.05 = 5%).
    expect(bounce?.metric.dimensions).toEqual({});
    expect(complaint?.metric.dimensions).toEqual({});
    expect(bounce!.props.Threshold).toBe(0.025);
    expect(complaint!.props.Threshold).toBe(0.0005);
    expect(firesAtOrAbove(bounce!.props, 0.025)).toBe(true);
    expect(firesAtOrAbove(bounce!.props, 0.05)).toBe(true); // SES review: 5%
    expect(firesAtOrAbove(complaint!.props, 0.0005)).toBe(true);
    expect(firesAtOrAbove(complaint!.props, 0.001)).toBe(true); // SES review: 0.1%
    expect(bounce!.props.TreatMissingData).toBe('notBreaching');
  });

  it('sends every alarm of the stack to the one alarm topic', () => {
    const alarms = alarmsOf(resources);
    expect(alarms.length).toBeGreaterThan(2 * functionsOf({ testMode: false }).length);
    for (const a of alarms) {
      expect(a.props.AlarmActions, a.id).toEqual([{ Ref: topicId }]);
      expect(a.props.ActionsEnabled ?? true, a.id).toBe(true);
      expect(String(a.props.AlarmDescription).length, a.id).toBeGreaterThan(30);
    }
    expect(Object.values(resources).filter((r) => r.Type === 'AWS::CloudWatch::CompositeAlarm')).toEqual([]);
  });

  it('encrypts the topic with a rotating key that CloudWatch may use, and lets CloudWatch of this account publish', () => {
    const topic = resources[topicId]!.Properties;
    const keyId = topic.KmsMasterKeyId['Fn::GetAtt'][0];
    expect(resources[keyId]!.Properties.EnableKeyRotation).toBe(true);
    const keyStatements = resources[keyId]!.Properties.KeyPolicy.Statement as any[];
    expect(keyStatements.some((s) => s.Principal?.Service === 'cloudwatch.amazonaws.com' && [s.Action].flat().includes('kms:GenerateDataKey*'))).toBe(true);
    const policy = Object.values(resources).find((r) => r.Type === 'AWS::SNS::TopicPolicy' && JSON.stringify(r.Properties.Topics) === JSON.stringify([{ Ref: topicId }]))!;
    const statements = policy.Properties.PolicyDocument.Statement as any[];
    expect(statements.some((s) => s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false')).toBe(true);
    const cw = statements.find((s) => s.Principal?.Service === 'cloudwatch.amazonaws.com');
    expect(cw.Action).toBe('sns:Publish');
    expect(cw.Condition.StringEquals['aws:SourceAccount']).toEqual({ Ref: 'AWS::AccountId' });
  });

  it('has no email subscription and no budget without alarmEmail and monthlyBudgetUsd, and outputs the topic ARN', () => {
    const subscriptions = Object.values(resources).filter((r) => r.Type === 'AWS::SNS::Subscription' && JSON.stringify(r.Properties.TopicArn) === JSON.stringify({ Ref: topicId }));
    expect(subscriptions).toEqual([]);
    expect(Object.values(resources).filter((r) => r.Type === 'AWS::Budgets::Budget')).toEqual([]);
    expect(Template.fromStack(stack).toJSON().Outputs.AlarmTopicArn.Value).toEqual({ Ref: topicId });
  });

  it('has a dashboard with the alarmed metrics', () => {
    const dashboards = Object.values(resources).filter((r) => r.Type === 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]!.Properties.DashboardBody);
    for (const metric of ['ApproximateNumberOfMessagesVisible', 'Throttles', 'Reputation.BounceRate', 'Reputation.ComplaintRate', 'ApproximateAgeOfOldestMessage']) {
      expect(body).toContain(metric);
    }
  });
});

describe('Monitoring with -c alarmEmail and -c monthlyBudgetUsd', () => {
  let stack: MailroomStack;
  let resources: Resources;
  let topicId: string;

  beforeAll(() => {
    const synth = synthMailroom({ skipBundling: true, context: { alarmEmail: 'ops@mailroom.test', monthlyBudgetUsd: '75' } });
    stack = synth.stack;
    resources = synth.template.toJSON().Resources;
    topicId = alarmTopicId(resources, stack);
  });

  it('subscribes the address to the alarm topic by email', () => {
    const subscriptions = Object.values(resources).filter((r) => r.Type === 'AWS::SNS::Subscription' && JSON.stringify(r.Properties.TopicArn) === JSON.stringify({ Ref: topicId }));
    expect(subscriptions.map((s) => [s.Properties.Protocol, s.Properties.Endpoint])).toEqual([['email', 'ops@mailroom.test']]);
  });

  it('makes a monthly cost budget that notifies the alarm topic, which Budgets may publish to', () => {
    const budgets = Object.values(resources).filter((r) => r.Type === 'AWS::Budgets::Budget');
    expect(budgets).toHaveLength(1);
    const budget = budgets[0]!.Properties;
    expect(budget.Budget).toMatchObject({ BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 75, Unit: 'USD' } });
    expect(budget.NotificationsWithSubscribers.length).toBeGreaterThan(0);
    for (const n of budget.NotificationsWithSubscribers) expect(n.Subscribers).toEqual([{ SubscriptionType: 'SNS', Address: { Ref: topicId } }]);
    const policy = Object.values(resources).find((r) => r.Type === 'AWS::SNS::TopicPolicy' && JSON.stringify(r.Properties.Topics) === JSON.stringify([{ Ref: topicId }]))!;
    const statement = (policy.Properties.PolicyDocument.Statement as any[]).find((s) => s.Principal?.Service === 'budgets.amazonaws.com');
    expect(statement.Action).toBe('sns:Publish');
    expect(statement.Condition.StringEquals['aws:SourceAccount']).toEqual({ Ref: 'AWS::AccountId' });
    const keyId = resources[topicId]!.Properties.KmsMasterKeyId['Fn::GetAtt'][0];
    expect((resources[keyId]!.Properties.KeyPolicy.Statement as any[]).some((s) => s.Principal?.Service === 'budgets.amazonaws.com')).toBe(true);
  });
});

describe('Monitoring context values', () => {
  it('refuses an alarmEmail that is not an email address, naming alarmEmail', () => {
    expect(() => synthMailroom({ skipBundling: true, context: { alarmEmail: 'ops-team' } })).toThrow(/Context 'alarmEmail' must be an email address/);
  });

  it('refuses a monthlyBudgetUsd that is not a positive number, naming monthlyBudgetUsd', () => {
    for (const bad of ['0', '-5', 'fifty']) {
      expect(() => synthMailroom({ skipBundling: true, context: { monthlyBudgetUsd: bad } })).toThrow(/Context 'monthlyBudgetUsd' must be a number of US dollars above 0/);
    }
  });
});

describe('MailroomMonitoring finds dead-letter queues it was not told about', () => {
  it('alarms on a new queue that another queue redrives to', () => {
    const app = new App();
    const stack = new Stack(app, 'Probe');
    const dlq = new sqs.Queue(stack, 'NewDeadLetters', { enforceSSL: true });
    new sqs.Queue(stack, 'Work', { enforceSSL: true, deadLetterQueue: { queue: dlq, maxReceiveCount: 3 } });
    new MailroomMonitoring(stack, 'Monitoring', {
      namePrefix: 'Probe',
      functions: {},
      httpApi: new apigw.HttpApi(stack, 'Api'),
      webhookQueues: [],
    });
    const resources: Resources = Template.fromStack(stack).toJSON().Resources;
    expect(deadLetterQueuesOf(resources)).toEqual([logicalIdOf(dlq)]);
    const alarm = alarmsOf(resources).find((a) => a.metric.name === 'ApproximateNumberOfMessagesVisible');
    expect(alarm?.metric.dimensions['QueueName']).toEqual({ 'Fn::GetAtt': [logicalIdOf(dlq), 'QueueName'] });
  });
});
