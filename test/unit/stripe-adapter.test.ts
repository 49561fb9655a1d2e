/**
 * The hosted-processor adapter, offline: webhook signatures are made with the processor
 * library's own test helper (stripe.webhooks.generateTestHeaderString) and checked by its
 * constructEvent; checkout session creation runs against a fake fetch that records the request.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../../lambdas/operators/payments/provider.ts';
import { createStripePayments } from '../../lambdas/operators/payments/stripe.ts';

const WEBHOOK_SECRET = 'whsec_unit_test_secret_0123456789';
const helper = new Stripe('sk_test_unit');

function checkoutEvent(over: { type?: string; session?: Record<string, unknown> } = {}) {
  return {
    id: 'evt_test_1',
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: over.type ?? 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_test_1',
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        client_reference_id: 'acc_0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
        customer: 'cus_test_1',
        subscription: 'sub_test_1',
        metadata: { account_id: 'acc_0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', target_tier: 'developer', from_tier: 'free', link_id: 'jti_1' },
        ...over.session,
      },
    },
  };
}

const sign = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
  helper.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET, ...(opts.timestamp ? { timestamp: opts.timestamp } : {}) });

const adapter = (httpClient?: Stripe.HttpClient) =>
  createStripePayments({ secretKey: 'sk_test_unit', webhookSecret: WEBHOOK_SECRET, ...(httpClient ? { httpClient } : {}) });

describe('stripe adapter: webhook signature verification (raw body, library test helpers)', () => {
  it('a correctly signed checkout.session.completed becomes an upgrade of the account in client_reference_id', () => {
    const body = JSON.stringify(checkoutEvent());
    expect(adapter().parseWebhook!(body, sign(body))).toEqual({
      kind: 'checkout_completed', eventId: 'evt_test_1', sessionId: 'cs_test_1',
      accountId: 'acc_0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', tier: 'developer', linkId: 'jti_1',
      customerId: 'cus_test_1', subscriptionId: 'sub_test_1',
    });
  });

  it('verifies the exact bytes: re-serialised JSON (same data, other whitespace) does not verify', () => {
    const body = JSON.stringify(checkoutEvent(), null, 2);
    const header = sign(body);
    expect(() => adapter().parseWebhook!(JSON.stringify(JSON.parse(body)), header)).toThrow(WebhookSignatureError);
    expect(adapter().parseWebhook!(body, header).kind).toBe('checkout_completed');
  });

  it('a tampered body (another account swapped in) is refused', () => {
    const body = JSON.stringify(checkoutEvent());
    const header = sign(body);
    const forged = body.replaceAll('acc_0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', 'acc_0193a1b2-c3d4-7e5f-8a9b-ffffffffffff');
    expect(() => adapter().parseWebhook!(forged, header)).toThrow(WebhookSignatureError);
  });

  it('a signature made with another secret is refused', () => {
    const body = JSON.stringify(checkoutEvent());
    expect(() => adapter().parseWebhook!(body, sign(body, { secret: 'whsec_someone_else' }))).toThrow(/signature/i);
  });

  it('an old signature (replay outside the tolerance) is refused', () => {
    const body = JSON.stringify(checkoutEvent());
    const header = sign(body, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(() => adapter().parseWebhook!(body, header)).toThrow(WebhookSignatureError);
  });

  it('a missing or garbage header is refused', () => {
    const body = JSON.stringify(checkoutEvent());
    expect(() => adapter().parseWebhook!(body, undefined)).toThrow(/missing/);
    expect(() => adapter().parseWebhook!(body, 'not-a-signature')).toThrow(WebhookSignatureError);
  });
});

describe('stripe adapter: event handling', () => {
  const parse = (event: object) => { const body = JSON.stringify(event); return adapter().parseWebhook!(body, sign(body)); };

  it('other event types are acknowledged and ignored', () => {
    expect(parse(checkoutEvent({ type: 'invoice.paid' }))).toMatchObject({ kind: 'ignored', type: 'invoice.paid' });
    expect(parse(checkoutEvent({ type: 'checkout.session.expired' }))).toMatchObject({ kind: 'ignored' });
  });

  it('a completed checkout still awaiting a delayed payment is ignored; its async_payment_succeeded upgrades', () => {
    expect(parse(checkoutEvent({ session: { payment_status: 'unpaid' } }))).toMatchObject({ kind: 'ignored', reason: /pending/ });
    expect(parse(checkoutEvent({ type: 'checkout.session.async_payment_succeeded' }))).toMatchObject({ kind: 'checkout_completed', tier: 'developer' });
  });

  it('a checkout that is not ours (no account, unknown tier, or account fields that disagree) is ignored', () => {
    expect(parse(checkoutEvent({ session: { client_reference_id: null, metadata: {} } }))).toMatchObject({ kind: 'ignored' });
    expect(parse(checkoutEvent({ session: { metadata: { account_id: 'acc_x', target_tier: 'platinum' }, client_reference_id: 'acc_x' } })))
      .toMatchObject({ kind: 'ignored' });
    expect(parse(checkoutEvent({ session: { metadata: { account_id: 'acc_other', target_tier: 'growth' } } }))).toMatchObject({ kind: 'ignored', reason: /disagree/ });
  });

  it('customer and subscription may arrive expanded', () => {
    const out = parse(checkoutEvent({ session: { customer: { id: 'cus_x', object: 'customer' }, subscription: { id: 'sub_x', object: 'subscription' } } }));
    expect(out).toMatchObject({ customerId: 'cus_x', subscriptionId: 'sub_x' });
  });
});

describe('stripe adapter: checkout session creation', () => {
  it('creates a subscription-mode session at the tier\'s price, naming the account and the link, idempotent per link', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch = (async (url: string | URL, init?: RequestInit) => {
      calls.push({ url: String(url), init: init! });
      return new Response(JSON.stringify({ id: 'cs_test_new', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_new' }),
        { status: 200, headers: { 'content-type': 'application/json', 'request-id': 'req_1' } });
    }) as typeof fetch;
    const p = adapter(Stripe.createFetchHttpClient(fakeFetch));
    const session = await p.createCheckout!({
      accountId: 'acc_1', fromTier: 'free', tier: 'growth', linkId: 'jti_abc', customerId: null,
      successUrl: 'https://site.example/upgrade/complete?token=t&session_id={CHECKOUT_SESSION_ID}', cancelUrl: 'https://site.example/upgrade?token=t',
    });
    expect(session).toEqual({ id: 'cs_test_new', url: 'https://checkout.stripe.com/c/pay/cs_test_new' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://api.stripe.com/v1/checkout/sessions');
    const form = new URLSearchParams(String(calls[0]!.init.body));
    expect(form.get('mode')).toBe('subscription');
    expect(form.get('client_reference_id')).toBe('acc_1');
    expect(form.get('metadata[account_id]')).toBe('acc_1');
    expect(form.get('metadata[target_tier]')).toBe('growth');
    expect(form.get('metadata[link_id]')).toBe('jti_abc');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('9900');
    expect(form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(form.get('success_url')).toContain('{CHECKOUT_SESSION_ID}');
    const headers = new Headers(calls[0]!.init.headers as Record<string, string>);
    expect(headers.get('idempotency-key')).toBe('mailroom-checkout-jti_abc');
    expect(headers.get('authorization')).toBe('Bearer sk_test_unit');
  });

  it('the API upgrade path says checkout is required (payments are taken on the hosted page only)', async () => {
    const out = await adapter().subscribe({ accountId: 'acc_1', tier: 'developer', paymentMethod: 'pm_card_visa', customerId: null, idempotencyKey: 'k' });
    expect(out.status).toBe('checkout_required');
  });

  it('refuses to start without its secrets', () => {
    expect(() => createStripePayments({ secretKey: '', webhookSecret: WEBHOOK_SECRET })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => createStripePayments({ secretKey: 'sk_test_x', webhookSecret: '' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});
