import type { z } from 'zod';
import { capabilitiesFor } from './capabilities.ts';
import { generateApiKey, hashApiKey } from './api-keys.ts';
import { badRequest, conflict, paymentRequired } from '../platform/errors.ts';
import { effectiveLimits, publicLimits, tierRank, type PaidTier, type Tier } from './tiers.ts';
import { config } from '../platform/config.ts';
import { paymentProvider } from '../operators/payments/index.ts';
import type { UpgradeBody } from './account.schemas.ts';
import * as store from './accounts.store.ts';
import { rotateAccountKey as rotateStoredAccountKey } from './credentials.store.ts';
import { sendsToday } from '../sending/sending.store.ts';
import { countDomains } from '../domains/domains.store.ts';
import type { AccountRecord } from './accounts.entities.ts';
import { dispatchAfterCommit, newEvent } from '../events/outbox.ts';
import { upgradeContext } from './upgrade-context.ts';

/** The account, what it has sent today and its custom domains (its limits come with its tier). */
export async function getAccount(a: AccountRecord) {
  const [sentToday, customDomains] = await Promise.all([sendsToday(a.id), countDomains(a.id)]);
  return { account: a, sentToday, customDomains };
}

/** What the tier can and cannot do, with the operator link that unlocks the rest. */
export async function getCapabilities(a: AccountRecord) {
  const ctx = await upgradeContext(a.id, a.tier, 'I need to send email.');
  const { can, cannot, upgradeWouldUnlock } = capabilitiesFor(a.tier, { url: ctx?.operator_action_url ?? '', apiCall: ctx?.api_call ?? '' });
  const limits = effectiveLimits(a.tier, config.limitOverrides);
  return {
    tier: a.tier,
    can,
    cannot,
    upgrade_context: upgradeWouldUnlock ? ctx ?? null : null,
    usage: { inboxes: a.inbox_count, max_inboxes: limits.maxInboxes, sends_today: await sendsToday(a.id), sends_per_day: limits.sendsPerDay,
      custom_domains: await countDomains(a.id), max_custom_domains: limits.maxCustomDomains },
  };
}

export interface UpgradeBilling { provider: string; customerId: string | null; subscriptionId: string | null }

export type UpgradeResultView = {
  account_id: string; from_tier: Tier; tier: PaidTier; upgraded_at: string;
  subscription_id: string | null; payment_customer_id: string | null; new_limits: ReturnType<typeof publicLimits>;
};

/**
 * Applies a paid upgrade: tier and billing change under a condition on the old tier (no double
 * upgrade), with account.upgraded written in the same transaction and dispatched after it. The
 * new limits apply on the next request, since every request reads the account. Used by the API
 * (sandbox charge), the upgrade page (sandbox checkout) and the processor's webhook.
 */
export async function completeUpgrade(a: AccountRecord, target: PaidTier, billing: UpgradeBilling):
  Promise<{ ok: true; result: UpgradeResultView } | { ok: false; reason: 'tier_changed' }> {
  const now = new Date().toISOString();
  const upgraded = await newEvent('account.upgraded', { account_id: a.id, inbox_id: null, timestamp: now }, {
    upgrade: { from_tier: a.tier, to_tier: target, upgraded_at: now, subscription_id: billing.subscriptionId, new_limits: publicLimits(target) },
  });
  const outcome = await store.setAccountTier(a.id, a.tier, target, {
    provider: billing.provider, payment_customer_id: billing.customerId,
    subscription_id: billing.subscriptionId, subscription_status: 'active',
  }, now, [upgraded]);
  if (!outcome.ok) return outcome;
  await dispatchAfterCommit([upgraded]);
  return {
    ok: true,
    result: {
      account_id: a.id, from_tier: a.tier, tier: target, upgraded_at: now,
      subscription_id: billing.subscriptionId, payment_customer_id: billing.customerId, new_limits: publicLimits(target),
    },
  };
}

export type ChargeUpgradeOutcome =
  | { status: 'upgraded'; result: UpgradeResultView }
  | { status: 'already_held' }
  | { status: 'downgrade' }
  | { status: 'declined'; declineCode: string; message: string }
  | { status: 'invalid_payment_method'; message: string }
  | { status: 'checkout_required'; message: string }
  | { status: 'tier_changed' };

/** Charges `paymentMethod` with the configured provider and, when paid, upgrades. */
export async function chargeAndUpgrade(a: AccountRecord, target: PaidTier, paymentMethod: string): Promise<ChargeUpgradeOutcome> {
  if (a.tier === target) return { status: 'already_held' };
  if (tierRank(target) < tierRank(a.tier)) return { status: 'downgrade' };
  const charge = await paymentProvider.subscribe({
    accountId: a.id, tier: target, paymentMethod,
    customerId: a.billing.payment_customer_id, idempotencyKey: `${a.id}:${a.tier}->${target}`,
  });
  if (charge.status !== 'succeeded') return charge;
  const done = await completeUpgrade(a, target, { provider: paymentProvider.name, customerId: charge.customerId, subscriptionId: charge.subscriptionId });
  return done.ok ? { status: 'upgraded', result: done.result } : { status: 'tier_changed' };
}

export type UpgradeInput = z.output<typeof UpgradeBody>;

/** The API's upgrade: charge the payment method and upgrade, or throw the named error that says why not. */
export async function upgradeAccount(a: AccountRecord, input: UpgradeInput): Promise<UpgradeResultView> {
  const target = (input.tier ?? input.target_tier) as PaidTier;
  const out = await chargeAndUpgrade(a, target, input.payment_method);
  switch (out.status) {
    case 'already_held':
      throw badRequest('TIER_ALREADY_HELD', `The account is already on the ${target} tier.`, { field: 'tier' });
    case 'downgrade':
      throw badRequest('DOWNGRADE_NOT_SUPPORTED', `Moving from ${a.tier} down to ${target} is not done through this endpoint.`, {
        field: 'tier', next_steps: ['Ask your operator to contact support to change plans downward.'],
      });
    case 'declined':
      throw paymentRequired('PAYMENT_DECLINED', out.message, {
        code: out.declineCode,
        upgrade_context: await upgradeContext(a.id, a.tier, 'My payment method was declined.'),
      });
    case 'invalid_payment_method':
      throw badRequest('INVALID_PAYMENT_METHOD', out.message, { field: 'payment_method' });
    case 'checkout_required':
      throw paymentRequired('CHECKOUT_REQUIRED', out.message, {
        upgrade_context: await upgradeContext(a.id, a.tier, 'I need a paid plan.', target),
        next_steps: ['Relay upgrade_context.agent_script to your operator: the link opens the hosted checkout, and the tier changes when the payment completes.'],
      });
    case 'tier_changed':
      throw conflict('CONFLICT', 'The account tier changed while this upgrade ran; read GET /v1/account and retry if still needed.');
    case 'upgraded':
      return out.result;
  }
}

/** A new account key, shown once; `presentedKey` (the current one) is refused from the next request on. */
export async function rotateAccountKey(a: AccountRecord, presentedKey: string) {
  const accountApiKey = generateApiKey(a.tier);
  const out = await rotateStoredAccountKey(a, hashApiKey(presentedKey), hashApiKey(accountApiKey));
  if (!out.ok) {
    throw conflict('KEY_CHANGED', 'The account key was rotated by another request meanwhile; this rotation changed nothing.', {
      next_steps: ['Use the account_api_key that the other rotation returned.'],
    });
  }
  return { accountApiKey, rotatedAt: out.now };
}
