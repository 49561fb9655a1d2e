/**
 * The account as an agent sees it: its tier and limits, what it can and cannot do (and how to
 * unlock the rest), and an upgrade with the sandbox payment provider.
 */
import { describe, expect, it } from 'vitest';
import { addInbox, api, newAccount, rateHeaders, uniqueUsername } from './client.ts';

const FREE_ACTIONS = ['receive_messages', 'create_inboxes', 'create_webhooks', 'use_reply_extraction', 'use_link_extraction', 'use_threading'];
const PAID_ACTIONS: Record<string, string> = { send_messages: 'SEND_REQUIRES_PAID', use_custom_domains: 'DOMAIN_REQUIRES_PAID' };
/** What capabilities name but this deployment offers on no tier: always under cannot, with no unlock. */
const NOT_OFFERED: Record<string, string> = { use_smtp: 'SMTP_NOT_OFFERED' };
/** Requests per minute before API_RATE_LIMIT_MULTIPLIER (ARCHITECTURE: tiers). */
const BASE_RATE = { free: 100, developer: 200, growth: 500 };

const upgrade = (key: string, body: unknown) => api('POST', '/v1/account/upgrade', { key, body });
const tierOf = async (key: string) => (await api('GET', '/v1/account', { key })).body.result.tier as string;

describe('GET /v1/account', () => {
  it('a new free account: tier, limits, usage and billing as the spec shows them', async () => {
    const acct = await newAccount();
    const r = await api('GET', '/v1/account', { key: acct.account_api_key });
    expect(r.status, r.text).toBe(200);
    const a = r.body.result;
    expect(a.account_id).toMatch(/^acc_/);
    expect(a.tier).toBe('free');
    expect(a.status).toBe('active');
    expect(a.limits).toMatchObject({
      max_inboxes: 10,
      current_inboxes: 1,
      max_sends_per_day: 0,
      current_sends_today: 0,
      webhooks_enabled: true,
      custom_domains_enabled: false,
    });
    expect(a.billing).toMatchObject({ payment_customer_id: null, subscription_status: 'free' });
    expect(r.body.next_steps.length).toBeGreaterThan(0);
  });

  it('current_inboxes follows creations and deletions', async () => {
    const acct = await newAccount();
    const second = await addInbox(acct.account_api_key);
    await addInbox(acct.account_api_key);
    const count = async () => (await api('GET', '/v1/account', { key: acct.account_api_key })).body.result.limits.current_inboxes;
    expect(await count()).toBe(3);
    await api('DELETE', `/v1/inboxes/${second.id}`, { key: second.api_key });
    expect(await count()).toBe(2);
  });

  it('needs the account key: an inbox key gets 401 INVALID_API_KEY, no key 401 UNAUTHORIZED', async () => {
    const acct = await newAccount();
    const byInbox = await api('GET', '/v1/account', { key: acct.api_key });
    expect(byInbox.status).toBe(401);
    expect(byInbox.body.error).toBe('INVALID_API_KEY');
    const anon = await api('GET', '/v1/account');
    expect(anon.status).toBe(401);
    expect(anon.body.error).toBe('UNAUTHORIZED');
  });
});

describe('GET /v1/capabilities on the free tier', () => {
  it.each(['account key', 'inbox key'] as const)('with the %s: receive-side actions under can, paid ones under cannot with a way to unlock them', async (which) => {
    const acct = await newAccount();
    const r = await api('GET', '/v1/capabilities', { key: which === 'account key' ? acct.account_api_key : acct.api_key });
    expect(r.status, r.text).toBe(200);
    const c = r.body.result;
    expect(c.tier).toBe('free');

    const can = c.can.map((x: any) => x.action);
    expect(can).toEqual(expect.arrayContaining(FREE_ACTIONS));
    for (const x of c.can) expect(typeof x.description).toBe('string');
    for (const paid of Object.keys(PAID_ACTIONS)) expect(can).not.toContain(paid);

    const cannot = new Map<string, any>(c.cannot.map((x: any) => [x.action, x]));
    expect([...cannot.keys()].sort()).toEqual([...Object.keys(PAID_ACTIONS), ...Object.keys(NOT_OFFERED)].sort());
    for (const [action, reason] of Object.entries(NOT_OFFERED)) {
      expect(can).not.toContain(action);
      expect(cannot.get(action)).toMatchObject({ reason, unlock_url: null, api_call: null });
    }
    for (const [action, reason] of Object.entries(PAID_ACTIONS)) {
      const entry = cannot.get(action);
      expect(entry.reason).toBe(reason);
      expect(new URL(entry.unlock_url).protocol).toMatch(/^https?:$/);
      expect(typeof entry.api_call).toBe('string');
      expect(entry.api_call.length).toBeGreaterThan(0);
    }

    expect(c.upgrade_context).not.toBeNull();
    expect(new URL(c.upgrade_context.operator_action_url).protocol).toMatch(/^https?:$/);
    expect(c.upgrade_context.operator_action_label.length).toBeGreaterThan(0);
    expect(c.upgrade_context.agent_script).toContain(c.upgrade_context.operator_action_url);
    expect(r.body.next_steps.length).toBeGreaterThan(0);
  });

  it('refuses a missing or unknown key (401)', async () => {
    expect((await api('GET', '/v1/capabilities')).body.error).toBe('UNAUTHORIZED');
    const unknown = await api('GET', '/v1/capabilities', { key: `mr_free_${'a'.repeat(32)}` });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe('INVALID_API_KEY');
  });
});

describe('capabilities point agents only at endpoints that exist', () => {
  it('a paid account is never told it can use SMTP, which this deployment does not offer', async () => {
    const acct = await newAccount();
    expect((await upgrade(acct.account_api_key, { tier: 'developer', payment_method: 'pm_card_visa' })).status).toBe(200);
    const c = (await api('GET', '/v1/capabilities', { key: acct.account_api_key })).body.result;
    expect(c.can.map((x: any) => x.action)).not.toContain('use_smtp');
    expect(c.cannot.find((x: any) => x.action === 'use_smtp')).toMatchObject({ reason: 'SMTP_NOT_OFFERED', unlock_url: null, api_call: null });
    expect(c.cannot.find((x: any) => x.action === 'use_smtp').description).toMatch(/not offered/);
  });

  it('every api_call under cannot, and the upgrade_context api_call, is a route of the served API', async () => {
    const doc = (await api('GET', '/openapi.json')).body;
    const acct = await newAccount();
    const c = (await api('GET', '/v1/capabilities', { key: acct.account_api_key })).body.result;
    const calls: string[] = [...c.cannot.filter((x: any) => x.api_call !== null).map((x: any) => x.api_call), c.upgrade_context.api_call];
    expect(calls.length).toBeGreaterThan(Object.keys(PAID_ACTIONS).length);
    for (const call of calls) {
      const m = /^(GET|POST|PATCH|PUT|DELETE) (\/\S*)/.exec(call);
      expect(m, call).not.toBeNull();
      expect(doc.paths[m![2]!]?.[m![1]!.toLowerCase()], call).toBeDefined();
    }
  });

  it('following the cannot api_call with a test card unlocks the action', async () => {
    const acct = await newAccount();
    const c = (await api('GET', '/v1/capabilities', { key: acct.account_api_key })).body.result;
    const send = c.cannot.find((x: any) => x.action === 'send_messages');
    const [, method, path, json] = /^(\w+) (\S+) (\{.*\})$/.exec(send.api_call) ?? [];
    expect(json, send.api_call).toBeDefined();
    const body = JSON.parse(json!.replace('<payment method id>', 'pm_card_visa'));
    expect((await api(method!, path!, { key: acct.account_api_key, body })).status).toBe(200);
    const after = (await api('GET', '/v1/capabilities', { key: acct.account_api_key })).body.result;
    expect(after.can.map((x: any) => x.action)).toContain('send_messages');
  });
});

describe('POST /v1/account/upgrade (sandbox payments)', () => {
  it('a declined card (pm_card_chargeDeclined) → 402 PAYMENT_DECLINED and the tier stays free', async () => {
    const acct = await newAccount();
    const r = await upgrade(acct.account_api_key, { tier: 'developer', payment_method: 'pm_card_chargeDeclined' });
    expect(r.status, r.text).toBe(402);
    expect(r.body.error).toBe('PAYMENT_DECLINED');
    expect(r.body.next_steps.length).toBeGreaterThan(0);
    expect(await tierOf(acct.account_api_key)).toBe('free');
    const caps = await api('GET', '/v1/capabilities', { key: acct.account_api_key });
    expect(caps.body.result.cannot.map((x: any) => x.action)).toContain('send_messages');
  });

  it('pm_card_visa → developer at once: account, limits, rate limit and capabilities all change', async () => {
    const acct = await newAccount();
    const before = await api('GET', '/v1/account', { key: acct.account_api_key });
    const freeLimit = rateHeaders(before.headers).limit;
    // The stack may scale every tier's rate by one multiplier (API_RATE_LIMIT_MULTIPLIER).
    const multiplier = freeLimit / BASE_RATE.free;

    const r = await upgrade(acct.account_api_key, { tier: 'developer', payment_method: 'pm_card_visa' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result).toMatchObject({ from_tier: 'free', tier: 'developer' });
    expect(r.body.result.new_limits).toMatchObject({ max_inboxes: -1, max_sends_per_day: 1000 });
    expect(r.body.next_steps.length).toBeGreaterThan(0);

    const after = await api('GET', '/v1/account', { key: acct.account_api_key });
    const a = after.body.result;
    expect(a.tier).toBe('developer');
    expect(a.limits).toMatchObject({ max_inboxes: -1, max_sends_per_day: 1000, current_inboxes: 1, custom_domains_enabled: true });
    expect(a.billing.subscription_status).toBe('active');
    expect(typeof a.billing.payment_customer_id).toBe('string');
    expect(rateHeaders(after.headers).limit).toBe(Math.round(BASE_RATE.developer * multiplier));
    expect(a.limits.api_requests_per_minute).toBe(rateHeaders(after.headers).limit);

    for (const key of [acct.account_api_key, acct.api_key]) {
      const caps = await api('GET', '/v1/capabilities', { key });
      expect(caps.status).toBe(200);
      expect(caps.body.result.tier).toBe('developer');
      // Only what no tier has here: an upgrade would not help, so no upgrade_context either.
      expect(caps.body.result.cannot.map((x: any) => x.action)).toEqual(Object.keys(NOT_OFFERED));
      expect(caps.body.result.upgrade_context).toBeNull();
      expect(caps.body.result.can.map((x: any) => x.action)).toEqual(expect.arrayContaining([...FREE_ACTIONS, ...Object.keys(PAID_ACTIONS)]));
    }
  });

  it('asking again for the tier already held → 400 TIER_ALREADY_HELD', async () => {
    const acct = await newAccount();
    expect((await upgrade(acct.account_api_key, { tier: 'developer', payment_method: 'pm_card_visa' })).status).toBe(200);
    const again = await upgrade(acct.account_api_key, { tier: 'developer', payment_method: 'pm_card_visa' });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('TIER_ALREADY_HELD');
    expect(again.body.next_steps.length).toBeGreaterThan(0);
    expect(await tierOf(acct.account_api_key)).toBe('developer');
  });

  it('moves up again (developer → growth) but not down (growth → developer is 400)', async () => {
    const acct = await newAccount();
    expect((await upgrade(acct.account_api_key, { tier: 'developer', payment_method: 'pm_card_visa' })).status).toBe(200);
    const up = await upgrade(acct.account_api_key, { target_tier: 'growth', payment_method: 'pm_card_visa' });
    expect(up.status, up.text).toBe(200);
    expect(up.body.result).toMatchObject({ from_tier: 'developer', tier: 'growth' });
    const down = await upgrade(acct.account_api_key, { tier: 'developer', payment_method: 'pm_card_visa' });
    expect(down.status).toBe(400);
    expect(await tierOf(acct.account_api_key)).toBe('growth');
  });

  it.each([
    ['an unknown tier', { tier: 'platinum', payment_method: 'pm_card_visa' }, 'tier'],
    ['the free tier', { tier: 'free', payment_method: 'pm_card_visa' }, 'tier'],
    ['no tier', { payment_method: 'pm_card_visa' }, 'tier'],
    ['no payment method', { tier: 'developer' }, 'payment_method'],
    ['an unknown payment method', { tier: 'developer', payment_method: 'pm_card_made_up' }, 'payment_method'],
  ])('with %s → 400 naming the field, tier unchanged', async (_name, body, field) => {
    const acct = await newAccount();
    const r = await upgrade(acct.account_api_key, body);
    expect(r.status, r.text).toBe(400);
    expect(r.body.field).toBe(field);
    expect(await tierOf(acct.account_api_key)).toBe('free');
  });

  it('needs the account key: an inbox key gets 401 INVALID_API_KEY and nothing is charged', async () => {
    const acct = await newAccount();
    const r = await upgrade(acct.api_key, { tier: 'developer', payment_method: 'pm_card_visa' });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('INVALID_API_KEY');
    expect(await tierOf(acct.account_api_key)).toBe('free');
  });

  it('after the upgrade new inboxes get mr_live_ keys, and the 10-inbox cap is gone', async () => {
    const acct = await newAccount();
    expect((await upgrade(acct.account_api_key, { tier: 'developer', payment_method: 'pm_card_visa' })).status).toBe(200);
    const made = [];
    for (let i = 0; i < 10; i++) made.push(await addInbox(acct.account_api_key, uniqueUsername('paid')));
    for (const inbox of made) expect(inbox.api_key).toMatch(/^mr_live_[0-9a-f]{32}$/);
    expect(made[0]).not.toHaveProperty('account_api_key');
    const a = await api('GET', '/v1/account', { key: acct.account_api_key });
    expect(a.body.result.limits.current_inboxes).toBe(11);
    // The new live key works like any inbox key.
    const read = await api('GET', `/v1/inboxes/${made[0]!.id}`, { key: made[0]!.api_key });
    expect(read.status).toBe(200);
    expect(read.body.result.tier).toBe('developer');
  });
});
