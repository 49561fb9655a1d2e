/**
 * The custom resource that makes Mailroom's SES receipt rule set the active one, without taking
 * an account's receiving from another application (issue 25, Deliver item 2). SES has one active
 * receipt rule set per account and region, and CloudFormation cannot set it, so this Lambda does:
 *
 * - Create and Update: when no set is active, or ours is, ours is (made) active. When another set
 *   is active, the deploy fails naming it, unless the stack was synthesized with
 *   -c takeOverReceiving=true (then ours replaces it: mail for that set's domains stops).
 * - Delete: ours is deactivated only if it is still the active one; a set activated since then
 *   (another stage, another application) is left alone. (Deactivating "disables all email
 *   receiving" for the account and region, so it must never hit someone else's set.)
 *
 * It is deployed machinery of the CDK app, bundled from here; nothing under lambdas/ imports it.
 * SES v1 (receipt rules) speaks the AWS query protocol; the call is signed with aws4fetch, as
 * every AWS call of the functions is (no SDK client in the bundle).
 */
import { awsFetch, awsRegion, endpointOverride } from '../../lambdas/platform/aws/fetch.ts';

export interface ActivationProps {
  RuleSetName: string;
  /** 'true' when the stack was synthesized with -c takeOverReceiving=true. */
  TakeOverReceiving?: string;
}

export interface CustomResourceEvent {
  RequestType: 'Create' | 'Update' | 'Delete';
  ResponseURL: string;
  StackId: string;
  RequestId: string;
  LogicalResourceId: string;
  PhysicalResourceId?: string;
  ResourceProperties: ActivationProps & { ServiceToken?: string };
}

/** What the resource did, in words a deploy log can show. */
export type ActivationOutcome = 'activated' | 'already-active' | 'took-over' | 'deactivated' | 'left-other-active' | 'none-active';

async function sesQuery(action: string, params: Record<string, string> = {}): Promise<string> {
  const endpoint = endpointOverride('SES') ?? `https://email.${awsRegion()}.amazonaws.com`;
  const body = new URLSearchParams({ Action: action, Version: '2010-12-01', ...params }).toString();
  const res = await awsFetch('ses', `${endpoint}/`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body,
  });
  const text = await res.text();
  if (!res.ok) {
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? `Http${res.status}`;
    throw new Error(`SES ${action}: ${code}: ${/<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? ''}`);
  }
  return text;
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

/** The decision itself, on the account's real state. */
export async function applyActivation(requestType: CustomResourceEvent['RequestType'], props: ActivationProps): Promise<ActivationOutcome> {
  const ours = props.RuleSetName;
  const active = await activeRuleSet();
  if (requestType === 'Delete') {
    if (active !== ours) return active ? 'left-other-active' : 'none-active';
    await setActiveRuleSet();
    return 'deactivated';
  }
  if (active === ours) return 'already-active';
  if (active && props.TakeOverReceiving !== 'true') {
    throw new Error(`The receipt rule set '${active}' is already active in this account and region, and SES allows one: `
      + `Mailroom will not replace it (its domains would stop receiving mail). Deploy with -c takeOverReceiving=true to make `
      + `'${ours}' the active set anyway, or add Mailroom's rule to '${active}' and deploy with -c activateRuleSet=false.`);
  }
  await setActiveRuleSet(ours);
  return active ? 'took-over' : 'activated';
}

/** CloudFormation's custom resource protocol: the answer is a PUT of a JSON document to ResponseURL. */
export async function handler(event: CustomResourceEvent): Promise<void> {
  const physicalId = event.PhysicalResourceId ?? `${event.ResourceProperties.RuleSetName}-active`;
  let status: 'SUCCESS' | 'FAILED' = 'SUCCESS';
  let reason = '';
  try {
    reason = await applyActivation(event.RequestType, event.ResourceProperties);
  } catch (e) {
    status = 'FAILED';
    reason = (e as Error).message;
  }
  console.log(JSON.stringify({ request: event.RequestType, rule_set: event.ResourceProperties.RuleSetName, status, reason }));
  const body = JSON.stringify({
    Status: status, Reason: reason.slice(0, 3000), PhysicalResourceId: physicalId,
    StackId: event.StackId, RequestId: event.RequestId, LogicalResourceId: event.LogicalResourceId, Data: { Outcome: reason },
  });
  // The pre-signed URL is signed for an empty content-type.
  const res = await fetch(event.ResponseURL, { method: 'PUT', headers: { 'content-type': '' }, body });
  if (!res.ok) throw new Error(`CloudFormation response not accepted: HTTP ${res.status}`);
}
