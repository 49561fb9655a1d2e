import { paymentProviderName, type PaymentProviderName } from './choice.ts';
import { noPayments } from './none.ts';
import { sandboxPayments } from './sandbox.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * The provider named by PAYMENT_PROVIDER: `none` (the default: paid tiers are not sold),
 * `sandbox` (test cards, no network) or `stripe` (hosted checkout + signed webhook; needs
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or STRIPE_SECRET_ARN). An unknown name, a missing
 * secret or a sandbox outside a sandbox fails at cold start (./choice.ts: the rule the synth applies too).
 */
// Stripe's SDK is imported only when it is the provider: the sandbox and none never run it at
// cold start (its module is still in the bundle, evaluated on this import only).
const PROVIDERS: Record<PaymentProviderName, () => PaymentProvider | Promise<PaymentProvider>> = {
  none: () => noPayments,
  sandbox: () => sandboxPayments,
  stripe: async () => (await import('./stripe.ts')).stripeFromEnv(),
};

export const paymentProvider: PaymentProvider = await PROVIDERS[paymentProviderName(process.env)]();
