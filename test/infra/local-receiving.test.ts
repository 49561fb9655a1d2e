/**
 * The local stack sets SES receiving up as the deployed one (lib/local/resources.ts): its rule
 * names the mail domain only, in its own set made active when none is. A second stack on the same
 * emulator (SES has one active set per account and region) puts its rule in the active set rather
 * than taking receiving from the first — as `-c receiptRuleSet=` does for a second deployed stage.
 */
import { DescribeActiveReceiptRuleSetCommand, SESClient } from '@aws-sdk/client-ses';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMoto, type Emulator } from '../../lib/local/moto.ts';
import { createLocalResources } from '../../lib/local/resources.ts';

let moto: Emulator;
const saved = { ...process.env };

const stack = (prefix: string, mailDomain: string) => createLocalResources({
  tableName: `${prefix}-table`, bucketName: `${prefix}-mail`, queueName: `${prefix}-q`, dlqName: `${prefix}-dlq`,
  scheduleGroupName: `${prefix}-drafts`, secretName: `${prefix}-secret`, configurationSetName: `${prefix}-out`, mailDomain,
  receiving: { ruleSetName: `${prefix}-inbound`, ruleName: `${prefix}-deliver`, ingestFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${prefix}-ingest` },
});

beforeAll(async () => {
  moto = await startMoto({});
  Object.assign(process.env, { AWS_ENDPOINT_URL: moto.endpoint, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });
}, 60_000);

afterAll(async () => {
  process.env = saved;
  await moto?.stop();
});

it('a second stack on the same emulator adds its rule to the active set and leaves the first stack receiving', async () => {
  const first = await stack('first', 'first.mailroom.test');
  expect(first.receiptRuleSetName).toBe('first-inbound');
  const second = await stack('second', 'second.mailroom.test');
  expect(second.receiptRuleSetName).toBe('first-inbound');
  const active = await new SESClient({}).send(new DescribeActiveReceiptRuleSetCommand({}));
  expect(active.Metadata?.Name).toBe('first-inbound');
  expect(Object.fromEntries((active.Rules ?? []).map((r) => [r.Name, r.Recipients]))).toEqual({
    'first-deliver': ['first.mailroom.test'], 'second-deliver': ['second.mailroom.test'],
  });
  // A restart of the first stack finds everything in place.
  expect((await stack('first', 'first.mailroom.test')).receiptRuleSetName).toBe('first-inbound');
});
