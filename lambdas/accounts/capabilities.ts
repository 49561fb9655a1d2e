import { isPaid, PAID_TIERS, TIER_LIMITS, type PaidTier, type Tier } from './tiers.ts';

/** Action ids of GET /v1/capabilities (spec), with what each needs. */
const ACTIONS = [
  { action: 'receive_messages', description: 'Receive email at your inbox addresses', paid: false },
  { action: 'create_inboxes', description: 'Create more inboxes (POST /v1/inboxes)', paid: false },
  { action: 'create_webhooks', description: 'Get signed webhook deliveries for new mail and other events', paid: false },
  { action: 'use_reply_extraction', description: 'Read reply_body: the new text of a reply without quoted history', paid: false },
  { action: 'use_link_extraction', description: 'Read links, cta_links and verification_codes of each message', paid: false },
  { action: 'use_threading', description: 'Follow conversations as threads', paid: false },
  { action: 'send_messages', description: 'Send email and replies (POST /v1/inboxes/{id}/send)', paid: true, reason: 'SEND_REQUIRES_PAID' },
  { action: 'use_custom_domains', description: 'Receive and send at your own domain (POST /v1/domains)', paid: true, reason: 'DOMAIN_REQUIRES_PAID' },
] as const;

/**
 * Actions the spec names that this deployment does not offer on any tier: listed under cannot
 * with a reason and no unlock (no upgrade would make them work), so can[] never promises them.
 * SMTP submission: sending goes through the HTTP API only (docs/decisions.md: Custom domains).
 */
const NOT_OFFERED = [
  { action: 'use_smtp', description: 'SMTP submission is not offered by this deployment; send with POST /v1/inboxes/{id}/send', reason: 'SMTP_NOT_OFFERED' },
] as const;

/**
 * `upgradeWouldUnlock`: some of cannot[] is unlocked by an upgrade (then upgrade_context applies).
 * `unlock` is how each missing action is unlocked: the operator's link (unlock_url) and the API
 * call an agent can make itself (api_call) — both lead to the upgrade, so every api_call names a
 * route that exists (POST /v1/account/upgrade), not one the action would use later.
 */
export function capabilitiesFor(tier: Tier, unlock: { url: string; apiCall: string }) {
  const paid = isPaid(tier);
  const can = ACTIONS.filter((a) => !a.paid || paid).map(({ action, description }) => ({ action, description }));
  const cannot = ACTIONS.filter((a) => a.paid && !paid).map((a) => ({
    action: a.action,
    description: a.description,
    reason: 'reason' in a ? a.reason : 'UPGRADE_REQUIRED',
    unlock_url: unlock.url,
    api_call: unlock.apiCall,
  }));
  const unavailable = NOT_OFFERED.map((a) => ({ ...a, unlock_url: null, api_call: null }));
  return { can, cannot: [...cannot, ...unavailable], upgradeWouldUnlock: cannot.length > 0 };
}

/** The tier an upgrade suggestion points at: the next one up. */
export function suggestedUpgradeTier(tier: Tier): PaidTier | undefined {
  const order: Tier[] = ['free', ...PAID_TIERS];
  const next = order[order.indexOf(tier) + 1];
  return next as PaidTier | undefined;
}

export function upgradeAgentScript(targetTier: PaidTier, reason: string, url: string): string {
  const l = TIER_LIMITS[targetTier];
  const price = l.priceCentsPerMonth === null ? 'custom pricing' : `$${(l.priceCentsPerMonth / 100).toFixed(0)}/month`;
  const sends = l.sendsPerDay.toLocaleString('en-US');
  return `${reason} To unlock it, please upgrade my email account to the ${l.label} plan (${price}, up to ${sends} emails a day). ` +
    `Open this link to review and pay; it is valid for 7 days: ${url}`;
}
