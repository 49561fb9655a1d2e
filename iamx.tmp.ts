import { IAMClient, CreateUserCommand, PutUserPolicyCommand, CreateAccessKeyCommand } from '@aws-sdk/client-iam';
import { DynamoDBClient, CreateTableCommand, PutItemCommand, TransactWriteItemsCommand, QueryCommand, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { S3Client, CreateBucketCommand, PutObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SQSClient, CreateQueueCommand, SendMessageBatchCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { SecretsManagerClient, CreateSecretCommand, GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { SchedulerClient, CreateScheduleGroupCommand, CreateScheduleCommand, DeleteScheduleCommand } from '@aws-sdk/client-scheduler';
import { SESv2Client, CreateEmailIdentityCommand, GetEmailIdentityCommand, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { startMoto } from './lib/local/moto.ts';

const moto = await startMoto();
const endpoint = moto.endpoint;
const base = { endpoint, region: 'us-east-1' };
const admin = { ...base, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const iam = new IAMClient(admin);
async function user(name: string, statements: unknown[]) {
  await iam.send(new CreateUserCommand({ UserName: name }));
  await iam.send(new PutUserPolicyCommand({ UserName: name, PolicyName: 'p', PolicyDocument: JSON.stringify({ Version: '2012-10-17', Statement: statements }) }));
  const k = (await iam.send(new CreateAccessKeyCommand({ UserName: name }))).AccessKey!;
  return { ...base, credentials: { accessKeyId: k.AccessKeyId!, secretAccessKey: k.SecretAccessKey! } };
}
const adminC = await user('admin', [{ Effect: 'Allow', Action: '*', Resource: '*' }]);
// setup resources as the "root"
const ddb0 = new DynamoDBClient(admin);
await ddb0.send(new CreateTableCommand({ TableName: 't', BillingMode: 'PAY_PER_REQUEST', AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }], KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }] }));
await new S3Client({ ...admin, forcePathStyle: true }).send(new CreateBucketCommand({ Bucket: 'bkt-mail' }));
const q = (await new SQSClient(admin).send(new CreateQueueCommand({ QueueName: 'q' }))).QueueUrl!;
const q2 = (await new SQSClient(admin).send(new CreateQueueCommand({ QueueName: 'q2' }))).QueueUrl!;
await new SecretsManagerClient(admin).send(new CreateSecretCommand({ Name: 's', SecretString: 'x' }));
await new SchedulerClient(admin).send(new CreateScheduleGroupCommand({ Name: 'g' }));
await new SESv2Client(admin).send(new CreateEmailIdentityCommand({ EmailIdentity: 'example.com' }));

const limited = await user('fn', [
  { Effect: 'Allow', Action: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query'], Resource: '*' },
  { Effect: 'Allow', Action: ['s3:GetObject', 's3:PutObject'], Resource: 'arn:aws:s3:::bkt-mail/*' },
  { Effect: 'Allow', Action: ['sqs:SendMessage'], Resource: 'arn:aws:sqs:us-east-1:123456789012:q' },
  { Effect: 'Allow', Action: ['secretsmanager:GetSecretValue'], Resource: '*' },
  { Effect: 'Allow', Action: ['scheduler:CreateSchedule'], Resource: '*' },
  { Effect: 'Allow', Action: ['ses:SendEmail'], Resource: '*' },
]);
const r = await fetch(`${endpoint}/moto-api/reset-auth`, { method: 'POST', body: '0' });
console.log('reset-auth', r.status, await r.text());

async function t(label: string, f: () => Promise<unknown>) {
  try { await f(); console.log('OK   ', label); } catch (e: any) { console.log('ERR  ', label, e.name, (e.message ?? '').slice(0, 120)); }
}
const ddb = new DynamoDBClient(limited), s3 = new S3Client({ ...limited, forcePathStyle: true }), sqs = new SQSClient(limited);
await t('ddb put (allowed)', () => ddb.send(new PutItemCommand({ TableName: 't', Item: { pk: { S: 'a' } } })));
await t('ddb get (allowed)', () => ddb.send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } })));
await t('ddb transact (IAM: PutItem; moto op name TransactWriteItems)', () => ddb.send(new TransactWriteItemsCommand({ TransactItems: [{ Put: { TableName: 't', Item: { pk: { S: 'b' } } } }] })));
await t('ddb put other table (resource * only)', () => ddb.send(new PutItemCommand({ TableName: 'nope', Item: { pk: { S: 'a' } } })));
await t('s3 put (allowed)', () => s3.send(new PutObjectCommand({ Bucket: 'bkt-mail', Key: 'inbound/a b+c.eml', Body: Buffer.from('hello') })));
await t('s3 put string body', () => s3.send(new PutObjectCommand({ Bucket: 'bkt-mail', Key: 'x/é+1=.txt', Body: 'hello', ContentType: 'text/plain' })));
await t('s3 get (allowed)', async () => (await s3.send(new GetObjectCommand({ Bucket: 'bkt-mail', Key: 'inbound/a b+c.eml' }))).Body!.transformToString());
await t('s3 get other bucket (resource)', () => s3.send(new GetObjectCommand({ Bucket: 'other-bkt', Key: 'k' })));
const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'bkt-mail', Key: 'inbound/a b+c.eml' }), { expiresIn: 60 });
await t('s3 presigned get', async () => { const res = await fetch(url); if (!res.ok) throw new Error(`${res.status} ${(await res.text()).slice(0, 200)}`); });
await t('sqs send (allowed)', () => sqs.send(new SendMessageCommand({ QueueUrl: q, MessageBody: 'x' })));
await t('sqs send batch (IAM: SendMessage)', () => sqs.send(new SendMessageBatchCommand({ QueueUrl: q, Entries: [{ Id: '1', MessageBody: 'x' }] })));
await t('sqs send other queue (resource)', () => sqs.send(new SendMessageCommand({ QueueUrl: q2, MessageBody: 'x' })));
await t('secret get (allowed)', () => new SecretsManagerClient(limited).send(new GetSecretValueCommand({ SecretId: 's' })));
await t('schedule create (allowed)', () => new SchedulerClient(limited).send(new CreateScheduleCommand({ Name: 'x', GroupName: 'g', ScheduleExpression: 'at(2030-01-01T00:00:00)', FlexibleTimeWindow: { Mode: 'OFF' }, Target: { Arn: 'arn:aws:lambda:us-east-1:123456789012:function:f', RoleArn: 'arn:aws:iam::123456789012:role/r' } })));
await t('schedule delete (denied)', () => new SchedulerClient(limited).send(new DeleteScheduleCommand({ Name: 'x', GroupName: 'g' })));
await t('ses send (allowed)', () => new SESv2Client(limited).send(new SendEmailCommand({ FromEmailAddress: 'a@example.com', Destination: { ToAddresses: ['b@example.org'] }, Content: { Raw: { Data: Buffer.from('Subject: x\r\n\r\nhi') } } })));
await t('ses get identity (denied)', () => new SESv2Client(limited).send(new GetEmailIdentityCommand({ EmailIdentity: 'example.com' })));
await t('admin-user put other table', () => new DynamoDBClient(adminC).send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } })));
await t('unknown key', () => new DynamoDBClient(admin).send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } })));
await moto.stop();
