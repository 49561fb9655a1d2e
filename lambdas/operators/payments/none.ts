import type { PaymentProvider } from './provider.ts';

/**
 * No payment processor: what a deployed stack runs unless its operator configures one (stripe)
 * or it is explicitly a sandbox. Paid tiers are not sold: the API's upgrade answers
 * CHECKOUT_REQUIRED with this message and the operator's upgrade page says the tier is not sold
 * online. Nothing is ever charged or upgraded through it.
 */
export const noPayments: PaymentProvider = {
  name: 'none',
  checkout: 'hosted',
  checkoutOrigins: [],
  async subscribe() {
    return {
      status: 'checkout_required',
      message: 'This Mailroom deployment sells no paid tiers: its operator has configured no payment processor. Ask the operator of this deployment to change the tier.',
    };
  },
};
