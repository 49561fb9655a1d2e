/**
 * The catalogue of Lambda functions: one per API resource, one per event source. The CDK stack
 * creates exactly these (entry `lambdas/handlers/<name>.ts`), and the local stack loads the
 * same files. `needs` says which resources a function is bound to; the CDK wrapper grants each
 * with least privilege and sets the matching environment variables (ENV below).
 */
export type Need =
  | 'tableRead'
  | 'tableWrite'
  | 'bucketRead'
  | 'bucketWrite'
  | 'webhookQueue'
  | 'scheduler'
  | 'linkSecret'
  | 'sesSend';

export interface FunctionSpec {
  description: string;
  /** http functions sit behind the HTTP API; event functions behind an event source. */
  kind: 'http' | 'event';
  memoryMb: number;
  timeoutSeconds: number;
  needs: readonly Need[];
}

export const FUNCTIONS = {
  discovery: {
    description: 'openapi.json, llms.txt, llms-full.txt, and the 404/405 envelope for unknown routes',
    kind: 'http', memoryMb: 256, timeoutSeconds: 10, needs: ['tableRead', 'tableWrite'],
  },
  inboxes: {
    description: 'Create, list, read, update and delete inboxes',
    kind: 'http', memoryMb: 512, timeoutSeconds: 10, needs: ['tableRead', 'tableWrite', 'linkSecret', 'webhookQueue'],
  },
  account: {
    description: 'Account, capabilities and upgrades',
    kind: 'http', memoryMb: 512, timeoutSeconds: 15, needs: ['tableRead', 'tableWrite', 'linkSecret', 'webhookQueue'],
  },
  messages: {
    description: 'Messages of an inbox: list, read, mark, labels, attachment downloads, rejections',
    kind: 'http', memoryMb: 512, timeoutSeconds: 15, needs: ['tableRead', 'tableWrite', 'bucketRead'],
  },
  threads: {
    description: 'Conversations: list, read, labels',
    kind: 'http', memoryMb: 512, timeoutSeconds: 15, needs: ['tableRead', 'tableWrite', 'bucketRead'],
  },
  lists: {
    description: 'Allow and block lists of senders',
    kind: 'http', memoryMb: 256, timeoutSeconds: 10, needs: ['tableRead', 'tableWrite'],
  },
  drafts: {
    description: 'Drafts: write, edit, schedule (EventBridge Scheduler), discard, send',
    kind: 'http', memoryMb: 512, timeoutSeconds: 30,
    needs: ['tableRead', 'tableWrite', 'bucketRead', 'bucketWrite', 'scheduler', 'sesSend', 'webhookQueue', 'linkSecret'],
  },
  sending: {
    description: 'Send an email now, or reply to a message',
    kind: 'http', memoryMb: 512, timeoutSeconds: 30, needs: ['tableRead', 'tableWrite', 'bucketRead', 'bucketWrite', 'sesSend', 'webhookQueue', 'linkSecret'],
  },
  webhooks: {
    description: 'Webhook endpoints: create, list, update, delete, test, enable, rotate secret, logs',
    kind: 'http', memoryMb: 512, timeoutSeconds: 15, needs: ['tableRead', 'tableWrite', 'linkSecret'],
  },
  ingest: {
    description: 'Parses raw mail that SES stored under inbound/ and files it into inboxes',
    kind: 'event', memoryMb: 1024, timeoutSeconds: 60, needs: ['tableRead', 'tableWrite', 'bucketRead', 'bucketWrite', 'webhookQueue'],
  },
  'webhook-deliver': {
    description: 'Delivers queued webhook events, re-enqueuing failures with a delay; sweeps undispatched events',
    kind: 'event', memoryMb: 512, timeoutSeconds: 60, needs: ['tableRead', 'tableWrite', 'bucketRead', 'webhookQueue', 'linkSecret'],
  },
  'send-scheduled': {
    description: 'Sends a scheduled draft when its EventBridge Scheduler schedule fires',
    kind: 'event', memoryMb: 512, timeoutSeconds: 60,
    needs: ['tableRead', 'tableWrite', 'bucketRead', 'bucketWrite', 'sesSend', 'webhookQueue', 'scheduler', 'linkSecret'],
  },
  'ses-events': {
    description: 'Applies SES delivery, bounce and complaint events to outbound messages',
    kind: 'event', memoryMb: 256, timeoutSeconds: 30, needs: ['tableRead', 'tableWrite', 'webhookQueue'],
  },
  pages: {
    description: 'Operator pages (upgrade, notifications, inbox view) and the payment processor webhook',
    kind: 'http', memoryMb: 512, timeoutSeconds: 20, needs: ['tableRead', 'tableWrite', 'linkSecret', 'bucketRead', 'webhookQueue'],
  },
} as const satisfies Record<string, FunctionSpec>;

export type FunctionName = keyof typeof FUNCTIONS;

/** Environment variable names the functions read (lambdas/config.ts and the modules using them). */
export const ENV = {
  tableName: 'TABLE_NAME',
  mailDomain: 'MAIL_DOMAIN',
  siteUrl: 'SITE_URL',
  bucketName: 'BUCKET_NAME',
  webhookQueueUrl: 'WEBHOOK_QUEUE_URL',
  scheduleGroupName: 'SCHEDULE_GROUP_NAME',
  schedulerRoleArn: 'SCHEDULER_ROLE_ARN',
  sendScheduledFunctionArn: 'SEND_SCHEDULED_FUNCTION_ARN',
  sesConfigurationSet: 'SES_CONFIGURATION_SET',
  linkSecretArn: 'LINK_SECRET_ARN',
  paymentProvider: 'PAYMENT_PROVIDER',
  localMode: 'MAILROOM_LOCAL_MODE',
} as const;

/** CloudWatch namespace of the functions' EMF metrics (lambdas/metrics.ts). */
export const METRICS_NAMESPACE = 'Mailroom';

/**
 * Powertools for AWS Lambda's settings, per function: the service name goes on every log line
 * and is the metrics' dimension. The CDK construct sets them; a local run should set the same
 * (the code falls back to the Lambda function name and METRICS_NAMESPACE when they are absent).
 */
export function powertoolsEnv(name: FunctionName): Record<string, string> {
  return { POWERTOOLS_SERVICE_NAME: `mailroom-${name}`, POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE };
}
