/**
 * lambdas/platform/aws/sqs.ts sends over aws4fetch (SQS's JSON protocol) instead of @aws-sdk/client-sqs:
 * what it sends, the SDK's own client receives from the emulator as sent.
 */
import { CreateQueueCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendMessageBatchCommand, SendMessageCommand, sqsClient } from '../../lambdas/platform/aws/sqs.ts';
import { startMoto, type Emulator } from '../../lib/local/moto.ts';

let moto: Emulator;
let sdk: SQSClient;
let queueUrl: string;
let saved: NodeJS.ProcessEnv;

beforeAll(async () => {
  saved = { ...process.env };
  moto = await startMoto();
  Object.assign(process.env, { AWS_ENDPOINT_URL: moto.endpoint, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });
  delete process.env.AWS_ENDPOINT_URL_SQS;
  sdk = new SQSClient({ endpoint: moto.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  queueUrl = (await sdk.send(new CreateQueueCommand({ QueueName: 'sqs-client' }))).QueueUrl!;
}, 60_000);

afterAll(async () => {
  sdk?.destroy();
  await moto?.stop();
  process.env = saved;
});

async function receiveAll(want: number): Promise<{ Body?: string; MessageAttributes?: unknown }[]> {
  const got: { Body?: string }[] = [];
  for (let i = 0; i < 10 && got.length < want; i++) {
    const r = await sdk.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1, MessageAttributeNames: ['All'] }));
    got.push(...(r.Messages ?? []));
  }
  return got;
}

describe('SQS sends without the SDK', () => {
  it('a batch arrives whole: every body as sent, Successful names every entry', async () => {
    const bodies = ['{"a":1}', 'ünïcödé 📬', 'x'.repeat(10_000)];
    const out = await sqsClient.send(new SendMessageBatchCommand({ QueueUrl: queueUrl,
      Entries: bodies.map((MessageBody, n) => ({ Id: String(n), MessageBody, DelaySeconds: 0 })) }));
    expect(out.Failed ?? []).toEqual([]);
    expect(out.Successful!.map((s) => s.Id).sort()).toEqual(['0', '1', '2']);
    expect((await receiveAll(3)).map((m) => m.Body).sort()).toEqual([...bodies].sort());
  });

  it('a single message with attributes arrives with them', async () => {
    const out = await sqsClient.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'one',
      MessageAttributes: { kind: { DataType: 'String', StringValue: 'stream' } } }));
    expect(out.MessageId).toMatch(/\S/);
    const [m] = await receiveAll(1);
    expect(m!.Body).toBe('one');
    expect(m!.MessageAttributes).toEqual({ kind: { DataType: 'String', StringValue: 'stream' } });
  });

  it('a queue that does not exist fails by its error code, not silently', async () => {
    const e = await sqsClient.send(new SendMessageBatchCommand({ QueueUrl: `${moto.endpoint}/123456789012/no-such-queue`,
      Entries: [{ Id: '0', MessageBody: 'x' }] })).catch((x: unknown) => x);
    expect((e as Error).name).toMatch(/NonExistentQueue|QueueDoesNotExist/);
  });
});
