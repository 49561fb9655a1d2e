/**
 * Names of the stack outputs that commands read back (DescribeStacks), shared by the stack that
 * declares them (lib/mailroom-stack.ts) and the commands (scripts/replay.ts), which must not load
 * the CDK to know them.
 */
export const REPLAY_OUTPUTS = {
  /** URL of ingest's dead-letter queue. */
  queueUrl: 'IngestDeadLetterQueueUrl',
  /** Name of the ingest function. */
  functionName: 'IngestFunctionName',
  /** ARN of the managed policy that allows the replay. */
  policyArn: 'IngestReplayPolicyArn',
} as const;

/** What `npm run backfill -- --stage` reads: the table, and what custom domains' receipt rules need (lambdas/domains/receiving.ts). */
export const RECEIVING_OUTPUTS = {
  table: 'TableName',
  ruleSet: 'ReceiptRuleSetName',
  rule: 'ReceiptRuleName',
  bucket: 'BucketName',
  ingestFunctionArn: 'IngestFunctionArn',
} as const;

/** The stack of a stage (bin/app.ts). */
export const stackName = (stage: string) => `Mailroom-${stage}`;

/**
 * The mail domain's sender policy records (lib/constructs/sending.ts), as `<name> TXT "<value>"`:
 * created in the hosted zone when one is given, otherwise to be published by hand.
 */
export const MAIL_POLICY_OUTPUTS = {
  spf: 'MailDomainSpfRecord',
  dmarc: 'MailDomainDmarcRecord',
} as const;
