/**
 * MailroomStack: the deployed Mailroom. Functions come from the catalogue (lambdas/functions.ts),
 * routes from the route table (lambdas/routes.ts), the table from lambdas/platform/dynamo/table.ts and queue
 * and bucket settings from lambdas/platform/resource-settings.ts; this file only wires the flows together.
 *
 * Order: every function first (catalogue), then one construct per flow, each wiring its event
 * source to its function; last, each function is bound to what its `needs` name.
 */
import { Annotations, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct, Node } from 'constructs';
import { ENV, FUNCTIONS, type FunctionName, type FunctionSpec } from '../lambdas/functions.ts';
import { checkPaymentProvider } from '../lambdas/operators/payments/choice.ts';
import { RESOURCE_SETTINGS } from '../lambdas/platform/resource-settings.ts';
import { routes } from '../lambdas/routes.ts';
import { MailroomApi } from './constructs/api.ts';
import { MailroomData } from './constructs/data.ts';
import { MailroomIngest } from './constructs/ingest.ts';
import { MailroomFunction } from './constructs/mailroom-function.ts';
import { MailroomSending, mailDomainPolicyRecords } from './constructs/sending.ts';
import { MailroomScheduling } from './constructs/scheduling.ts';
import { MailroomSecrets } from './constructs/secrets.ts';
import { MailroomStream } from './constructs/stream.ts';
import { MailroomWebhooks } from './constructs/webhooks.ts';
import { MAIL_POLICY_OUTPUTS, REPLAY_OUTPUTS } from './stack-outputs.ts';

/** Deployment parameters (CDK context; see mailroomConfigFromContext). */
export interface MailroomConfig {
  readonly stage: string;
  readonly mailDomain: string;
  /** Public base URL for links in mail and pages; default: the HTTP API URL. */
  readonly siteUrl?: string;
  readonly hostedZoneId?: string;
  readonly hostedZoneName?: string;
  /** none (paid tiers not sold), sandbox (test cards: only on a sandbox) or stripe. */
  readonly paymentProvider: string;
  /** The functions take sandbox test cards: true only for stage=sandbox or allowSandboxPayments=true. */
  readonly allowSandboxPayments: boolean;
  /** Secrets Manager secret with the processor's keys ({"secret_key", "webhook_secret"}); for paymentProvider=stripe. */
  readonly paymentSecretArn?: string;
  readonly tableDeletionProtection: boolean;
  readonly bucketVersioning: boolean;
  readonly activateRuleSet: boolean;
  readonly logRetentionDays: number;
  readonly apiThrottleRateLimit: number;
  readonly apiThrottleBurstLimit: number;
  /** Apply the functions' reserved concurrency (lambdas/functions.ts); -c reservedConcurrency=off. */
  readonly reservedConcurrency: boolean;
}

export interface MailroomStackProps extends StackProps {
  readonly config: MailroomConfig;
}

/**
 * Functions that AWS invokes asynchronously (SNS, Scheduler): they share the async DLQ. Ingest
 * (SES Event) has a dead-letter queue of its own, which the replay command empties.
 */
const ASYNC_FUNCTIONS: readonly FunctionName[] = ['ses-events', 'send-scheduled'];

export class MailroomStack extends Stack {
  readonly config: MailroomConfig;
  readonly functions: Record<FunctionName, MailroomFunction>;
  readonly data: MailroomData;
  readonly secrets: MailroomSecrets;
  readonly api: MailroomApi;
  readonly webhooks: MailroomWebhooks;
  readonly stream: MailroomStream;
  readonly scheduling: MailroomScheduling;
  readonly sending: MailroomSending;
  readonly ingest: MailroomIngest;
  readonly asyncDeadLetterQueue: sqs.Queue;
  /** Ingest events that failed Lambda's retries: the SES receipt notification, as ingest got it. */
  readonly ingestDeadLetterQueue: sqs.Queue;
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: MailroomStackProps) {
    super(scope, id, props);
    const config = (this.config = props.config);
    const logRetention = toRetentionDays(config.logRetentionDays);
    const hostedZone =
      config.hostedZoneId && config.hostedZoneName
        ? route53.HostedZone.fromHostedZoneAttributes(this, 'HostedZone', {
            hostedZoneId: config.hostedZoneId,
            zoneName: config.hostedZoneName,
          })
        : undefined;

    this.asyncDeadLetterQueue = new sqs.Queue(this, 'AsyncFailures', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    // Made here, not in the inbound construct: a function's dead-letter queue is set when the
    // function is created.
    this.ingestDeadLetterQueue = new sqs.Queue(this, 'IngestFailures', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(RESOURCE_SETTINGS.ingestRetries.dlqRetentionDays),
    });

    // 1. Functions: one per catalogue entry.
    const functions = {} as Record<FunctionName, MailroomFunction>;
    for (const name of Object.keys(FUNCTIONS) as FunctionName[]) {
      functions[name] = new MailroomFunction(this, `Fn-${name}`, {
        name,
        mailDomain: config.mailDomain,
        paymentProvider: config.paymentProvider,
        allowSandboxPayments: config.allowSandboxPayments,
        logRetention,
        reserveConcurrency: config.reservedConcurrency,
        asyncDeadLetterQueue: name === 'ingest' ? this.ingestDeadLetterQueue
          : ASYNC_FUNCTIONS.includes(name) ? this.asyncDeadLetterQueue : undefined,
      });
    }
    this.functions = functions;
    Annotations.of(this).addInfo(reservedConcurrencyNote(config.reservedConcurrency));
    const fn = (name: FunctionName) => functions[name].fn;

    // 2. Flows.
    this.data = new MailroomData(this, 'Data', {
      tableDeletionProtection: config.tableDeletionProtection,
      bucketVersioning: config.bucketVersioning,
      accessLogRetentionDays: 90,
    });
    this.secrets = new MailroomSecrets(this, 'Secrets');
    this.api = new MailroomApi(this, 'Api', {
      stage: config.stage,
      throttleRateLimit: config.apiThrottleRateLimit,
      throttleBurstLimit: config.apiThrottleBurstLimit,
      logRetention,
    });
    this.api.addRouteTable(routes, fn, 'discovery');
    this.webhooks = new MailroomWebhooks(this, 'Webhooks', { deliverFunction: fn('webhook-deliver') });
    this.stream = new MailroomStream(this, 'Stream', {
      stage: config.stage,
      streamFunction: fn('stream'),
      throttleRateLimit: config.apiThrottleRateLimit,
      throttleBurstLimit: config.apiThrottleBurstLimit,
      logRetention,
    });
    this.scheduling = new MailroomScheduling(this, 'Scheduling', {
      stage: config.stage,
      targetFunction: fn('send-scheduled'),
    });
    // The construct ids 'Outbound' and 'Inbound' predate the names sending and ingest: an id is part
    // of every logical id under it, so renaming it would replace the deployed queues, rules and roles.
    this.sending = new MailroomSending(this, 'Outbound', {
      mailDomain: config.mailDomain,
      hostedZone,
      eventsFunction: fn('ses-events'),
    });
    this.ingest = new MailroomIngest(this, 'Inbound', {
      stage: config.stage,
      mailDomain: config.mailDomain,
      bucket: this.data.bucket,
      ingestFunction: fn('ingest'),
      ingestDeadLetterQueue: this.ingestDeadLetterQueue,
      activateRuleSet: config.activateRuleSet,
      hostedZone,
      logRetention,
    });

    // 3. Needs → grants + environment. The payment processor's keys are readable by the
    // functions whose needs name them (those that take payments), nothing else.
    if (config.paymentProvider === 'stripe' && !config.paymentSecretArn) {
      throw new Error(`paymentProvider=${config.paymentProvider} needs -c paymentSecretArn=<Secrets Manager ARN>`);
    }
    const paymentSecret = config.paymentProvider === 'stripe' && config.paymentSecretArn
      ? secretsmanager.Secret.fromSecretCompleteArn(this, 'PaymentSecret', config.paymentSecretArn)
      : undefined;
    this.siteUrl = config.siteUrl ?? this.api.endpoint;
    for (const f of Object.values(functions)) {
      f.setEnv(ENV.siteUrl, this.siteUrl);
      f.bindNeeds({
        table: this.data.table,
        bucket: this.data.bucket,
        webhookQueue: this.webhooks.queue,
        webhookSlowQueue: this.webhooks.slowQueue,
        scheduler: this.scheduling.binding,
        linkSecret: this.secrets.linkSecret,
        sesSending: this.sending.sendingBinding,
        paymentSecret,
        stream: this.stream.binding,
      });
    }

    // Outputs.
    const out = (id: string, value: string, description: string) => new CfnOutput(this, id, { value, description });
    out('ApiUrl', this.api.url, 'Base URL of the HTTP API ($default stage)');
    out('StreamUrl', this.stream.stage.url, 'wss:// URL of the realtime event stream (GET /v1/stream answers it)');
    out('SiteUrl', this.siteUrl, 'Public base URL used in links (SITE_URL)');
    out('MailDomain', config.mailDomain, 'Mail domain: inboxes are <username>@<MailDomain>');
    out('MxTarget', this.ingest.mxTarget, 'MX record of the mail domain: 10 <MxTarget>');
    out('TableName', this.data.table.tableName, 'DynamoDB single table');
    out('BucketName', this.data.bucket.bucketName, 'Raw mail bucket');
    out('WebhookQueueUrl', this.webhooks.queue.queueUrl, 'Webhook delivery queue');
    out('WebhookDeadLetterQueueUrl', this.webhooks.deadLetterQueue.queueUrl, 'Webhook deliveries that failed maxReceiveCount times');
    out('AsyncFailuresQueueUrl', this.asyncDeadLetterQueue.queueUrl, 'Failed asynchronous invocations of ses-events and send-scheduled');
    // Read by `npm run replay -- --stage <stage>` (scripts/replay.ts).
    out(REPLAY_OUTPUTS.queueUrl, this.ingestDeadLetterQueue.queueUrl, 'Inbound mail whose ingest failed after Lambda\'s retries (npm run replay empties it)');
    out(REPLAY_OUTPUTS.functionName, fn('ingest').functionName, 'The ingest function, which the replay command invokes');
    out(REPLAY_OUTPUTS.policyArn, this.ingest.replayPolicy.managedPolicyArn, 'Managed policy to attach to whoever runs npm run replay');
    out('ReceiptRuleSetName', this.ingest.ruleSetName, 'SES receipt rule set');
    out('ConfigurationSetName', this.sending.configurationSet.configurationSetName, 'SES configuration set');
    out('ScheduleGroupName', this.scheduling.scheduleGroupName, 'EventBridge Scheduler group of scheduled drafts');
    for (const [i, record] of this.sending.identity.dkimRecords.entries()) {
      out(`DkimRecord${i + 1}`, `${record.name} CNAME ${record.value}`, 'Easy DKIM record (created for you when hostedZoneId/hostedZoneName are given)');
    }
    const policy = mailDomainPolicyRecords(config.mailDomain);
    out(MAIL_POLICY_OUTPUTS.spf, `${policy.spf.name} TXT "${policy.spf.value}"`, 'SPF of the mail domain: only SES sends as it (created for you when hostedZoneId/hostedZoneName are given)');
    out(MAIL_POLICY_OUTPUTS.dmarc, `${policy.dmarc.name} TXT "${policy.dmarc.value}"`, 'DMARC of the mail domain: spoofed mail is rejected (created for you when hostedZoneId/hostedZoneName are given)');
  }
}

/** Read the deployment parameters from CDK context (cdk.json, or `-c key=value`). */
export function mailroomConfigFromContext(node: Node): MailroomConfig {
  const str = (key: string): string | undefined => {
    const v: unknown = node.tryGetContext(key);
    if (v === undefined || v === null || v === '') return undefined;
    return String(v);
  };
  const bool = (key: string, fallback: boolean): boolean => {
    const v = str(key);
    if (v === undefined) return fallback;
    if (/^(true|1|yes|on)$/i.test(v)) return true;
    if (/^(false|0|no|off)$/i.test(v)) return false;
    throw new Error(`Context '${key}' must be true or false (on or off), got '${v}'`);
  };
  const num = (key: string, fallback: number): number => {
    const v = str(key);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) throw new Error(`Context '${key}' must be a non-negative number, got '${v}'`);
    return n;
  };

  const stage = str('stage') ?? 'dev';
  if (!/^[a-z0-9][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(`Context 'stage' must be lower-case letters, digits and '-' (max 20), got '${stage}'`);
  }
  const mailDomain = (str('mailDomain') ?? 'mail.example.com').toLowerCase().replace(/\.$/, '');
  if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(mailDomain)) {
    throw new Error(`Context 'mailDomain' is not a domain name: '${mailDomain}'`);
  }
  const siteUrl = str('siteUrl')?.replace(/\/+$/, '');
  if (siteUrl !== undefined && !/^https:\/\/[^\s/]+(\/\S*)?$/.test(siteUrl)) {
    throw new Error(`Context 'siteUrl' must be an https:// URL, got '${siteUrl}'`);
  }
  const hostedZoneId = str('hostedZoneId');
  const hostedZoneName = str('hostedZoneName')?.toLowerCase().replace(/\.$/, '');
  if ((hostedZoneId === undefined) !== (hostedZoneName === undefined)) {
    throw new Error("Context 'hostedZoneId' and 'hostedZoneName' go together: give both or neither");
  }
  if (hostedZoneName && mailDomain !== hostedZoneName && !mailDomain.endsWith(`.${hostedZoneName}`)) {
    throw new Error(`mailDomain '${mailDomain}' is not in the hosted zone '${hostedZoneName}'`);
  }
  const allowSandboxPayments = stage === 'sandbox' || bool('allowSandboxPayments', false);
  const paymentProvider = checkPaymentProvider(str('paymentProvider') ?? (stage === 'sandbox' ? 'sandbox' : 'none'), allowSandboxPayments,
    `Stage '${stage}' is not a sandbox: deploy with -c stage=sandbox (or -c allowSandboxPayments=true), or use -c paymentProvider=stripe `
    + '-c paymentSecretArn=<ARN>, or leave paymentProvider unset (none: paid tiers are not sold).');
  return {
    stage,
    mailDomain,
    siteUrl,
    hostedZoneId,
    hostedZoneName,
    paymentProvider,
    allowSandboxPayments: paymentProvider === 'sandbox' && allowSandboxPayments,
    paymentSecretArn: str('paymentSecretArn'),
    tableDeletionProtection: bool('tableDeletionProtection', true),
    bucketVersioning: bool('bucketVersioning', false),
    activateRuleSet: bool('activateRuleSet', true),
    logRetentionDays: num('logRetentionDays', 30),
    apiThrottleRateLimit: num('apiThrottleRateLimit', 100),
    apiThrottleBurstLimit: num('apiThrottleBurstLimit', 200),
    // AWS keeps 100 of the account's concurrency unreserved: reserving fails on low quotas (reservedConcurrencyNote).
    reservedConcurrency: bool('reservedConcurrency', true),
  };
}

/** What reserving needs of the AWS account, and how to deploy without it: said at every synth. */
export function reservedConcurrencyNote(on: boolean): string {
  const reserved = (Object.keys(FUNCTIONS) as FunctionName[])
    .map((n) => [n, (FUNCTIONS[n] as FunctionSpec).reservedConcurrency] as const).filter((e): e is readonly [FunctionName, number] => e[1] !== undefined);
  const total = reserved.reduce((n, [, r]) => n + r, 0);
  const list = reserved.map(([n, r]) => `${n} ${r}`).join(', ');
  return on
    ? `Reserved concurrency: ${list} (${total} in all). Lambda keeps 100 executions of the account unreserved, so the account's `
      + `concurrency quota must be at least ${total + 100} (Service Quotas: Lambda "Concurrent executions"; new accounts may have 10). `
      + 'If the deploy fails with "decreases account\'s UnreservedConcurrentExecution below its minimum value", '
      + 'deploy with -c reservedConcurrency=off until the quota is raised.'
    : `Reserved concurrency is off (-c reservedConcurrency=off): ${list} share the account's concurrency with every other function, `
      + 'so a burst elsewhere (long-polls included) can throttle mail ingest and webhook delivery.';
}

/** The CloudWatch Logs retention closest to (and not below) the asked number of days. */
export function toRetentionDays(days: number): logs.RetentionDays {
  const allowed = Object.values(logs.RetentionDays)
    .filter((v): v is logs.RetentionDays => typeof v === 'number' && v > 0)
    .sort((a, b) => a - b);
  if (days <= 0) return logs.RetentionDays.INFINITE;
  return allowed.find((v) => v >= days) ?? logs.RetentionDays.INFINITE;
}
