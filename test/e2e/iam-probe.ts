/**
 * A stand-in handler for test/e2e/iam.test.ts: run in a catalogue function's place (its worker,
 * its environment, its IAM identity), it tries one call of each kind the catalogue can grant and
 * answers, per call, 'allowed' (the emulator let it through; a missing object still counts) or the
 * error name and message the emulator refused it with.
 */
import { DynamoDBClient, GetItemCommand, TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { SendMessageBatchCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';

export interface ProbeTargets {
  table: string; bucket: string; queueUrl: string; secretArn: string; scheduleGroup: string;
  configurationSet: string; from: string;
}

/** Errors that mean the call was authorized and reached the service. */
const PAST_IAM = new Set(['NoSuchKey', 'ResourceNotFoundException', 'MessageRejected']);

async function attempt(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return 'allowed';
  } catch (e) {
    const err = e as Error;
    return PAST_IAM.has(err.name) ? 'allowed' : `${err.name}: ${err.message}`;
  }
}

/** Behind the API stand-in: the targets are the request body; the answer is the response body. */
export async function handler(event: { body: string }): Promise<{ statusCode: number; headers: Record<string, string>; body: string }> {
  const outcomes = await probe(JSON.parse(event.body) as ProbeTargets);
  return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(outcomes) };
}

async function probe(t: ProbeTargets): Promise<Record<string, string>> {
  // Credentials, region and endpoint come from the function's environment, as in the handlers.
  const ddb = new DynamoDBClient({});
  const s3 = new S3Client({ forcePathStyle: true });
  const sqs = new SQSClient({});
  const key = { pk: { S: 'iam-probe' }, sk: { S: 'iam-probe' } };
  return {
    'dynamodb:GetItem': await attempt(() => ddb.send(new GetItemCommand({ TableName: t.table, Key: key }))),
    'dynamodb:TransactWriteItems': await attempt(() => ddb.send(new TransactWriteItemsCommand({
      TransactItems: [{ Put: { TableName: t.table, Item: { ...key, probe: { S: 'x' } } } }],
    }))),
    's3:GetObject': await attempt(() => s3.send(new GetObjectCommand({ Bucket: t.bucket, Key: 'iam-probe/missing' }))),
    's3:PutObject': await attempt(() => s3.send(new PutObjectCommand({ Bucket: t.bucket, Key: 'iam-probe/a+é', Body: 'x' }))),
    'sqs:SendMessage': await attempt(() => sqs.send(new SendMessageCommand({ QueueUrl: t.queueUrl, MessageBody: '{"probe":true}' }))),
    'sqs:SendMessageBatch': await attempt(() => sqs.send(new SendMessageBatchCommand({
      QueueUrl: t.queueUrl, Entries: [{ Id: '1', MessageBody: '{"probe":true}' }],
    }))),
    'secretsmanager:GetSecretValue': await attempt(() => new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: t.secretArn }))),
    'scheduler:GetSchedule': await attempt(() => new SchedulerClient({}).send(new GetScheduleCommand({ Name: 'iam-probe', GroupName: t.scheduleGroup }))),
    // To a mailbox-simulator-style address that is not delivered anywhere: only the authorization matters.
    'ses:SendEmail': await attempt(() => new SESv2Client({}).send(new SendEmailCommand({
      FromEmailAddress: t.from, Destination: { ToAddresses: ['nobody@example.invalid'] },
      Content: { Simple: { Subject: { Data: 'probe' }, Body: { Text: { Data: 'probe' } } } },
      ConfigurationSetName: t.configurationSet,
    }))),
  };
}
