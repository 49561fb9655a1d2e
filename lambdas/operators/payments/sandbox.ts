import { createHash } from 'node:crypto';
import type { PaymentProvider, SubscribeOutcome, SubscribeRequest } from './provider.ts';

/**
 * Test-mode payments, mirroring the processor's test cards: pm_card_visa (and the other
 * pm_card_* success cards) succeed, pm_card_chargeDeclined and friends are declined. No money,
 * no network; ids are derived from the idempotency key so a retry returns the same ids.
 */
const DECLINES: Record<string, { code: string; message: string }> = {
  pm_card_chargeDeclined: { code: 'generic_decline', message: 'Your card was declined.' },
  pm_card_chargeDeclinedInsufficientFunds: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  pm_card_chargeDeclinedExpiredCard: { code: 'expired_card', message: 'Your card has expired.' },
  pm_card_chargeDeclinedFraudulent: { code: 'fraudulent', message: 'Your card was declined.' },
};
const SUCCEEDS = new Set(['pm_card_visa', 'pm_card_mastercard', 'pm_card_amex', 'pm_card_visa_debit']);

const shortHash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 24);

export const sandboxPayments: PaymentProvider = {
  name: 'sandbox',
  checkout: 'in-place',
  checkoutOrigins: [],
  testPaymentMethods: [
    { id: 'pm_card_visa', label: 'Test Visa card', outcome: 'The payment succeeds.' },
    { id: 'pm_card_chargeDeclined', label: 'Test card that is declined', outcome: 'The payment is declined; nothing changes.' },
  ],
  async subscribe(req: SubscribeRequest): Promise<SubscribeOutcome> {
    const decline = DECLINES[req.paymentMethod];
    if (decline) return { status: 'declined', declineCode: decline.code, message: decline.message };
    if (!SUCCEEDS.has(req.paymentMethod)) {
      return { status: 'invalid_payment_method', message: `Unknown payment method "${req.paymentMethod}". In the sandbox use pm_card_visa (succeeds) or pm_card_chargeDeclined (declined).` };
    }
    return {
      status: 'succeeded',
      customerId: req.customerId ?? `cus_sandbox_${shortHash(req.accountId)}`,
      subscriptionId: `sub_sandbox_${shortHash(req.idempotencyKey)}`,
    };
  },
};
