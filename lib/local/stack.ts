import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { ENV, FUNCTIONS, functionsOf, needsOf, SES_PATH_TARGETS, TEST_KNOBS, type FunctionName, type Need } from '../../lambdas/functions.ts';
import { startApiServer, type HttpLambda } from './api-server.ts';
import { startFunctionsHost, LOCAL_ONLY_ENV } from './functions-host.ts';
import { startMoto, type Emulator } from './moto.ts';
import { ingestRetryDelays, InboundDelivery, replaySpool, startSmtpServer } from './smtp.ts';
import { MailSpool } from './spool.ts';
import { startSqsPoller, type SqsHandler } from './sqs-poller.ts';
import { startScheduler } from './scheduler.ts';
import { localOutbound, type SesEventsHandler } from './ses-outbound.ts';
import { RESOURCE_SETTINGS } from '../../lambdas/platform/resource-settings.ts';
import { createLocalResources, type LocalResources } from './resources.ts';
import { enforceFunctionIdentities, type LocalIdentities } from './iam.ts';
import { receivedDomains } from './custom-domains.ts';
import { createWebSocketStandIn } from './websocket.ts';
import { createLambdaInvokeStandIn } from './lambda-invoke.ts';
import { removeStackFile, writeStackFile } from './stack-file.ts';
import { LOCAL_STREAM_PATH } from '../../lambdas/events/stream-protocol.ts';

/**
 * The deployed sweeps (undispatched events, unsequenced mail) run once a minute; locally every
 * 15 s, so what a kill -9 leaves behind goes out within 45 s of a restart (30 s age + 15 s).
 */
const LOCAL_SWEEP_INTERVAL_MS = 15_000;
/** The SigV4 key ids of some functions' emulator identities (the stand-ins admit them as IAM would). */
const keyIdsOf = (identities: LocalIdentities, names: readonly FunctionName[]) =>
  new Set(names.flatMap((n) => identities.functions[n]?.accessKeyId ?? []));
/** What the receipt rules' Lambda action names locally (the emulator takes any function ARN of the region). */
const LOCAL_INGEST_ARN = (namePrefix: string) => `arn:aws:lambda:us-east-1:000000000000:function:${namePrefix}-ingest`;

export interface LocalStackOptions {
  port: number;
  host: string;
  smtpPort: number;
  mailDomain: string;
  siteUrl?: string;
  /** An emulator already running (AWS_ENDPOINT_URL); otherwise moto is started. */
  awsEndpoint?: string;
  /** Suffix for resource names, so several stacks can share one emulator. */
  namePrefix: string;
  /**
   * Where the stack keeps its state between runs (the emulator's state file and the SMTP spool).
   * Without it everything lives in memory and is gone at stop.
   */
  dataDir?: string;
  /**
   * 'isolated' (default): each function in its own worker thread with its own environment and,
   * when the stack starts its own emulator, its own IAM identity there (lib/local/iam.ts).
   */
  functions?: 'isolated' | 'in-process';
  /** Tests only: run another handler file in a function's place (its environment and identity unchanged). */
  functionEntries?: Partial<Record<FunctionName, string>>;
  /** Seconds before each retry of a failed ingest; default INGEST_RETRY_DELAYS, else 1,2. */
  ingestRetryDelaysSeconds?: readonly number[];
  /**
   * Test mode (default on: a local stack is a sandbox by nature): the route table's testMode rows
   * are routed and the test knobs (TEST_KNOBS) are taken from the environment. Off, those routes
   * answer 404 as on a production stack, and a knob in the environment stops the start.
   */
  testMode?: boolean;
  /** As a deployed sandbox: test mode, and the sandbox value of each test knob the environment does not give. */
  sandbox?: boolean;
}

export interface RunningLocalStack {
  apiUrl: string;
  siteUrl: string;
  awsEndpoint: string;
  /** Whether the testMode routes are routed, and the test knobs the functions got (environment variable → value). */
  testMode: boolean;
  testKnobs: Record<string, string>;
  /** Where the SES receiving stand-in listens (SMTP). */
  smtpHost: string;
  smtpPort: number;
  /** ingestDlqUrl: mail whose ingest failed its retries (`npm run replay -- --local` empties it). */
  resources: LocalResources & { ingestDlqUrl: string };
  /** Mail an earlier run accepted and this start ingested again. */
  replayedMail: number;
  /**
   * Set when the emulator enforces IAM (the stack started it, functions isolated): the keys of
   * the admin identity (the stand-ins', for anything that talks to the emulator directly) and of
   * each function. Without it nothing is checked.
   */
  identities?: LocalIdentities;
  stop(): Promise<void>;
}

/**
 * The local stack's test mode, and the test knobs its functions get: the environment's, else with
 * `sandbox` the values a deployed stack in test mode gets. A knob without test mode is refused, as
 * the synth refuses it.
 */
export function localTestMode(o: Pick<LocalStackOptions, 'testMode' | 'sandbox'>, env: NodeJS.ProcessEnv): { testMode: boolean; testKnobs: Record<string, string> } {
  if (o.sandbox && o.testMode === false) throw new Error('A sandbox runs in test mode: give --sandbox or --no-test-mode, not both');
  const testMode = o.testMode ?? true;
  const testKnobs: Record<string, string> = {};
  for (const knob of Object.values(TEST_KNOBS)) {
    const value = env[knob.env] || (o.sandbox ? knob.sandbox : undefined);
    if (value === undefined) continue;
    if (!testMode) throw new Error(`${knob.env} is a test knob, taken only in test mode: unset it, or start without --no-test-mode`);
    testKnobs[knob.env] = value;
  }
  return { testMode, testKnobs };
}

/**
 * The whole service on this machine: moto for AWS, the same handlers as Lambda, and stand-ins
 * for the parts of AWS that moto does not run (API Gateway, SES receiving, event sources).
 */
export async function startLocalStack(o: LocalStackOptions): Promise<RunningLocalStack> {
  // Before anything starts: a test knob without test mode stops the start, naming it.
  const { testMode, testKnobs } = localTestMode(o, process.env);
  let moto: Emulator | undefined;
  if (o.dataDir) mkdirSync(o.dataDir, { recursive: true });
  const awsEndpoint = o.awsEndpoint ?? (moto = await startMoto({ stateFile: o.dataDir ? join(o.dataDir, 'aws-state.pickle') : undefined })).endpoint;
  // The stand-ins in this process talk to the emulator; so do the functions (their environment).
  process.env.AWS_ENDPOINT_URL = awsEndpoint;
  process.env.AWS_REGION ??= 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  const isolated = (o.functions ?? 'isolated') === 'isolated';
  // Read before anything starts: a bad value stops the start with the variable's name.
  const retryDelays = o.ingestRetryDelaysSeconds ?? ingestRetryDelays();

  const closers: (() => Promise<void>)[] = [];
  try {
    const resources = await createLocalResources({
      tableName: `${o.namePrefix}-table`,
      bucketName: `${o.namePrefix}-mail`,
      queueName: `${o.namePrefix}-webhook-deliver`,
      dlqName: `${o.namePrefix}-webhook-deliver-dlq`,
      ingestDlqName: `${o.namePrefix}-ingest-dlq`,
      scheduleGroupName: `${o.namePrefix}-drafts`,
      secretName: `${o.namePrefix}-link-signing`,
      configurationSetName: `${o.namePrefix}-outbound`,
      mailDomain: o.mailDomain,
      receiving: { ruleSetName: `${o.namePrefix}-inbound`, ruleName: `${o.namePrefix}-deliver`, ingestFunctionArn: LOCAL_INGEST_ARN(o.namePrefix) },
    });
    // Per-function IAM identities where we run the emulator and each function has its own
    // environment; an external emulator is yours (nothing is switched on there), and in-process
    // functions share one environment, so one identity.
    let identities: LocalIdentities | undefined;
    if (moto && isolated) {
      identities = await enforceFunctionIdentities({
        endpoint: awsEndpoint, region: process.env.AWS_REGION!, namePrefix: o.namePrefix, paymentSecret: false, testMode,
        resources: { bucketName: resources.bucketName, webhookQueueArn: resources.webhookQueueArn, webhookSlowQueueArn: resources.webhookSlowQueueArn },
      });
      // From here on the stand-ins in this process sign as the admin identity.
      process.env.AWS_ACCESS_KEY_ID = identities.admin.accessKeyId;
      process.env.AWS_SECRET_ACCESS_KEY = identities.admin.secretAccessKey;
    }
    const siteUrl = o.siteUrl ?? `http://${o.host === '0.0.0.0' ? 'localhost' : o.host}:${o.port}`;
    const smtpHost = o.host === '0.0.0.0' ? '127.0.0.1' : o.host;
    // The WebSocket API stand-in listens on the API port (its Management API at the http:// twin).
    const streamUrl = `ws://${o.host === '0.0.0.0' ? 'localhost' : o.host}:${o.port}${LOCAL_STREAM_PATH}`;

    const acceptsDomain = receivedDomains({ tableName: resources.tableName, mailDomain: o.mailDomain.toLowerCase() });
    const ingestDlqUrl = resources.ingestDlqUrl!;
    // The functions: each with the environment its CDK definition gives it (lambdas/functions.ts).
    let sesEvents: SesEventsHandler = async () => undefined;
    const functionValues: Record<string, string> = {
      [ENV.tableName]: resources.tableName,
      [ENV.bucketName]: resources.bucketName,
      [ENV.webhookQueueUrl]: resources.webhookQueueUrl,
      [ENV.webhookSlowQueueUrl]: resources.webhookSlowQueueUrl,
      [ENV.scheduleGroupName]: resources.scheduleGroupName,
      [ENV.schedulerRoleArn]: 'arn:aws:iam::000000000000:role/local-scheduler',
      [ENV.sendScheduledFunctionArn]: 'arn:aws:lambda:us-east-1:000000000000:function:send-scheduled',
      [ENV.sesConfigurationSet]: resources.configurationSetName,
      [ENV.linkSecretArn]: resources.linkSecretArn,
      [ENV.mailDomain]: o.mailDomain,
      [ENV.siteUrl]: siteUrl,
      [ENV.paymentProvider]: process.env[ENV.paymentProvider] || 'sandbox',
      // Custom-domain DNS checks: the host's MAILROOM_DNS_SERVERS (a test's DNS server), else the system's.
      [ENV.dnsServers]: process.env[ENV.dnsServers] ?? '',
      [ENV.streamUrl]: streamUrl,
      [ENV.receiptRuleSet]: resources.receiptRuleSetName!,
      [ENV.receiptRule]: `${o.namePrefix}-deliver`,
      [ENV.ingestFunctionArn]: LOCAL_INGEST_ARN(o.namePrefix),
      [ENV.sesEventsFunctionArn]: `arn:aws:lambda:us-east-1:000000000000:function:${o.namePrefix}-ses-events`,
      [ENV.testMode]: String(testMode),
      ...testKnobs,
    };
    const localKnobs = (names: readonly string[]) => ({
      ...Object.fromEntries(names.map((n) => [n, process.env[n]])),
      [ENV.localMode]: 'true',
      AWS_ENDPOINT_URL: awsEndpoint,
      // Lambda's Invoke API is served by the API stand-in (lib/local/lambda-invoke.ts), not the emulator.
      AWS_ENDPOINT_URL_LAMBDA: `http://${smtpHost}:${o.port}`,
    });
    const host = startFunctionsHost({
      mode: o.functions,
      values: functionValues,
      localValues: localKnobs([...LOCAL_ONLY_ENV.all, ...LOCAL_ONLY_ENV.paymentSecret]),
      aws: {
        region: process.env.AWS_REGION!, accessKeyId: process.env.AWS_ACCESS_KEY_ID!, secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY!,
        perFunction: identities?.functions,
      },
      entries: o.functionEntries,
      // SES's outbound side: our own domain through the inbound path, simulator events to ses-events.
      outbound: localOutbound({ mailDomain: o.mailDomain, smtpHost, smtpPort: o.smtpPort, sesEvents: (e) => sesEvents(e), acceptsDomain }),
    });
    closers.push(() => host.stop());
    const fn = (name: FunctionName) => (event: unknown) => host.invoke(name, event);
    sesEvents = fn('ses-events') as SesEventsHandler;

    // API Gateway → the http functions; its WebSocket API → the stream function.
    const posters = (Object.keys(FUNCTIONS) as FunctionName[]).filter((n) => (FUNCTIONS[n].needs as readonly Need[]).includes('streamPost'));
    const sockets = createWebSocketStandIn({
      path: LOCAL_STREAM_PATH,
      invoke: (event) => host.invoke('stream', event) as ReturnType<Parameters<typeof createWebSocketStandIn>[0]['invoke']>,
      allowedKeyIds: identities ? keyIdsOf(identities, posters) : undefined,
    });
    // As IAM allows in AWS: only the functions whose needs grant lambda:InvokeFunction (sesPathInvoke).
    const invokers = functionsOf({ testMode }).filter((n) => needsOf(n, { testMode }).includes('sesPathInvoke'));
    const lambdaInvoke = createLambdaInvokeStandIn({
      invoke: (name, event) => host.invoke(name, event),
      allowedKeyIds: identities ? keyIdsOf(identities, invokers) : undefined,
      targets: identities ? SES_PATH_TARGETS : undefined,
    });
    const api: Server = await startApiServer(o.port, o.host, async (name) =>
      ((event, context) => host.invoke(name, event, context.awsRequestId)) as HttpLambda, sockets, { testMode, lambdaInvoke });
    closers.push(() => new Promise<void>((r) => { api.closeAllConnections(); api.close(() => r()); }));
    closers.push(() => sockets.close());

    // SES receiving → S3 → ingest (retries, then the dead-letter queue); mail an earlier run
    // accepted but did not keep comes first.
    const spool = o.dataDir ? new MailSpool(join(o.dataDir, 'smtp-spool')) : undefined;
    const delivery = new InboundDelivery({
      bucket: resources.bucketName, spool, deadLetterQueueUrl: ingestDlqUrl, retryDelaysSeconds: retryDelays,
      ingest: (event, requestId) => host.invoke('ingest', event, requestId),
    });
    closers.push(() => delivery.stop());
    const replayedMail = spool ? await replaySpool({ spool, delivery }) : 0;
    if (spool && moto) {
      const emulator = moto;
      const prune = () => spool.prune(() => emulator.snapshot()).catch((e) =>
        console.error(JSON.stringify({ level: 'error', message: 'spool prune failed', error: String(e) })));
      await prune();
      const timer = setInterval(() => void prune(), 2_000);
      // At a clean stop, what was ingested is kept by the final snapshot: nothing to replay next time.
      closers.push(async () => { clearInterval(timer); await prune(); });
    }
    const smtp = await startSmtpServer({ port: o.smtpPort, host: o.host, mailDomain: o.mailDomain, delivery, spool, acceptsDomain });
    // At stop: no new mail, then no more retries, then (above) the last prune: a retry that ends
    // after it would leave its mail in the spool to be delivered again.
    closers.push(async () => {
      await new Promise<void>((r) => smtp.close(() => r()));
      await delivery.stop();
    });

    // The SQS event source of webhook-deliver, and its one-minute sweep schedule.
    const deliver = fn('webhook-deliver');
    const poller = startSqsPoller({ queueUrl: resources.webhookQueueUrl, batchSize: RESOURCE_SETTINGS.webhookQueue.batchSize,
      handler: deliver as SqsHandler, concurrency: 3 });
    // The slow lane's own event source, with its own (smaller) concurrency, as deployed.
    const slowPoller = startSqsPoller({ queueUrl: resources.webhookSlowQueueUrl, batchSize: RESOURCE_SETTINGS.webhookQueue.batchSize,
      handler: deliver as SqsHandler, concurrency: 2 });
    await Promise.all([poller.ready, slowPoller.ready]);
    closers.push(() => poller.stop(), () => slowPoller.stop());
    const sweep = setInterval(() => {
      deliver({ source: 'aws.events', 'detail-type': 'Scheduled Event' }).catch((e) =>
        console.error(JSON.stringify({ level: 'error', message: 'event sweep failed', error: String(e) })));
    }, LOCAL_SWEEP_INTERVAL_MS);
    closers.push(async () => clearInterval(sweep));
    // Ingest's one-minute schedule (lib/constructs/ingest.ts): finishes mail whose ingest stopped half-way.
    const ingestSweep = setInterval(() => {
      fn('ingest')({ source: 'aws.events', 'detail-type': 'Scheduled Event' }).catch((e) =>
        console.error(JSON.stringify({ level: 'error', message: 'ingest sweep failed', error: String(e) })));
    }, LOCAL_SWEEP_INTERVAL_MS);
    closers.push(async () => clearInterval(ingestSweep));

    // EventBridge Scheduler → send-scheduled.
    const scheduler = startScheduler({ groupName: resources.scheduleGroupName, target: fn('send-scheduled') });
    closers.push(() => scheduler.stop());
    const apiUrl = `http://${o.host === '0.0.0.0' ? 'localhost' : o.host}:${o.port}`;

    // What `npm run replay -- --local` needs to find this stack and run ingest as its worker would.
    if (o.dataDir) {
      const dataDir = o.dataDir;
      writeStackFile(dataDir, {
        pid: process.pid, startedAt: new Date().toISOString(), apiUrl, mailDomain: o.mailDomain,
        aws: {
          endpoint: awsEndpoint, region: process.env.AWS_REGION!, iamEnforced: !!identities,
          credentials: { accessKeyId: process.env.AWS_ACCESS_KEY_ID!, secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY! },
        },
        functions: {
          values: functionValues,
          // Not the payment keys: ingest never gets them, and the file should not hold them.
          localValues: Object.fromEntries(Object.entries(localKnobs(LOCAL_ONLY_ENV.all)).filter((e): e is [string, string] => !!e[1])),
          credentials: identities?.functions.ingest ? { ingest: identities.functions.ingest } : undefined,
        },
        resources: { ...resources, ingestDlqUrl },
      });
      closers.push(async () => removeStackFile(dataDir));
    }

    return {
      apiUrl, siteUrl, awsEndpoint, testMode, testKnobs, resources: { ...resources, ingestDlqUrl }, replayedMail, identities,
      smtpHost, smtpPort: o.smtpPort,
      stop: async () => {
        for (const close of closers.reverse()) await close().catch(() => undefined);
        await moto?.stop();
      },
    };
  } catch (e) {
    // Whatever started must stop, or the process never exits.
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await moto?.stop();
    throw e;
  }
}
