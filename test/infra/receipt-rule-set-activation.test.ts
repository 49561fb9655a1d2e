/**
 * The receipt rule set's activation shares the account's receiving (issue 25, Deliver item 2):
 * the custom resource's handler (lib/custom-resources/receipt-rule-set.ts) against the emulator's
 * SES, in the three states an account can be in (no active set, ours, another application's),
 * and CloudFormation's answer protocol against a real HTTP server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMoto, type Emulator } from '../../lib/local/moto.ts';
import { applyActivation, handler } from '../../lib/custom-resources/receipt-rule-set.ts';
import { activeRuleSet, setActiveRuleSet } from '../../lambdas/platform/aws/ses-receipt-rules.ts';
import { awsFetch } from '../../lambdas/platform/aws/fetch.ts';

let moto: Emulator;
const saved = { ...process.env };
const OURS = 'mailroom-dev-rules';
const OTHER = 'other-app-rules';

async function createRuleSet(name: string) {
  const res = await awsFetch('ses', `${moto.endpoint}/`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ Action: 'CreateReceiptRuleSet', Version: '2010-12-01', RuleSetName: name }).toString(),
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  moto = await startMoto({});
  Object.assign(process.env, { AWS_ENDPOINT_URL: moto.endpoint, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });
  await createRuleSet(OURS);
  await createRuleSet(OTHER);
}, 60_000);

afterAll(async () => {
  process.env = saved;
  await moto?.stop();
});

beforeEach(async () => { await setActiveRuleSet(); });

describe('activating the rule set on create and update', () => {
  it('with no active set in the account, ours becomes the active one', async () => {
    expect(await applyActivation('Create', { RuleSetName: OURS })).toBe('activated');
    expect(await activeRuleSet()).toBe(OURS);
  });

  it('with ours already active, an update changes nothing', async () => {
    await setActiveRuleSet(OURS);
    expect(await applyActivation('Update', { RuleSetName: OURS })).toBe('already-active');
    expect(await activeRuleSet()).toBe(OURS);
  });

  it("with another application's set active, the deploy fails naming it and takeOverReceiving, and that set stays active", async () => {
    await setActiveRuleSet(OTHER);
    await expect(applyActivation('Create', { RuleSetName: OURS })).rejects.toThrow(/'other-app-rules' is already active.*-c takeOverReceiving=true/);
    expect(await activeRuleSet()).toBe(OTHER);
  });

  it('with -c takeOverReceiving=true, ours replaces the other set', async () => {
    await setActiveRuleSet(OTHER);
    expect(await applyActivation('Create', { RuleSetName: OURS, TakeOverReceiving: 'true' })).toBe('took-over');
    expect(await activeRuleSet()).toBe(OURS);
  });
});

describe('deactivating on delete', () => {
  it('our set, still active, is deactivated (so it can be deleted)', async () => {
    await setActiveRuleSet(OURS);
    expect(await applyActivation('Delete', { RuleSetName: OURS })).toBe('deactivated');
    expect(await activeRuleSet()).toBeUndefined();
  });

  it('a set activated since (another stage or application) is left active', async () => {
    await setActiveRuleSet(OTHER);
    expect(await applyActivation('Delete', { RuleSetName: OURS })).toBe('left-other-active');
    expect(await activeRuleSet()).toBe(OTHER);
  });

  it('with no active set, nothing is changed', async () => {
    expect(await applyActivation('Delete', { RuleSetName: OURS })).toBe('none-active');
    expect(await activeRuleSet()).toBeUndefined();
  });
});

describe("CloudFormation's custom resource protocol", () => {
  let server: Server;
  let received: { method?: string; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => { body += c; });
      req.on('end', () => { received.push({ method: req.method, body }); res.end(); });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => { received = []; });

  const event = (requestType: 'Create' | 'Delete') => ({
    RequestType: requestType, ResponseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/response`,
    StackId: 'arn:aws:cloudformation:us-east-1:000000000000:stack/mailroom-dev/x', RequestId: 'r1', LogicalResourceId: 'ActivateRuleSet',
    ResourceProperties: { RuleSetName: OURS, RuleName: 'mailroom-dev-deliver', Activate: 'true', SharedRuleSet: 'false' },
  });

  it('answers SUCCESS with the outcome, and FAILED with the reason a deploy log shows', async () => {
    await handler(event('Create'));
    await setActiveRuleSet(OTHER);
    await handler(event('Create'));
    expect(received.map((r) => r.method)).toEqual(['PUT', 'PUT']);
    const [ok, failed] = received.map((r) => JSON.parse(r.body) as { Status: string; Reason: string; PhysicalResourceId: string; RequestId: string });
    expect(ok).toMatchObject({ Status: 'SUCCESS', Reason: 'activated', PhysicalResourceId: `${OURS}-active`, RequestId: 'r1' });
    expect(failed!.Status).toBe('FAILED');
    expect(failed!.Reason).toMatch(/already active/);
  });
});
