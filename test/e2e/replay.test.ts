/**
 * Mail whose ingest fails is never dropped, and `npm run replay -- --local` brings it in. A stack
 * of its own (data directory, IAM enforced) runs test/e2e/ingest-fault.ts in ingest's place: the
 * real handler, failing on purpose while a fault file says so. SMTP still answers 250; the local
 * retries fail; the SES event lands in the ingest dead-letter queue as Lambda would put it there;
 * then the replay command — spawned as a user runs it — ingests it with the real handler,
 * deletes it from the queue only once stored, and stores nothing twice.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetQueueAttributesCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../lib/local/moto.ts';
import { startLocalStack, type RunningLocalStack } from '../../lib/local/stack.ts';
import { api, uniqueUsername, type CreatedInbox } from './client.ts';
import { faultFile } from './ingest-fault.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const MAIL_DOMAIN = 'replay.mailroom.localhost';

let stack: RunningLocalStack;
let dataDir: string;
let fault: string;
let sqs: SQSClient;
let s3: S3Client;
let inbox: CreatedInbox;

/** `npm run replay -- --local` on the stack's data directory (or other args), with none of this process's AWS settings. */
function replay(args = ['--local']): Promise<{ code: number | null; out: string }> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('AWS_')) env[k] = v;
  return new Promise((done, fail) => {
    const child = spawn('npm', ['run', 'replay', '--', ...args], { cwd: ROOT, env: { ...env, MAILROOM_DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { out += d.toString(); });
    child.on('error', fail);
    child.on('close', (code) => done({ code, out }));
  });
}

async function send(subject: string): Promise<{ response: string; sesId: string }> {
  const smtp = createTransport({ host: stack.smtpHost, port: stack.smtpPort, secure: false, ignoreTLS: true });
  try {
    const info = await smtp.sendMail({ from: 'alice@example.org', to: inbox.address, subject, text: `Body of ${subject}` });
    return { response: info.response, sesId: /queued as (\S+)/.exec(info.response)![1]! };
  } finally {
    smtp.close();
  }
}

async function subjects(): Promise<string[]> {
  const r = await api('GET', `/v1/inboxes/${inbox.id}/messages?limit=100`, { baseUrl: stack.apiUrl, key: inbox.api_key });
  expect(r.status, r.text).toBe(200);
  return (r.body.result.messages as { subject: string }[]).map((m) => m.subject).sort();
}

async function dlqDepth(): Promise<number> {
  const a = (await sqs.send(new GetQueueAttributesCommand({
    QueueUrl: stack.resources.ingestDlqUrl, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
  }))).Attributes!;
  return Number(a.ApproximateNumberOfMessages) + Number(a.ApproximateNumberOfMessagesNotVisible);
}

async function waitForDlqDepth(n: number) {
  const deadline = Date.now() + 30_000;
  while ((await dlqDepth()) !== n) {
    if (Date.now() > deadline) throw new Error(`the ingest dead-letter queue never held ${n} message(s) (it holds ${await dlqDepth()})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const attempts = (sesId: string) => {
  try {
    return readFileSync(`${fault}.attempts`, 'utf8').split('\n').filter((l) => l === sesId).length;
  } catch {
    return 0;
  }
};


describe('ingest retries, dead-letter queue and npm run replay (local stack)', () => {
  beforeAll(async () => {
    process.env.LOG_LEVEL ??= 'error';
    dataDir = mkdtempSync(join(tmpdir(), 'mailroom-replay-'));
    const namePrefix = `mr-replay-${randomBytes(3).toString('hex')}`;
    fault = faultFile(`${namePrefix}-table`);
    stack = await startLocalStack({
      port: await freePort(), host: '127.0.0.1', smtpPort: await freePort(), mailDomain: MAIL_DOMAIN, namePrefix, dataDir,
      functionEntries: { ingest: resolve(import.meta.dirname, 'ingest-fault.ts') },
      ingestRetryDelaysSeconds: [1, 1],
    });
    const credentials = stack.identities!.admin;
    sqs = new SQSClient({ endpoint: stack.awsEndpoint, region: 'us-east-1', credentials });
    s3 = new S3Client({ endpoint: stack.awsEndpoint, region: 'us-east-1', credentials, forcePathStyle: true });
    const r = await api('POST', '/v1/inboxes', { baseUrl: stack.apiUrl, body: { username: uniqueUsername('replay') } });
    expect(r.status, r.text).toBe(201);
    inbox = r.body.result;
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
    if (fault) for (const f of [fault, `${fault}.attempts`]) rmSync(f, { force: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  let lost: { sesId: string };
  let storedButFailed: { sesId: string };

  it('answers 250 for mail whose ingest fails, retries twice, then puts the SES event in the dead-letter queue, not the inbox', async () => {
    writeFileSync(fault, 'before');
    const sent = await send('Lost until replayed');
    expect(sent.response).toMatch(/^250 /);
    lost = sent;
    await waitForDlqDepth(1);
    // The first attempt and Lambda's two retries.
    expect(attempts(sent.sesId)).toBe(3);
    expect(await subjects()).toEqual([]);

    // What a Lambda dead-letter queue holds: the event as the body, the failure as attributes.
    const [m] = (await sqs.send(new ReceiveMessageCommand({
      QueueUrl: stack.resources.ingestDlqUrl, MessageAttributeNames: ['All'], VisibilityTimeout: 0, WaitTimeSeconds: 1,
    }))).Messages!;
    const event = JSON.parse(m!.Body!);
    expect(event.Records[0].ses.mail.messageId).toBe(sent.sesId);
    expect(event.Records[0].ses.receipt.recipients).toEqual([inbox.address]);
    expect(m!.MessageAttributes!.ErrorMessage!.StringValue).toContain('ingest fault injected by the test');
    expect(m!.MessageAttributes!.ErrorCode).toMatchObject({ DataType: 'Number', StringValue: '200' });
    expect(m!.MessageAttributes!.RequestID!.StringValue).toMatch(/^[0-9a-f-]{36}$/);
  }, 60_000);

  it('also dead-letters mail that was stored before its invocation failed', async () => {
    writeFileSync(fault, 'after');
    const sent = await send('Stored, then the invocation failed');
    expect(sent.response).toMatch(/^250 /);
    storedButFailed = sent;
    await waitForDlqDepth(2);
    expect(attempts(sent.sesId)).toBe(3);
    expect(await subjects()).toEqual(['Stored, then the invocation failed']);
    rmSync(fault);
  }, 60_000);

  it('keeps a message whose replay fails in the queue and says why, and replays the rest', async () => {
    // A real failure of the real handler: the raw mail is missing from the bucket.
    const Key = `inbound/${lost.sesId}`;
    const Bucket = stack.resources.bucketName;
    const raw = Buffer.from(await (await s3.send(new GetObjectCommand({ Bucket, Key }))).Body!.transformToByteArray());
    await s3.send(new DeleteObjectCommand({ Bucket, Key }));

    const r = await replay();
    expect(r.code, r.out).toBe(1);
    expect(r.out).toContain(`${lost.sesId}  to ${inbox.address}`);
    expect(r.out).toMatch(/replay FAILED, left in the queue: .*not in the bucket/);
    expect(r.out).toContain(`${storedButFailed.sesId}  to ${inbox.address}`);
    expect(r.out).toContain('already stored in 1 inbox(es), nothing written');
    expect(r.out).toContain('Done: 1 replayed (0 stored, 1 already stored), 1 failed and left in the queue; the queue now holds 1.');
    expect(await dlqDepth()).toBe(1);
    expect(await subjects()).toEqual(['Stored, then the invocation failed']);

    await s3.send(new PutObjectCommand({ Bucket, Key, Body: raw }));
  }, 120_000);

  it('stores the mail once the cause is gone, empties the queue, and a second run changes nothing', async () => {
    const first = await replay();
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain(`${lost.sesId}  to ${inbox.address}`);
    expect(first.out).toContain('replayed: stored in 1 inbox(es); deleted from the queue');
    expect(first.out).toContain('Done: 1 replayed (1 stored, 0 already stored), 0 failed and left in the queue; the queue now holds 0.');
    expect(await dlqDepth()).toBe(0);
    expect(await subjects()).toEqual(['Lost until replayed', 'Stored, then the invocation failed']);

    const second = await replay();
    expect(second.code, second.out).toBe(0);
    expect(second.out).toContain('0 message(s) waiting');
    expect(second.out).toContain('Done: 0 replayed');
    expect(await subjects()).toEqual(['Lost until replayed', 'Stored, then the invocation failed']);
  }, 120_000);

  it('stores mail at once when ingest works, with nothing in the dead-letter queue', async () => {
    const sent = await send('Healthy delivery');
    expect(sent.response).toMatch(/^250 /);
    // The 250 came after the stored first attempt.
    expect(await subjects()).toEqual(['Healthy delivery', 'Lost until replayed', 'Stored, then the invocation failed']);
    expect(attempts(sent.sesId)).toBe(1);
    expect(await dlqDepth()).toBe(0);
  }, 60_000);
});

describe('npm run replay: bad input', () => {
  it('names the option that is wrong or missing', async () => {
    const cases: [string[], RegExp][] = [
      [[], /error: say which stack: --stage <stage> \(deployed\), --queue-url <url> --function <name>, or --local/],
      [['--stage', 'Prod_1'], /error: --stage must be lower-case letters, digits and '-' \(max 20\).*got 'Prod_1'/],
      [['--queue-url', 'my-queue', '--function', 'ingest'], /error: --queue-url must be an SQS queue URL .*got 'my-queue'/],
      [['--function', 'ingest'], /error: --queue-url and --function go together/],
      [['--local', '--stage', 'dev'], /error: --local replays the local stack; it takes no --stage/],
      [['--stage', 'dev', '--data-dir', '/tmp'], /error: --data-dir goes with --local/],
    ];
    for (const [args, expected] of cases) {
      const r = await replay(args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.out, args.join(' ')).toMatch(expected);
    }
  }, 120_000);

  it('says how to start a local stack when none runs on the data directory', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'mailroom-replay-none-'));
    try {
      const r = await replay(['--local', '--data-dir', empty]);
      expect(r.code).toBe(1);
      expect(r.out).toContain(`${join(empty, 'stack.json')} does not exist: no local stack is running on the data directory ${empty}. Start it with \`npm start\``);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 60_000);
});
