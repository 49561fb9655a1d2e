/**
 * Settings of the AWS resources that the CDK stack and the local stack create and the runtime
 * reads (a contract beside the function catalogue: runtime code never imports lib/), so the
 * emulated resources behave like the deployed ones.
 */
export const RESOURCE_SETTINGS = {
  /** Raw inbound mail lands under this prefix (SES receipt rule S3 action → ingest). */
  inboundPrefix: 'inbound/',
  /** Attachments extracted at ingest are stored under this prefix. */
  attachmentsPrefix: 'attachments/',
  /** Outbound raw MIME is stored under this prefix. */
  outboundPrefix: 'outbound/',
  /** Webhook payloads too large for an SQS message (256 KiB) are passed by reference here. */
  webhookPayloadPrefix: 'webhook-payloads/',
  webhookQueue: {
    /** Above the deliver function's timeout, so an in-flight batch is never delivered twice. */
    visibilityTimeoutSeconds: 360,
    batchSize: 10,
    /** A message that fails this often is a poison message: it goes to the DLQ. */
    maxReceiveCount: 5,
    retentionDays: 4,
    dlqRetentionDays: 14,
    /**
     * SQS event source maximum concurrency (AWS: 2 to 1,000) of the two lanes: the fast lane for
     * every receiver, the slow lane for receivers slower than their share. Together below
     * webhook-deliver's reserved concurrency (lambdas/functions.ts), so Lambda never throttles
     * the pollers (a throttled message goes back to the queue and toward the DLQ).
     */
    fastLaneMaxConcurrency: 12,
    slowLaneMaxConcurrency: 4,
  },
  /**
   * Ingest's asynchronous invocations (SES receipt rule, the sweep schedule): Lambda retries a
   * failed one this often, then puts the event in ingest's own dead-letter queue, where
   * `npm run replay` finds it. The local stack plays the same path (lib/local/smtp.ts).
   */
  ingestRetries: {
    retryAttempts: 2,
    /** Lambda's maximum: mail held back by throttling is still tried for 6 hours. */
    maximumEventAgeHours: 6,
    dlqRetentionDays: 14,
  },
  scheduleGroupName: 'mailroom-drafts',
  /** Raw mail and attachments are kept this long (days); 0 = forever. */
  rawMailRetentionDays: 0,
} as const;
