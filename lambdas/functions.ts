/**
 * The catalogue of Lambda functions: one per API resource, one per event source. The CDK stack
 * creates exactly these (entry `lambdas/<slice>/<name>.handler.ts`, handlerEntry below), and the
 * local stack loads the same files. `needs` says which resources a function is bound to; the CDK wrapper grants each
 * with least privilege and sets the matching environment variables (ENV below).
 */
import { METRICS_NAMESPACE } from './platform/metrics.ts';
export type Need =
  | 'tableRead'
  | 'tableWrite'
  | 'bucketRead'
  | 'bucketWrite'
  | 'webhookQueue'
  | 'scheduler'
  | 'linkSecret'
  | 'sesSend'
  /** The payment processor's keys (a Secrets Manager secret), when the provider is not the sandbox. */
  | 'paymentSecret'
  /** Create, read and delete SES domain identities (custom domains: Easy DKIM, MAIL FROM). */
  | 'sesIdentities'
  /** DNS lookups of custom domains' records (MAILROOM_DNS_SERVERS names the resolvers; empty = the system's). */
  | 'dnsLookup'
  /** Post to (and drop) WebSocket connections through the API Gateway Management API (STREAM_URL). */
  | 'streamPost'
  /** Send to the slow lane of webhook deliveries (WEBHOOK_SLOW_QUEUE_URL): receivers slower than their share. */
  | 'webhookSlowLane';

export interface FunctionSpec {
  /** The capability folder under lambdas/ that holds the function's handler, `<name>.handler.ts`. */
  slice: string;
  description: string;
  /** http functions sit behind the HTTP API; event functions behind an event source. */
  kind: 'http' | 'event';
  memoryMb: number;
  timeoutSeconds: number;
  needs: readonly Need[];
  /**
   * Lambda reserved concurrency: executions kept for this function whatever the others do (and
   * its ceiling). Applied unless the stack is synthesized with -c reservedConcurrency=off (AWS
   * keeps 100 of the account's concurrency unreserved, so low-quota accounts cannot reserve).
   */
  reservedConcurrency?: number;
}

export const FUNCTIONS = {
  discovery: {
    slice: 'discovery',
    description: 'openapi.json, llms.txt, llms-full.txt, and the 404/405 envelope for unknown routes',
    kind: 'http', memoryMb: 256, timeoutSeconds: 10, needs: ['tableRead', 'tableWrite'],
  },
  inboxes: {
    slice: 'inboxes',
    description: 'Create, list, read, update and delete inboxes',
    kind: 'http', memoryMb: 512, timeoutSeconds: 10, needs: ['tableRead', 'tableWrite', 'linkSecret', 'webhookQueue'],
  },
  account: {
    slice: 'accounts',
    description: 'Account, capabilities and upgrades',
    kind: 'http', memoryMb: 512, timeoutSeconds: 15, needs: ['tableRead', 'tableWrite', 'linkSecret', 'webhookQueue', 'paymentSecret'],
  },
  messages: {
    slice: 'messages',
    description: 'Messages of an inbox: list, read, mark, labels, attachment downloads, rejections',
    kind: 'http', memoryMb: 512, timeoutSeconds: 15, needs: ['tableRead', 'tableWrite', 'bucketRead'],
  },
  wait: {
    slice: 'messages',
    // Its own function: a wait holds its invocation for up to WAIT_MAX_TIMEOUT_SECONDS (25 s)
    // mostly asleep, so it gets little memory and a timeout above 25 s (under API Gateway's 30 s)
    // without lengthening the other message routes' timeout.
    description: 'Long-poll wait for the next matching message of an inbox',
    kind: 'http', memoryMb: 256, timeoutSeconds: 28, needs: ['tableRead', 'tableWrite', 'bucketRead'],
  },
  threads: {
    slice: 'messages',
    description: 'Conversations: list, read, labels',
    kind: 'http', memoryMb: 512, timeoutSeconds: 15, needs: ['tableRead', 'tableWrite', 'bucketRead'],
  },
  lists: {
    slice: 'messages',
    description: 'Allow and block lists of senders',
    kind: 'http', memoryMb: 256, timeoutSeconds: 10, needs: ['tableRead', 'tableWrite'],
  },
  drafts: {
    slice: 'sending',
    description: 'Drafts: write, edit, schedule (EventBridge Scheduler), discard, send',
    kind: 'http', memoryMb: 512, timeoutSeconds: 30,
    needs: ['tableRead', 'tableWrite', 'bucketRead', 'bucketWrite', 'scheduler', 'sesSend', 'webhookQueue', 'linkSecret'],
  },
  sending: {
    slice: 'sending',
    description: 'Send an email now, or reply to a message',
    kind: 'http', memoryMb: 512, timeoutSeconds: 30, needs: ['tableRead', 'tableWrite', 'bucketRead', 'bucketWrite', 'sesSend', 'webhookQueue', 'linkSecret'],
  },
  webhooks: {
    slice: 'events',
    description: 'Webhook endpoints: create, list, update, delete, test, enable, rotate secret, logs',
    // No webhookQueue: none of its routes announces an event (the test call posts to the endpoint itself).
    kind: 'http', memoryMb: 512, timeoutSeconds: 15, needs: ['tableRead', 'tableWrite', 'linkSecret'],
  },
  domains: {
    slice: 'domains',
    // webhookQueue: verify dispatches domain.verified; linkSecret: upgrade_context links on 402/403.
    description: 'Custom domains: add (SES identity, DNS records), list, verify (DNS lookups), delete',
    kind: 'http', memoryMb: 256, timeoutSeconds: 20, needs: ['tableRead', 'tableWrite', 'sesIdentities', 'dnsLookup', 'webhookQueue', 'linkSecret'],
  },
  mcp: {
    slice: 'mcp',
    // Every tool runs its route's function code in-process, so this function needs what those
    // functions need together (inboxes, account, messages, wait, threads, drafts, sending, webhooks).
    // The wait tool holds a call up to 25 s: the timeout sits just under API Gateway's 30 s.
    // It loads the account function's code (upgrades), so the payment provider's keys too.
    description: 'Hosted MCP server (Streamable HTTP, stateless): the API as tools',
    kind: 'http', memoryMb: 1024, timeoutSeconds: 29,
    needs: ['tableRead', 'tableWrite', 'bucketRead', 'bucketWrite', 'scheduler', 'sesSend', 'webhookQueue', 'linkSecret', 'paymentSecret'],
  },
  ingest: {
    slice: 'ingest',
    description: 'Parses raw mail that SES stored under inbound/ and files it into inboxes',
    kind: 'event', memoryMb: 1024, timeoutSeconds: 60, needs: ['tableRead', 'tableWrite', 'bucketRead', 'bucketWrite', 'webhookQueue'],
    // Mail keeps arriving while a tenant's long-polls or a burst elsewhere take the region's
    // concurrency: 50 executions stay ingest's (~50 mails a second; SES's async invocations that
    // meet the ceiling are retried by Lambda for up to 6 hours, not lost).
    reservedConcurrency: 50,
  },
  'webhook-deliver': {
    slice: 'events',
    // streamPost: it also fans events out to live WebSocket connections (usecases/webhooks/stream.ts).
    description: 'Delivers queued webhook events, re-enqueuing failures with a delay; fans events out to WebSocket streams; sweeps undispatched events',
    kind: 'event', memoryMb: 512, timeoutSeconds: 60,
    needs: ['tableRead', 'tableWrite', 'bucketRead', 'webhookQueue', 'linkSecret', 'streamPost', 'webhookSlowLane'],
    // Deliveries go on whatever else runs. Above the two lanes' SQS maximum concurrency together
    // (RESOURCE_SETTINGS.webhookQueue), so their pollers are never throttled (a throttled batch
    // returns to the queue and counts toward maxReceiveCount); the rest serves the sweep schedule.
    reservedConcurrency: 20,
  },
  stream: {
    slice: 'events',
    // One function for the WebSocket API ($connect, $disconnect, subscribe, ping) and for
    // GET /v1/stream on the HTTP API (the wss URL); it posts replayed events, hence streamPost.
    // 29 s: a subscribe replaying missed events runs inside API Gateway's integration timeout.
    description: 'Realtime event stream: WebSocket connect/subscribe/replay and GET /v1/stream',
    kind: 'http', memoryMb: 512, timeoutSeconds: 29, needs: ['tableRead', 'tableWrite', 'bucketRead', 'streamPost'],
  },
  'send-scheduled': {
    slice: 'sending',
    description: 'Sends a scheduled draft when its EventBridge Scheduler schedule fires',
    kind: 'event', memoryMb: 512, timeoutSeconds: 60,
    needs: ['tableRead', 'tableWrite', 'bucketRead', 'bucketWrite', 'sesSend', 'webhookQueue', 'scheduler', 'linkSecret'],
  },
  'ses-events': {
    slice: 'sending',
    description: 'Applies SES delivery, bounce and complaint events to outbound messages',
    kind: 'event', memoryMb: 256, timeoutSeconds: 30, needs: ['tableRead', 'tableWrite', 'webhookQueue'],
  },
  pages: {
    slice: 'operators',
    description: 'Operator pages (upgrade, notifications, inbox view) and the payment processor webhook',
    kind: 'http', memoryMb: 512, timeoutSeconds: 20, needs: ['tableRead', 'tableWrite', 'linkSecret', 'bucketRead', 'webhookQueue', 'paymentSecret'],
  },
} as const satisfies Record<string, FunctionSpec>;

export type FunctionName = keyof typeof FUNCTIONS;

/** A function's handler file, relative to the project root: `lambdas/<slice>/<name>.handler.ts`. */
export const handlerEntry = (name: FunctionName) => `lambdas/${FUNCTIONS[name].slice}/${name}.handler.ts`;

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
  /** The WebSocket API's wss:// URL; its https:// twin is the Management API endpoint. */
  streamUrl: 'STREAM_URL',
  localMode: 'MAILROOM_LOCAL_MODE',
  dnsServers: 'MAILROOM_DNS_SERVERS',
} as const;

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
  dnsLookup: [ENV.dnsServers],
  streamPost: [ENV.streamUrl],
  webhookSlowLane: [ENV.webhookSlowQueueUrl],
};

/** Set on every function, whatever it needs. */
export const COMMON_ENV: readonly string[] = [ENV.mailDomain, ENV.paymentProvider, ENV.siteUrl];

/**
 * The application variables a function's definition gives it. `paymentSecret` is bound only when
 * the payment provider is not the sandbox; the schedule target never gets its own ARN (a function
 * cannot reference itself in CloudFormation, and it only deletes schedules).
 */
export function environmentNames(name: FunctionName, o: { paymentSecret: boolean }): string[] {
  const names = new Set<string>(COMMON_ENV);
  for (const need of FUNCTIONS[name].needs as readonly Need[]) {
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
  dnsLookup: [],
  streamPost: ['execute-api:ManageConnections'],
  webhookSlowLane: ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'],
};

/** The IAM actions a function's needs grant, sorted (paymentSecret only when it is bound). */
export function functionActions(name: FunctionName, o: { paymentSecret: boolean }): string[] {
  const actions = new Set<string>();
  for (const need of FUNCTIONS[name].needs as readonly Need[]) {
    if (need === 'paymentSecret' && !o.paymentSecret) continue;
    for (const a of NEED_ACTIONS[need]) actions.add(a);
  }
  return [...actions].sort();
}
