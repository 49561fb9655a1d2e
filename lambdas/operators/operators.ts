/**
 * The operator side: signed links an agent hands its human (upgrade, notification), and what
 * the pages behind those links need. Links are HMAC-signed, bound to one account, valid 7 days;
 * upgrade links are single use (claimed before money moves, released if it does not).
 */
import type { z } from 'zod';
import { linkSigningSecret } from '../platform/aws/secrets.ts';
import { upgradeAgentScript } from '../accounts/capabilities.ts';
import { badRequest, notFound, tooManyRequests, unavailable, type ErrorKind } from '../platform/errors.ts';
import { isId, newId } from '../platform/ids.ts';
import { MAGIC_LINK_TTL_SECONDS, signMagicLink, verifyMagicLink, type MagicLinkClaims, type MagicLinkPurpose } from './magic-links.ts';
import { looksLikeViewToken, viewTokenMatches } from '../inboxes/view-tokens.ts';
import { PAID_TIERS, TIER_LIMITS, tierRank, type PaidTier, type Tier } from '../accounts/tiers.ts';
import { config } from '../platform/config.ts';
import { errorFields, log } from '../platform/log.ts';
import { paymentProvider } from './payments/index.ts';
import { WebhookSignatureError } from './payments/provider.ts';
import type { NotifyOperatorBody, UpgradeLinkBody } from './operators.schemas.ts';
import { getAccount, getInbox } from '../accounts/accounts.store.ts';
import * as store from './operators.store.ts';
import type { AccountRecord } from '../accounts/accounts.entities.ts';
import type { InboxRecord } from '../inboxes/inboxes.entities.ts';
import type { NotificationRecord } from './operators.entities.ts';
import { chargeAndUpgrade, completeUpgrade } from '../accounts/account.ts';
import { upgradeLink } from '../accounts/upgrade-context.ts';

/** notify-operator: 10 requests per hour per account (spec: limits). */
export const NOTIFY_MAX_PER_HOUR = 10;
const HOUR = 3600;

const isPaidTier = (t: unknown): t is PaidTier => typeof t === 'string' && (PAID_TIERS as readonly string[]).includes(t);

// ---------------------------------------------------------------------------------------------
// API: POST /v1/account/upgrade-link (and /v1/upgrade-link)
// ---------------------------------------------------------------------------------------------

/** A signed, single-use upgrade link for the operator, with the words the agent can relay. */
export async function createUpgradeLink(a: AccountRecord, target: z.output<typeof UpgradeLinkBody>['target_tier']) {
  if (a.tier === target) {
    throw badRequest('TIER_ALREADY_HELD', `The account is already on the ${target} tier.`, { field: 'target_tier' });
  }
  if (tierRank(target) < tierRank(a.tier)) {
    throw badRequest('DOWNGRADE_NOT_SUPPORTED', `The account is on ${a.tier}, above ${target}; an upgrade link only moves up.`, {
      field: 'target_tier', next_steps: ['Ask your operator to contact support to change plans downward.'],
    });
  }
  if (paymentProvider.checkout === 'hosted' && TIER_LIMITS[target].priceCentsPerMonth === null) {
    throw badRequest('TIER_NOT_SOLD_ONLINE', `The ${TIER_LIMITS[target].label} tier has custom pricing and is not sold through checkout.`, {
      field: 'target_tier', next_steps: ['Choose developer or growth, or ask your operator to contact sales for enterprise.'],
    });
  }
  const link = await upgradeLink(a.id, target);
  const label = `Upgrade to ${TIER_LIMITS[target].label}`;
  return { ...link, operator_action_label: label, agent_script: upgradeAgentScript(target, 'I need a higher plan for my email account.', link.url) };
}

// ---------------------------------------------------------------------------------------------
// API: POST /v1/notify-operator, GET /v1/notifications/{id}
// ---------------------------------------------------------------------------------------------

export const notificationUrl = (notificationId: string, token: string) =>
  `${config.siteUrl}/notify/${encodeURIComponent(notificationId)}?token=${token}`;

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function notificationAgentScript(issue: string, actionLabel: string, url: string) {
  return `I need your input on something: "${clip(issue.trim().replace(/\s+/g, ' '), 280)}" ` +
    `Please open this link to review it and respond (${actionLabel}); no login is needed and it is valid for 7 days: ${url}`;
}

export type NotifyOperatorInput = z.output<typeof NotifyOperatorBody>;

/**
 * Records a question for the operator and signs the link to its page (7 days); at most
 * NOTIFY_MAX_PER_HOUR an hour per account. `remaining` is how many more this hour allows.
 */
export async function notifyOperator(a: AccountRecord, input: NotifyOperatorInput) {
  const nowMs = Date.now();
  const nowSec = Math.floor(nowMs / 1000);
  const windowStart = nowSec - (nowSec % HOUR);
  const id = newId('notification', nowMs);
  const { token, claims } = signMagicLink(await linkSigningSecret(), { purpose: 'notification', account_id: a.id, notification_id: id }, nowMs);
  const expiresAt = new Date(claims.exp * 1000).toISOString();
  const record: NotificationRecord = {
    id, account_id: a.id, issue: input.issue, context: input.context ?? null, action_label: input.action_label,
    status: 'pending', response_note: null, responded_at: null, created_at: new Date(nowMs).toISOString(), expires_at: expiresAt,
  };
  const out = await store.createNotification(record, { start: windowStart, seconds: HOUR, max: NOTIFY_MAX_PER_HOUR });
  const reset = windowStart + HOUR;
  if (!out.ok) {
    throw tooManyRequests(`At most ${NOTIFY_MAX_PER_HOUR} operator notifications per hour per account.`, {
      code: 'NOTIFY_OPERATOR_RATE_LIMIT', retry_after: Math.max(1, reset - nowSec),
      rate_limit: { limit: NOTIFY_MAX_PER_HOUR, remaining: 0, reset, window: HOUR, scope: 'account' },
      next_steps: ['Wait retry_after seconds, or fold several questions into one notification (context holds any JSON).'],
    });
  }
  const url = notificationUrl(id, token);
  return {
    notification: record, url, agentScript: notificationAgentScript(record.issue, record.action_label, url),
    remaining: Math.max(0, NOTIFY_MAX_PER_HOUR - out.count),
  };
}

/** A notification of the account, with the operator's answer once given. */
export async function getNotificationStatus(accountId: string, id: string): Promise<NotificationRecord> {
  const n = isId('notification', id) ? await store.getNotification(accountId, id) : undefined;
  if (!n) {
    throw notFound('NOTIFICATION_NOT_FOUND', `No notification ${id} in this account.`, {
      next_steps: ['Create one with POST /v1/notify-operator; its notification_id is what this endpoint reads.'],
    });
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// Links, as the pages check them.
// ---------------------------------------------------------------------------------------------

export type LinkProblem = 'missing' | 'malformed' | 'bad_signature' | 'expired' | 'wrong_purpose' | 'wrong_target';

export type LinkCheck = { ok: true; claims: MagicLinkClaims } | { ok: false; problem: LinkProblem };

export async function checkLink(token: string | undefined, purpose: MagicLinkPurpose, now = Date.now()): Promise<LinkCheck> {
  if (!token) return { ok: false, problem: 'missing' };
  const v = verifyMagicLink(await linkSigningSecret(), token, now);
  if (!v.ok) return { ok: false, problem: v.reason };
  if (v.claims.purpose !== purpose) return { ok: false, problem: 'wrong_purpose' };
  return { ok: true, claims: v.claims };
}

// ---------------------------------------------------------------------------------------------
// The upgrade page and its checkout.
// ---------------------------------------------------------------------------------------------

export type UpgradeState =
  | { kind: 'invalid'; problem: LinkProblem }
  | { kind: 'used' }
  | { kind: 'busy' }
  | { kind: 'account_gone' }
  | { kind: 'already_on'; account: AccountRecord; target: PaidTier }
  | { kind: 'ready'; account: AccountRecord; target: PaidTier; claims: MagicLinkClaims };

export async function loadUpgrade(token: string | undefined, opts: { allowUsed?: boolean } = {}): Promise<UpgradeState> {
  const link = await checkLink(token, 'upgrade');
  if (!link.ok) return { kind: 'invalid', problem: link.problem };
  const { claims } = link;
  if (!isPaidTier(claims.target_tier)) return { kind: 'invalid', problem: 'malformed' };
  const [account, use] = await Promise.all([getAccount(claims.account_id), opts.allowUsed ? undefined : store.getLinkUse(claims.jti)]);
  if (!account) return { kind: 'account_gone' };
  if (use?.state === 'used') return { kind: 'used' };
  // A checkout holding this link may already have upgraded the account: it is that checkout's answer.
  if (use?.state === 'claimed' && use.claimed_at > Date.now() - store.CLAIM_STALE_MS) return { kind: 'busy' };
  if (tierRank(account.tier) >= tierRank(claims.target_tier)) return { kind: 'already_on', account, target: claims.target_tier };
  return { kind: 'ready', account, target: claims.target_tier, claims };
}

export type CheckoutOutcome =
  | Exclude<UpgradeState, { kind: 'ready' }>
  | { kind: 'redirect'; url: string }
  | { kind: 'upgraded'; account: AccountRecord; target: PaidTier; fromTier: Tier }
  | { kind: 'declined'; account: AccountRecord; target: PaidTier; message: string; code: string }
  | { kind: 'invalid_payment_method'; account: AccountRecord; target: PaidTier; message: string }
  | { kind: 'not_sold_online'; account: AccountRecord; target: PaidTier };

export const upgradePageUrl = (token: string) => `${config.siteUrl}/upgrade?token=${token}`;

/**
 * The checkout form's POST. In place (sandbox): claim the link, charge, upgrade, mark the link
 * used; a decline gives the link back. Hosted: a checkout session at the processor, one per link.
 * Only the account named in the signed link is ever upgraded: nothing in the form can name another.
 */
export async function checkoutUpgrade(token: string | undefined, paymentMethod: string | undefined): Promise<CheckoutOutcome> {
  const state = await loadUpgrade(token);
  if (state.kind !== 'ready') return state;
  const { account, target, claims } = state;

  if (paymentProvider.checkout === 'hosted') {
    if (TIER_LIMITS[target].priceCentsPerMonth === null || !paymentProvider.createCheckout) return { kind: 'not_sold_online', account, target };
    const session = await paymentProvider.createCheckout({
      accountId: account.id, fromTier: account.tier, tier: target, linkId: claims.jti, customerId: account.billing.payment_customer_id,
      successUrl: `${config.siteUrl}/upgrade/complete?token=${token}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: upgradePageUrl(token!),
    });
    return { kind: 'redirect', url: session.url };
  }

  if (!paymentMethod) return { kind: 'invalid_payment_method', account, target, message: 'Choose a payment method.' };
  const claim = await store.claimLink(claims.jti, account.id, claims.exp);
  if (claim === 'used') return { kind: 'used' };
  if (claim === 'busy') return { kind: 'busy' };
  let out;
  try {
    out = await chargeAndUpgrade(account, target, paymentMethod);
  } catch (e) {
    await store.releaseLink(claims.jti).catch(() => undefined);
    throw e;
  }
  switch (out.status) {
    case 'upgraded': {
      await store.markLinkUsed(claims.jti, account.id, claims.exp);
      const fresh = (await getAccount(account.id)) ?? { ...account, tier: target };
      return { kind: 'upgraded', account: fresh, target, fromTier: account.tier };
    }
    case 'declined':
      await store.releaseLink(claims.jti);
      return { kind: 'declined', account, target, message: out.message, code: out.declineCode };
    case 'invalid_payment_method':
    case 'checkout_required':
      await store.releaseLink(claims.jti);
      return { kind: 'invalid_payment_method', account, target, message: out.message };
    case 'already_held':
    case 'downgrade':
    case 'tier_changed': {
      // Someone upgraded the account meanwhile (another link, the API): this link changed nothing.
      await store.releaseLink(claims.jti);
      const fresh = (await getAccount(account.id)) ?? account;
      return { kind: 'already_on', account: fresh, target };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The processor's webhook: POST /v1/payments/webhook (raw body, signature header, no API key).
// ---------------------------------------------------------------------------------------------

export interface PaymentWebhookOutcome { outcome: 'ignored' | 'unknown_account' | 'already_applied' | 'upgraded'; note?: string }

/** The processor's signed event (raw body and its signature header): applies a paid checkout once. */
export async function handlePaymentWebhook(rawBody: string, signature: string | undefined): Promise<PaymentWebhookOutcome> {
  if (!paymentProvider.parseWebhook) {
    throw notFound('NOT_FOUND', `The ${paymentProvider.name} payment provider sends no webhooks; upgrades complete in place.`);
  }
  let event;
  try {
    event = paymentProvider.parseWebhook(rawBody, signature);
  } catch (e) {
    if (e instanceof WebhookSignatureError) {
      log.warn('payment webhook refused', { reason: e.message });
      throw badRequest('INVALID_SIGNATURE', e.message, { next_steps: ['Only the payment processor calls this endpoint, with its signature over the raw body.'] });
    }
    throw e;
  }
  const received = (outcome: PaymentWebhookOutcome['outcome'], note?: string): PaymentWebhookOutcome => ({ outcome, ...(note ? { note } : {}) });
  if (event.kind === 'ignored') return received('ignored', `${event.type}: ${event.reason}.`);

  const markUsed = async () => {
    if (event.linkId) await store.markLinkUsed(event.linkId, event.accountId, Math.floor(Date.now() / 1000) + MAGIC_LINK_TTL_SECONDS);
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    const account = await getAccount(event.accountId);
    if (!account) {
      log.warn('payment webhook for an unknown account', { account_id: event.accountId, event_id: event.eventId });
      return received('unknown_account');
    }
    if (tierRank(account.tier) >= tierRank(event.tier)) {
      await markUsed();
      return received('already_applied');
    }
    const done = await completeUpgrade(account, event.tier, { provider: paymentProvider.name, customerId: event.customerId, subscriptionId: event.subscriptionId });
    if (done.ok) {
      await markUsed();
      log.info('account upgraded by checkout', { account_id: account.id, to_tier: event.tier, event_id: event.eventId });
      return received('upgraded');
    }
  }
  // The tier kept changing under us: unavailable, so the processor retries later.
  throw unavailable('RETRY_LATER', 'The account changed while the upgrade was applied; retry.');
}

/** The return page after a hosted checkout: the webhook may or may not have arrived yet. */
export async function checkoutReturn(token: string | undefined) {
  return loadUpgrade(token, { allowUsed: true });
}

// ---------------------------------------------------------------------------------------------
// The notification page.
// ---------------------------------------------------------------------------------------------

export type NotificationState =
  | { kind: 'invalid'; problem: LinkProblem }
  | { kind: 'not_found' }
  | { kind: 'ok'; notification: NotificationRecord; token: string };

export async function loadNotification(notificationId: string, token: string | undefined): Promise<NotificationState> {
  const link = await checkLink(token, 'notification');
  if (!link.ok) return { kind: 'invalid', problem: link.problem };
  // The link names one notification of one account; it opens nothing else.
  if (link.claims.notification_id !== notificationId) return { kind: 'invalid', problem: 'wrong_target' };
  const n = isId('notification', notificationId) ? await store.getNotification(link.claims.account_id, notificationId) : undefined;
  if (!n || n.account_id !== link.claims.account_id) return { kind: 'not_found' };
  return { kind: 'ok', notification: n, token: token! };
}

export type RespondOutcome = NotificationState | { kind: 'already_answered'; notification: NotificationRecord };

export async function respondToNotification(notificationId: string, token: string | undefined, decision: 'approved' | 'declined',
  note: string | null): Promise<RespondOutcome> {
  const state = await loadNotification(notificationId, token);
  if (state.kind !== 'ok') return state;
  if (state.notification.status !== 'pending') return { kind: 'already_answered', notification: state.notification };
  const updated = await store.respondToNotification(state.notification.account_id, notificationId, decision, note, new Date().toISOString());
  if (!updated) {
    const now = await store.getNotification(state.notification.account_id, notificationId);
    return now ? { kind: 'already_answered', notification: now } : { kind: 'not_found' };
  }
  return { kind: 'ok', notification: updated, token: state.token };
}

// ---------------------------------------------------------------------------------------------
// The inbox view: view_url carries the inbox's view token (core/view-tokens.ts), never a key.
// ---------------------------------------------------------------------------------------------

export type InboxAccess = { ok: true; inbox: InboxRecord } | { ok: false; kind: Extract<ErrorKind, 'unauthenticated' | 'not_found'>; problem: string };

/**
 * The inbox a view link opens: only with that inbox's current view token. An API key (?key=, as
 * links carried before view tokens) is refused, even the inbox's own: a page URL ends up in
 * browser history, logs and referrers, so it must not hold a credential that reads or sends by API.
 */
export async function inboxForViewToken(inboxId: string, token: string | undefined, key?: string): Promise<InboxAccess> {
  if (key !== undefined && !token) {
    return { ok: false, kind: 'unauthenticated', problem: 'View links no longer carry the inbox key, and a key does not open this page. The inbox\'s view_url now carries a view token of its own.' };
  }
  if (!token) return { ok: false, kind: 'unauthenticated', problem: 'This page needs the token that came with its link (?token=…).' };
  if (!looksLikeViewToken(token)) return { ok: false, kind: 'unauthenticated', problem: 'The token in this link is not a view token.' };
  try {
    // Consistent: a link reissued a moment ago has revoked this one.
    const [inbox, secret] = await Promise.all([getInbox(inboxId, true), linkSigningSecret()]);
    // The token of this very inbox at its current version: a reissued link revokes every earlier one.
    if (!inbox || !viewTokenMatches(secret, inboxId, inbox.view_token_version ?? 0, token)) {
      return { ok: false, kind: 'unauthenticated', problem: 'This link does not open this inbox (it may have been replaced by a newer one).' };
    }
    if (inbox.status !== 'active') return { ok: false, kind: 'not_found', problem: 'This inbox was deleted.' };
    return { ok: true, inbox };
  } catch (e) {
    log.error('inbox view: token check failed', errorFields(e));
    throw e;
  }
}
