import Stripe from 'stripe';
import { PAID_TIERS, TIER_LIMITS, type PaidTier } from '../../accounts/tiers.ts';
import {
  WebhookSignatureError, type CheckoutRequest, type CheckoutSession, type PaymentEvent, type PaymentProvider,
  type SubscribeOutcome,
} from './provider.ts';

/**
 * The hosted payment processor's adapter: a Checkout Session (subscription mode, the price of
 * the tier from lambdas/accounts/tiers.ts) for the operator, and its signed webhook for the upgrade.
 * The account travels in client_reference_id and metadata; the webhook trusts neither until the
 * signature over the raw body verifies (stripe.webhooks.constructEvent).
 */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API endpoint (tests: a local stand-in), e.g. http://127.0.0.1:12111 */
  apiBase?: string;
  /** Replaces the HTTP client (tests). */
  httpClient?: Stripe.HttpClient;
}

const isPaidTier = (t: unknown): t is PaidTier => typeof t === 'string' && (PAID_TIERS as readonly string[]).includes(t);
const idOf = (v: string | { id: string } | null | undefined) => (v == null ? null : typeof v === 'string' ? v : v.id);

export function createStripePayments(s: StripeSettings): PaymentProvider & { readonly client: Stripe } {
  if (!s.secretKey) throw new Error('STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe');
  if (!s.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=stripe');
  const base = s.apiBase ? new URL(s.apiBase) : undefined;
  const client = new Stripe(s.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'http:' ? 80 : 443), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
    ...(s.httpClient ? { httpClient: s.httpClient } : {}),
  });

  function interpret(event: Stripe.Event): PaymentEvent {
    const ignore = (reason: string): PaymentEvent => ({ kind: 'ignored', eventId: event.id, type: event.type, reason });
    if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') {
      return ignore('not a completed checkout');
    }
    const session = event.data.object as Stripe.Checkout.Session;
    // A delayed payment method completes the session unpaid; its async_payment_succeeded follows.
    if (session.payment_status === 'unpaid') return ignore('checkout completed, payment still pending');
    const accountId = session.client_reference_id ?? session.metadata?.account_id ?? null;
    const tier = session.metadata?.target_tier;
    if (!accountId || !isPaidTier(tier)) return ignore('not a Mailroom upgrade checkout (no account or tier)');
    if (session.metadata?.account_id && session.metadata.account_id !== accountId) return ignore('client_reference_id and metadata disagree');
    return {
      kind: 'checkout_completed',
      eventId: event.id,
      sessionId: session.id,
      accountId,
      tier,
      linkId: session.metadata?.link_id ?? null,
      customerId: idOf(session.customer as string | { id: string } | null),
      subscriptionId: idOf(session.subscription as string | { id: string } | null),
    };
  }

  return {
    name: 'stripe',
    checkout: 'hosted',
    checkoutOrigins: ['https://checkout.stripe.com'],
    client,

    async subscribe(): Promise<SubscribeOutcome> {
      return {
        status: 'checkout_required',
        message: 'Payments are taken on the payment processor\'s hosted checkout: relay upgrade_context.agent_script to your operator; the link opens the checkout.',
      };
    },

    async createCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
      const limits = TIER_LIMITS[req.tier];
      if (limits.priceCentsPerMonth === null) throw new Error(`The ${limits.label} tier has no list price; it is not sold through checkout.`);
      const metadata = { account_id: req.accountId, target_tier: req.tier, from_tier: req.fromTier, link_id: req.linkId };
      const session = await client.checkout.sessions.create({
        mode: 'subscription',
        client_reference_id: req.accountId,
        ...(req.customerId ? { customer: req.customerId } : {}),
        line_items: [{
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: limits.priceCentsPerMonth,
            recurring: { interval: 'month' },
            product_data: { name: `Mailroom ${limits.label}`, metadata: { tier: req.tier } },
          },
        }],
        metadata,
        subscription_data: { metadata },
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
      }, {
        // One checkout per link and tier: a second click returns the same session, not a second charge.
        idempotencyKey: `mailroom-checkout-${req.linkId}`,
      });
      if (!session.url) throw new Error(`checkout session ${session.id} has no url`);
      return { id: session.id, url: session.url };
    },

    parseWebhook(rawBody: string, signatureHeader: string | undefined): PaymentEvent {
      if (!signatureHeader) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, signatureHeader, s.webhookSecret);
      } catch (e) {
        throw new WebhookSignatureError(`The webhook signature does not verify: ${(e as Error).message}`);
      }
      return interpret(event);
    },
  };
}

/**
 * The adapter configured by the environment (PAYMENT_PROVIDER=stripe). Deployed, the keys live
 * in Secrets Manager (STRIPE_SECRET_ARN: JSON {"secret_key", "webhook_secret"}), read once at
 * cold start; locally they may be given directly as STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET.
 */
export async function stripeFromEnv() {
  let secretKey = process.env.STRIPE_SECRET_KEY ?? '';
  let webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? '';
  const arn = process.env.STRIPE_SECRET_ARN;
  if (arn && (!secretKey || !webhookSecret)) {
    const { getSecretString } = await import('../../platform/aws/secret-value.ts');
    const parsed = JSON.parse((await getSecretString(arn)) ?? '{}') as { secret_key?: string; webhook_secret?: string };
    secretKey ||= parsed.secret_key ?? '';
    webhookSecret ||= parsed.webhook_secret ?? '';
  }
  return createStripePayments({ secretKey, webhookSecret, apiBase: process.env.STRIPE_API_BASE || undefined });
}
