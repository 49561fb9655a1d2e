/**
 * `npm run replay`: re-ingests the mail in ingest's dead-letter queue — events whose ingest still
 * failed after Lambda's retries (deployed) or the local stack's (lib/local/smtp.ts).
 *
 *   npm run replay -- --stage <stage>                        the deployed stack Mailroom-<stage> (its outputs)
 *   npm run replay -- --queue-url <url> --function <name>    the same, resources named explicitly
 *   npm run replay -- --local                                the running `npm start` (MAILROOM_DATA_DIR, .mailroom)
 *
 * Design: one loop for both (replayDeadLetters); only the invoker differs. A dead-letter message's
 * body is the event ingest was invoked with (the SES receipt notification; Lambda adds RequestID,
 * ErrorCode and ErrorMessage as attributes), so replaying is invoking ingest again with the body:
 * - deployed: Lambda Invoke, RequestResponse, with the body as payload; a FunctionError in the
 *   answer is a failure. Credentials and region come from the usual AWS chain (AWS_PROFILE,
 *   AWS_REGION, …); the managed policy of output IngestReplayPolicyArn allows exactly these calls.
 * - local: the ingest handler (lambdas/ingest/ingest.handler.ts) in this process, with the environment
 *   the stack gives ingest's worker (functionEnvironment() fed from <data dir>/stack.json, which
 *   the running stack writes): the same code, configuration and IAM identity as a local invocation.
 * Messages are taken one at a time, hidden for as long as an invocation may run, and deleted only
 * after ingest succeeded; a failed one stays, and is made visible again at the end of the run so
 * the next run finds it. Ingest derives its ids from the SES message id, so replaying a mail that
 * was in fact stored, or running the command twice, stores nothing twice.
 */
import { resolve } from 'node:path';
import {
  ChangeMessageVisibilityCommand, DeleteMessageCommand, GetQueueAttributesCommand, ReceiveMessageCommand, SQSClient, type Message,
} from '@aws-sdk/client-sqs';
import { Command } from 'commander';
import { FUNCTIONS } from '../lambdas/functions.ts';
import { readStackOutputs, REPLAY_OUTPUTS, stackName as stackOf } from '../lib/stack-outputs.ts';

type Invoked = { ok: true; result: unknown } | { ok: false; error: string };
type Invoke = (body: string, requestId: string) => Promise<Invoked>;

/** A message is hidden while its invocation runs: ingest's timeout plus a margin. */
const HOLD_SECONDS = FUNCTIONS.ingest.timeoutSeconds + 30;
const STAGE = /^[a-z0-9][a-z0-9-]{0,19}$/;

const program = new Command('replay')
  .description('Re-ingest the mail in the ingest dead-letter queue (deleting each message only after its ingest succeeded)')
  .option('--stage <stage>', `the deployed stack Mailroom-<stage>: read its ${REPLAY_OUTPUTS.queueUrl} and ${REPLAY_OUTPUTS.functionName} outputs`)
  .option('--queue-url <url>', `the ingest dead-letter queue (output ${REPLAY_OUTPUTS.queueUrl}), with --function`)
  .option('--function <name>', `the ingest function (output ${REPLAY_OUTPUTS.functionName}), with --queue-url`)
  .option('--region <region>', 'AWS region of the deployed stack (default: AWS_REGION, the profile\'s, or the queue URL\'s)')
  .option('--local', 'the local stack that `npm start` runs on the data directory')
  .option('--data-dir <dir>', 'with --local: the stack\'s data directory (default: MAILROOM_DATA_DIR, else .mailroom)')
  .showHelpAfterError()
  .parse();

const opts = program.opts<{ stage?: string; queueUrl?: string; function?: string; region?: string; local?: boolean; dataDir?: string }>();

function checkOptions() {
  const deployed = opts.stage !== undefined || opts.queueUrl !== undefined || opts.function !== undefined;
  if (opts.local && (deployed || opts.region !== undefined)) program.error('error: --local replays the local stack; it takes no --stage, --queue-url, --function or --region');
  if (!opts.local && opts.dataDir !== undefined) program.error('error: --data-dir goes with --local');
  if (!opts.local && !deployed) program.error('error: say which stack: --stage <stage> (deployed), --queue-url <url> --function <name>, or --local');
  if (opts.stage !== undefined && (opts.queueUrl !== undefined || opts.function !== undefined)) {
    program.error('error: give --stage, or --queue-url with --function, not both');
  }
  if (opts.stage !== undefined && !STAGE.test(opts.stage)) {
    program.error(`error: --stage must be lower-case letters, digits and '-' (max 20), as deployed with -c stage=…; got '${opts.stage}'`);
  }
  if ((opts.queueUrl === undefined) !== (opts.function === undefined)) program.error('error: --queue-url and --function go together');
  if (opts.queueUrl !== undefined && !/^https?:\/\/[^\s/]+\/[^\s/]+\/[^\s/]+$/.test(opts.queueUrl)) {
    program.error(`error: --queue-url must be an SQS queue URL (https://sqs.<region>.amazonaws.com/<account>/<queue>), got '${opts.queueUrl}'`);
  }
  if (opts.function !== undefined && !/^[\w:.-]{1,170}$/.test(opts.function)) program.error(`error: --function must be a Lambda function name or ARN, got '${opts.function}'`);
  if (opts.region !== undefined && !/^[a-z]{2}(-[a-z]+)+-\d$/.test(opts.region)) program.error(`error: --region must be an AWS region such as us-east-1, got '${opts.region}'`);
}

const errorText = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));

/** What a dead-letter message holds, for the report: the SES message id and envelope recipients of a mail. */
function describeEvent(body: string): { json: boolean; label: string } {
  let event: { Records?: { ses?: { mail?: { messageId?: string }; receipt?: { recipients?: string[] } } }[]; source?: string; 'detail-type'?: string };
  try {
    event = JSON.parse(body);
  } catch {
    return { json: false, label: 'a body that is not JSON' };
  }
  const ses = event?.Records?.[0]?.ses;
  if (ses) return { json: true, label: `${ses.mail?.messageId ?? '(no SES message id)'}  to ${(ses.receipt?.recipients ?? []).join(', ') || '(no recipients)'}` };
  if (event?.source === 'aws.events') return { json: true, label: `the ${event['detail-type'] ?? 'scheduled'} sweep` };
  return { json: true, label: 'an event of another kind' };
}

interface Outcome { delivered: unknown[]; duplicates: unknown[]; rejected: unknown[]; unknownRecipients: string[]; parseError?: string }

/** Ingest's answer in words; `stored` and `duplicates` feed the totals. */
function describeResult(result: unknown): { text: string; stored: number; duplicates: number } {
  const outcomes = (result as { results?: Outcome[] } | null)?.results;
  if (!Array.isArray(outcomes)) return { text: `done ${JSON.stringify(result ?? null).slice(0, 200)}`, stored: 0, duplicates: 0 };
  const sum = (f: (o: Outcome) => number) => outcomes.reduce((n, o) => n + f(o), 0);
  const stored = sum((o) => o.delivered?.length ?? 0);
  const duplicates = sum((o) => o.duplicates?.length ?? 0);
  const rejected = sum((o) => o.rejected?.length ?? 0);
  const unknown = outcomes.flatMap((o) => o.unknownRecipients ?? []);
  const parts = [
    stored && `stored in ${stored} inbox(es)`,
    duplicates && `already stored in ${duplicates} inbox(es), nothing written`,
    rejected && `rejected by ${rejected} inbox(es)' sender lists`,
    unknown.length && `no inbox for ${unknown.join(', ')}`,
    outcomes.some((o) => o.parseError) && 'kept with its headers only (could not be parsed)',
  ].filter(Boolean);
  return { text: parts.join('; ') || 'nothing to store', stored, duplicates };
}

async function queueDepth(sqs: SQSClient, queueUrl: string): Promise<{ visible: number; hidden: number }> {
  const a = (await sqs.send(new GetQueueAttributesCommand({
    QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
  }))).Attributes ?? {};
  return { visible: Number(a.ApproximateNumberOfMessages ?? 0), hidden: Number(a.ApproximateNumberOfMessagesNotVisible ?? 0) };
}

/** The one loop of both modes. Returns the number of messages that failed (and stay in the queue). */
async function replayDeadLetters(o: { sqs: SQSClient; queueUrl: string; invoke: Invoke; where: string }): Promise<number> {
  const { sqs, queueUrl } = o;
  const before = await queueDepth(sqs, queueUrl).catch((e: unknown) => {
    throw new Error(`could not read the ingest dead-letter queue ${queueUrl} (${errorText(e)}): check your credentials and region`);
  });
  console.log(`Ingest dead-letter queue of ${o.where}: ${queueUrl}`);
  console.log(`${before.visible} message(s) waiting${before.hidden ? `, ${before.hidden} held by another reader (left alone)` : ''}.`);
  let replayed = 0;
  let stored = 0;
  let duplicates = 0;
  /** Failed in this run: MessageId → its latest receipt handle, released at the end. */
  const failed = new Map<string, string>();
  for (;;) {
    const r = await sqs.send(new ReceiveMessageCommand({
      QueueUrl: queueUrl, MaxNumberOfMessages: 1, VisibilityTimeout: HOLD_SECONDS, WaitTimeSeconds: 1,
      MessageAttributeNames: ['All'], MessageSystemAttributeNames: ['SentTimestamp'],
    }));
    const m: Message | undefined = r.Messages?.[0];
    if (!m) break;
    // A run longer than the hold sees its failures again: not twice in one run.
    if (failed.has(m.MessageId!)) { failed.set(m.MessageId!, m.ReceiptHandle!); continue; }
    const body = m.Body ?? '';
    const what = describeEvent(body);
    const attrs = m.MessageAttributes ?? {};
    const sent = m.Attributes?.SentTimestamp ? new Date(Number(m.Attributes.SentTimestamp)).toISOString() : '?';
    console.log(`- ${what.label}`);
    console.log(`    failed at ${sent} (request ${attrs.RequestID?.StringValue ?? '?'}): ${attrs.ErrorMessage?.StringValue ?? '(no error message)'}`);
    const res: Invoked = what.json
      ? await o.invoke(body, attrs.RequestID?.StringValue ?? m.MessageId!).catch((e: unknown) => ({ ok: false as const, error: errorText(e) }))
      : { ok: false, error: 'not an event ingest takes (the body is not JSON)' };
    if (!res.ok) {
      failed.set(m.MessageId!, m.ReceiptHandle!);
      console.log(`    replay FAILED, left in the queue: ${res.error}`);
      continue;
    }
    const d = describeResult(res.result);
    try {
      await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: m.ReceiptHandle! }));
    } catch (e) {
      // Ingested, but the message will come back: replaying it again stores nothing twice.
      console.log(`    replayed: ${d.text}; but deleting it from the queue failed (${errorText(e)}): a later run finds it again`);
      continue;
    }
    replayed++;
    stored += d.stored;
    duplicates += d.duplicates;
    console.log(`    replayed: ${d.text}; deleted from the queue`);
  }
  // Visible again at once, for the next run (otherwise hidden until HOLD_SECONDS pass).
  for (const handle of failed.values()) {
    await sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl, ReceiptHandle: handle, VisibilityTimeout: 0 })).catch(() => undefined);
  }
  const after = await queueDepth(sqs, queueUrl);
  console.log(`Done: ${replayed} replayed (${stored} stored, ${duplicates} already stored), ${failed.size} failed and left in the queue; `
    + `the queue now holds ${after.visible + after.hidden}.`);
  return failed.size;
}

/** The running local stack: its emulator, the queue, and ingest's handler in-process. */
async function localTarget(): Promise<{ sqs: SQSClient; queueUrl: string; invoke: Invoke; where: string }> {
  const { readStackFile } = await import('../lib/local/stack-file.ts');
  const { functionEnvironment } = await import('../lib/local/functions-host.ts');
  const { lambdaContext } = await import('../lib/local/lambda-context.ts');
  const dataDir = resolve(opts.dataDir ?? (process.env.MAILROOM_DATA_DIR || '.mailroom'));
  const f = readStackFile(dataDir);
  const sqs = new SQSClient({ endpoint: f.aws.endpoint, region: f.aws.region, credentials: f.aws.credentials });
  try {
    await queueDepth(sqs, f.resources.ingestDlqUrl);
  } catch (e) {
    throw new Error(`the local stack's AWS emulator at ${f.aws.endpoint} does not answer (${errorText(e)}): is \`npm start\` (pid ${f.pid}, started ${f.startedAt}) still running on ${dataDir}?`);
  }
  // The handler's modules read their configuration at import, as in the worker: set it first.
  // Metrics off: locally EMF lines only go to stdout, and would bury the report.
  Object.assign(process.env, functionEnvironment('ingest', {
    values: f.functions.values,
    localValues: { ...f.functions.localValues, POWERTOOLS_METRICS_DISABLED: 'true' },
    aws: { region: f.aws.region, ...f.aws.credentials, perFunction: f.functions.credentials },
  }));
  const { handler } = await import('../lambdas/ingest/ingest.handler.ts');
  const spec = FUNCTIONS.ingest;
  const invoke: Invoke = async (body, requestId) => {
    try {
      const context = lambdaContext('ingest', { requestId, deadline: Date.now() + spec.timeoutSeconds * 1000, memoryMb: spec.memoryMb });
      return { ok: true, result: await handler(JSON.parse(body), context) };
    } catch (e) {
      return { ok: false, error: errorText(e) };
    }
  };
  return { sqs, queueUrl: f.resources.ingestDlqUrl, invoke, where: `the local stack on ${dataDir}` };
}

/** A deployed stack: its outputs (with --stage) or the named queue and function; Lambda Invoke. */
async function deployedTarget(): Promise<{ sqs: SQSClient; queueUrl: string; invoke: Invoke; where: string }> {
  const { InvokeCommand, LambdaClient } = await import('@aws-sdk/client-lambda');
  // sqs.<region>.amazonaws.com, or the legacy <region>.queue.amazonaws.com.
  const regionOfUrl = opts.queueUrl ? /(?:^|\.)([a-z]{2}(?:-[a-z]+)+-\d)\./.exec(new URL(opts.queueUrl).host)?.[1] : undefined;
  const region = opts.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? regionOfUrl;
  const config = region ? { region } : {};
  let queueUrl = opts.queueUrl;
  let functionName = opts.function;
  let where = `function ${functionName}`;
  if (opts.stage !== undefined) {
    const stackName = stackOf(opts.stage);
    const outputs = await readStackOutputs(stackName, REPLAY_OUTPUTS, region).catch((e: Error) => {
      throw new Error(`${e.message} (or name the resources with --queue-url and --function)`);
    });
    queueUrl = outputs.queueUrl;
    functionName = outputs.functionName;
    where = `stack ${stackName}`;
  }
  const lambda = new LambdaClient(config);
  const invoke: Invoke = async (body) => {
    const r = await lambda.send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'RequestResponse', Payload: Buffer.from(body) }));
    const text = r.Payload ? Buffer.from(r.Payload).toString('utf8') : '';
    let payload: unknown;
    try { payload = text ? JSON.parse(text) : null; } catch { payload = text; }
    if (r.FunctionError) {
      const p = payload as { errorType?: string; errorMessage?: string } | null;
      return { ok: false, error: p?.errorMessage ? `${p.errorType ?? r.FunctionError}: ${p.errorMessage}` : `${r.FunctionError}: ${text.slice(0, 500)}` };
    }
    return { ok: true, result: payload };
  };
  return { sqs: new SQSClient(config), queueUrl: queueUrl!, invoke, where };
}

checkOptions();
try {
  const target = opts.local ? await localTarget() : await deployedTarget();
  const failures = await replayDeadLetters(target);
  process.exit(failures ? 1 : 0);
} catch (e) {
  console.error(`replay: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
