import { config } from '../platform/config.ts';
import { linkSigningSecret } from '../platform/aws/secrets.ts';
import { suggestedUpgradeTier, upgradeAgentScript } from './capabilities.ts';
import { signMagicLink } from '../operators/magic-links.ts';
import { TIER_LIMITS, type PaidTier, type Tier } from './tiers.ts';

/** A signed, 7-day upgrade link for the operator of `accountId`. */
export async function upgradeLink(accountId: string, targetTier: PaidTier) {
  const { token, claims } = signMagicLink(await linkSigningSecret(), { purpose: 'upgrade', account_id: accountId, target_tier: targetTier });
  return { url: `${config.siteUrl}/upgrade?token=${token}`, expires_at: new Date(claims.exp * 1000).toISOString(), target_tier: targetTier };
}

/**
 * upgrade_context for an error or the capabilities result: a fresh operator link, its label,
 * and the words the agent relays. undefined when there is no higher tier to offer.
 */
export async function upgradeContext(accountId: string, tier: Tier, reason: string, target: PaidTier | undefined = suggestedUpgradeTier(tier)) {
  if (!target) return undefined;
  const link = await upgradeLink(accountId, target);
  return {
    operator_action_url: link.url,
    operator_action_label: `Upgrade to ${TIER_LIMITS[target].label}`,
    agent_script: upgradeAgentScript(target, reason, link.url),
    target_tier: target,
    expires_at: link.expires_at,
    api_call: `POST /v1/account/upgrade {"tier":"${target}","payment_method":"<payment method id>"}`,
  };
}
