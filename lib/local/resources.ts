import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceInUseException, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, PutBucketEncryptionCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateScheduleGroupCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { CreateSecretCommand, DescribeSecretCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { CreateEmailIdentityCommand, CreateConfigurationSetCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { CreateReceiptRuleCommand, CreateReceiptRuleSetCommand, DescribeActiveReceiptRuleSetCommand, SESClient, SetActiveReceiptRuleSetCommand } from '@aws-sdk/client-ses';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { randomBytes } from 'node:crypto';
import { TABLE } from '../../lambdas/platform/dynamo/table.ts';
import { RESOURCE_SETTINGS } from '../../lambdas/platform/resource-settings.ts';

export interface LocalResourceNames {
  tableName: string;
  bucketName: string;
  queueName: string;
  /** The slow lane of webhook deliveries (default: `<queueName>-slow`). */
  slowQueueName?: string;
  dlqName: string;
  /** Ingest's dead-letter queue (the local stack always names it; other callers need not). */
  ingestDlqName?: string;
  scheduleGroupName: string;
  secretName: string;
  configurationSetName: string;
  mailDomain: string;
  /** SES receiving as the stack sets it up (lib/constructs/ingest.ts): the active set and its mail-domain rule. */
  receiving?: { ruleSetName: string; ruleName: string; ingestFunctionArn: string };
}

export interface LocalResources {
  tableName: string;
  bucketName: string;
  webhookQueueUrl: string;
  webhookQueueArn: string;
  /** The slow lane (lib/constructs/webhooks.ts: SlowDeliveries). */
  webhookSlowQueueUrl: string;
  webhookSlowQueueArn: string;
  webhookDlqUrl: string;
  /** Where mail goes whose ingest failed its retries (lib/local/smtp.ts); set when `ingestDlqName` was given. */
  ingestDlqUrl?: string;
  scheduleGroupName: string;
  linkSecretArn: string;
  configurationSetName: string;
  /** The receipt rule set holding the stack's rules (its own, or the one active before it started); with `receiving`. */
  receiptRuleSetName?: string;
}

const ignoreExists = (e: unknown) => {
  const name = (e as Error).name;
  if (e instanceof ResourceInUseException || /AlreadyExists|AlreadyOwnedByYou|ResourceExists|Conflict/.test(name)) return;
  throw e;
};

/**
 * Creates in the emulator the resources the CDK stack declares, from the same definitions
 * (lambdas/platform/dynamo/table.ts, lambdas/platform/resource-settings.ts). Safe to run against existing resources.
 */
export async function createLocalResources(n: LocalResourceNames): Promise<LocalResources> {
  const ddb = new DynamoDBClient({});
  await ddb.send(new CreateTableCommand({
    TableName: n.tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [TABLE.partitionKey, TABLE.sortKey, ...TABLE.globalIndexes.flatMap((g) => [g.partitionKey, g.sortKey])]
      .map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
    KeySchema: [{ AttributeName: TABLE.partitionKey, KeyType: 'HASH' }, { AttributeName: TABLE.sortKey, KeyType: 'RANGE' }],
    GlobalSecondaryIndexes: TABLE.globalIndexes.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [{ AttributeName: g.partitionKey, KeyType: 'HASH' }, { AttributeName: g.sortKey, KeyType: 'RANGE' }],
      Projection: { ProjectionType: 'ALL' },
    })),
  })).catch(ignoreExists);
  await ddb.send(new DescribeTableCommand({ TableName: n.tableName }));
  await ddb.send(new UpdateTimeToLiveCommand({ TableName: n.tableName, TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true } }))
    .catch(() => undefined /* already enabled */);

  const s3 = new S3Client({ forcePathStyle: true });
  await s3.send(new CreateBucketCommand({ Bucket: n.bucketName })).catch(ignoreExists);
  await s3.send(new PutBucketEncryptionCommand({ Bucket: n.bucketName, ServerSideEncryptionConfiguration: { Rules: [{ ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] } }));

  const sqs = new SQSClient({});
  const q = RESOURCE_SETTINGS.webhookQueue;
  const dlq = await sqs.send(new CreateQueueCommand({ QueueName: n.dlqName, Attributes: { MessageRetentionPeriod: String(q.dlqRetentionDays * 86400) } }));
  const dlqArn = (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl!, AttributeNames: ['QueueArn'] }))).Attributes!.QueueArn!;
  // The two lanes: the same settings and the same dead-letter queue, as deployed.
  const lane = (QueueName: string) => sqs.send(new CreateQueueCommand({
    QueueName,
    Attributes: {
      VisibilityTimeout: String(q.visibilityTimeoutSeconds),
      MessageRetentionPeriod: String(q.retentionDays * 86400),
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: q.maxReceiveCount }),
    },
  }));
  const queue = await lane(n.queueName);
  const slowQueue = await lane(n.slowQueueName ?? `${n.queueName}-slow`);
  const arnOf = async (QueueUrl: string) => (await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] }))).Attributes!.QueueArn!;

  const queueArn = await arnOf(queue.QueueUrl!);
  const slowQueueArn = await arnOf(slowQueue.QueueUrl!);
  const ingestDlq = n.ingestDlqName
    ? await sqs.send(new CreateQueueCommand({
      QueueName: n.ingestDlqName,
      Attributes: { MessageRetentionPeriod: String(RESOURCE_SETTINGS.ingestRetries.dlqRetentionDays * 86400) },
    }))
    : undefined;

  const scheduler = new SchedulerClient({});
  await scheduler.send(new CreateScheduleGroupCommand({ Name: n.scheduleGroupName })).catch(ignoreExists);

  const secrets = new SecretsManagerClient({});
  let linkSecretArn: string;
  try {
    linkSecretArn = (await secrets.send(new DescribeSecretCommand({ SecretId: n.secretName }))).ARN!;
  } catch {
    linkSecretArn = (await secrets.send(new CreateSecretCommand({ Name: n.secretName, SecretString: randomBytes(32).toString('hex') }))).ARN!;
  }

  const ses = new SESv2Client({});
  await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: n.mailDomain })).catch(ignoreExists);
  await ses.send(new CreateConfigurationSetCommand({ ConfigurationSetName: n.configurationSetName })).catch(ignoreExists);
  let receiptRuleSetName: string | undefined;
  if (n.receiving) {
    // As the deployed stack (lib/constructs/ingest.ts): the stack's rule names the mail domain only
    // (custom domains get rules of their own from the domains function), in the stack's own set made
    // active when none is; when another stack's set is active (stacks sharing one emulator), in that
    // set, as -c receiptRuleSet= does: SES has one active set per account and region.
    const receiving = new SESClient({});
    const active = (await receiving.send(new DescribeActiveReceiptRuleSetCommand({}))).Metadata?.Name;
    receiptRuleSetName = active ?? n.receiving.ruleSetName;
    if (!active) await receiving.send(new CreateReceiptRuleSetCommand({ RuleSetName: receiptRuleSetName })).catch(ignoreExists);
    await receiving.send(new CreateReceiptRuleCommand({ RuleSetName: receiptRuleSetName, Rule: {
      Name: n.receiving.ruleName, Enabled: true, ScanEnabled: true, TlsPolicy: 'Optional', Recipients: [n.mailDomain],
      Actions: [
        { S3Action: { BucketName: n.bucketName, ObjectKeyPrefix: RESOURCE_SETTINGS.inboundPrefix } },
        { LambdaAction: { FunctionArn: n.receiving.ingestFunctionArn, InvocationType: 'Event' } },
      ],
    } })).catch(ignoreExists);
    if (!active) await receiving.send(new SetActiveReceiptRuleSetCommand({ RuleSetName: receiptRuleSetName }));
  }

  return {
    tableName: n.tableName,
    bucketName: n.bucketName,
    webhookQueueUrl: queue.QueueUrl!,
    webhookQueueArn: queueArn,
    webhookSlowQueueUrl: slowQueue.QueueUrl!,
    webhookSlowQueueArn: slowQueueArn,
    webhookDlqUrl: dlq.QueueUrl!,
    ingestDlqUrl: ingestDlq?.QueueUrl,
    scheduleGroupName: n.scheduleGroupName,
    linkSecretArn,
    configurationSetName: n.configurationSetName,
    receiptRuleSetName,
  };
}
