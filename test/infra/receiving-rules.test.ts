/**
 * Custom domains' receipt rules (lambdas/domains/receiving.ts) against the emulator's SES and
 * DynamoDB: a proven domain gets into a rule that names it, after the stack's own rule (which names
 * only the mail domain); 100 domains to a rule; a deleted domain leaves SES's rules; a burst of
 * concurrent proofs loses none and places none twice; a crash between the table write and SES is
 * healed by the next caller. And the receiving custom resource's delete (lib/custom-resources/
 * receipt-rule-set.ts): the custom domains' rules go, and another stack's rules in our set stop it.
 */
import {
  CreateReceiptRuleCommand, CreateReceiptRuleSetCommand, DescribeReceiptRuleSetCommand, SESClient, type ReceiptRule,
} from '@aws-sdk/client-ses';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMoto, type Emulator } from '../../lib/local/moto.ts';
import { createLocalResources } from '../../lib/local/resources.ts';

const RULE_SET = 'Mailroom-test-inbound';
const RULE = 'Mailroom-test-deliver';
const MAIL_DOMAIN = 'mail.mailroom.test';
const INGEST = 'arn:aws:lambda:us-east-1:000000000000:function:Mailroom-test-ingest';

let moto: Emulator;
let ses: SESClient;
const saved = { ...process.env };
let receiving: typeof import('../../lambdas/domains/receiving.ts');
let store: typeof import('../../lambdas/domains/domains.store.ts');
let custom: typeof import('../../lib/custom-resources/receipt-rule-set.ts');
let bucket: string;

/** SES's rules of the set, in order: name → recipients. */
async function sesRules(ruleSet = RULE_SET): Promise<ReceiptRule[]> {
  return (await ses.send(new DescribeReceiptRuleSetCommand({ RuleSetName: ruleSet }))).Rules ?? [];
}
const recipientsOf = (rules: ReceiptRule[]) => Object.fromEntries(rules.map((r) => [r.Name!, r.Recipients ?? []]));
const allCustomDomains = (rules: ReceiptRule[]) => rules.filter((r) => r.Name !== RULE).flatMap((r) => r.Recipients ?? []);

async function stackRule(ruleSet: string, name: string, recipients: string[]) {
  await ses.send(new CreateReceiptRuleCommand({ RuleSetName: ruleSet, Rule: {
    Name: name, Enabled: true, Recipients: recipients,
    Actions: [{ S3Action: { BucketName: bucket, ObjectKeyPrefix: 'inbound/' } }, { LambdaAction: { FunctionArn: INGEST, InvocationType: 'Event' } }],
  } }));
}

beforeAll(async () => {
  moto = await startMoto({});
  Object.assign(process.env, {
    AWS_ENDPOINT_URL: moto.endpoint, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local',
  });
  const resources = await createLocalResources({
    tableName: 'receiving-table', bucketName: 'receiving-mail', queueName: 'receiving-q', dlqName: 'receiving-dlq',
    scheduleGroupName: 'receiving-drafts', secretName: 'receiving-secret', configurationSetName: 'receiving-out', mailDomain: MAIL_DOMAIN,
  });
  bucket = resources.bucketName;
  Object.assign(process.env, {
    TABLE_NAME: resources.tableName, MAIL_DOMAIN, SITE_URL: 'https://mailroom.test',
    RECEIPT_RULE_SET: RULE_SET, RECEIPT_RULE: RULE, BUCKET_NAME: bucket, INGEST_FUNCTION_ARN: INGEST,
  });
  ses = new SESClient({ endpoint: moto.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  await ses.send(new CreateReceiptRuleSetCommand({ RuleSetName: RULE_SET }));
  await stackRule(RULE_SET, RULE, [MAIL_DOMAIN]);
  receiving = await import('../../lambdas/domains/receiving.ts');
  store = await import('../../lambdas/domains/domains.store.ts');
  custom = await import('../../lib/custom-resources/receipt-rule-set.ts');
}, 90_000);

afterAll(async () => {
  process.env = saved;
  ses?.destroy();
  await moto?.stop();
});

describe('custom domains get receipt rules of their own', () => {
  it('a proven domain is named by a rule after the stack\'s own rule, which keeps naming only the mail domain; the rule stores and invokes ingest', async () => {
    await receiving.startReceiving('first.example.org');
    const rules = await sesRules();
    expect(rules.map((r) => r.Name).sort()).toEqual([RULE, `${RULE}-d1`]);
    expect(rules[0]!.Recipients).toEqual([MAIL_DOMAIN]);
    expect(rules[1]).toMatchObject({
      Recipients: ['first.example.org'], Enabled: true, ScanEnabled: true,
      Actions: [{ S3Action: { BucketName: bucket, ObjectKeyPrefix: 'inbound/' } }, { LambdaAction: { FunctionArn: INGEST, InvocationType: 'Event' } }],
    });
  });

  it('proving a domain again changes nothing', async () => {
    const before = await store.getReceivingRules();
    await receiving.startReceiving('first.example.org');
    expect(await store.getReceivingRules()).toEqual(before);
    expect(allCustomDomains(await sesRules())).toEqual(['first.example.org']);
  });

  it('a burst of concurrent proofs: every domain in exactly one rule, at most 100 to a rule, SES and the table agree', async () => {
    // A first rule nearly full (96 domains), as SES and the table would hold it, then a burst that overflows it.
    const earlier = Array.from({ length: 95 }, (_, i) => `earlier-${i}.example.org`);
    for (const d of earlier.slice(0, 3)) await receiving.startReceiving(d);
    const read = await store.getReceivingRules();
    await store.saveReceivingRules(read, { [`${RULE}-d1`]: ['first.example.org', ...earlier] });
    const burst = Array.from({ length: 12 }, (_, i) => `burst-${i}.example.org`);
    await Promise.all(burst.map((d) => receiving.startReceiving(d)));
    const rules = await sesRules();
    const placed = allCustomDomains(rules);
    expect(placed.sort()).toEqual(['first.example.org', ...earlier, ...burst].sort());
    expect(new Set(placed).size).toBe(placed.length);
    for (const r of rules) expect((r.Recipients ?? []).length).toBeLessThanOrEqual(receiving.RECIPIENTS_PER_RULE);
    expect(rules.map((r) => r.Name).sort()).toEqual([RULE, `${RULE}-d1`, `${RULE}-d2`]);
    const stored = await store.getReceivingRules();
    expect(stored.synced).toBe(stored.version);
    const inSes = recipientsOf(rules);
    for (const [name, domains] of Object.entries(stored.rules)) expect([...inSes[name]!].sort(), name).toEqual([...domains].sort());
  }, 60_000);

  it('a deleted domain leaves its rule; a rule left with no domain is deleted (never a rule without recipients: it would take every domain\'s mail)', async () => {
    await receiving.stopReceiving('first.example.org');
    expect(allCustomDomains(await sesRules())).not.toContain('first.example.org');
    const d2 = (await store.getReceivingRules()).rules[`${RULE}-d2`]!;
    await Promise.all(d2.map((d) => receiving.stopReceiving(d)));
    const rules = await sesRules();
    expect(rules.map((r) => r.Name).sort()).toEqual([RULE, `${RULE}-d1`]);
    for (const r of rules) expect(r.Recipients?.length).toBeGreaterThan(0);
    // The next domain fills the room the deletions left, in the first rule.
    await receiving.startReceiving('refill.example.org');
    expect(recipientsOf(await sesRules())[`${RULE}-d1`]).toContain('refill.example.org');
  }, 60_000);

  it('a crash between the table write and SES is healed by the next proof of any domain', async () => {
    // What a crashed caller leaves: the table says the domain is received, SES was never told.
    const read = await store.getReceivingRules();
    const name = `${RULE}-d1`;
    const written = await store.saveReceivingRules(read, { ...read.rules, [name]: [...read.rules[name]!, 'crashed.example.org'] });
    await receiving.startReceiving('refill.example.org');
    // A caller may still be syncing a version just written: only an old unsynced version is a crash's.
    expect(allCustomDomains(await sesRules())).not.toContain('crashed.example.org');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(written!.changed_at) + 61_000);
    expect(allCustomDomains(await sesRules())).not.toContain('crashed.example.org');
    try {
      await receiving.startReceiving('refill.example.org');
    } finally {
      vi.useRealTimers();
    }
    expect(allCustomDomains(await sesRules())).toContain('crashed.example.org');
  });
});

describe('the receiving custom resource on delete', () => {
  const props = (over: Partial<import('../../lib/custom-resources/receipt-rule-set.ts').ReceivingProps> = {}) =>
    ({ RuleSetName: RULE_SET, RuleName: RULE, Activate: 'false', SharedRuleSet: 'false', ...over });

  it('refuses while another stack\'s rule is in our set, naming it, and deletes nothing', async () => {
    await stackRule(RULE_SET, 'Mailroom-other-deliver', ['other.mailroom.test']);
    const before = await sesRules();
    await expect(custom.applyReceiving('Delete', props())).rejects.toThrow(/Mailroom-other-deliver.*-c receiptRuleSet=Mailroom-test-inbound/);
    expect(await sesRules()).toEqual(before);
  });

  it('in another stage\'s set (-c receiptRuleSet=), deletes only its custom domains\' rules', async () => {
    expect(await custom.applyReceiving('Delete', props({ SharedRuleSet: 'true' }))).toMatch(/1 custom domain rule deleted/);
    expect((await sesRules()).map((r) => r.Name).sort()).toEqual(['Mailroom-other-deliver', RULE]);
  });
});

describe('the upgrade backfill of receipt rules (npm run backfill -- --stage)', () => {
  it('gives every proven domain of the table its rule, once, in one write per rule; a domain being deleted gets none', async () => {
    const { DynamoDBDocumentClient, PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
    const entities = await import('../../lambdas/domains/domains.entities.ts');
    const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
    const claim = (domain: string, status: 'pending' | 'verified' | 'deleting') => db.send(new PutCommand({
      TableName: process.env.TABLE_NAME, Item: entities.domainName.item({ domain, account_id: 'acc_1', domain_id: `dom_${domain}`, status }) }));
    // Verified before rules named their domains: claims in the table, no rule in SES.
    await claim('legacy-a.example.org', 'verified');
    await claim('legacy-b.example.org', 'pending');
    await claim('leaving.example.org', 'deleting');
    const first = await receiving.receiveProvenDomains();
    expect(first.placed).toBe(2);
    const placed = allCustomDomains(await sesRules());
    expect(placed).toEqual(expect.arrayContaining(['legacy-a.example.org', 'legacy-b.example.org']));
    expect(placed).not.toContain('leaving.example.org');
    // Safe to repeat: nothing placed twice.
    expect((await receiving.receiveProvenDomains()).placed).toBe(0);
    const again = allCustomDomains(await sesRules());
    expect(again.length).toBe(new Set(again).size);
  });
});
