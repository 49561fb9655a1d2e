import { sandboxPayments } from './sandbox.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * The provider named by PAYMENT_PROVIDER: `sandbox` (the default: test cards, no network) or
 * `stripe` (hosted checkout + signed webhook; needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or STRIPE_SECRET_ARN).
 * An unknown name or a missing secret fails at cold start.
 */
// Stripe's SDK is imported only when it is the provider: the sandbox (the default) never runs it
// at cold start (its module is still in the bundle, evaluated on this import only).
const PROVIDERS: Record<string, () => PaymentProvider | Promise<PaymentProvider>> = {
  sandbox: () => sandboxPayments,
  stripe: async () => (await import('./stripe.ts')).stripeFromEnv(),
};

const name = process.env.PAYMENT_PROVIDER || 'sandbox';
const make = PROVIDERS[name];
if (!make) throw new Error(`PAYMENT_PROVIDER "${name}" is not one of: ${Object.keys(PROVIDERS).join(', ')}`);
export const paymentProvider: PaymentProvider = await make();
