/**
 * Webhooks: the delivery queue (a retry re-enqueues the event with DelaySeconds = backoff), its
 * dead-letter queue for poison messages, and the SQS event source of the webhook-deliver
 * function with partial batch failures. Settings are shared with the local stack.
 *
 * Two lanes, each its own queue and event source with its own maximum concurrency: every job
 * starts on the fast lane; a receiver that answers slower than its share several times in a row
 * is moved to the slow lane (webhook-deliver forwards its jobs there), so it can only fill that.
 *
 * Events are written in the same transaction as the change they announce (outbox) and
 * dispatched right after it; a one-minute schedule invokes webhook-deliver to sweep any event
 * whose writer died before dispatching it, so no event is lost.
 */
import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { RESOURCE_SETTINGS } from '../../lambdas/platform/resource-settings.ts';

export interface MailroomWebhooksProps {
  /** The webhook-deliver function: consumes the queue. */
  readonly deliverFunction: lambda.IFunction;
}

export class MailroomWebhooks extends Construct {
  readonly queue: sqs.Queue;
  /** The slow lane: jobs of receivers slower than their share (lambdas/events/webhook-delivery.ts). */
  readonly slowQueue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly sweepRule: events.Rule;

  constructor(scope: Construct, id: string, props: MailroomWebhooksProps) {
    super(scope, id);
    const settings = RESOURCE_SETTINGS.webhookQueue;

    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(settings.dlqRetentionDays),
    });

    this.queue = new sqs.Queue(this, 'Deliveries', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(settings.visibilityTimeoutSeconds),
      retentionPeriod: Duration.days(settings.retentionDays),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: settings.maxReceiveCount },
    });

    this.slowQueue = new sqs.Queue(this, 'SlowDeliveries', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(settings.visibilityTimeoutSeconds),
      retentionPeriod: Duration.days(settings.retentionDays),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: settings.maxReceiveCount },
    });

    for (const [queue, maxConcurrency] of [[this.queue, settings.fastLaneMaxConcurrency], [this.slowQueue, settings.slowLaneMaxConcurrency]] as const) {
      props.deliverFunction.addEventSource(
        new SqsEventSource(queue, {
          batchSize: settings.batchSize,
          reportBatchItemFailures: true,
          maxConcurrency,
        }),
      );
    }

    this.sweepRule = new events.Rule(this, 'SweepUndispatchedEvents', {
      description: 'Dispatches webhook events whose writer stopped before dispatching them',
      schedule: events.Schedule.rate(Duration.minutes(1)),
      targets: [new targets.LambdaFunction(props.deliverFunction, { retryAttempts: 2 })],
    });
  }
}
