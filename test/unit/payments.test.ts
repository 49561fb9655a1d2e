import { describe, expect, it } from 'vitest';
import { paymentProviderName } from '../../lambdas/operators/payments/choice.ts';
import { noPayments } from '../../lambdas/operators/payments/none.ts';
import { sandboxPayments } from '../../lambdas/operators/payments/sandbox.ts';
import type { SubscribeRequest } from '../../lambdas/operators/payments/provider.ts';

const req = (over: Partial<SubscribeRequest> = {}): SubscribeRequest => ({
  accountId: 'acc_1', tier: 'developer', paymentMethod: 'pm_card_visa', customerId: null, idempotencyKey: 'acc_1:free->developer', ...over,
});

describe('the sandbox payment provider (mirrors the processor\'s test cards)', () => {
  it.each(['pm_card_visa', 'pm_card_mastercard', 'pm_card_amex', 'pm_card_visa_debit'])('%s succeeds with a customer and a subscription', async (pm) => {
    const out = await sandboxPayments.subscribe(req({ paymentMethod: pm }));
    expect(out.status).toBe('succeeded');
    if (out.status !== 'succeeded') return;
    expect(out.customerId).toMatch(/^cus_sandbox_[0-9a-f]+$/);
    expect(out.subscriptionId).toMatch(/^sub_sandbox_[0-9a-f]+$/);
  });

  it.each([
    ['pm_card_chargeDeclined', 'generic_decline'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card'],
    ['pm_card_chargeDeclinedFraudulent', 'fraudulent'],
  ])('%s is declined with code %s and a message', async (pm, code) => {
    const out = await sandboxPayments.subscribe(req({ paymentMethod: pm }));
    expect(out).toMatchObject({ status: 'declined', declineCode: code });
    if (out.status === 'declined') expect(out.message.length).toBeGreaterThan(0);
  });

  it('an unknown payment method is invalid, and the message says which ones work', async () => {
    const out = await sandboxPayments.subscribe(req({ paymentMethod: 'pm_card_made_up' }));
    expect(out.status).toBe('invalid_payment_method');
    if (out.status === 'invalid_payment_method') expect(out.message).toContain('pm_card_visa');
  });

  it('a retry with the same idempotency key yields the same ids; another upgrade a new subscription', async () => {
    const a = await sandboxPayments.subscribe(req());
    const b = await sandboxPayments.subscribe(req());
    const c = await sandboxPayments.subscribe(req({ tier: 'growth', idempotencyKey: 'acc_1:developer->growth' }));
    expect(b).toEqual(a);
    if (a.status !== 'succeeded' || c.status !== 'succeeded') throw new Error('expected success');
    expect(c.subscriptionId).not.toBe(a.subscriptionId);
    expect(c.customerId).toBe(a.customerId);
  });

  it('keeps an existing customer id', async () => {
    const out = await sandboxPayments.subscribe(req({ customerId: 'cus_existing' }));
    expect(out).toMatchObject({ status: 'succeeded', customerId: 'cus_existing' });
  });

  it('is named sandbox', () => {
    expect(sandboxPayments.name).toBe('sandbox');
  });
});

describe('a function refuses sandbox payments at cold start unless the stack is a sandbox', () => {
  it('PAYMENT_PROVIDER=sandbox without ALLOW_SANDBOX_PAYMENTS fails, saying why', () => {
    expect(() => paymentProviderName({ PAYMENT_PROVIDER: 'sandbox' })).toThrow(/for free.*sandbox stack/);
    expect(() => paymentProviderName({ PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'false', MAILROOM_LOCAL_MODE: 'false' })).toThrow(/for free/);
  });

  it('a sandbox stack or the local stack takes the sandbox', () => {
    expect(paymentProviderName({ PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'true' })).toBe('sandbox');
    expect(paymentProviderName({ PAYMENT_PROVIDER: 'sandbox', MAILROOM_LOCAL_MODE: 'true' })).toBe('sandbox');
  });

  it('with no provider named, paid tiers are not sold (none), and an unknown name fails', () => {
    expect(paymentProviderName({})).toBe('none');
    expect(() => paymentProviderName({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/none, sandbox, stripe/);
  });

  it('none charges nobody: an upgrade is answered with checkout_required and a reason', async () => {
    const out = await noPayments.subscribe(req());
    expect(out).toMatchObject({ status: 'checkout_required' });
    if (out.status === 'checkout_required') expect(out.message).toMatch(/no payment processor/);
  });
});
