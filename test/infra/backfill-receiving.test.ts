/**
 * `npm run backfill -- --stage <stage>` gives custom domains proven before receipt rules named
 * their domains their rule (lambdas/domains/receiving.ts), reading the stack's outputs as a
 * deployed stack has them: the command itself, against the emulator's CloudFormation, DynamoDB and SES.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { CloudFormationClient, CreateStackCommand } from '@aws-sdk/client-cloudformation';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { CreateReceiptRuleCommand, CreateReceiptRuleSetCommand, DescribeReceiptRuleSetCommand, SESClient } from '@aws-sdk/client-ses';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as entities from '../../lambdas/domains/domains.entities.ts';
import { startMoto, type Emulator } from '../../lib/local/moto.ts';
import { createLocalResources } from '../../lib/local/resources.ts';
import { RECEIVING_OUTPUTS, stackName } from '../../lib/stack-outputs.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const STAGE = 'bftest';
const RULE_SET = `${stackName(STAGE)}-inbound`;
const RULE = `${stackName(STAGE)}-deliver`;
const INGEST = 'arn:aws:lambda:us-east-1:000000000000:function:Mailroom-bftest-ingest';
const creds = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };

let moto: Emulator;

function backfill(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [resolve(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/backfill.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, AWS_ENDPOINT_URL: moto.endpoint, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { out += d.toString(); });
    child.on('error', fail);
    child.on('close', (code) => done({ code, out }));
  });
}

beforeAll(async () => {
  moto = await startMoto({});
  const saved = { ...process.env };
  Object.assign(process.env, { AWS_ENDPOINT_URL: moto.endpoint, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });
  const res = await createLocalResources({
    tableName: 'bftest-table', bucketName: 'bftest-mail', queueName: 'bftest-q', dlqName: 'bftest-dlq', scheduleGroupName: 'bftest-drafts',
    secretName: 'bftest-secret', configurationSetName: 'bftest-out', mailDomain: 'mail.bftest.test',
  });
  process.env = saved;
  const ses = new SESClient({ endpoint: moto.endpoint, ...creds });
  await ses.send(new CreateReceiptRuleSetCommand({ RuleSetName: RULE_SET }));
  await ses.send(new CreateReceiptRuleCommand({ RuleSetName: RULE_SET, Rule: { Name: RULE, Enabled: true, Recipients: ['mail.bftest.test'],
    Actions: [{ S3Action: { BucketName: res.bucketName, ObjectKeyPrefix: 'inbound/' } }, { LambdaAction: { FunctionArn: INGEST, InvocationType: 'Event' } }] } }));
  // The deployed stack's outputs, as CloudFormation answers DescribeStacks.
  const outputs = { [RECEIVING_OUTPUTS.table]: res.tableName, [RECEIVING_OUTPUTS.ruleSet]: RULE_SET, [RECEIVING_OUTPUTS.rule]: RULE,
    [RECEIVING_OUTPUTS.bucket]: res.bucketName, [RECEIVING_OUTPUTS.ingestFunctionArn]: INGEST };
  await new CloudFormationClient({ endpoint: moto.endpoint, ...creds }).send(new CreateStackCommand({
    StackName: stackName(STAGE),
    TemplateBody: JSON.stringify({
      Resources: { Handle: { Type: 'AWS::CloudFormation::WaitConditionHandle' } },
      Outputs: Object.fromEntries(Object.entries(outputs).map(([k, v]) => [k, { Value: v }])),
    }),
  }));
  // Custom domains proven by an earlier version: claims in the table, no rule in SES.
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: moto.endpoint, ...creds }));
  for (const domain of ['legacy-a.example.org', 'legacy-b.example.org']) {
    await db.send(new PutCommand({ TableName: res.tableName, Item: entities.domainName.item({ domain, account_id: 'acc_1', domain_id: `dom_${domain}`, status: 'verified' }) }));
  }
}, 90_000);

afterAll(async () => { await moto?.stop(); });

it('with --stage, reads the stack\'s outputs and gives every proven custom domain its receipt rule; safe to repeat', async () => {
  const run = await backfill(['--stage', STAGE, '--segments', '1']);
  expect(run.code, run.out).toBe(0);
  expect(run.out).toMatch(/2 proven custom domain\(s\); 2 given their SES receipt rule now/);
  const ses = new SESClient({ endpoint: moto.endpoint, ...creds });
  const rules = (await ses.send(new DescribeReceiptRuleSetCommand({ RuleSetName: RULE_SET }))).Rules ?? [];
  expect(rules.find((r) => r.Name === `${RULE}-d1`)?.Recipients?.sort()).toEqual(['legacy-a.example.org', 'legacy-b.example.org']);
  const again = await backfill(['--stage', STAGE, '--segments', '1']);
  expect(again.out).toMatch(/2 proven custom domain\(s\); 0 given/);
}, 60_000);

it('refuses --stage and --table together, and a stack without the outputs, naming what to do', async () => {
  expect((await backfill(['--stage', STAGE, '--table', 'x'])).out).toMatch(/--stage <stage> \(a deployed stack\) or --table/);
  const missing = await backfill(['--stage', 'nostack']);
  expect(missing.code).not.toBe(0);
  expect(missing.out).toMatch(/could not read the outputs of stack Mailroom-nostack .*check the stack name, the region \(AWS_REGION\) and your credentials/);
});
