/**
 * Each function signs its AWS calls with its own IAM identity in the emulator, allowed exactly what
 * its catalogue `needs` grant in AWS (NEED_ACTIONS): a call its deployed role may not make is
 * refused locally too. A stack of its own (in memory), where a probe runs in the place of two
 * functions — with their workers, environments and identities — and tries one call of each kind.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionActions } from '../../lambdas/functions.ts';
import { freePort } from '../../lib/local/moto.ts';
import { startLocalStack, type RunningLocalStack } from '../../lib/local/stack.ts';
import type { ProbeTargets } from './iam-probe.ts';

const probe = fileURLToPath(new URL('./iam-probe.ts', import.meta.url));
const mailDomain = 'iam.mailroom.localhost';
let stack: RunningLocalStack;
let targets: ProbeTargets;

beforeAll(async () => {
  stack = await startLocalStack({
    port: await freePort(), host: '127.0.0.1', smtpPort: await freePort(), mailDomain,
    namePrefix: `mr-iam-${randomBytes(3).toString('hex')}`,
    // Test hook: the probe runs in these functions' places.
    functionEntries: { lists: probe, drafts: probe },
  });
  const r = stack.resources;
  targets = {
    table: r.tableName, bucket: r.bucketName, queueUrl: r.webhookQueueUrl, secretArn: r.linkSecretArn,
    scheduleGroup: r.scheduleGroupName, configurationSet: r.configurationSetName, from: `probe@${mailDomain}`,
  };
}, 120_000);

afterAll(async () => { await stack?.stop(); });

/** Invokes the probe through the API stand-in, which routes these paths to the lists and drafts functions. */
async function probeAs(path: '/v1/lists' | '/v1/inboxes/any/drafts'): Promise<Record<string, string>> {
  const res = await fetch(`${stack.apiUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(targets) });
  expect(res.status, await res.clone().text()).toBe(200);
  return await res.json() as Record<string, string>;
}

describe('IAM in the local emulator', () => {
  it('is switched on when the stack starts its own moto, with one identity per function', () => {
    expect(stack.identities).toBeDefined();
    const keys = Object.values(stack.identities!.functions).map((k) => k.accessKeyId);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).not.toContain(stack.identities!.admin.accessKeyId);
  });

  it('refuses the lists function everything its needs (the table) do not grant', async () => {
    expect(functionActions('lists', { paymentSecret: false }).filter((a) => !a.startsWith('dynamodb:'))).toEqual([]);
    const r = await probeAs('/v1/lists');
    expect(r['dynamodb:GetItem']).toBe('allowed');
    expect(r['dynamodb:TransactWriteItems']).toBe('allowed');
    expect(r['s3:GetObject']).toMatch(/^AccessDenied/);
    expect(r['s3:PutObject']).toMatch(/^AccessDenied/);
    expect(r['sqs:SendMessage']).toMatch(/^AccessDenied.*not authorized to perform: sqs:SendMessage/);
    expect(r['sqs:SendMessageBatch']).toMatch(/^AccessDenied/);
    expect(r['secretsmanager:GetSecretValue']).toMatch(/^AccessDeniedException.*user\/mr-iam-\w+-fn-lists is not authorized to perform: secretsmanager:GetSecretValue/);
    expect(r['scheduler:GetSchedule']).toMatch(/^AccessDeniedException.*scheduler:GetSchedule/);
    expect(r['ses:SendEmail']).toMatch(/^AccessDeniedException.*ses:SendEmail/);
  });

  it('lets the drafts function make every call its needs grant (same probe, other identity)', async () => {
    const r = await probeAs('/v1/inboxes/any/drafts');
    for (const [call, outcome] of Object.entries(r)) expect(outcome, call).toBe('allowed');
  });

  it('refuses a request signed with keys the emulator does not know', async () => {
    const stranger = new DynamoDBClient({ endpoint: stack.awsEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    await expect(stranger.send(new DescribeTableCommand({ TableName: targets.table }))).rejects.toThrow(/security token included in the request is invalid/);
  });

  it('still serves the real flows: an inbox is created and listed by the functions under their own identities', async () => {
    const created = await fetch(`${stack.apiUrl}/v1/inboxes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: `iam-${randomBytes(3).toString('hex')}` }) });
    expect(created.status, await created.clone().text()).toBe(201);
    const key = ((await created.json()) as { result: { account_api_key: string } }).result.account_api_key;
    const listed = await fetch(`${stack.apiUrl}/v1/inboxes`, { headers: { authorization: `Bearer ${key}` } });
    expect(listed.status, await listed.clone().text()).toBe(200);
  });
});
