import { noPayments } from './none.ts';
import { sandboxPayments } from './sandbox.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * The provider named by PAYMENT_PROVIDER: `none` (the default: paid tiers are not sold),
 * `sandbox` (test cards, no network) or `stripe` (hosted checkout + signed webhook; needs
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or STRIPE_SECRET_ARN). An unknown name, a missing
 * secret or a sandbox outside a sandbox fails at cold start.
 */
// Stripe's SDK is imported only when it is the provider: the sandbox and none never run it at
// cold start (its module is still in the bundle, evaluated on this import only).
const PROVIDERS: Record<string, () => PaymentProvider | Promise<PaymentProvider>> = {
  none: () => noPayments,
  sandbox: () => sandboxPayments,
  stripe: async () => (await import('./stripe.ts')).stripeFromEnv(),
};

/**
 * Test cards upgrade anyone to any tier for free, so a function takes them only when the stack is
 * explicitly a sandbox (the CDK app sets ALLOW_SANDBOX_PAYMENTS for `-c stage=sandbox` or
 * `-c allowSandboxPayments=true`) or runs locally. The CDK app refuses the same at synth.
 */
export function paymentProviderName(env: NodeJS.ProcessEnv): string {
  const name = env.PAYMENT_PROVIDER || 'none';
  if (!PROVIDERS[name]) throw new Error(`PAYMENT_PROVIDER "${name}" is not one of: ${Object.keys(PROVIDERS).join(', ')}`);
  if (name === 'sandbox' && env.ALLOW_SANDBOX_PAYMENTS !== 'true' && env.MAILROOM_LOCAL_MODE !== 'true') {
    throw new Error('PAYMENT_PROVIDER=sandbox upgrades anyone for free with a test card: it runs only in a sandbox stack '
      + '(ALLOW_SANDBOX_PAYMENTS=true, set by -c stage=sandbox or -c allowSandboxPayments=true) or locally');
  }
  return name;
}

export const paymentProvider: PaymentProvider = await PROVIDERS[paymentProviderName(process.env)]!();
