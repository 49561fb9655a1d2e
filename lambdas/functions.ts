/**
 * The catalogue of Lambda functions: one per API resource, one per event source. The CDK stack
 * creates exactly these (entry `lambdas/<slice>/<name>.handler.ts`, handlerEntry below), and the
 * local stack loads the same files. `needs` says which resources a function is bound to; the CDK wrapper grants each
 * with least privilege and sets the matching environment variables (ENV below).
 */
import { METRICS_NAMESPACE } from './platform/metrics.ts';
import type { FunctionSpec, Need } from './platform/function-spec.ts';
import { accountsFunctions } from './accounts/accounts.functions.ts';
import { discoveryFunctions } from './discovery/discovery.functions.ts';
import { domainsFunctions } from './domains/domains.functions.ts';
import { eventsFunctions } from './events/events.functions.ts';
import { inboxesFunctions } from './inboxes/inboxes.functions.ts';
import { ingestFunctions } from './ingest/ingest.functions.ts';
import { mcpFunctions } from './mcp/mcp.functions.ts';
import { messagesFunctions } from './messages/messages.functions.ts';
import { operatorsFunctions } from './operators/operators.functions.ts';
import { sendingFunctions } from './sending/sending.functions.ts';
import { testingFunctions } from './testing/testing.functions.ts';

export type { FunctionSpec, Need } from './platform/function-spec.ts';

/** Every function the slices declare: the catalogue below must name each once (the compiler checks it). */
type Declared = typeof discoveryFunctions
  & typeof inboxesFunctions
  & typeof accountsFunctions
  & typeof messagesFunctions
  & typeof sendingFunctions
  & typeof eventsFunctions
  & typeof domainsFunctions
  & typeof mcpFunctions
  & typeof ingestFunctions
  & typeof operatorsFunctions
  & typeof testingFunctions;

/** In the order the stack creates them (the synthesized template keeps it). */
export const FUNCTIONS = {
  discovery: discoveryFunctions.discovery,
  inboxes: inboxesFunctions.inboxes,
  account: accountsFunctions.account,
  messages: messagesFunctions.messages,
  wait: messagesFunctions.wait,
  threads: messagesFunctions.threads,
  lists: messagesFunctions.lists,
  drafts: sendingFunctions.drafts,
  sending: sendingFunctions.sending,
  webhooks: eventsFunctions.webhooks,
  domains: domainsFunctions.domains,
  mcp: mcpFunctions.mcp,
  ingest: ingestFunctions.ingest,
  'webhook-deliver': eventsFunctions['webhook-deliver'],
  stream: eventsFunctions.stream,
  'send-scheduled': sendingFunctions['send-scheduled'],
  'ses-events': sendingFunctions['ses-events'],
  pages: operatorsFunctions.pages,
  testing: testingFunctions.testing,
} as const satisfies { [Name in keyof Declared]: FunctionSpec };

export type FunctionName = keyof typeof FUNCTIONS;

/** A function's handler file, relative to the project root: `lambdas/<slice>/<name>.handler.ts`. */
export const handlerEntry = (name: FunctionName) => `lambdas/${FUNCTIONS[name].slice}/${name}.handler.ts`;

/** The functions that reserve concurrency, with their reservation (catalogue order). */
export const reservedConcurrencies = (): (readonly [FunctionName, number])[] => (Object.keys(FUNCTIONS) as FunctionName[])
  .map((n) => [n, (FUNCTIONS[n] as FunctionSpec).reservedConcurrency] as const)
  .filter((e): e is readonly [FunctionName, number] => e[1] !== undefined);
/** AWS keeps this many of an account's concurrent executions unreserved. */
export const LAMBDA_UNRESERVED_MINIMUM = 100;
/** The account concurrency quota reserving needs: every reservation plus what AWS keeps unreserved. */
export const reservedConcurrencyQuota = () => reservedConcurrencies().reduce((n, [, r]) => n + r, LAMBDA_UNRESERVED_MINIMUM);

/** Environment variable names the functions read (lambdas/platform/config.ts and the modules using them). */
export const ENV = {
  tableName: 'TABLE_NAME',
  mailDomain: 'MAIL_DOMAIN',
  siteUrl: 'SITE_URL',
  bucketName: 'BUCKET_NAME',
  webhookQueueUrl: 'WEBHOOK_QUEUE_URL',
  /** The slow lane of webhook deliveries (lambdas/events/webhook-delivery.ts). */
  webhookSlowQueueUrl: 'WEBHOOK_SLOW_QUEUE_URL',
  scheduleGroupName: 'SCHEDULE_GROUP_NAME',
  schedulerRoleArn: 'SCHEDULER_ROLE_ARN',
  sendScheduledFunctionArn: 'SEND_SCHEDULED_FUNCTION_ARN',
  sesConfigurationSet: 'SES_CONFIGURATION_SET',
  linkSecretArn: 'LINK_SECRET_ARN',
  paymentProvider: 'PAYMENT_PROVIDER',
  allowSandboxPayments: 'ALLOW_SANDBOX_PAYMENTS',
  paymentSecretArn: 'STRIPE_SECRET_ARN',
  /** The WebSocket API's wss:// URL that clients are told (wss://<streamDomain> with a custom domain). */
  streamUrl: 'STREAM_URL',
  /** The stack's receipt rule set and its own rule: custom domains' rules go after it (lambdas/domains/receiving.ts). */
  receiptRuleSet: 'RECEIPT_RULE_SET',
  receiptRule: 'RECEIPT_RULE',
  ingestFunctionArn: 'INGEST_FUNCTION_ARN',
  /** The function SES's sending events reach (through SNS): simulated bounces and complaints invoke it. */
  sesEventsFunctionArn: 'SES_EVENTS_FUNCTION_ARN',
  /** The Management API endpoint (the stage's execute-api callback URL); absent, the https:// twin of STREAM_URL. */
  streamCallbackUrl: 'STREAM_CALLBACK_URL',
  localMode: 'MAILROOM_LOCAL_MODE',
  /** 'true' on a stack in test mode (its testMode routes are routed), else 'false'. */
  testMode: 'MAILROOM_TEST_MODE',
  dnsServers: 'MAILROOM_DNS_SERVERS',
} as const;

/**
 * Test knobs, by context key (-c freeInboxCreatesPerIpPerHour=…): taken only by a stack in test
 * mode, and set on every function (lambdas/platform/config.ts reads them at init). `sandbox` is what
 * a deployed stack in test mode (and `npm start -- --sandbox`) gets unless told otherwise: enough
 * for the integration suite. The plain local stack takes them from its own environment only.
 */
export const TEST_KNOBS = {
  /** The free tier's inbox creations per IP an hour (10): a test run creates hundreds of accounts from one IP. */
  freeInboxCreatesPerIpPerHour: { env: 'FREE_INBOX_CREATES_PER_IP_PER_HOUR', sandbox: '1000' },
  /** Multiplies every tier's API requests a minute. */
  apiRateLimitMultiplier: { env: 'API_RATE_LIMIT_MULTIPLIER', sandbox: '10' },
  /** Seconds before each webhook delivery attempt (spec: 0,5,15,45,135). */
  webhookRetryDelays: { env: 'WEBHOOK_RETRY_DELAYS', sandbox: '0,1,1,1,1' },
} as const;
export type TestKnob = keyof typeof TEST_KNOBS;

/** The functions the sesPathInvoke need may invoke (test mode's simulate): SES's receiving and feedback paths. */
export const SES_PATH_TARGETS = ['ingest', 'ses-events'] as const satisfies readonly FunctionName[];

/** The function EventBridge Scheduler invokes for scheduled drafts. */
export const SCHEDULE_TARGET: FunctionName = 'send-scheduled';

/**
 * The environment each need sets. The CDK bindings (lib/constructs/mailroom-function.ts) and the
 * local stack (lib/local/functions-host.ts) both build a function's environment from this table,
 * so a function cannot get a variable locally that its deployed definition lacks.
 */
export const NEED_ENV: Record<Need, readonly string[]> = {
  tableRead: [ENV.tableName],
  tableWrite: [ENV.tableName],
  bucketRead: [ENV.bucketName],
  bucketWrite: [ENV.bucketName],
  webhookQueue: [ENV.webhookQueueUrl],
  scheduler: [ENV.scheduleGroupName, ENV.schedulerRoleArn, ENV.sendScheduledFunctionArn],
  linkSecret: [ENV.linkSecretArn],
  sesSend: [ENV.sesConfigurationSet],
  paymentSecret: [ENV.paymentSecretArn],
  sesIdentities: [],
  sesReceiving: [ENV.receiptRuleSet, ENV.receiptRule, ENV.bucketName, ENV.ingestFunctionArn],
  inboundWrite: [ENV.bucketName],
  sesPathInvoke: [ENV.ingestFunctionArn, ENV.sesEventsFunctionArn],
  dnsLookup: [ENV.dnsServers],
  streamPost: [ENV.streamUrl, ENV.streamCallbackUrl],
  webhookSlowLane: [ENV.webhookSlowQueueUrl],
};

/** Set on every function, whatever it needs. */
export const COMMON_ENV: readonly string[] = [ENV.mailDomain, ENV.paymentProvider, ENV.siteUrl, ENV.testMode];

/**
 * The application variables a function's definition gives it. `paymentSecret` is bound only when
 * the payment provider is not the sandbox; the schedule target never gets its own ARN (a function
 * cannot reference itself in CloudFormation, and it only deletes schedules).
 */
/** A function's needs in a stack: its own, and in test mode its testModeNeeds too. */
export function needsOf(name: FunctionName, o: { testMode?: boolean } = {}): readonly Need[] {
  const spec: FunctionSpec = FUNCTIONS[name];
  return o.testMode ? [...spec.needs, ...(spec.testModeNeeds ?? [])] : spec.needs;
}

/** The functions a stack has: the test-mode-only ones only in test mode (least privilege: no role to misuse elsewhere). */
export function functionsOf(o: { testMode: boolean }): FunctionName[] {
  return (Object.keys(FUNCTIONS) as FunctionName[]).filter((n) => o.testMode || !(FUNCTIONS[n] as FunctionSpec).testModeOnly);
}

export function environmentNames(name: FunctionName, o: { paymentSecret: boolean; testMode?: boolean }): string[] {
  const names = new Set<string>(COMMON_ENV);
  for (const need of needsOf(name, o)) {
    if (need === 'paymentSecret' && !o.paymentSecret) continue;
    for (const v of NEED_ENV[need]) names.add(v);
  }
  if (name === SCHEDULE_TARGET) names.delete(ENV.sendScheduledFunctionArn);
  return [...names].sort();
}

/** CloudWatch namespace of the functions' EMF metrics (declared in lambdas/platform/metrics.ts). */
export { METRICS_NAMESPACE };

/**
 * Powertools for AWS Lambda's settings, per function: the service name goes on every log line
 * and is the metrics' dimension. The CDK construct sets them; a local run should set the same
 * (the code falls back to the Lambda function name and METRICS_NAMESPACE when they are absent).
 */
export function powertoolsEnv(name: FunctionName): Record<string, string> {
  return { POWERTOOLS_SERVICE_NAME: `mailroom-${name}`, POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE };
}

const TABLE_READ_ACTIONS = ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:DescribeTable', 'dynamodb:GetItem',
  'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:Query', 'dynamodb:Scan'] as const;
const SECRET_READ_ACTIONS = ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'] as const;

/**
 * The IAM actions each need grants (what the CDK bindings in lib/constructs/mailroom-function.ts
 * give; test/infra/stack.test.ts holds the two equal). The local stack gives each function's
 * identity in the emulator exactly these, so a call a deployed function may not make fails
 * locally too. A write need includes its read actions, as the CDK grant does.
 */
export const NEED_ACTIONS: Record<Need, readonly string[]> = {
  tableRead: TABLE_READ_ACTIONS,
  tableWrite: [...TABLE_READ_ACTIONS, 'dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  // ListBucket so that a missing key reads as NoSuchKey rather than AccessDenied.
  bucketRead: ['s3:GetObject', 's3:ListBucket'],
  bucketWrite: ['s3:DeleteObject', 's3:GetObject', 's3:ListBucket', 's3:PutObject'],
  webhookQueue: ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'],
  scheduler: ['iam:PassRole', 'scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:GetSchedule', 'scheduler:UpdateSchedule'],
  linkSecret: SECRET_READ_ACTIONS,
  // GetEmailIdentity: sending first checks that the mail domain is verified (lambdas/platform/aws/ses.ts).
  sesSend: ['ses:GetEmailIdentity', 'ses:SendEmail', 'ses:SendRawEmail'],
  paymentSecret: SECRET_READ_ACTIONS,
  // ses:TagResource: SES authorizes the tags given at CreateEmailIdentity as TagResource (the IAM
  // grant allows it only with the stack's tag; lib/constructs/mailroom-function.ts bindSesIdentities).
  sesIdentities: ['ses:CreateEmailIdentity', 'ses:DeleteEmailIdentity', 'ses:GetEmailIdentity', 'ses:PutEmailIdentityMailFromAttributes', 'ses:TagResource'],
  // No resource-level permissions in SES for receipt rules: granted on "*" in the stack's region only.
  sesReceiving: ['ses:CreateReceiptRule', 'ses:DeleteReceiptRule', 'ses:UpdateReceiptRule'],
  // Only under inbound/ (lib/constructs/mailroom-function.ts bindInboundWrite).
  inboundWrite: ['s3:PutObject'],
  sesPathInvoke: ['lambda:InvokeFunction'],
  dnsLookup: [],
  streamPost: ['execute-api:ManageConnections'],
  webhookSlowLane: ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'],
};

/** The IAM actions a function's needs grant, sorted (paymentSecret only when it is bound). */
export function functionActions(name: FunctionName, o: { paymentSecret: boolean; testMode?: boolean }): string[] {
  const actions = new Set<string>();
  for (const need of needsOf(name, o)) {
    if (need === 'paymentSecret' && !o.paymentSecret) continue;
    for (const a of NEED_ACTIONS[need]) actions.add(a);
  }
  return [...actions].sort();
}
