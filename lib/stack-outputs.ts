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

/** What the sandbox suite reads with MAILROOM_STACK=<stack> (test/sandbox/target.ts): the API, everything else is found through it. */
export const SANDBOX_OUTPUTS = {
  apiUrl: 'ApiUrl',
} as const;

/**
 * The named outputs of a deployed stack (CloudFormation DescribeStacks with the caller's
 * credentials), or an error saying what to check: the stack, the region, the credentials, or a
 * deploy of this version when an output is missing.
 */
export async function readStackOutputs<K extends string>(stack: string, keys: Record<K, string>, region?: string): Promise<Record<K, string>> {
  const { CloudFormationClient, DescribeStacksCommand } = await import('@aws-sdk/client-cloudformation');
  const where = region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  let outputs: { OutputKey?: string; OutputValue?: string }[];
  try {
    outputs = (await new CloudFormationClient(where ? { region: where } : {}).send(new DescribeStacksCommand({ StackName: stack }))).Stacks?.[0]?.Outputs ?? [];
  } catch (e) {
    const err = e as Error;
    throw new Error(`could not read the outputs of stack ${stack}${where ? ` in ${where}` : ''} (${err.name}: ${err.message}): check the stack name, the region (AWS_REGION) and your credentials`);
  }
  const values = Object.fromEntries(outputs.map((o) => [o.OutputKey, o.OutputValue]));
  const missing = Object.values<string>(keys).filter((k) => !values[k]);
  if (missing.length) throw new Error(`stack ${stack} has no ${missing.join(', ')} output: deploy this version first`);
  return Object.fromEntries(Object.entries<string>(keys).map(([name, key]) => [name, values[key]])) as Record<K, string>;
}
