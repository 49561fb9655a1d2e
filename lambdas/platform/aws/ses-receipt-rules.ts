/**
 * SES v1 receiving: the account's active receipt rule set, and receipt rules. SES v1 speaks the AWS
 * query protocol (form-encoded POST, XML answer); the calls are signed with aws4fetch as every AWS
 * call of the functions is (no SDK client in the bundle). Errors are AwsError named by SES's code
 * (RuleDoesNotExist, AlreadyExists, Throttling, …).
 *
 * SES allows each receipt rule operation "no more than once per second" (API reference): a
 * Throttling answer is retried here after a second or so, a few times.
 */
import { AwsError, awsFetch, awsRegion, endpointOverride } from './fetch.ts';

/** Attempts of a throttled call: SES's rule operations allow one call a second per account. */
const THROTTLED_ATTEMPTS = 4;

export async function sesQuery(action: string, params: Record<string, string> = {}): Promise<string> {
  const endpoint = endpointOverride('SES') ?? `https://email.${awsRegion()}.amazonaws.com`;
  const body = new URLSearchParams({ Action: action, Version: '2010-12-01', ...params }).toString();
  for (let attempt = 1; ; attempt++) {
    const res = await awsFetch('ses', `${endpoint}/`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body,
    });
    const text = await res.text();
    if (res.ok) return text;
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? `Http${res.status}`;
    if (code === 'Throttling' && attempt < THROTTLED_ATTEMPTS) {
      await new Promise((r) => setTimeout(r, 1000 + Math.random() * 500));
      continue;
    }
    throw new AwsError(code, res.status, `SES ${action}: ${code}: ${/<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? ''}`);
  }
}

/** The name of the account's active receipt rule set in this region, if any. */
export async function activeRuleSet(): Promise<string | undefined> {
  const xml = await sesQuery('DescribeActiveReceiptRuleSet');
  return /<Metadata>[\s\S]*?<Name>([^<]+)<\/Name>/.exec(xml)?.[1];
}

/** Makes `name` the active set; without a name, no set is active (receiving off in the region). */
export async function setActiveRuleSet(name?: string): Promise<void> {
  await sesQuery('SetActiveReceiptRuleSet', name ? { RuleSetName: name } : {});
}

/** A receipt rule that stores the mail under a prefix of a bucket, then invokes a function (Event). */
export interface DeliveryRule {
  name: string;
  /** Never empty: a rule without recipients takes mail for every verified domain of the account. */
  recipients: readonly string[];
  bucket: string;
  prefix: string;
  functionArn: string;
}

/** The rule as query parameters; the same settings as the stack's own rule (lib/constructs/ingest.ts). */
function ruleParams(rule: DeliveryRule): Record<string, string> {
  if (rule.recipients.length === 0) throw new Error(`Receipt rule ${rule.name}: no recipients (it would take every domain's mail)`);
  const p: Record<string, string> = {
    'Rule.Name': rule.name, 'Rule.Enabled': 'true', 'Rule.ScanEnabled': 'true', 'Rule.TlsPolicy': 'Optional',
    'Rule.Actions.member.1.S3Action.BucketName': rule.bucket,
    'Rule.Actions.member.1.S3Action.ObjectKeyPrefix': rule.prefix,
    'Rule.Actions.member.2.LambdaAction.FunctionArn': rule.functionArn,
    'Rule.Actions.member.2.LambdaAction.InvocationType': 'Event',
  };
  rule.recipients.forEach((r, i) => { p[`Rule.Recipients.member.${i + 1}`] = r; });
  return p;
}

/** Creates the rule (placed after `after`) or, when it exists, replaces its recipients and actions. */
export async function putReceiptRule(ruleSet: string, rule: DeliveryRule, after: string): Promise<'created' | 'updated'> {
  try {
    await sesQuery('UpdateReceiptRule', { RuleSetName: ruleSet, ...ruleParams(rule) });
    return 'updated';
  } catch (e) {
    if ((e as Error).name !== 'RuleDoesNotExist') throw e;
  }
  try {
    await sesQuery('CreateReceiptRule', { RuleSetName: ruleSet, After: after, ...ruleParams(rule) });
    return 'created';
  } catch (e) {
    // Created meanwhile by a concurrent caller: make it ours.
    if ((e as Error).name !== 'AlreadyExists') throw e;
    await sesQuery('UpdateReceiptRule', { RuleSetName: ruleSet, ...ruleParams(rule) });
    return 'updated';
  }
}

/** Deletes the rule; one already gone is fine. */
export async function deleteReceiptRule(ruleSet: string, name: string): Promise<void> {
  try {
    await sesQuery('DeleteReceiptRule', { RuleSetName: ruleSet, RuleName: name });
  } catch (e) {
    if ((e as Error).name !== 'RuleDoesNotExist') throw e;
  }
}

/** The names of the rules in a rule set, in order. */
export async function ruleNames(ruleSet: string): Promise<string[]> {
  const xml = await sesQuery('DescribeReceiptRuleSet', { RuleSetName: ruleSet });
  const rules = /<Rules>([\s\S]*)<\/Rules>/.exec(xml)?.[1] ?? '';
  return [...rules.matchAll(/<Name>([^<]+)<\/Name>/g)].map((m) => m[1]!);
}

/** The n-th rule of custom domains, placed after the stack's own rule and named after it (lambdas/domains/receiving.ts). */
export const customDomainRuleName = (stackRule: string, n: number) => `${stackRule}-d${n}`;
export const isCustomDomainRule = (name: string, stackRule: string) =>
  name.startsWith(`${stackRule}-d`) && /^\d+$/.test(name.slice(stackRule.length + 2));
