import type { Server } from 'node:http';
import { ENV, FUNCTIONS, type FunctionName } from '../../lambdas/functions.ts';
import { startApiServer, type HttpLambda } from './api-server.ts';
import { startMoto, type Emulator } from './moto.ts';
import { startSmtpServer, type IngestFn } from './smtp.ts';
import { startSqsPoller, type SqsHandler } from './sqs-poller.ts';
import { startScheduler } from './scheduler.ts';
import { localOutbound, type SesEventsHandler } from './ses-outbound.ts';
import { RESOURCE_SETTINGS } from '../resource-settings.ts';
import { createLocalResources, type LocalResources } from './resources.ts';

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
}

export interface RunningLocalStack {
  apiUrl: string;
  siteUrl: string;
  awsEndpoint: string;
  /** Where the SES receiving stand-in listens (SMTP). */
  smtpHost: string;
  smtpPort: number;
  resources: LocalResources;
  stop(): Promise<void>;
}

/**
 * The whole service on this machine: moto for AWS, the same handlers as Lambda, and stand-ins
 * for the parts of AWS that moto does not run (API Gateway, SES receiving, event sources).
 */
export async function startLocalStack(o: LocalStackOptions): Promise<RunningLocalStack> {
  let moto: Emulator | undefined;
  const awsEndpoint = o.awsEndpoint ?? (moto = await startMoto()).endpoint;
  // The SDK reads these; every client in the handlers then talks to the emulator.
  process.env.AWS_ENDPOINT_URL = awsEndpoint;
  process.env.AWS_REGION ??= 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';

  const closers: (() => Promise<void>)[] = [];
  try {
    const resources = await createLocalResources({
      tableName: `${o.namePrefix}-table`,
      bucketName: `${o.namePrefix}-mail`,
      queueName: `${o.namePrefix}-webhook-deliver`,
      dlqName: `${o.namePrefix}-webhook-deliver-dlq`,
      scheduleGroupName: `${o.namePrefix}-drafts`,
      secretName: `${o.namePrefix}-link-signing`,
      configurationSetName: `${o.namePrefix}-outbound`,
      mailDomain: o.mailDomain,
    });
    const siteUrl = o.siteUrl ?? `http://${o.host === '0.0.0.0' ? 'localhost' : o.host}:${o.port}`;
    Object.assign(process.env, {
      [ENV.tableName]: resources.tableName,
      [ENV.bucketName]: resources.bucketName,
      [ENV.webhookQueueUrl]: resources.webhookQueueUrl,
      [ENV.scheduleGroupName]: resources.scheduleGroupName,
      [ENV.schedulerRoleArn]: 'arn:aws:iam::000000000000:role/local-scheduler',
      [ENV.sendScheduledFunctionArn]: 'arn:aws:lambda:us-east-1:000000000000:function:send-scheduled',
      [ENV.sesConfigurationSet]: resources.configurationSetName,
      [ENV.linkSecretArn]: resources.linkSecretArn,
      [ENV.mailDomain]: o.mailDomain,
      [ENV.siteUrl]: siteUrl,
      [ENV.localMode]: 'true',
      [ENV.paymentProvider]: process.env[ENV.paymentProvider] || 'sandbox',
    });

    const loaded = new Map<FunctionName, Promise<HttpLambda>>();
    const load = (name: FunctionName) => {
      let p = loaded.get(name);
      if (!p) {
        if (!(name in FUNCTIONS)) throw new Error(`unknown function ${name}`);
        p = import(`../../lambdas/handlers/${name}.ts`).then((m: { handler: HttpLambda }) => m.handler);
        loaded.set(name, p);
      }
      return p;
    };

    const api: Server = await startApiServer(o.port, o.host, load);
    closers.push(() => new Promise<void>((r) => { api.closeAllConnections(); api.close(() => r()); }));
    const ingest = (await import('../../lambdas/handlers/ingest.ts')).handler as IngestFn;
    const smtp = await startSmtpServer({ port: o.smtpPort, host: o.host, mailDomain: o.mailDomain, bucket: resources.bucketName, ingest });
    closers.push(() => new Promise<void>((r) => smtp.close(() => r())));

    // The SQS event source of webhook-deliver, and its one-minute sweep schedule.
    const deliver = (await import('../../lambdas/handlers/webhook-deliver.ts')).handler as (e: unknown) => Promise<unknown>;
    const poller = startSqsPoller({ queueUrl: resources.webhookQueueUrl, batchSize: RESOURCE_SETTINGS.webhookQueue.batchSize,
      handler: deliver as SqsHandler, concurrency: 3 });
    await poller.ready;
    closers.push(() => poller.stop());
    const sweep = setInterval(() => {
      deliver({ source: 'aws.events', 'detail-type': 'Scheduled Event' }).catch((e) =>
        console.error(JSON.stringify({ level: 'error', message: 'event sweep failed', error: String(e) })));
    }, 30_000);
    closers.push(async () => clearInterval(sweep));

    // EventBridge Scheduler → send-scheduled; SES outbound (own domain, simulator) → ses-events.
    const sendScheduled = (await import('../../lambdas/handlers/send-scheduled.ts')).handler as (e: unknown) => Promise<unknown>;
    const scheduler = startScheduler({ groupName: resources.scheduleGroupName, target: sendScheduled });
    closers.push(() => scheduler.stop());
    const sesEvents = (await import('../../lambdas/handlers/ses-events.ts')).handler as SesEventsHandler;
    const { registerLocalOutbound } = await import('../../lambdas/aws/ses.ts');
    registerLocalOutbound(localOutbound({ mailDomain: o.mailDomain, smtpHost: o.host === '0.0.0.0' ? '127.0.0.1' : o.host, smtpPort: o.smtpPort, sesEvents }));
    const apiUrl = `http://${o.host === '0.0.0.0' ? 'localhost' : o.host}:${o.port}`;

    return {
      apiUrl, siteUrl, awsEndpoint, resources,
      smtpHost: o.host === '0.0.0.0' ? '127.0.0.1' : o.host, smtpPort: o.smtpPort,
      stop: async () => {
        for (const close of closers.reverse()) await close();
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
