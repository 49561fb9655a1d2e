/**
 * MailroomStack: the deployed Mailroom. Functions come from the catalogue (lambdas/functions.ts),
 * routes from the route table (lambdas/routes.ts), the table from lambdas/platform/dynamo/table.ts and queue
 * and bucket settings from lambdas/platform/resource-settings.ts; this file only wires the flows together.
 *
 * Order: every function first (catalogue), then one construct per flow, each wiring its event
 * source to its function; last, each function is bound to what its `needs` name.
 */
import { Annotations, CfnOutput, Duration, Stack, Token, type StackProps } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct, Node } from 'constructs';
import { ENV, functionsOf, LAMBDA_UNRESERVED_MINIMUM, reservedConcurrencies, reservedConcurrencyQuota, TEST_KNOBS, type FunctionName, type TestKnob } from '../lambdas/functions.ts';
import { checkPaymentProvider } from '../lambdas/operators/payments/choice.ts';
import { RESOURCE_SETTINGS } from '../lambdas/platform/resource-settings.ts';
import { routes } from '../lambdas/routes.ts';
import { MailroomApi } from './constructs/api.ts';
import { MailroomData } from './constructs/data.ts';
import { MailroomIngest } from './constructs/ingest.ts';
import { MailroomFunction } from './constructs/mailroom-function.ts';
import { MailroomMonitoring } from './constructs/monitoring.ts';
import { MailroomSending, mailDomainPolicyRecords } from './constructs/sending.ts';
import { MailroomScheduling } from './constructs/scheduling.ts';
import { MailroomSecrets } from './constructs/secrets.ts';
import { MailroomStream } from './constructs/stream.ts';
import { MailroomWebhooks } from './constructs/webhooks.ts';
import { MAIL_POLICY_OUTPUTS, RECEIVING_OUTPUTS, REPLAY_OUTPUTS } from './stack-outputs.ts';

/** Deployment parameters (CDK context; see mailroomConfigFromContext). */
export interface MailroomConfig {
  readonly stage: string;
  readonly mailDomain: string;
  /** Public base URL for links in mail and pages; default: the HTTP API URL. */
  readonly siteUrl?: string;
  readonly hostedZoneId?: string;
  readonly hostedZoneName?: string;
  /** Custom domain of the HTTP API and pages (-c apiDomain=), with its ACM certificate in the stack's region (certificateArn). */
  readonly apiDomain?: string;
  readonly certificateArn?: string;
  /** Custom domain of the WebSocket stream (-c streamDomain=), another name than apiDomain, covered by the same certificate. */
  readonly streamDomain?: string;
  /** none (paid tiers not sold), sandbox (test cards: only on a sandbox) or stripe. */
  readonly paymentProvider: string;
  /** The functions take sandbox test cards: true only for stage=sandbox or allowSandboxPayments=true. */
  readonly allowSandboxPayments: boolean;
  /** Test mode (-c testMode=, on by default for stage=sandbox): the route table's testMode rows are routed, the test knobs taken. */
  readonly testMode: boolean;
  /** The test knobs' values as the functions' environment takes them (TEST_KNOBS): empty unless testMode. */
  readonly testKnobs: Readonly<Partial<Record<TestKnob, string>>>;
  /** Secrets Manager secret with the processor's keys ({"secret_key", "webhook_secret"}); for paymentProvider=stripe. */
  readonly paymentSecretArn?: string;
  readonly tableDeletionProtection: boolean;
  readonly bucketVersioning: boolean;
  /** cdk destroy deletes the table and the buckets with their data (-c disposableData=true; test mode only). */
  readonly disposableData: boolean;
  /** Use the mail domain's existing SES identity (and its DNS records) instead of creating them (-c adoptIdentity=true). */
  readonly adoptIdentity: boolean;
  readonly activateRuleSet: boolean;
  /** Activate our rule set even when another application's is active (-c takeOverReceiving=true). */
  readonly takeOverReceiving: boolean;
  /** Put this stage's receipt rules in this existing set (another stage's active one) instead of a set of its own. */
  readonly receiptRuleSet?: string;
  readonly logRetentionDays: number;
  readonly apiThrottleRateLimit: number;
  readonly apiThrottleBurstLimit: number;
  /** Apply the functions' reserved concurrency (lambdas/functions.ts); -c reservedConcurrency=off. */
  readonly reservedConcurrency: boolean;
  /** WebSocket stage access logs: need the account's API Gateway CloudWatch role (-c streamAccessLogs=true). */
  readonly streamAccessLogs: boolean;
  /** Subscribed by email to the alarm topic (-c alarmEmail=ops@example.org); without it, subscribe to output AlarmTopicArn. */
  readonly alarmEmail?: string;
  /** A monthly AWS cost budget in USD notifying the alarm topic (-c monthlyBudgetUsd=50); none without it. */
  readonly monthlyBudgetUsd?: number;
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
  /** Every function of the catalogue the stack has (test-mode-only ones only in test mode: functionsOf). */
  readonly functions: Partial<Record<FunctionName, MailroomFunction>>;
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
  /** Alarms (one SNS topic), dashboard and budget: lib/constructs/monitoring.ts. */
  readonly monitoring: MailroomMonitoring;

  /** The stack's function `name`; a test-mode-only one throws outside test mode. */
  functionOf(name: FunctionName): MailroomFunction {
    const f = this.functions[name];
    if (!f) throw new Error(`Function ${name} exists only in a stack in test mode (-c testMode=true or stage=sandbox)`);
    return f;
  }

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
    // Test-mode-only functions (testing) exist only in a test-mode stack: elsewhere no role to misuse.
    const functions: Partial<Record<FunctionName, MailroomFunction>> = {};
    for (const name of functionsOf({ testMode: config.testMode })) {
      functions[name] = new MailroomFunction(this, `Fn-${name}`, {
        name,
        mailDomain: config.mailDomain,
        paymentProvider: config.paymentProvider,
        allowSandboxPayments: config.allowSandboxPayments,
        testMode: config.testMode,
        testKnobs: Object.fromEntries(Object.entries(config.testKnobs).map(([k, v]) => [TEST_KNOBS[k as TestKnob].env, v])),
        logRetention,
        reserveConcurrency: config.reservedConcurrency,
        asyncDeadLetterQueue: name === 'ingest' ? this.ingestDeadLetterQueue
          : ASYNC_FUNCTIONS.includes(name) ? this.asyncDeadLetterQueue : undefined,
      });
    }
    this.functions = functions;
    const fnOf = (name: FunctionName) => this.functionOf(name);
    Annotations.of(this).addInfo(reservedConcurrencyNote(config.reservedConcurrency));
    const fn = (name: FunctionName) => fnOf(name).fn;

    // 2. Flows.
    this.data = new MailroomData(this, 'Data', {
      tableDeletionProtection: config.tableDeletionProtection,
      bucketVersioning: config.bucketVersioning,
      accessLogRetentionDays: 90,
      disposable: config.disposableData,
    });
    this.secrets = new MailroomSecrets(this, 'Secrets');
    if (config.certificateArn && !Token.isUnresolved(this.region) && config.certificateArn.split(':')[3] !== this.region) {
      throw new Error(`Context 'certificateArn' is in ${config.certificateArn.split(':')[3]}, but the stack deploys to ${this.region}: `
        + "the API's custom domain is regional, so its ACM certificate must be in the stack's region");
    }
    // A custom domain of the API or the stream: the one certificate, the zone's alias when it holds the name.
    const customDomain = (name: string | undefined) => (name && config.certificateArn
      ? { domainName: name, certificateArn: config.certificateArn, hostedZone: hostedZone && inZone(name, config.hostedZoneName) ? hostedZone : undefined }
      : undefined);
    this.api = new MailroomApi(this, 'Api', {
      stage: config.stage,
      customDomain: customDomain(config.apiDomain),
      throttleRateLimit: config.apiThrottleRateLimit,
      throttleBurstLimit: config.apiThrottleBurstLimit,
      logRetention,
    });
    // Without test mode the testMode rows get no route: they fall to $default (discovery), a 404.
    this.api.addRouteTable(routes, fn, 'discovery', { testMode: config.testMode });
    this.webhooks = new MailroomWebhooks(this, 'Webhooks', { deliverFunction: fn('webhook-deliver') });
    this.stream = new MailroomStream(this, 'Stream', {
      stage: config.stage,
      streamFunction: fn('stream'),
      throttleRateLimit: config.apiThrottleRateLimit,
      throttleBurstLimit: config.apiThrottleBurstLimit,
      logRetention,
      accessLogs: config.streamAccessLogs,
      customDomain: customDomain(config.streamDomain),
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
      adoptIdentity: config.adoptIdentity,
      eventsFunction: fn('ses-events'),
    });
    this.ingest = new MailroomIngest(this, 'Inbound', {
      stage: config.stage,
      mailDomain: config.mailDomain,
      bucket: this.data.bucket,
      ingestFunction: fn('ingest'),
      ingestDeadLetterQueue: this.ingestDeadLetterQueue,
      activateRuleSet: config.activateRuleSet,
      takeOverReceiving: config.takeOverReceiving,
      sharedRuleSet: config.receiptRuleSet,
      // An adopted mail domain has its MX record already (creating it again would fail the deploy).
      hostedZone: config.adoptIdentity ? undefined : hostedZone,
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
    // Magic links and pages on the custom domain when there is one.
    this.siteUrl = config.siteUrl ?? this.api.url;
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
        receiving: { ruleSetName: this.ingest.ruleSetName, ruleName: this.ingest.ruleName, bucket: this.data.bucket, ingestFunction: fn('ingest') },
        sesEventsFunction: fn('ses-events'),
      });
    }

    // 4. Monitoring: last, because it alarms on every dead-letter queue and alarm the stack holds.
    this.monitoring = new MailroomMonitoring(this, 'Monitoring', {
      namePrefix: this.stackName,
      functions: Object.fromEntries(Object.entries(functions).map(([name, f]) => [name, f.fn])),
      httpApi: this.api.httpApi,
      webhookQueues: [this.webhooks.queue, this.webhooks.slowQueue],
      alarmEmail: config.alarmEmail,
      monthlyBudgetUsd: config.monthlyBudgetUsd,
    });

    // Outputs.
    const out = (id: string, value: string, description: string) => new CfnOutput(this, id, { value, description });
    out('ApiUrl', this.api.url, 'Base URL of the HTTP API ($default stage; https://<apiDomain> with a custom domain)');
    if (this.api.domainName) {
      out('ApiDomainTarget', this.api.domainName.regionalDomainName,
        `Point ${config.apiDomain} at this (CNAME, or a Route 53 alias; created for you when the hosted zone holds it)`);
    }
    out('StreamUrl', this.stream.url, 'wss:// URL of the realtime event stream (GET /v1/stream answers it; wss://<streamDomain> with a custom domain)');
    if (this.stream.domainName) {
      out('StreamDomainTarget', this.stream.domainName.regionalDomainName,
        `Point ${config.streamDomain} at this (CNAME, or a Route 53 alias; created for you when the hosted zone holds it)`);
    }
    out('SiteUrl', this.siteUrl, 'Public base URL used in links (SITE_URL)');
    out('MailDomain', config.mailDomain, 'Mail domain: inboxes are <username>@<MailDomain>');
    out('MxTarget', this.ingest.mxTarget, 'MX record of the mail domain: 10 <MxTarget>');
    out(RECEIVING_OUTPUTS.table, this.data.table.tableName, 'DynamoDB single table');
    out(RECEIVING_OUTPUTS.bucket, this.data.bucket.bucketName, 'Raw mail bucket');
    out('WebhookQueueUrl', this.webhooks.queue.queueUrl, 'Webhook delivery queue');
    out('WebhookDeadLetterQueueUrl', this.webhooks.deadLetterQueue.queueUrl, 'Webhook deliveries that failed maxReceiveCount times');
    out('AsyncFailuresQueueUrl', this.asyncDeadLetterQueue.queueUrl, 'Failed asynchronous invocations of ses-events and send-scheduled');
    // Read by `npm run replay -- --stage <stage>` (scripts/replay.ts).
    out(REPLAY_OUTPUTS.queueUrl, this.ingestDeadLetterQueue.queueUrl, 'Inbound mail whose ingest failed after Lambda\'s retries (npm run replay empties it)');
    out(REPLAY_OUTPUTS.functionName, fn('ingest').functionName, 'The ingest function, which the replay command invokes');
    out(RECEIVING_OUTPUTS.ingestFunctionArn, fn('ingest').functionArn, 'The ingest function, which custom domains\' receipt rules invoke (read by npm run backfill)');
    out(REPLAY_OUTPUTS.policyArn, this.ingest.replayPolicy.managedPolicyArn, 'Managed policy to attach to whoever runs npm run replay');
    out(RECEIVING_OUTPUTS.ruleSet, this.ingest.ruleSetName, 'SES receipt rule set (this stage\'s own, or the one given with -c receiptRuleSet=)');
    out(RECEIVING_OUTPUTS.rule, this.ingest.ruleName, 'SES receipt rule of the mail domain; custom domains\' rules follow it, named <ReceiptRuleName>-d<n>');
    out('ConfigurationSetName', this.sending.configurationSet.configurationSetName, 'SES configuration set');
    out('ScheduleGroupName', this.scheduling.scheduleGroupName, 'EventBridge Scheduler group of scheduled drafts');
    out('AlarmTopicArn', this.monitoring.topic.topicArn, 'SNS topic every alarm notifies (subscribe to it; -c alarmEmail= does it by email)');
    // None for an adopted identity: its DKIM records are published already (aws sesv2 get-email-identity lists the tokens).
    for (const [i, record] of this.sending.dkimRecords.entries()) {
      out(`DkimRecord${i + 1}`, `${record.name} CNAME ${record.value}`, 'Easy DKIM record (created for you when hostedZoneId/hostedZoneName are given)');
    }
    const policy = mailDomainPolicyRecords(config.mailDomain);
    const dnsNote = config.adoptIdentity ? 'not created with adoptIdentity=true: check it is published' : 'created for you when hostedZoneId/hostedZoneName are given';
    out(MAIL_POLICY_OUTPUTS.spf, `${policy.spf.name} TXT "${policy.spf.value}"`, `SPF of the mail domain: only SES sends as it (${dnsNote})`);
    out(MAIL_POLICY_OUTPUTS.dmarc, `${policy.dmarc.name} TXT "${policy.dmarc.value}"`, `DMARC of the mail domain: spoofed mail is rejected (${dnsNote})`);
  }
}

/** Read the deployment parameters from CDK context (cdk.json, or `-c key=value`). */
export function mailroomConfigFromContext(node: Node): MailroomConfig {
  /** Every context key this function reads: an unknown key one typo away from one of them is refused. */
  const read = new Set<string>(APP_CONTEXT_KEYS);
  const str = (key: string): string | undefined => {
    read.add(key);
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
  /** A whole number of at least `min`. */
  const int = (key: string, fallback: number, min: number): number => {
    const n = num(key, fallback);
    if (!Number.isInteger(n) || n < min) throw new Error(`Context '${key}' must be a whole number of at least ${min}, got '${str(key)}'`);
    return n;
  };

  const stage = str('stage') ?? 'dev';
  if (!/^[a-z0-9][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(`Context 'stage' must be lower-case letters, digits and '-' (max 20), got '${stage}'`);
  }
  const mailDomain = str('mailDomain')?.toLowerCase().replace(/\.$/, '');
  if (mailDomain === undefined) {
    throw new Error("Context 'mailDomain' is required: deploy with -c mailDomain=<a domain whose DNS you control> "
      + '(inboxes are <name>@<mailDomain>; its MX record must point at SES)');
  }
  if (!DOMAIN_NAME.test(mailDomain)) {
    throw new Error(`Context 'mailDomain' is not a domain name: '${mailDomain}'`);
  }
  const placeholder = PLACEHOLDER_DOMAINS.find((d) => mailDomain === d || mailDomain.endsWith(`.${d}`));
  if (placeholder) {
    throw new Error(`Context 'mailDomain' is '${mailDomain}', under the reserved ${placeholder}, which can never receive mail or verify in SES: `
      + 'deploy with -c mailDomain=<a domain whose DNS you control>');
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
  if (hostedZoneId !== undefined && !/^Z[A-Z0-9]{1,31}$/.test(hostedZoneId)) {
    throw new Error(`Context 'hostedZoneId' must be a Route 53 hosted zone id (Z…, as in the console), got '${hostedZoneId}'`);
  }
  if (hostedZoneName !== undefined && !DOMAIN_NAME.test(hostedZoneName)) {
    throw new Error(`Context 'hostedZoneName' is not a domain name: '${hostedZoneName}'`);
  }
  if (hostedZoneName && !inZone(mailDomain, hostedZoneName)) {
    throw new Error(`mailDomain '${mailDomain}' is not in the hosted zone '${hostedZoneName}'`);
  }
  const apiDomain = str('apiDomain')?.toLowerCase().replace(/\.$/, '');
  const certificateArn = str('certificateArn');
  const streamDomain = str('streamDomain')?.toLowerCase().replace(/\.$/, '');
  if (streamDomain !== undefined && certificateArn === undefined) {
    throw new Error("Context 'streamDomain' needs 'certificateArn': an ACM certificate in the stack's region that covers it (with apiDomain: one certificate for both names, as SANs or a wildcard)");
  }
  // certificateArn alone (no domain to use it) is refused too.
  if ((apiDomain === undefined) !== (certificateArn === undefined) && streamDomain === undefined) {
    throw new Error("Context 'apiDomain' and 'certificateArn' go together: give both (the custom domain and its ACM certificate) or neither");
  }
  if (apiDomain !== undefined && !DOMAIN_NAME.test(apiDomain)) {
    throw new Error(`Context 'apiDomain' is not a domain name: '${apiDomain}'`);
  }
  if (streamDomain !== undefined && !DOMAIN_NAME.test(streamDomain)) {
    throw new Error(`Context 'streamDomain' is not a domain name: '${streamDomain}'`);
  }
  if (streamDomain !== undefined && streamDomain === apiDomain) {
    throw new Error(`Context 'streamDomain' must be another name than 'apiDomain' ('${apiDomain}'): `
      + 'API Gateway cannot map a WebSocket API and an HTTP API to one custom domain (e.g. -c streamDomain=stream.<your domain>)');
  }
  if (certificateArn !== undefined && !/^arn:aws[a-z-]*:acm:[a-z]{2}(-[a-z]+)+-\d:\d{12}:certificate\/[0-9a-f-]+$/.test(certificateArn)) {
    throw new Error('Context \'certificateArn\' must be an ACM certificate ARN in the stack\'s region '
      + `(arn:aws:acm:<region>:<account>:certificate/<id>), got '${certificateArn}'`);
  }
  const allowSandboxPayments = bool('allowSandboxPayments', false) || stage === 'sandbox';
  const testMode = bool('testMode', stage === 'sandbox');
  // The knobs loosen limits for test runs, so a stack not in test mode refuses them; one in test
  // mode gets the sandbox values of those not given.
  const testKnobs: Partial<Record<TestKnob, string>> = {};
  for (const key of Object.keys(TEST_KNOBS) as TestKnob[]) {
    const v = str(key);
    if (v !== undefined && !testMode) {
      throw new Error(`Context '${key}' is a test knob, taken only in test mode: deploy with -c stage=sandbox or -c testMode=true, or leave it unset`);
    }
    if (testMode) testKnobs[key] = v === undefined ? TEST_KNOBS[key].sandbox : testKnobValue(key, v);
  }
  const paymentProvider = withContextKey('paymentProvider', () => checkPaymentProvider(str('paymentProvider') ?? (stage === 'sandbox' ? 'sandbox' : 'none'), allowSandboxPayments,
    `Stage '${stage}' is not a sandbox: deploy with -c stage=sandbox (or -c allowSandboxPayments=true), or use -c paymentProvider=stripe `
    + '-c paymentSecretArn=<ARN>, or leave paymentProvider unset (none: paid tiers are not sold).'));
  const paymentSecretArn = str('paymentSecretArn');
  if (paymentSecretArn !== undefined && !/^arn:aws[a-z-]*:secretsmanager:[a-z0-9-]+:\d{12}:secret:\S+$/.test(paymentSecretArn)) {
    throw new Error(`Context 'paymentSecretArn' must be a Secrets Manager secret ARN (arn:aws:secretsmanager:<region>:<account>:secret:<name>-<suffix>), got '${paymentSecretArn}'`);
  }
  if (paymentSecretArn !== undefined && paymentProvider !== 'stripe') {
    throw new Error(`Context 'paymentSecretArn' is only read with -c paymentProvider=stripe (paymentProvider is '${paymentProvider}')`);
  }
  if (paymentProvider === 'stripe' && paymentSecretArn === undefined) {
    throw new Error('Context paymentProvider=stripe needs -c paymentSecretArn=<Secrets Manager ARN>');
  }
  const receiptRuleSet = str('receiptRuleSet');
  if (receiptRuleSet !== undefined && !/^[A-Za-z0-9](?:[A-Za-z0-9_-]{0,62}[A-Za-z0-9])?$/.test(receiptRuleSet)) {
    throw new Error(`Context 'receiptRuleSet' must be an SES receipt rule set name (letters, digits, '_' and '-', at most 64), got '${receiptRuleSet}'`);
  }
  if (receiptRuleSet !== undefined && bool('takeOverReceiving', false)) {
    throw new Error("Context 'receiptRuleSet' and 'takeOverReceiving' exclude each other: with receiptRuleSet the stage adds its rules to that set and activates nothing");
  }
  // Only a sandbox's test data may go with the stack: a production stack's mail never does.
  const disposableData = bool('disposableData', false);
  if (disposableData && !testMode) {
    throw new Error("Context 'disposableData' deletes the table and buckets with the stack: only a stack in test mode takes it (-c stage=sandbox or -c testMode=true)");
  }
  if (disposableData && bool('tableDeletionProtection', false)) {
    throw new Error("Context 'disposableData' and 'tableDeletionProtection' exclude each other: a protected table cannot be deleted with the stack");
  }
  const alarmEmail = str('alarmEmail');
  if (alarmEmail !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(alarmEmail)) {
    throw new Error(`Context 'alarmEmail' must be an email address (the alarm topic's subscriber), got '${alarmEmail}'`);
  }
  const budget = str('monthlyBudgetUsd');
  const monthlyBudgetUsd = budget === undefined ? undefined : Number(budget);
  if (monthlyBudgetUsd !== undefined && !(Number.isFinite(monthlyBudgetUsd) && monthlyBudgetUsd > 0)) {
    throw new Error(`Context 'monthlyBudgetUsd' must be a number of US dollars above 0 (e.g. -c monthlyBudgetUsd=50), got '${budget}'`);
  }
  const config: MailroomConfig = {
    stage,
    mailDomain,
    siteUrl,
    hostedZoneId,
    hostedZoneName,
    apiDomain,
    certificateArn,
    streamDomain,
    paymentProvider,
    allowSandboxPayments: paymentProvider === 'sandbox' && allowSandboxPayments,
    testMode,
    testKnobs,
    paymentSecretArn,
    // Off by default: DynamoDB refuses to delete a protected table, so a failed first deploy could not roll back.
    // cdk destroy keeps the table anyway (RetainExceptOnCreate); protection guards deletes outside CloudFormation.
    tableDeletionProtection: bool('tableDeletionProtection', false),
    bucketVersioning: bool('bucketVersioning', false),
    disposableData,
    adoptIdentity: bool('adoptIdentity', false),
    activateRuleSet: bool('activateRuleSet', true),
    takeOverReceiving: bool('takeOverReceiving', false),
    receiptRuleSet,
    logRetentionDays: int('logRetentionDays', 30, 0),
    apiThrottleRateLimit: positive(num('apiThrottleRateLimit', 100), 'apiThrottleRateLimit'),
    apiThrottleBurstLimit: int('apiThrottleBurstLimit', 200, 1),
    // Off by default: WebSocket (unlike HTTP API) access logs need the account's API Gateway CloudWatch role.
    streamAccessLogs: bool('streamAccessLogs', false),
    // AWS keeps 100 of the account's concurrency unreserved: reserving fails on low quotas (reservedConcurrencyNote).
    reservedConcurrency: bool('reservedConcurrency', true),
    alarmEmail,
    monthlyBudgetUsd,
  };
  refuseContextTypos(node, read);
  return config;
}

/** Context keys read outside mailroomConfigFromContext (bin/app.ts). */
const APP_CONTEXT_KEYS = ['nag'] as const;
const DOMAIN_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** Reserved for documentation (RFC 2606): no mail is ever delivered to them. */
const PLACEHOLDER_DOMAINS = ['example.com', 'example.net', 'example.org'] as const;

/** The domain is the zone's apex or under it. */
const inZone = (domain: string, zone: string | undefined): boolean =>
  zone !== undefined && (domain === zone || domain.endsWith(`.${zone}`));

const positive = (n: number, key: string): number => {
  if (n <= 0) throw new Error(`Context '${key}' must be above 0, got '${n}'`);
  return n;
};

/** A test knob's context value, checked as the functions check it at init, as its environment variable takes it. */
function testKnobValue(key: TestKnob, v: string): string {
  if (key === 'webhookRetryDelays') {
    const delays = v.split(',').map((d) => d.trim());
    if (delays.some((d) => d === '' || !Number.isFinite(Number(d)) || Number(d) < 0 || Number(d) > 900)) {
      throw new Error(`Context 'webhookRetryDelays' must be comma-separated seconds from 0 to 900, one per delivery attempt (e.g. 0,1,1,1,1), got '${v}'`);
    }
    return delays.map(Number).join(',');
  }
  const n = Number(v);
  if (key === 'freeInboxCreatesPerIpPerHour' && !(Number.isInteger(n) && n >= 1)) {
    throw new Error(`Context 'freeInboxCreatesPerIpPerHour' must be a whole number of at least 1, got '${v}'`);
  }
  if (!(Number.isFinite(n) && n > 0)) throw new Error(`Context '${key}' must be a number above 0, got '${v}'`);
  return String(n);
}

/** Run a check whose message may not name the context key, and make it name it. */
function withContextKey<T>(key: string, check: () => T): T {
  try {
    return check();
  } catch (e) {
    const message = (e as Error).message;
    throw new Error(message.includes(key) ? message : `Context '${key}': ${message}`);
  }
}

/**
 * An unknown context key that is a known one with another case or one edit (two for long keys)
 * is a typo whose value would be silently ignored: refuse it, naming the key meant. CDK's own keys
 * (`@aws-cdk/…`, `aws:cdk:…`) and keys far from ours pass.
 */
export function refuseContextTypos(node: Node, known: ReadonlySet<string>): void {
  const all = node.getAllContext() as Record<string, unknown>;
  for (const key of Object.keys(all)) {
    if (known.has(key) || /[:@/]/.test(key)) continue;
    const meant = [...known].find((k) => {
      const a = key.toLowerCase();
      const b = k.toLowerCase();
      return a === b || editDistance(a, b) <= (k.length >= 10 ? 2 : 1);
    });
    if (meant) throw new Error(`Unknown context '${key}': did you mean '${meant}'? (-c ${meant}=…)`);
  }
}

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** What reserving needs of the AWS account, and how to deploy without it: said at every synth. */
export function reservedConcurrencyNote(on: boolean): string {
  const reserved = reservedConcurrencies();
  const list = reserved.map(([n, r]) => `${n} ${r}`).join(', ');
  return on
    ? `Reserved concurrency: ${list} (${reservedConcurrencyQuota() - LAMBDA_UNRESERVED_MINIMUM} in all; for the long-poll functions wait, mcp and stream also their ceiling). `
      + `Lambda keeps ${LAMBDA_UNRESERVED_MINIMUM} executions of the account unreserved, so ask AWS for a Lambda concurrency quota of at least ${reservedConcurrencyQuota()} `
      + '(Service Quotas: AWS Lambda, "Concurrent executions"; new accounts may have 10). '
      + 'If the deploy fails with "decreases account\'s UnreservedConcurrentExecution below its minimum value", '
      + 'deploy with -c reservedConcurrency=off until the quota is raised.'
    : `Reserved concurrency is off (-c reservedConcurrency=off): ${list} share the account's concurrency with every other function, `
      + 'so a burst elsewhere can throttle mail ingest and webhook delivery, and long-polls (wait, mcp, stream) have no ceiling.';
}

/** The CloudWatch Logs retention closest to (and not below) the asked number of days. */
export function toRetentionDays(days: number): logs.RetentionDays {
  const allowed = Object.values(logs.RetentionDays)
    .filter((v): v is logs.RetentionDays => typeof v === 'number' && v > 0)
    .sort((a, b) => a - b);
  if (days <= 0) return logs.RetentionDays.INFINITE;
  return allowed.find((v) => v >= days) ?? logs.RetentionDays.INFINITE;
}
