/**
 * The custom resource of Mailroom's SES receiving (issue 25, Deliver item 2): what CloudFormation
 * cannot do with a receipt rule set, without taking an account's receiving from another
 * application. SES has one active receipt rule set per account and region.
 *
 * - Create and Update (when Activate): when no set is active, or ours is, ours is (made) active.
 *   When another set is active, the deploy fails naming it, unless the stack was synthesized with
 *   -c takeOverReceiving=true (then ours replaces it: mail for that set's domains stops).
 * - Delete: first, when the set is our own, a rule of another stack in it (one that shares our set:
 *   -c receiptRuleSet=) fails the delete, naming it: deleting the set would delete that rule and
 *   stop that stage's mail. Then the custom domains' rules (`<RuleName>-d<n>`, written at run time
 *   by lambdas/domains/receiving.ts, unknown to CloudFormation) are deleted. Then ours is
 *   deactivated only if it is still the active one; a set activated since then (another stage,
 *   another application) is left alone. (Deactivating "disables all email receiving" for the
 *   account and region, so it must never hit someone else's set.)
 *
 * It is deployed machinery of the CDK app, bundled from here; nothing under lambdas/ imports it.
 * The SES calls are the functions' own (lambdas/platform/aws/ses-receipt-rules.ts).
 */
import { activeRuleSet, deleteReceiptRule, isCustomDomainRule, ruleNames, setActiveRuleSet } from '../../lambdas/platform/aws/ses-receipt-rules.ts';

export interface ActivationProps {
  RuleSetName: string;
  /** 'true' when the stack was synthesized with -c takeOverReceiving=true. */
  TakeOverReceiving?: string;
}

/** What the stack gives the resource (lib/constructs/ingest.ts); on/off values as strings, as CloudFormation passes them. */
export interface ReceivingProps extends ActivationProps {
  /** The stack's own rule; the custom domains' rules are named `<RuleName>-d<n>`. */
  RuleName: string;
  /** 'false': leave the active set alone (-c activateRuleSet=false, or a shared set). */
  Activate: string;
  /** 'true': the set is another stack's (-c receiptRuleSet=), so its other rules are not ours to guard. */
  SharedRuleSet: string;
}

export interface CustomResourceEvent {
  RequestType: 'Create' | 'Update' | 'Delete';
  ResponseURL: string;
  StackId: string;
  RequestId: string;
  LogicalResourceId: string;
  PhysicalResourceId?: string;
  ResourceProperties: ReceivingProps & { ServiceToken?: string };
}

/** What the resource did, in words a deploy log can show. */
export type ActivationOutcome = 'activated' | 'already-active' | 'took-over' | 'deactivated' | 'left-other-active' | 'none-active';


/**
 * On delete: refuses while another stack's rules are in our own set; deletes the custom domains'
 * rules. Answers how many it deleted.
 */
export async function removeCustomDomainRules(props: ReceivingProps): Promise<number> {
  let names: string[];
  try {
    names = await ruleNames(props.RuleSetName);
  } catch (e) {
    if ((e as Error).name === 'RuleSetDoesNotExist') return 0;
    throw e;
  }
  if (props.SharedRuleSet !== 'true') {
    const others = names.filter((n) => n !== props.RuleName && !isCustomDomainRule(n, props.RuleName));
    if (others.length) {
      throw new Error(`The receipt rule set '${props.RuleSetName}' holds rules of other stacks (${others.join(', ')}), which deploy with `
        + `-c receiptRuleSet=${props.RuleSetName}: deleting this stack would delete the set with them and stop their mail. Delete those stacks first.`);
    }
  }
  const ours = names.filter((n) => isCustomDomainRule(n, props.RuleName));
  // One at a time: SES allows one rule operation a second.
  for (const name of ours) await deleteReceiptRule(props.RuleSetName, name);
  return ours.length;
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
      + `Mailroom will not replace it (its domains would stop receiving mail). Deploy with -c receiptRuleSet=${active} to put Mailroom's rules in that set (both receive), or with -c takeOverReceiving=true to make `
      + `'${ours}' the active set anyway.`);
  }
  await setActiveRuleSet(ours);
  return active ? 'took-over' : 'activated';
}

/** Create/Update: activation (when Activate); Delete: the rules, then activation. */
export async function applyReceiving(requestType: CustomResourceEvent['RequestType'], props: ReceivingProps): Promise<string> {
  const activate = props.Activate !== 'false';
  if (requestType !== 'Delete') return activate ? applyActivation(requestType, props) : 'not-activated';
  const removed = await removeCustomDomainRules(props);
  const activation = activate ? await applyActivation('Delete', props) : 'not-activated';
  return `${activation}; ${removed} custom domain rule${removed === 1 ? '' : 's'} deleted`;
}

/** CloudFormation's custom resource protocol: the answer is a PUT of a JSON document to ResponseURL. */
export async function handler(event: CustomResourceEvent): Promise<void> {
  const physicalId = event.PhysicalResourceId ?? `${event.ResourceProperties.RuleSetName}-active`;
  let status: 'SUCCESS' | 'FAILED' = 'SUCCESS';
  let reason = '';
  try {
    reason = await applyReceiving(event.RequestType, event.ResourceProperties);
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
