/**
 * Monitoring: the alarms an operator of a stage is told about, all on ONE SNS topic (output
 * AlarmTopicArn; `-c alarmEmail=` subscribes an address), a CloudWatch dashboard of the same
 * metrics, and an optional monthly budget. Built with cdk-monitoring-constructs (its facade makes
 * the alarms, their dashboard widgets and annotations); the README's "Runbook: alarms" says what
 * each alarm means and what to do.
 *
 * Alarms:
 * - every dead-letter queue of the stack: a message is visible. The queues are found, not listed:
 *   every SQS queue that some resource names as its dead-letter target (a queue's redrive policy,
 *   a function's DeadLetterConfig, an async invoke's on-failure destination, an EventBridge or
 *   Scheduler target's DLQ, an SNS subscription's redrive policy), so a new DLQ is alarmed too.
 *   A DLQ that already has an alarm on its visible messages (ingest's, with the replay command in
 *   its description) keeps it and gets no second one;
 * - every catalogue function: errors and throttles;
 * - the HTTP API: 5xx responses and p99 latency;
 * - the webhook queues: age of the oldest message;
 * - SES reputation (account-wide, this region): bounce and complaint rate, at half of the rates
 *   where SES puts a sending account under review (5% bounces, 0.1% complaints).
 * Every alarm of the stack, made here or elsewhere, notifies the topic.
 *
 * Must be made last in the stack: it walks what the stack holds.
 */
import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { DefaultDashboardFactory, MonitoringFacade, SnsAlarmActionStrategy, type IMetricAdjuster } from 'cdk-monitoring-constructs';
import { Construct } from 'constructs';
import { WAIT_MAX_TIMEOUT_SECONDS } from '../../lambdas/messages/messages.schemas.ts';

/** Thresholds of the alarms: the README runbook and the infra tests read them from here. */
export const ALARM_THRESHOLDS = {
  /** SES reviews a sending account at a 5% bounce rate (pauses it at 10%): warn at half. */
  sesBounceRate: 0.025,
  /** SES reviews at a 0.1% complaint rate (pauses at 0.5%): warn at half. */
  sesComplaintRate: 0.0005,
  /** Lambda errors (or throttles) in five minutes above which a function alarms: any. */
  functionErrors: 0,
  functionThrottles: 0,
  /** HTTP API 5xx responses in five minutes above which the API alarms. */
  api5xx: 5,
  /**
   * p99 latency of the whole HTTP API: long-polls (wait, MCP) hold a request up to
   * WAIT_MAX_TIMEOUT_SECONDS by design, so only requests slower than that are a problem (API
   * Gateway cuts an integration at 30 s). Per-route latency would need detailed route metrics.
   */
  apiP99LatencySeconds: WAIT_MAX_TIMEOUT_SECONDS + 2,
  /** A retry is re-sent with a delay of up to 15 min (SQS's maximum): twice that is a backlog. */
  webhookOldestMessageSeconds: 30 * 60,
} as const;

const RUNBOOK = 'See the README, "Runbook: alarms".';

/**
 * Alarms evaluate the plain metric: the library labels metrics for the dashboard, and CDK renders a
 * labelled alarm metric as a one-entry `Metrics` query; without the label the alarm carries
 * Namespace/MetricName/Dimensions itself, as the stack's other alarms do (the dashboard keeps the labels).
 */
const UNLABELLED: IMetricAdjuster = {
  adjustMetric: (metric) => metric instanceof cloudwatch.Metric
    ? new cloudwatch.Metric({
      namespace: metric.namespace, metricName: metric.metricName, dimensionsMap: metric.dimensions as cloudwatch.DimensionsMap,
      statistic: metric.statistic, period: metric.period, unit: metric.unit, account: metric.account, region: metric.region,
    })
    : metric,
};

/** Every alarm made here: no data (an idle queue, a function not called) is not a failure. */
const ALARM_COMMON = { treatMissingDataOverride: cloudwatch.TreatMissingData.NOT_BREACHING, metricAdjuster: UNLABELLED } as const;

export interface MailroomMonitoringProps {
  /** Names the alarms, the dashboard and the budget: the stack name (Mailroom-<stage>). */
  readonly namePrefix: string;
  /** Functions whose errors and throttles alarm, by catalogue name. */
  readonly functions: Readonly<Record<string, lambda.IFunction>>;
  readonly httpApi: apigw.IHttpApi;
  /** Queues whose oldest message's age alarms (webhook delivery lanes). */
  readonly webhookQueues: readonly sqs.IQueue[];
  /** Subscribed to the topic by email (the address confirms the subscription). */
  readonly alarmEmail?: string;
  /** A monthly AWS cost budget (USD) notifying the topic at 80% actual and 100% forecast. */
  readonly monthlyBudgetUsd?: number;
}

export class MailroomMonitoring extends Construct {
  readonly topic: sns.Topic;
  readonly topicKey: kms.Key;
  readonly facade: MonitoringFacade;
  readonly dashboard: cloudwatch.Dashboard;
  /** The dead-letter queues found in the stack (CloudFormation queues), each with its alarm. */
  readonly deadLetterQueues: readonly sqs.CfnQueue[];
  readonly budget?: budgets.CfnBudget;

  constructor(scope: Construct, id: string, props: MailroomMonitoringProps) {
    super(scope, id);
    const stack = Stack.of(this);

    // CloudWatch (and Budgets) publish to the topic, so its key is a customer managed key whose
    // policy lets them use it: the AWS managed aws/sns key cannot be shared with a service.
    this.topicKey = new kms.Key(this, 'AlarmTopicKey', {
      description: `${props.namePrefix}: encrypts the alarm topic`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    this.topic = new sns.Topic(this, 'AlarmTopic', {
      displayName: `${props.namePrefix} alarms`,
      masterKey: this.topicKey,
      enforceSSL: true,
    });
    this.allowPublisher('cloudwatch.amazonaws.com', stack.formatArn({ service: 'cloudwatch', resource: 'alarm', resourceName: '*', arnFormat: ArnFormat.COLON_RESOURCE_NAME }));
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));

    const dashboards = new DefaultDashboardFactory(this, 'Dashboards', {
      dashboardNamePrefix: props.namePrefix,
      createDashboard: true,
      createSummaryDashboard: false,
      createAlarmDashboard: false,
      detailDashboardRange: Duration.hours(24),
    });
    this.facade = new MonitoringFacade(this, 'Facade', {
      alarmFactoryDefaults: {
        alarmNamePrefix: props.namePrefix,
        actionsEnabled: true,
        action: new SnsAlarmActionStrategy({ onAlarmTopic: this.topic }),
        datapointsToAlarm: 1,
        evaluationPeriods: 1,
      },
      metricFactoryDefaults: { period: Duration.minutes(5) },
      dashboardFactory: dashboards,
    });
    this.dashboard = dashboards.dashboard!;

    // Alarms made elsewhere in the stack notify the same topic.
    const existingAlarms = stack.node.findAll().filter((c): c is cloudwatch.Alarm => c instanceof cloudwatch.Alarm);
    for (const alarm of existingAlarms) alarm.addAlarmAction(new cwActions.SnsAction(this.topic));

    // 1. Dead-letter queues.
    this.deadLetterQueues = findDeadLetterQueues(stack);
    this.facade.addLargeHeader('Dead-letter queues (each message is work that failed for good)');
    this.deadLetterQueues.forEach((cfnQueue, i) => {
      const queue = queueOf(stack, cfnQueue) ?? sqs.Queue.fromQueueAttributes(this, `DeadLetterQueue${i}`, {
        queueArn: cfnQueue.attrArn,
        queueName: cfnQueue.attrQueueName,
      });
      const path = cfnQueue.node.scope!.node.path.replace(`${stack.node.path}/`, '');
      const watched = existingAlarms.some((a) => watchesVisibleMessages(stack, a, cfnQueue));
      this.facade.monitorSqsQueue({
        queue,
        humanReadableName: `DLQ ${path}`,
        alarmFriendlyName: `DLQ-${path.replace(/[^A-Za-z0-9-]/g, '-')}`,
        addQueueMaxSizeAlarm: watched ? undefined : {
          Critical: {
            maxMessageCount: 0,
            ...ALARM_COMMON,
            alarmDescriptionOverride: `A message is in the dead-letter queue ${path}: work that failed all its retries. ${RUNBOOK}`,
          },
        },
      });
    });

    // 2. Functions: errors and throttles.
    this.facade.addLargeHeader('Functions');
    for (const [name, fn] of Object.entries(props.functions)) {
      this.facade.monitorLambdaFunction({
        lambdaFunction: fn,
        humanReadableName: `Function ${name}`,
        alarmFriendlyName: `Fn-${name}`,
        addFaultCountAlarm: { Critical: {
          maxErrorCount: ALARM_THRESHOLDS.functionErrors,
          ...ALARM_COMMON,
          alarmDescriptionOverride: `Function ${name} failed (an uncaught error or a timeout) in the last 5 minutes. ${RUNBOOK}`,
        } },
        addThrottlesCountAlarm: { Critical: {
          maxErrorCount: ALARM_THRESHOLDS.functionThrottles,
          ...ALARM_COMMON,
          alarmDescriptionOverride: `Function ${name} was throttled (its reserved or the account's concurrency is used up) in the last 5 minutes. ${RUNBOOK}`,
        } },
      });
    }

    // 3. HTTP API and webhook queues.
    this.facade.addLargeHeader('HTTP API and webhook delivery');
    this.facade.monitorApiGatewayV2HttpApi({
      api: props.httpApi,
      humanReadableName: 'HTTP API',
      alarmFriendlyName: 'HttpApi',
      add5xxCountAlarm: { Critical: {
        maxErrorCount: ALARM_THRESHOLDS.api5xx,
        ...ALARM_COMMON,
        alarmDescriptionOverride: `The HTTP API answered more than ${ALARM_THRESHOLDS.api5xx} 5xx responses in 5 minutes. ${RUNBOOK}`,
      } },
      addLatencyP99Alarm: {
        Warning: {
          maxLatency: Duration.seconds(ALARM_THRESHOLDS.apiP99LatencySeconds),
          datapointsToAlarm: 3,
          evaluationPeriods: 3,
          ...ALARM_COMMON,
          alarmDescriptionOverride: `The HTTP API's p99 latency stayed above ${ALARM_THRESHOLDS.apiP99LatencySeconds} s (beyond the longest long-poll) for 15 minutes. ${RUNBOOK}`,
        },
      },
    });
    props.webhookQueues.forEach((queue) => {
      const path = queue.node.path.replace(`${stack.node.path}/`, '');
      this.facade.monitorSqsQueue({
        queue,
        humanReadableName: `Queue ${path}`,
        alarmFriendlyName: `Queue-${path.replace(/[^A-Za-z0-9-]/g, '-')}`,
        addQueueMaxMessageAgeAlarm: {
          Warning: {
            maxAgeInSeconds: ALARM_THRESHOLDS.webhookOldestMessageSeconds,
            datapointsToAlarm: 2,
            evaluationPeriods: 2,
            ...ALARM_COMMON,
            alarmDescriptionOverride: `Webhook queue ${path} holds a message older than ${ALARM_THRESHOLDS.webhookOldestMessageSeconds / 60} minutes: deliveries are backing up. ${RUNBOOK}`,
          },
        },
      });
    });

    // 4. SES reputation: account-wide metrics of this region (no dimensions), what SES reviews.
    const reputation = (metricName: string, label: string) => new cloudwatch.Metric({
      namespace: 'AWS/SES', metricName, label, statistic: cloudwatch.Stats.MAXIMUM, period: Duration.hours(1),
    });
    this.facade.monitorCustom({
      humanReadableName: 'SES sending reputation (account, this region)',
      alarmFriendlyName: 'SesReputation',
      metricGroups: [
        {
          title: 'Bounce rate',
          metrics: [{
            metric: reputation('Reputation.BounceRate', 'Bounce rate'),
            alarmFriendlyName: 'SesBounceRate',
            addAlarm: {
              Warning: {
                threshold: ALARM_THRESHOLDS.sesBounceRate,
                comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
                ...ALARM_COMMON,
                alarmDescriptionOverride: `SES bounce rate of the account is ${ALARM_THRESHOLDS.sesBounceRate * 100}% or more; SES reviews the account at 5% and may pause sending at 10%. ${RUNBOOK}`,
              },
            },
          }],
        },
        {
          title: 'Complaint rate',
          metrics: [{
            metric: reputation('Reputation.ComplaintRate', 'Complaint rate'),
            alarmFriendlyName: 'SesComplaintRate',
            addAlarm: {
              Warning: {
                threshold: ALARM_THRESHOLDS.sesComplaintRate,
                comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
                ...ALARM_COMMON,
                alarmDescriptionOverride: `SES complaint rate of the account is ${ALARM_THRESHOLDS.sesComplaintRate * 100}% or more; SES reviews the account at 0.1% and may pause sending at 0.5%. ${RUNBOOK}`,
              },
            },
          }],
        },
      ],
    });

    // 5. Budget: whole-account cost (cost allocation tags need activating by hand before a
    // stage's own cost can be filtered), told at 80% actual and 100% forecast.
    if (props.monthlyBudgetUsd !== undefined) {
      const budgetName = `${props.namePrefix}-monthly`;
      this.allowPublisher('budgets.amazonaws.com', stack.formatArn({ service: 'budgets', region: '', resource: 'budget', resourceName: budgetName }));
      const notify = (notificationType: 'ACTUAL' | 'FORECASTED', threshold: number): budgets.CfnBudget.NotificationWithSubscribersProperty => ({
        notification: { notificationType, comparisonOperator: 'GREATER_THAN', threshold, thresholdType: 'PERCENTAGE' },
        subscribers: [{ subscriptionType: 'SNS', address: this.topic.topicArn }],
      });
      this.budget = new budgets.CfnBudget(this, 'MonthlyBudget', {
        budget: {
          budgetName,
          budgetType: 'COST',
          timeUnit: 'MONTHLY',
          budgetLimit: { amount: props.monthlyBudgetUsd, unit: 'USD' },
        },
        notificationsWithSubscribers: [notify('ACTUAL', 80), notify('FORECASTED', 100)],
      });
      // The topic policy must allow Budgets before the budget checks the subscriber.
      this.budget.node.addDependency(this.topic);
    }
  }

  /** Let an AWS service publish to the topic (and use its key), for this account's sources only. */
  private allowPublisher(service: string, sourceArn: string): void {
    const stack = Stack.of(this);
    this.topic.addToResourcePolicy(new iam.PolicyStatement({
      sid: `Allow${service.split('.')[0]}Publish`,
      principals: [new iam.ServicePrincipal(service)],
      actions: ['sns:Publish'],
      resources: [this.topic.topicArn],
      conditions: { StringEquals: { 'aws:SourceAccount': stack.account }, ArnLike: { 'aws:SourceArn': sourceArn } },
    }));
    // The key only protects this topic; the topic policy above is what scopes the publisher.
    this.topicKey.addToResourcePolicy(new iam.PolicyStatement({
      sid: `Allow${service.split('.')[0]}UseOfTheKey`,
      principals: [new iam.ServicePrincipal(service)],
      actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      resources: ['*'],
    }));
  }
}

/**
 * Every SQS queue of the stack that a resource names as its dead-letter target, in tree order.
 * Read from the CloudFormation resources, so it holds however the target was set.
 */
export function findDeadLetterQueues(stack: Stack): sqs.CfnQueue[] {
  // Properties may be tokens (an L2 renders some lazily): resolved first, keys stay camelCase.
  const r = (v: unknown): any => stack.resolve(v);
  const targets: unknown[] = [];
  for (const c of stack.node.findAll()) {
    if (c instanceof sqs.CfnQueue) targets.push(r(c.redrivePolicy)?.deadLetterTargetArn);
    else if (c instanceof lambda.CfnFunction) targets.push(r(c.deadLetterConfig)?.targetArn);
    else if (c instanceof lambda.CfnEventInvokeConfig) targets.push(r(c.destinationConfig)?.onFailure?.destination);
    else if (c instanceof events.CfnRule) for (const t of r(c.targets) ?? []) targets.push(t?.deadLetterConfig?.arn);
    else if (c instanceof scheduler.CfnSchedule) targets.push(r(c.target)?.deadLetterConfig?.arn);
    else if (c instanceof sns.CfnSubscription) targets.push(r(c.redrivePolicy)?.deadLetterTargetArn);
  }
  const queues = new Map<string, sqs.CfnQueue>();
  for (const q of stack.node.findAll()) if (q instanceof sqs.CfnQueue) queues.set(stack.getLogicalId(q), q);
  const found = new Set<sqs.CfnQueue>();
  for (const target of targets) {
    // An ARN of a queue of this stack resolves to { Fn::GetAtt: [<logical id>, 'Arn'] }.
    const resolved = JSON.stringify(target ?? null);
    for (const [logicalId, queue] of queues) if (resolved.includes(`"${logicalId}"`)) found.add(queue);
  }
  return [...queues.values()].filter((q) => found.has(q));
}

/** The L2 queue whose CloudFormation queue this is, when there is one. */
function queueOf(stack: Stack, cfnQueue: sqs.CfnQueue): sqs.IQueue | undefined {
  return stack.node.findAll().find((c): c is sqs.Queue => c instanceof sqs.Queue && c.node.defaultChild === cfnQueue);
}

/** Whether an alarm watches the visible messages of this queue. */
function watchesVisibleMessages(stack: Stack, alarm: cloudwatch.Alarm, cfnQueue: sqs.CfnQueue): boolean {
  const metric = alarm.metric;
  if (!(metric instanceof cloudwatch.Metric)) return false;
  if (metric.namespace !== 'AWS/SQS' || metric.metricName !== 'ApproximateNumberOfMessagesVisible') return false;
  const queueName = metric.dimensions?.['QueueName'];
  return JSON.stringify(stack.resolve(queueName)) === JSON.stringify(stack.resolve(cfnQueue.attrQueueName));
}
