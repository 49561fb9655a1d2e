import type { PaidTier } from '../core/tiers.ts';

/**
 * The boundary to the payment processor. The sandbox adapter runs here; a hosted-processor
 * adapter implements the same interface and is selected by PAYMENT_PROVIDER.
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
  | { status: 'invalid_payment_method'; message: string };

export interface PaymentProvider {
  readonly name: string;
  subscribe(req: SubscribeRequest): Promise<SubscribeOutcome>;
}
