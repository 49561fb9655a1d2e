/** HTTP mapping of the account function: account, capabilities, upgrades and the operator's links. */
import type { z } from 'zod';
import { config } from '../platform/config.ts';
import { effectiveLimits, TIER_LIMITS, type PaidTier } from './tiers.ts';
import type { HttpRequest, OperationResult } from '../platform/http/types.ts';
import type { UpgradeLinkBody } from '../operators/operators.schemas.ts';
import type { AccountRecord } from './accounts.entities.ts';
import type { NotificationRecord } from '../operators/operators.entities.ts';
import * as account from './account.ts';
import * as operators from '../operators/operators.ts';

function accountView(a: AccountRecord, sentToday: number, customDomains: number) {
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
      max_custom_domains: limits.maxCustomDomains,
      current_custom_domains: customDomains,
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

async function getAccount(req: HttpRequest<'account'>): Promise<OperationResult> {
  const { account: a, sentToday, customDomains } = await account.getAccount(req.principal.account);
  return {
    result: accountView(a, sentToday, customDomains),
    nextSteps: a.tier === 'free'
      ? ['Free accounts receive mail only. To send, ask your operator to upgrade: GET /v1/capabilities returns an upgrade link.']
      : ['Send mail with POST /v1/inboxes/{id}/send.'],
  };
}

async function rotateAccountKey(req: HttpRequest<'account'>): Promise<OperationResult> {
  const p = req.principal;
  const { accountApiKey, rotatedAt } = await account.rotateAccountKey(p.account, p.key);
  return {
    result: { account_id: p.account.id, account_api_key: accountApiKey, rotated_at: rotatedAt },
    nextSteps: ['Save account_api_key now: it is shown only once. The old account key is refused from now on; inbox keys still work.'],
  };
}

async function getCapabilities(req: HttpRequest<'any'>): Promise<OperationResult> {
  const result = await account.getCapabilities(req.principal.account);
  return {
    result,
    nextSteps: result.upgrade_context
      ? ['To unlock what is under "cannot", relay upgrade_context.agent_script to your operator: the link lets them upgrade without logging in.']
      : ['Everything this deployment offers is unlocked for this tier; cannot[] lists what it does not offer at all.'],
  };
}

async function upgradeAccount(req: HttpRequest<'account', account.UpgradeInput>): Promise<OperationResult> {
  const result = await account.upgradeAccount(req.principal.account, req.body);
  const target = result.tier as PaidTier;
  return {
    result,
    nextSteps: [
      `The ${TIER_LIMITS[target].label} tier applies now: up to ${TIER_LIMITS[target].sendsPerDay.toLocaleString('en-US')} sends a day.`,
      'Send mail with POST /v1/inboxes/{id}/send.',
    ],
  };
}

const createUpgradeLink = async (req: HttpRequest<'account', z.output<typeof UpgradeLinkBody>>): Promise<OperationResult> => ({
  result: await operators.createUpgradeLink(req.principal.account, req.body.target_tier),
  nextSteps: [
    'Give url to your operator (agent_script has the words): it opens the checkout without a login, works once, and expires in 7 days.',
    'After they pay, GET /v1/account shows the new tier; the account.upgraded webhook event announces it.',
  ],
});

async function notifyOperator(req: HttpRequest<'account', operators.NotifyOperatorInput>): Promise<OperationResult> {
  const { notification: n, url, agentScript, remaining } = await operators.notifyOperator(req.principal.account, req.body);
  return {
    status: 201,
    result: {
      notification_id: n.id, operator_action_url: url, operator_action_label: n.action_label,
      agent_script: agentScript, expires_at: n.expires_at, status: n.status,
    },
    nextSteps: [
      'Relay agent_script to your operator: the link opens a page with the issue and your context, where they respond.',
      `Read their answer with GET /v1/notifications/${n.id} (status changes from pending to approved or declined).`,
      `${remaining} more notifications are allowed this hour.`,
    ],
  };
}

const notificationView = (n: NotificationRecord) => ({
  notification_id: n.id, issue: n.issue, context: n.context, action_label: n.action_label, status: n.status,
  response_note: n.response_note, responded_at: n.responded_at, created_at: n.created_at, expires_at: n.expires_at,
});

async function getNotification(req: HttpRequest<'account'>): Promise<OperationResult> {
  const n = await operators.getNotificationStatus(req.principal.account.id, String(req.params.id));
  return {
    result: notificationView(n),
    nextSteps: n.status === 'pending'
      ? [Date.parse(n.expires_at) <= Date.now() ? 'The link expired unanswered; send a new notification if you still need an answer.'
        : 'Your operator has not answered yet; check again later.']
      : [`Your operator ${n.status} this${n.response_note ? ' and left a note (response_note)' : ''}.`],
  };
}

export const accountApi = {
  getAccount, getCapabilities, upgradeAccount, rotateAccountKey,
  createUpgradeLink, createUpgradeLinkAlias: createUpgradeLink, notifyOperator, getNotification,
};
