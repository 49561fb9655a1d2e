import type { PaidTier, Tier } from '../../accounts/tiers.ts';

/**
 * The boundary to the payment processor. The sandbox adapter (the local default) charges in
 * place; the hosted-processor adapter (stripe.ts) sends the operator to the processor's hosted
 * checkout and upgrades on its signed webhook. PAYMENT_PROVIDER selects one.
 */
export interface SubscribeRequest {
  accountId: string;
  tier: PaidTier;
  paymentMethod: string;
  /** Existing customer at the processor, if any. */
  customerId: string | null;
  /** Makes a retried request charge once. */
  idempotencyKey: string;
}

export type SubscribeOutcome =
  | { status: 'succeeded'; customerId: string; subscriptionId: string }
  | { status: 'declined'; declineCode: string; message: string }
  | { status: 'invalid_payment_method'; message: string }
  /** This processor takes payment only on its hosted checkout (the operator's upgrade link). */
  | { status: 'checkout_required'; message: string };

export interface CheckoutRequest {
  accountId: string;
  fromTier: Tier;
  tier: PaidTier;
  /** The upgrade link's id: the webhook marks that link used. */
  linkId: string;
  customerId: string | null;
  /** Where the processor sends the operator after paying, and after giving up. */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession { id: string; url: string }

/** What a verified processor event means for us. */
export type PaymentEvent =
  | {
    kind: 'checkout_completed';
    eventId: string;
    sessionId: string;
    accountId: string;
    tier: PaidTier;
    linkId: string | null;
    customerId: string | null;
    subscriptionId: string | null;
  }
  | { kind: 'ignored'; eventId: string; type: string; reason: string };

/** A webhook whose signature does not verify (or that is not an event at all). */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface PaymentProvider {
  readonly name: string;
  /**
   * in-place: the upgrade page charges with subscribe() and shows the outcome at once.
   * hosted: the upgrade page redirects to createCheckout()'s URL; the upgrade happens when the
   * processor's signed webhook says the checkout completed.
   */
  readonly checkout: 'in-place' | 'hosted';
  /** Origins a checkout form is redirected to (the pages' CSP form-action allows them). */
  readonly checkoutOrigins: readonly string[];
  /** In-place test providers: the payment methods the upgrade page offers. */
  readonly testPaymentMethods?: readonly { id: string; label: string; outcome: string }[];
  subscribe(req: SubscribeRequest): Promise<SubscribeOutcome>;
  createCheckout?(req: CheckoutRequest): Promise<CheckoutSession>;
  /** Verifies the signature over the exact raw body, then interprets the event. Throws WebhookSignatureError. */
  parseWebhook?(rawBody: string, signatureHeader: string | undefined): PaymentEvent;
}
