import { sandboxPayments } from './sandbox.ts';
import type { PaymentProvider } from './provider.ts';

const PROVIDERS: Record<string, PaymentProvider> = { sandbox: sandboxPayments };

/** The provider named by PAYMENT_PROVIDER (default sandbox); an unknown name fails at cold start. */
const name = process.env.PAYMENT_PROVIDER || 'sandbox';
const selected = PROVIDERS[name];
if (!selected) throw new Error(`PAYMENT_PROVIDER "${name}" is not one of: ${Object.keys(PROVIDERS).join(', ')}`);
export const paymentProvider: PaymentProvider = selected;
