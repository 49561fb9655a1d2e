/**
 * The emulator's state file (lib/local/moto_server.py) across a restart of the local stack: SQS
 * jobs that a consumer had received but not finished are visible again at once, because the
 * stack's consumers (lib/local/sqs-poller.ts) died with the process that saved them. Without
 * that, a kill -9 in the middle of a delivery run held those jobs back for the queue's visibility
 * timeout (webhook-deliver's: 6 minutes).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateQueueCommand, DeleteMessageCommand, GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient,
} from '@aws-sdk/client-sqs';
import { afterAll, describe, expect, it } from 'vitest';
import { startMoto, type Emulator } from '../../lib/local/moto.ts';

const dir = mkdtempSync(join(tmpdir(), 'mailroom-emulator-restart-'));
const running: Emulator[] = [];
const clients: SQSClient[] = [];

async function emulator(stateFile: string) {
  const moto = await startMoto({ stateFile });
  running.push(moto);
  const sqs = new SQSClient({ endpoint: moto.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  clients.push(sqs);
  return { moto, sqs };
}

afterAll(async () => {
  for (const c of clients) c.destroy();
  for (const m of running) await m.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the emulator state across a restart', () => {
  it('a job in flight when the stack stopped is visible again at once; delayed and finished jobs stay as they were', async () => {
    const stateFile = join(dir, 'aws-state.pickle');
    const first = await emulator(stateFile);
    // webhook-deliver's queue settings: a received job is hidden from others for 6 minutes.
    const { QueueUrl } = await first.sqs.send(new CreateQueueCommand({ QueueName: 'deliver', Attributes: { VisibilityTimeout: '360' } }));
    await first.sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'in flight' }));
    await first.sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'finished' }));
    await first.sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'retry later', DelaySeconds: 120 }));
    const got = (await first.sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }))).Messages ?? [];
    expect(got.map((m) => m.Body).sort()).toEqual(['finished', 'in flight']);
    await first.sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: got.find((m) => m.Body === 'finished')!.ReceiptHandle! }));
    // The consumer holds "in flight" and dies with the stack; the last snapshot has it in flight.
    expect((await first.sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 0 }))).Messages ?? []).toEqual([]);
    await first.moto.snapshot();
    await first.moto.stop();

    const second = await emulator(stateFile);
    const url = (await second.sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['All'] })));
    expect(url.Attributes).toMatchObject({ ApproximateNumberOfMessages: '1', ApproximateNumberOfMessagesNotVisible: '0', ApproximateNumberOfMessagesDelayed: '1' });
    const again = (await second.sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0, MessageSystemAttributeNames: ['ApproximateReceiveCount'] }))).Messages ?? [];
    expect(again.map((m) => m.Body)).toEqual(['in flight']);
    // Its receive count is kept: a job that keeps killing its consumer still reaches the DLQ.
    expect(again[0]!.Attributes?.ApproximateReceiveCount).toBe('2');
  }, 120_000);
});
