import { DeleteMessageBatchCommand, GetQueueAttributesCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

export type SqsHandler = (event: SQSEvent) => Promise<SQSBatchResponse | void>;

export interface SqsPollerOptions {
  queueUrl: string;
  batchSize: number;
  handler: SqsHandler;
  /** Parallel pollers, like Lambda's concurrent batches. */
  concurrency?: number;
  /** Long-poll wait; short so Ctrl-C is quick. */
  waitSeconds?: number;
}

/**
 * The Lambda SQS event source stand-in: receives batches (DelaySeconds honoured by the queue),
 * invokes the handler, deletes what succeeded, and leaves reported failures — or the whole batch
 * when the handler throws — for the queue to redeliver after the visibility timeout, and to move
 * to the DLQ after maxReceiveCount, exactly as the deployed event source mapping does.
 */
export function startSqsPoller(o: SqsPollerOptions) {
  const sqs = new SQSClient({});
  let running = true;
  let arn = '';
  const loops: Promise<void>[] = [];

  const pollOnce = async () => {
    const res = await sqs.send(new ReceiveMessageCommand({
      QueueUrl: o.queueUrl, MaxNumberOfMessages: o.batchSize, WaitTimeSeconds: o.waitSeconds ?? 1,
      MessageSystemAttributeNames: ['All'], MessageAttributeNames: ['All'],
    }));
    const messages = res.Messages ?? [];
    if (!messages.length) return;
    const event: SQSEvent = {
      Records: messages.map((m) => ({
        messageId: m.MessageId!, receiptHandle: m.ReceiptHandle!, body: m.Body ?? '',
        attributes: {
          ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1',
          SentTimestamp: m.Attributes?.SentTimestamp ?? String(Date.now()),
          SenderId: m.Attributes?.SenderId ?? 'local',
          ApproximateFirstReceiveTimestamp: m.Attributes?.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
        },
        messageAttributes: {}, md5OfBody: m.MD5OfBody ?? '', eventSource: 'aws:sqs', eventSourceARN: arn, awsRegion: process.env.AWS_REGION ?? 'us-east-1',
      })),
    };
    let failed = new Set<string>();
    try {
      const out = await o.handler(event);
      failed = new Set((out?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
    } catch (e) {
      console.error(JSON.stringify({ level: 'error', message: 'SQS handler threw; the whole batch returns to the queue', error: String(e) }));
      failed = new Set(messages.map((m) => m.MessageId!));
    }
    const done = messages.filter((m) => !failed.has(m.MessageId!));
    if (done.length) {
      await sqs.send(new DeleteMessageBatchCommand({ QueueUrl: o.queueUrl, Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })) }));
    }
  };

  const loop = async () => {
    while (running) {
      try {
        await pollOnce();
      } catch (e) {
        if (running) {
          console.error(JSON.stringify({ level: 'error', message: 'SQS poll failed', error: String(e) }));
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    }
  };

  const ready = sqs.send(new GetQueueAttributesCommand({ QueueUrl: o.queueUrl, AttributeNames: ['QueueArn'] }))
    .then((r) => { arn = r.Attributes?.QueueArn ?? ''; })
    .then(() => { for (let i = 0; i < (o.concurrency ?? 2); i++) loops.push(loop()); });

  return {
    ready,
    stop: async () => {
      running = false;
      await ready.catch(() => undefined);
      await Promise.all(loops);
    },
  };
}
