/**
 * Test cards upgrade anyone to any tier for free, so a deployed stack takes them only when it is
 * explicitly a sandbox: the synth refuses otherwise, and the functions check again at cold start
 * (test/unit/payments.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { ENV, functionsOf, type FunctionName } from '../../lambdas/functions.ts';
import { logicalId, synthMailroom } from './synth.ts';

const envOf = (v: ReturnType<typeof synthMailroom>, name: FunctionName) =>
  (v.template.toJSON().Resources as Record<string, { Properties: { Environment: { Variables: Record<string, unknown> } } }>)[
    logicalId(v.stack.functionOf(name).fn, v.stack)]!.Properties.Environment.Variables;

describe('a deployed stack refuses sandbox payments unless it is a sandbox', () => {
  it('a default deploy sells no paid tiers: PAYMENT_PROVIDER=none, no sandbox allowance', () => {
    const v = synthMailroom({ skipBundling: true });
    for (const name of functionsOf({ testMode: false })) {
      expect(envOf(v, name)[ENV.paymentProvider], name).toBe('none');
      expect(envOf(v, name)[ENV.allowSandboxPayments], name).toBeUndefined();
    }
  });

  it('paymentProvider=sandbox on a stage that is not a sandbox fails the synth, saying how to deploy', () => {
    expect(() => synthMailroom({ skipBundling: true, context: { paymentProvider: 'sandbox' } }))
      .toThrow(/for free.*-c stage=sandbox.*allowSandboxPayments=true/s);
    expect(() => synthMailroom({ skipBundling: true, context: { stage: 'prod', paymentProvider: 'sandbox', allowSandboxPayments: 'false' } }))
      .toThrow(/not a sandbox/);
  });

  it('an unknown payment provider fails the synth', () => {
    expect(() => synthMailroom({ skipBundling: true, context: { paymentProvider: 'paypal' } })).toThrow(/none, sandbox, stripe/);
  });

  it.each([
    ['stage=sandbox', { stage: 'sandbox' }],
    ['allowSandboxPayments=true', { stage: 'qa', paymentProvider: 'sandbox', allowSandboxPayments: 'true' }],
  ])('%s: the functions take test cards (ALLOW_SANDBOX_PAYMENTS=true)', (_, context) => {
    const v = synthMailroom({ skipBundling: true, context });
    for (const name of ['account', 'pages'] as FunctionName[]) {
      expect(envOf(v, name)[ENV.paymentProvider], name).toBe('sandbox');
      expect(envOf(v, name)[ENV.allowSandboxPayments], name).toBe('true');
    }
  });
});
