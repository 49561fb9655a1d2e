import type { z } from 'zod';
import { capabilitiesFor } from '../core/capabilities.ts';
import { ApiError, badRequest, conflict } from '../core/errors.ts';
import { effectiveLimits, publicLimits, tierRank, TIER_LIMITS, type PaidTier } from '../core/tiers.ts';
import { config } from '../config.ts';
import type { HttpRequest, OperationResult } from '../http/types.ts';
import { paymentProvider } from '../payments/index.ts';
import type { UpgradeBody } from '../schemas/account.ts';
import * as store from '../store/accounts.ts';
import { sendsToday } from '../store/sending.ts';
import type { AccountRecord } from '../store/records.ts';
import { dispatchAfterCommit, newEvent } from './events.ts';
import { upgradeContext } from './upgrade-context.ts';

function accountView(a: AccountRecord, sentToday: number) {
  const limits = effectiveLimits(a.tier, config.limitOverrides);
  return {
    account_id: a.id,
    tier: a.tier,
    status: a.status,
    created_at: a.created_at,
    limits: {
      max_inboxes: limits.maxInboxes,
      current_inboxes: a.inbox_count,
      max_sends_per_day: limits.sendsPerDay,
      current_sends_today: sentToday,
      webhooks_enabled: limits.webhooksEnabled,
      custom_domains_enabled: limits.customDomainsEnabled,
      api_requests_per_minute: limits.apiRequestsPerMinute,
    },
    billing: {
      payment_customer_id: a.billing.payment_customer_id,
      subscription_status: a.billing.subscription_status,
      subscription_id: a.billing.subscription_id,
      provider: a.billing.provider,
    },
  };
}

export async function getAccount(req: HttpRequest): Promise<OperationResult> {
  const a = req.principal!.account;
  return {
    result: accountView(a, await sendsToday(a.id)),
    nextSteps: a.tier === 'free'
      ? ['Free accounts receive mail only. To send, ask your operator to upgrade: GET /v1/capabilities returns an upgrade link.']
      : ['Send mail with POST /v1/inboxes/{id}/send.'],
  };
}

export async function getCapabilities(req: HttpRequest): Promise<OperationResult> {
  const a = req.principal!.account;
  const ctx = await upgradeContext(a.id, a.tier, 'I need to send email.');
  const { can, cannot } = capabilitiesFor(a.tier, { url: ctx?.operator_action_url ?? '', apiCall: ctx?.api_call ?? '' });
  const limits = effectiveLimits(a.tier, config.limitOverrides);
  return {
    result: {
      tier: a.tier,
      can,
      cannot,
      upgrade_context: cannot.length ? ctx ?? null : null,
      usage: { inboxes: a.inbox_count, max_inboxes: limits.maxInboxes, sends_today: await sendsToday(a.id), sends_per_day: limits.sendsPerDay },
    },
    nextSteps: cannot.length
      ? ['To unlock what is under "cannot", relay upgrade_context.agent_script to your operator: the link lets them upgrade without logging in.']
      : ['Everything is unlocked for this tier.'],
  };
}

export async function upgradeAccount(req: HttpRequest<z.output<typeof UpgradeBody>>): Promise<OperationResult> {
  const a = req.principal!.account;
  const target = (req.body.tier ?? req.body.target_tier) as PaidTier;
  if (a.tier === target) throw badRequest('TIER_ALREADY_HELD', `The account is already on the ${target} tier.`, { field: 'tier' });
  if (tierRank(target) < tierRank(a.tier)) {
    throw badRequest('DOWNGRADE_NOT_SUPPORTED', `Moving from ${a.tier} down to ${target} is not done through this endpoint.`, {
      field: 'tier', next_steps: ['Ask your operator to contact support to change plans downward.'],
    });
  }
  const charge = await paymentProvider.subscribe({
    accountId: a.id, tier: target, paymentMethod: req.body.payment_method,
    customerId: a.billing.payment_customer_id, idempotencyKey: `${a.id}:${a.tier}->${target}`,
  });
  if (charge.status === 'declined') {
    throw new ApiError(402, 'PAYMENT_DECLINED', charge.message, {
      code: charge.declineCode,
      upgrade_context: await upgradeContext(a.id, a.tier, 'My payment method was declined.'),
    });
  }
  if (charge.status === 'invalid_payment_method') throw badRequest('INVALID_PAYMENT_METHOD', charge.message, { field: 'payment_method' });

  const now = new Date().toISOString();
  const upgraded = await newEvent('account.upgraded', { account_id: a.id, inbox_id: null, timestamp: now }, {
    upgrade: { from_tier: a.tier, to_tier: target, upgraded_at: now, subscription_id: charge.subscriptionId, new_limits: publicLimits(target) },
  });
  const outcome = await store.setAccountTier(a.id, a.tier, target, {
    provider: paymentProvider.name, payment_customer_id: charge.customerId,
    subscription_id: charge.subscriptionId, subscription_status: 'active',
  }, now, [upgraded]);
  if (!outcome.ok) throw conflict('CONFLICT', 'The account tier changed while this upgrade ran; read GET /v1/account and retry if still needed.');
  await dispatchAfterCommit([upgraded]);
  return {
    result: {
      account_id: a.id,
      from_tier: a.tier,
      tier: target,
      upgraded_at: now,
      subscription_id: charge.subscriptionId,
      payment_customer_id: charge.customerId,
      new_limits: publicLimits(target),
    },
    nextSteps: [
      `The ${TIER_LIMITS[target].label} tier applies now: up to ${TIER_LIMITS[target].sendsPerDay.toLocaleString('en-US')} sends a day.`,
      'Send mail with POST /v1/inboxes/{id}/send.',
    ],
  };
}
