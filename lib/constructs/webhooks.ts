/**
 * Webhooks: the delivery queue (a retry re-enqueues the event with DelaySeconds = backoff), its
 * dead-letter queue for poison messages, and the SQS event source of the webhook-deliver
 * function with partial batch failures. Settings are shared with the local stack.
 */
import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { RESOURCE_SETTINGS } from '../resource-settings.ts';

export interface MailroomWebhooksProps {
  /** The webhook-deliver function: consumes the queue. */
  readonly deliverFunction: lambda.IFunction;
}

export class MailroomWebhooks extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;

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

    props.deliverFunction.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: settings.batchSize,
        reportBatchItemFailures: true,
      }),
    );
  }
}
