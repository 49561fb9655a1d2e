import { TIER_LIMITS, type PaidTier, type Tier, type TierLimits } from '../../accounts/tiers.ts';
import type { OperationResult } from '../../platform/http/types.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { AccountRecord } from '../../accounts/accounts.entities.ts';
import { html, type Html } from './html.ts';
import { errorPage, formatMoney, page } from './layout.ts';
import { paths } from './paths.ts';

const n = (x: number) => (x < 0 ? 'Unlimited' : x.toLocaleString('en-US'));

const priceLine = (t: TierLimits) => (t.priceCentsPerMonth === null
  ? html`<span class="price">Custom</span>`
  : html`<span class="price">${formatMoney(t.priceCentsPerMonth)}<small> / month</small></span>`);

/** What the tier adds, in an operator's words, from the one tier table (compared with `from` when known). */
export function unlocks(target: PaidTier, from?: Tier): string[] {
  const t = TIER_LIMITS[target];
  const f = from ? TIER_LIMITS[from] : undefined;
  const was = (x: number) => (f ? ` (from ${n(x)})` : '');
  const out: string[] = [];
  if (!f || f.sendsPerDay === 0) out.push(`Your agent can send email and replies: up to ${n(t.sendsPerDay)} a day`);
  else out.push(`Up to ${n(t.sendsPerDay)} emails a day${was(f.sendsPerDay)}`);
  out.push(`Bursts of ${n(t.sendBurstPerMinute)} sends a minute, ${n(t.concurrentSends)} at once`);
  if (t.maxInboxes < 0 && (!f || f.maxInboxes >= 0)) out.push(`Unlimited inboxes${f ? was(f.maxInboxes) : ''}`);
  if (t.customDomainsEnabled) out.push(t.maxCustomDomains < 0 ? 'Unlimited custom domains' : `${n(t.maxCustomDomains)} custom domain${t.maxCustomDomains === 1 ? '' : 's'}`);
  out.push(`${n(t.apiRequestsPerMinute)} API requests a minute${f ? was(f.apiRequestsPerMinute) : ''}`);
  return out;
}

function compareTable(from: Tier, target: PaidTier): Html {
  const f = TIER_LIMITS[from];
  const t = TIER_LIMITS[target];
  const rows: [string, string, string][] = [
    ['Emails a day', n(f.sendsPerDay), n(t.sendsPerDay)],
    ['Inboxes', n(f.maxInboxes), n(t.maxInboxes)],
    ['Custom domains', n(f.maxCustomDomains), n(t.maxCustomDomains)],
    ['API requests / min', n(f.apiRequestsPerMinute), n(t.apiRequestsPerMinute)],
  ];
  return html`<div class="compare" role="table" aria-label="Current plan compared with ${t.label}">
  <div class="h" role="columnheader">Limit</div><div class="h" role="columnheader">${f.label}</div><div class="h" role="columnheader">${t.label}</div>
  ${rows.map(([label, a, b]) => html`<div role="cell">${label}</div><div role="cell">${a}</div><div role="cell" class="new">${b}</div>`)}
</div>`;
}

function planCard(account: AccountRecord, target: PaidTier): Html {
  const t = TIER_LIMITS[target];
  return html`<section class="card" aria-labelledby="plan-h">
  <div class="plan"><h2 id="plan-h" class="name">${t.label} plan</h2>${priceLine(t)}</div>
  <p class="muted">For account <span class="mono">${account.id}</span>, now on ${TIER_LIMITS[account.tier].label}.</p>
  <h3>What it unlocks</h3>
  <ul class="ticks">${unlocks(target, account.tier).map((u) => html`<li>${u}</li>`)}</ul>
  <h3>Compared with your current plan</h3>
  ${compareTable(account.tier, target)}
</section>`;
}

function checkoutForm(provider: PaymentProvider, token: string, target: PaidTier, chosen?: string): Html {
  const t = TIER_LIMITS[target];
  const amount = t.priceCentsPerMonth === null ? '' : ` ${formatMoney(t.priceCentsPerMonth)}`;
  if (provider.checkout === 'hosted') {
    if (t.priceCentsPerMonth === null) {
      return html`<section class="card"><h2>Checkout</h2><p>The ${t.label} plan has custom pricing and is not sold online. Contact sales to arrange it.</p></section>`;
    }
    return html`<section class="card" aria-labelledby="pay-h">
  <h2 id="pay-h">Checkout</h2>
  <form method="post" action="${paths.upgradeCheckout()}">
    <input type="hidden" name="token" value="${token}">
    <button class="btn wide" type="submit">Continue to secure checkout</button>
  </form>
  <p class="note">You will pay on our payment processor's checkout page and come back here. The plan changes as soon as the payment completes; it renews monthly.</p>
</section>`;
  }
  const methods = provider.testPaymentMethods ?? [];
  const selected = chosen && methods.some((m) => m.id === chosen) ? chosen : methods[0]?.id;
  return html`<section class="card" aria-labelledby="pay-h">
  <h2 id="pay-h">Checkout</h2>
  <form method="post" action="${paths.upgradeCheckout()}">
    <input type="hidden" name="token" value="${token}">
    <fieldset>
      <legend>Payment method</legend>
      ${methods.map((m) => html`<label class="choice"><input type="radio" name="payment_method" value="${m.id}"${m.id === selected ? html` checked` : ''}>
        <span><span>${m.label}</span><span class="sub">${m.outcome} <span class="mono">${m.id}</span></span></span></label>`)}
    </fieldset>
    <button class="btn wide" type="submit">Pay${amount} and upgrade</button>
  </form>
  <p class="note">Sandbox payments: test cards only, no real money moves. The plan changes the moment the payment succeeds.</p>
</section>`;
}

export function upgradePage(o: { provider: PaymentProvider; account: AccountRecord; target: PaidTier; token: string;
  banner?: { kind: 'bad' | 'warn'; title: string; text: string }; status?: number; chosen?: string }): OperationResult {
  const t = TIER_LIMITS[o.target];
  return page({ title: `Upgrade to ${t.label}`, section: 'Upgrade', status: o.status, formTargets: o.provider.checkoutOrigins }, html`
<h1>Upgrade to ${t.label}</h1>
<p class="lead">Your AI agent asked you to upgrade its Mailroom email account. Review the plan below; nothing is charged until you confirm.</p>
${o.banner ? html`<div class="banner ${o.banner.kind}" role="alert"><strong>${o.banner.title}</strong>${o.banner.text}</div>` : ''}
${planCard(o.account, o.target)}
${checkoutForm(o.provider, o.token, o.target, o.chosen)}`);
}

export function upgradedPage(account: AccountRecord, target: PaidTier, from?: Tier): OperationResult {
  const t = TIER_LIMITS[target];
  return page({ title: 'Upgrade complete', section: 'Upgrade' }, html`
<div class="banner ok" role="status"><strong>Payment complete</strong>The account is now on the ${t.label} plan.</div>
<h1>You're all set</h1>
<p class="lead">Account <span class="mono">${account.id}</span> is on <strong>${TIER_LIMITS[account.tier].label}</strong>. The new limits apply immediately; your agent will see them on its next request.</p>
<section class="card"><h2>Now included</h2><ul class="ticks">${unlocks(target, from).map((u) => html`<li>${u}</li>`)}</ul></section>
<p class="muted">You can close this page. This link has been used and will not charge again.</p>`);
}

export function alreadyOnPage(account: AccountRecord, target: PaidTier): OperationResult {
  return page({ title: 'Already upgraded', section: 'Upgrade' }, html`
<div class="banner ok" role="status"><strong>Nothing to pay</strong>This account already has the ${TIER_LIMITS[target].label} plan or a higher one.</div>
<h1>Already on ${TIER_LIMITS[account.tier].label}</h1>
<p class="lead">Account <span class="mono">${account.id}</span> is on the ${TIER_LIMITS[account.tier].label} plan, so this link has nothing left to do.</p>`);
}

export function checkoutPendingPage(account: AccountRecord, target: PaidTier, token: string): OperationResult {
  return page({ title: 'Confirming payment', section: 'Upgrade' }, html`
<div class="banner warn" role="status"><strong>Payment received, confirming</strong>The processor is confirming your payment. This usually takes a few seconds.</div>
<h1>Almost there</h1>
<p class="lead">Account <span class="mono">${account.id}</span> moves to the ${TIER_LIMITS[target].label} plan as soon as the payment is confirmed.</p>
<p><a class="btn secondary" href="${paths.upgradeComplete(token)}">Check again</a></p>`);
}

export type LinkIssue = 'missing' | 'malformed' | 'bad_signature' | 'expired' | 'wrong_purpose' | 'wrong_target' | 'used' | 'busy' | 'account_gone' | 'not_found';

/** Every way a link can fail, as a page: 400 for a broken link, 410 for a spent one; never a 500. */
export function linkProblemPage(issue: LinkIssue, what: 'upgrade' | 'notification'): OperationResult {
  const ask = what === 'upgrade' ? 'Ask your agent for a new upgrade link; it can make one at any time.' : 'Ask your agent to send the request again.';
  switch (issue) {
    case 'missing':
      return errorPage(400, 'This link is incomplete', 'The link is missing its security token, so it cannot be opened.', `Open the full link exactly as your agent gave it to you. ${ask}`);
    case 'malformed':
    case 'bad_signature':
      return errorPage(400, 'This link is not valid', 'It may have been changed or cut short when it was copied. Nothing was charged or changed.', ask);
    case 'expired':
      return errorPage(410, 'This link has expired', 'Links are valid for 7 days. Nothing was charged or changed.', ask);
    case 'wrong_purpose':
    case 'wrong_target':
      return errorPage(400, 'This link is for another page', 'The link does not belong to this page. Nothing was charged or changed.', ask);
    case 'used':
      return errorPage(410, 'This link was already used', 'The upgrade it was made for is done, and each upgrade link works only once. You will not be charged again.',
        'To change plans again, ask your agent for a new link.');
    case 'busy':
      return errorPage(409, 'Checkout in progress', 'A payment with this link is being processed right now.', 'Wait a moment and reload this page.');
    case 'account_gone':
      return errorPage(404, 'Account not found', 'The account this link was made for no longer exists.', 'Nothing was charged.');
    case 'not_found':
      return errorPage(404, 'Request not found', 'This request no longer exists (requests are kept for 30 days after their link expires).', ask);
  }
}
