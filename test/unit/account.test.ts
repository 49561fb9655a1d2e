/**
 * The account use cases (lambdas/accounts/account.ts): the API's upgrade and the account key's
 * rotation, with the account store in memory (faked at its interface) and the payment provider
 * the sandbox's test cards, or none. What an agent notices: a good card upgrades at once and
 * announces it; every other outcome is a named error that says what to do, and changes nothing.
 */
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountRecord } from '../../lambdas/accounts/accounts.entities.ts';

vi.hoisted(() => {
  Object.assign(process.env, {
    TABLE_NAME: 'unit-table', MAIL_DOMAIN: 'unit.example', SITE_URL: 'https://unit.example', BUCKET_NAME: 'unit-bucket',
    AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'unit', AWS_SECRET_ACCESS_KEY: 'unit', PAYMENT_PROVIDER: 'sandbox',
  });
});

const mem = vi.hoisted(() => ({
  accounts: new Map<string, any>(),
  charges: [] as { tier: string; paymentMethod: string; idempotencyKey: string }[],
  dispatched: [] as string[],
  /** No payment processor configured, when set. */
  noProcessor: false,
  /** Runs once, just before the next tier change commits: another request acting in between. */
  beforeNextCommit: undefined as undefined | (() => void),
}));

vi.mock('../../lambdas/accounts/accounts.store.ts', () => ({
  // The store's condition: the tier is still the one the upgrade started from.
  setAccountTier: async (id: string, from: string, to: string, billing: unknown, now: string) => {
    const then = mem.beforeNextCommit; mem.beforeNextCommit = undefined; then?.();
    const a = mem.accounts.get(id);
    if (!a || a.tier !== from) return { ok: false, reason: 'tier_changed' };
    Object.assign(a, { tier: to, billing, updated_at: now });
    return { ok: true, account: structuredClone(a) };
  },
}));

vi.mock('../../lambdas/accounts/credentials.store.ts', () => ({
  rotateAccountKey: async (a: { id: string }, oldHash: string, newHash: string) => {
    const cur = mem.accounts.get(a.id);
    if (cur.key_hash !== oldHash) return { ok: false, reason: 'changed' };
    cur.key_hash = newHash;
    return { ok: true, now: new Date().toISOString() };
  },
}));

vi.mock('../../lambdas/operators/payments/index.ts', async () => {
  const { sandboxPayments } = await import('../../lambdas/operators/payments/sandbox.ts');
  const { noPayments } = await import('../../lambdas/operators/payments/none.ts');
  return {
    get paymentProvider() {
      const p = mem.noProcessor ? noPayments : sandboxPayments;
      return { ...p, subscribe: (r: any) => { mem.charges.push({ tier: r.tier, paymentMethod: r.paymentMethod, idempotencyKey: r.idempotencyKey }); return p.subscribe(r); } };
    },
  };
});

vi.mock('../../lambdas/events/outbox.ts', () => ({
  newEvent: async (type: string, ctx: { account_id: string }) => ({ event_id: `evt_${type}`, event: type, account_id: ctx.account_id, inbox_id: null, dispatched: false }),
  dispatchAfterCommit: async (events: { event: string }[]) => { mem.dispatched.push(...events.map((e) => e.event)); },
}));

vi.mock('../../lambdas/platform/aws/secrets.ts', () => ({ linkSigningSecret: async () => 'unit-link-secret-0123456789abcdef0123456789' }));
vi.mock('../../lambdas/sending/sending.store.ts', () => ({ sendsToday: async () => 0 }));
vi.mock('../../lambdas/domains/domains.store.ts', () => ({ countDomains: async () => 0 }));

const { rotateAccountKey, upgradeAccount } = await import('../../lambdas/accounts/account.ts');

const ACC = 'acc_0193a1b2-c3d4-7e5f-8a9b-00000000000a';
const KEY = `mr_free_${'a'.repeat(32)}`;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const freeAccount = (): AccountRecord => ({
  id: ACC, tier: 'free', status: 'active', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', inbox_count: 1, key_hash: sha256(KEY),
  billing: { provider: null, payment_customer_id: null, subscription_id: null, subscription_status: 'free' },
});
const account = () => structuredClone(mem.accounts.get(ACC)) as AccountRecord;

async function refused(p: Promise<unknown>): Promise<{ error: string; message: string; extras?: Record<string, any> }> {
  try { await p; } catch (e) { return e as never; }
  throw new Error('expected the use case to refuse');
}

beforeEach(() => {
  mem.accounts.clear(); mem.charges.length = 0; mem.dispatched.length = 0; mem.noProcessor = false; mem.beforeNextCommit = undefined;
  mem.accounts.set(ACC, freeAccount());
});

describe('upgradeAccount', () => {
  it('a good card upgrades at once: the new tier, its billing and limits, announced as account.upgraded', async () => {
    const out = await upgradeAccount(account(), { tier: 'developer', payment_method: 'pm_card_visa' });
    expect(out).toMatchObject({ account_id: ACC, from_tier: 'free', tier: 'developer', subscription_id: expect.stringMatching(/^sub_sandbox_/) });
    expect(out.new_limits.max_sends_per_day).toBeGreaterThan(0);
    expect(account()).toMatchObject({ tier: 'developer', billing: { provider: 'sandbox', subscription_status: 'active', payment_customer_id: out.payment_customer_id } });
    expect(mem.dispatched).toEqual(['account.upgraded']);
    // One charge, keyed by the move it pays for (a retry of the same move is the same charge).
    expect(mem.charges).toEqual([{ tier: 'developer', paymentMethod: 'pm_card_visa', idempotencyKey: `${ACC}:free->developer` }]);
  });

  it('target_tier is taken as tier', async () => {
    expect((await upgradeAccount(account(), { target_tier: 'growth', payment_method: 'pm_card_visa' })).tier).toBe('growth');
  });

  it('the tier already held is TIER_ALREADY_HELD, and nothing is charged', async () => {
    mem.accounts.get(ACC).tier = 'developer';
    expect(await refused(upgradeAccount(account(), { tier: 'developer', payment_method: 'pm_card_visa' }))).toMatchObject({ error: 'TIER_ALREADY_HELD', extras: { field: 'tier' } });
    expect(mem.charges).toEqual([]);
  });

  it('a lower tier is DOWNGRADE_NOT_SUPPORTED, and nothing is charged', async () => {
    mem.accounts.get(ACC).tier = 'growth';
    const e = await refused(upgradeAccount(account(), { tier: 'developer', payment_method: 'pm_card_visa' }));
    expect(e.error).toBe('DOWNGRADE_NOT_SUPPORTED');
    expect(e.extras!.next_steps.length).toBeGreaterThan(0);
    expect(mem.charges).toEqual([]);
  });

  it('a declined card is PAYMENT_DECLINED with the decline code and an operator link; the tier stays', async () => {
    const e = await refused(upgradeAccount(account(), { tier: 'developer', payment_method: 'pm_card_chargeDeclinedInsufficientFunds' }));
    expect(e).toMatchObject({ error: 'PAYMENT_DECLINED', extras: { code: 'insufficient_funds' } });
    expect(e.extras!.upgrade_context.operator_action_url).toMatch(/^https:\/\/unit\.example\/upgrade\?token=/);
    expect(account().tier).toBe('free');
    expect(mem.dispatched).toEqual([]);
  });

  it('a payment method the processor does not know is INVALID_PAYMENT_METHOD on payment_method', async () => {
    expect(await refused(upgradeAccount(account(), { tier: 'developer', payment_method: 'pm_nonsense' })))
      .toMatchObject({ error: 'INVALID_PAYMENT_METHOD', extras: { field: 'payment_method' } });
  });

  it('without a processor it is CHECKOUT_REQUIRED, with the operator\'s link for the tier asked for', async () => {
    mem.noProcessor = true;
    const e = await refused(upgradeAccount(account(), { tier: 'growth', payment_method: 'pm_card_visa' }));
    expect(e.error).toBe('CHECKOUT_REQUIRED');
    expect(e.extras!.upgrade_context).toMatchObject({ target_tier: 'growth' });
    expect(account().tier).toBe('free');
  });

  it('a tier changed by another request during the charge is CONFLICT, and nothing is announced', async () => {
    mem.beforeNextCommit = () => { mem.accounts.get(ACC).tier = 'growth'; };
    expect((await refused(upgradeAccount(account(), { tier: 'developer', payment_method: 'pm_card_visa' }))).error).toBe('CONFLICT');
    expect(account().tier).toBe('growth');
    expect(mem.dispatched).toEqual([]);
  });
});

describe('rotateAccountKey', () => {
  it('a new key of the account\'s tier is returned once and replaces the presented one', async () => {
    const out = await rotateAccountKey(account(), KEY);
    expect(out.accountApiKey).toMatch(/^mr_free_[0-9a-f]{32}$/);
    expect(out.accountApiKey).not.toBe(KEY);
    expect(account().key_hash).toBe(sha256(out.accountApiKey));
  });

  it('a rotation that lost the race to another is KEY_CHANGED, and the winner\'s key stands', async () => {
    const winner = await rotateAccountKey(account(), KEY);
    const e = await refused(rotateAccountKey(account(), KEY));
    expect(e.error).toBe('KEY_CHANGED');
    expect(account().key_hash).toBe(sha256(winner.accountApiKey));
  });
});
