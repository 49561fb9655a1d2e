import { IAMClient, CreateUserCommand, PutUserPolicyCommand, CreateAccessKeyCommand } from '@aws-sdk/client-iam';
import { S3Client, CreateBucketCommand, PutObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
const endpoint = 'http://127.0.0.1:' + process.argv[2];
const base = { endpoint, region: 'us-east-1' };
const admin = { ...base, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const iam = new IAMClient(admin);
await iam.send(new CreateUserCommand({ UserName: 'fn' }));
await iam.send(new PutUserPolicyCommand({ UserName: 'fn', PolicyName: 'p', PolicyDocument: JSON.stringify({ Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: '*', Resource: '*' }] }) }));
const k = (await iam.send(new CreateAccessKeyCommand({ UserName: 'fn' }))).AccessKey!;
await new S3Client({ ...admin, forcePathStyle: true }).send(new CreateBucketCommand({ Bucket: 'bkt-mail' }));
await fetch(`${endpoint}/moto-api/reset-auth`, { method: 'POST', body: '0' });
const s3 = new S3Client({ ...base, forcePathStyle: true, credentials: { accessKeyId: k.AccessKeyId!, secretAccessKey: k.SecretAccessKey! } });
try { await s3.send(new GetObjectCommand({ Bucket: 'bkt-mail', Key: 'plain' })); } catch (e: any) { console.log(e.name); }
for (const Key of ['plain2', 'a b', 'a+b', 'inbound/x.eml', 'é']) {
  try { await s3.send(new PutObjectCommand({ Bucket: 'bkt-mail', Key, Body: Buffer.from('hello') })); console.log('put ok', Key); } catch (e: any) { console.log('put', Key, e.name); }
  try { await s3.send(new GetObjectCommand({ Bucket: 'bkt-mail', Key })); console.log('get ok', Key); } catch (e: any) { console.log('get', Key, e.name); }
}
