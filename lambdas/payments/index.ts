import { sandboxPayments } from './sandbox.ts';
import { stripeFromEnv } from './stripe.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * The provider named by PAYMENT_PROVIDER: `sandbox` (the default: test cards, no network) or
 * `stripe` (hosted checkout + signed webhook; needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or STRIPE_SECRET_ARN).
 * An unknown name or a missing secret fails at cold start.
 */
const PROVIDERS: Record<string, () => PaymentProvider | Promise<PaymentProvider>> = { sandbox: () => sandboxPayments, stripe: stripeFromEnv };

const name = process.env.PAYMENT_PROVIDER || 'sandbox';
const make = PROVIDERS[name];
if (!make) throw new Error(`PAYMENT_PROVIDER "${name}" is not one of: ${Object.keys(PROVIDERS).join(', ')}`);
export const paymentProvider: PaymentProvider = await make();
