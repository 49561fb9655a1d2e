/**
 * Which payment provider may run: the one rule the CDK app (at synth) and the functions (at cold
 * start) both apply. No side effects, so the CDK app can import it (payments/index.ts builds the
 * provider at import).
 */
import { ENV } from '../../functions.ts';

export const PAYMENT_PROVIDER_NAMES = ['none', 'sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

/** Why the sandbox runs only where it is meant to. */
export const SANDBOX_RISK = 'paymentProvider=sandbox upgrades anyone to any tier for free with a test card';

/**
 * `name` checked: one of the providers, and the sandbox only where `sandboxAllowed` (a sandbox
 * stack, or the local one). `howToAllow` says, in the caller's terms, how to deploy instead.
 */
export function checkPaymentProvider(name: string, sandboxAllowed: boolean, howToAllow: string): PaymentProviderName {
  if (!(PAYMENT_PROVIDER_NAMES as readonly string[]).includes(name)) {
    throw new Error(`payment provider '${name}' is not one of: ${PAYMENT_PROVIDER_NAMES.join(', ')}`);
  }
  if (name === 'sandbox' && !sandboxAllowed) throw new Error(`${SANDBOX_RISK}; it runs only in a sandbox stack. ${howToAllow}`);
  return name as PaymentProviderName;
}

/** A function's provider: PAYMENT_PROVIDER (default none), the sandbox only with ALLOW_SANDBOX_PAYMENTS or locally. */
export const paymentProviderName = (env: NodeJS.ProcessEnv): PaymentProviderName =>
  checkPaymentProvider(env[ENV.paymentProvider] || 'none', env[ENV.allowSandboxPayments] === 'true' || env[ENV.localMode] === 'true',
    `Set ${ENV.allowSandboxPayments}=true (the CDK app does for -c stage=sandbox or -c allowSandboxPayments=true), or run locally.`);
