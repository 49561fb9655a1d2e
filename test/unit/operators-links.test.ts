/**
 * Magic links as the pages use them, with the stores in memory: expired, tampered, reused,
 * cross-account and wrong-purpose links are refused with a page (400/410, never a 500); a
 * declined card gives the link back; a success uses it up; only the link's own account is ever
 * upgraded. The processor webhook path runs with the Stripe adapter and the library's signing
 * helper.
 */
import Stripe from 'stripe';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const SECRET = 'unit-link-secret-0123456789abcdef0123456789';
const WEBHOOK_SECRET = 'whsec_unit_links';

vi.hoisted(() => {
  Object.assign(process.env, {
    TABLE_NAME: 'unit-table', MAIL_DOMAIN: 'unit.example', SITE_URL: 'https://site.example', BUCKET_NAME: 'unit-bucket',
    WEBHOOK_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/000000000000/unit', LINK_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:unit',
    AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'unit', AWS_SECRET_ACCESS_KEY: 'unit', PAYMENT_PROVIDER: 'sandbox',
  });
});

// ---- in-memory stand-ins for the AWS-facing modules ------------------------------------------
const mem = vi.hoisted(() => ({
  accounts: new Map<string, any>(),
  uses: new Map<string, any>(),
  notifications: new Map<string, any>(),
  windows: new Map<string, number>(),
  events: [] as any[],
  provider: undefined as any,
}));

vi.mock('../../lambdas/platform/aws/secrets.ts', () => ({ linkSigningSecret: async () => SECRET }));

vi.mock('../../lambdas/accounts/accounts.store.ts', () => ({
  getAccount: async (id: string) => (mem.accounts.has(id) ? structuredClone(mem.accounts.get(id)) : undefined),
  getApiKey: async () => undefined,
  getInbox: async () => undefined,
  setAccountTier: async (id: string, from: string, to: string, billing: any, now: string, events: any[]) => {
    const a = mem.accounts.get(id);
    if (!a || a.tier !== from) return { ok: false, reason: 'tier_changed' };
    Object.assign(a, { tier: to, billing, updated_at: now });
    mem.events.push(...events);
    return { ok: true, account: structuredClone(a) };
  },
}));

vi.mock('../../lambdas/operators/operators.store.ts', () => ({
  CLAIM_STALE_MS: 120_000,
  getLinkUse: async (jti: string) => mem.uses.get(jti),
  claimLink: async (jti: string, accountId: string, _exp: number, now = Date.now()) => {
    const u = mem.uses.get(jti);
    if (u?.state === 'used') return 'used';
    if (u?.state === 'claimed' && u.claimed_at > now - 120_000) return 'busy';
    mem.uses.set(jti, { state: 'claimed', claimed_at: now, account_id: accountId });
    return 'claimed';
  },
  releaseLink: async (jti: string) => { if (mem.uses.get(jti)?.state === 'claimed') mem.uses.delete(jti); },
  markLinkUsed: async (jti: string, accountId: string) => { mem.uses.set(jti, { state: 'used', used_at: new Date().toISOString(), account_id: accountId }); },
  createNotification: async (n: any, w: { start: number; max: number }) => {
    const k = `${n.account_id}#${w.start}`;
    const c = mem.windows.get(k) ?? 0;
    if (c >= w.max) return { ok: false, reason: 'rate_limited' };
    mem.windows.set(k, c + 1);
    mem.notifications.set(`${n.account_id}#${n.id}`, structuredClone(n));
    return { ok: true, count: c + 1 };
  },
  getNotification: async (acc: string, id: string) => structuredClone(mem.notifications.get(`${acc}#${id}`)),
  respondToNotification: async (acc: string, id: string, status: string, note: string | null, now: string) => {
    const n = mem.notifications.get(`${acc}#${id}`);
    if (!n || n.status !== 'pending') return undefined;
    Object.assign(n, { status, response_note: note, responded_at: now });
    return structuredClone(n);
  },
}));

vi.mock('../../lambdas/events/outbox.ts', () => ({
  newEvent: async (type: string, ctx: any, data: any) => ({ event_id: `evt_${mem.events.length}`, event: type, ...ctx, payload: JSON.stringify(data), dispatched: false }),
  dispatchAfterCommit: async () => undefined,
}));

vi.mock('../../lambdas/sending/sending.store.ts', () => ({ sendsToday: async () => 0 }));

vi.mock('../../lambdas/operators/payments/index.ts', async () => {
  const { sandboxPayments } = await import('../../lambdas/operators/payments/sandbox.ts');
  return { get paymentProvider() { return mem.provider ?? sandboxPayments; } };
});

const { signMagicLink } = await import('../../lambdas/operators/magic-links.ts');
const { pageOperations } = await import('../../lambdas/operators/pages/controllers.ts');
const { createStripePayments } = await import('../../lambdas/operators/payments/stripe.ts');
const ops = await import('../../lambdas/operators/operators.ts');

const ACC_A = 'acc_0193a1b2-c3d4-7e5f-8a9b-00000000000a';
const ACC_B = 'acc_0193a1b2-c3d4-7e5f-8a9b-00000000000b';
const account = (id: string, tier = 'free') => ({
  id, tier, status: 'active', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', inbox_count: 1,
  billing: { provider: null, payment_customer_id: null, subscription_id: null, subscription_status: 'free' },
});

const upgradeToken = (accountId: string, extra: Record<string, unknown> = {}, now = Date.now()) =>
  signMagicLink(SECRET, { purpose: 'upgrade', account_id: accountId, target_tier: 'developer', ...extra } as never, now);

const req = (o: { query?: Record<string, string>; params?: Record<string, string>; form?: Record<string, string>; headers?: Record<string, string>; raw?: string }) => ({
  route: {} as never, requestId: 'r', sourceIp: '127.0.0.1', params: o.params ?? {}, query: o.query ?? {}, body: undefined,
  rawBody: o.raw ?? (o.form ? new URLSearchParams(o.form).toString() : undefined),
  headers: { ...(o.form ? { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' } : {}), ...o.headers },
}) as never;

const get = (token?: string) => pageOperations.getUpgradePage!(req({ query: token === undefined ? {} : { token } }));
const pay = (token: string, pm = 'pm_card_visa', headers: Record<string, string> = {}) =>
  pageOperations.postUpgradeCheckout!(req({ form: { token, payment_method: pm }, headers }));

beforeEach(() => {
  mem.accounts.clear(); mem.uses.clear(); mem.notifications.clear(); mem.windows.clear(); mem.events.length = 0; mem.provider = undefined;
  mem.accounts.set(ACC_A, account(ACC_A));
  mem.accounts.set(ACC_B, account(ACC_B));
});

describe('upgrade links on the pages', () => {
  it('a valid link shows the checkout (200)', async () => {
    const res = await get(upgradeToken(ACC_A).token);
    expect(res.status).toBe(200);
    expect(res.raw!.body).toContain('Upgrade to Developer');
    expect(res.raw!.body).toContain('action="/upgrade/checkout"');
  });

  it('an expired link is refused (410) on the page and at checkout, and nothing is charged', async () => {
    const eightDaysAgo = Date.now() - 8 * 86_400_000;
    const { token } = upgradeToken(ACC_A, {}, eightDaysAgo);
    const page = await get(token);
    expect(page.status).toBe(410);
    expect(page.raw!.body).toContain('This link has expired');
    expect((await pay(token)).status).toBe(410);
    expect(mem.accounts.get(ACC_A).tier).toBe('free');
    // One second before its 7 days are up it still works.
    const nearlyWeekOld = upgradeToken(ACC_A, {}, Date.now() - 7 * 86_400_000 + 5_000).token;
    expect((await get(nearlyWeekOld)).status).toBe(200);
  });

  it('tampered, forged, truncated, missing or foreign-signed links are refused (400), never a 500', async () => {
    const { token } = upgradeToken(ACC_A);
    const [payload, sig] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const reencode = (c: object) => `${Buffer.from(JSON.stringify(c)).toString('base64url')}.${sig}`;
    const foreign = signMagicLink('another-stack-secret-0123456789abcdef', { purpose: 'upgrade', account_id: ACC_A, target_tier: 'developer' } as never).token;
    for (const bad of [reencode({ ...claims, account_id: ACC_B }), reencode({ ...claims, target_tier: 'enterprise' }), reencode({ ...claims, exp: claims.exp + 1e7 }),
      `${payload}.${sig.slice(0, -2)}`, payload, `${payload}.`, '.', '', 'a.b.c', foreign, `${payload}.${'A'.repeat(43)}`]) {
      const page = await get(bad);
      expect(page.status, bad).toBe(400);
      expect((await pay(bad)).status, bad).toBe(400);
    }
    expect((await get(undefined)).status).toBe(400);
    expect(mem.accounts.get(ACC_A).tier).toBe('free');
    expect(mem.accounts.get(ACC_B).tier).toBe('free');
  });

  it('a signed link with an unknown tier is malformed (400)', async () => {
    expect((await get(upgradeToken(ACC_A, { target_tier: 'platinum' }).token)).status).toBe(400);
  });

  it('a declined card gives the link back; success upgrades that account only and uses the link up; reuse is "already used" (410)', async () => {
    const { token, claims } = upgradeToken(ACC_A);
    const declined = await pay(token, 'pm_card_chargeDeclined');
    expect(declined.status).toBe(402);
    expect(mem.uses.has(claims.jti)).toBe(false);
    expect(mem.accounts.get(ACC_A).tier).toBe('free');

    const ok = await pay(token);
    expect(ok.status).toBe(200);
    expect(ok.raw!.body).toContain('Payment complete');
    expect(mem.accounts.get(ACC_A)).toMatchObject({ tier: 'developer', billing: { provider: 'sandbox', subscription_status: 'active' } });
    expect(mem.accounts.get(ACC_B).tier).toBe('free');
    expect(mem.uses.get(claims.jti)).toMatchObject({ state: 'used', account_id: ACC_A });
    expect(mem.events.map((e) => e.event)).toEqual(['account.upgraded']);

    const again = await pay(token);
    expect(again.status).toBe(410);
    expect(again.raw!.body).toContain('already used');
    expect((await get(token)).status).toBe(410);
    expect(mem.events).toHaveLength(1);
  });

  it('a checkout in progress on the same link answers "in progress" (409), not a second charge', async () => {
    const { token, claims } = upgradeToken(ACC_A);
    mem.uses.set(claims.jti, { state: 'claimed', claimed_at: Date.now(), account_id: ACC_A });
    expect((await pay(token)).status).toBe(409);
    expect(mem.accounts.get(ACC_A).tier).toBe('free');
    // A claim left by a crash goes stale and the link works again.
    mem.uses.set(claims.jti, { state: 'claimed', claimed_at: Date.now() - 10 * 60_000, account_id: ACC_A });
    expect((await pay(token)).status).toBe(200);
  });

  it('a notification link does not open the upgrade page (400)', async () => {
    const { token } = signMagicLink(SECRET, { purpose: 'notification', account_id: ACC_A, notification_id: 'not_x' });
    expect((await get(token)).status).toBe(400);
    expect((await pay(token)).status).toBe(400);
  });

  it('a link whose account is gone is a 404 page', async () => {
    mem.accounts.delete(ACC_A);
    expect((await get(upgradeToken(ACC_A).token)).status).toBe(404);
  });

  it('a post from another site is refused (403) before the token is even read', async () => {
    const { token } = upgradeToken(ACC_A);
    expect((await pay(token, 'pm_card_visa', { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect(mem.accounts.get(ACC_A).tier).toBe('free');
  });
});

describe('notification links on the pages', () => {
  async function notify(accountId: string, issue = 'May I?') {
    const out = await ops.notifyOperator(mem.accounts.get(accountId), { issue, context: { a: 1 }, action_label: 'Approve' });
    return { id: out.notification.id, token: new URL(out.url).searchParams.get('token')! };
  }
  const open = (id: string, token: string) => pageOperations.getNotificationPage!(req({ params: { notificationId: id }, query: { token } }));
  const act = (id: string, token: string, decision = 'approved') =>
    pageOperations.postNotificationAct!(req({ params: { notificationId: id }, form: { token, decision, note: 'ok' } }));

  it('opens with its own token; another account\'s notification, another notification, or an expired token are refused', async () => {
    const a = await notify(ACC_A);
    const a2 = await notify(ACC_A, 'second');
    const b = await notify(ACC_B);
    expect((await open(a.id, a.token)).status).toBe(200);
    expect((await open(b.id, a.token)).status).toBe(400);
    expect((await open(a2.id, a.token)).status).toBe(400);
    expect((await act(b.id, a.token)).status).toBe(400);
    expect(mem.notifications.get(`${ACC_B}#${b.id}`).status).toBe('pending');
    // A token naming B's notification but signed for A's account finds nothing there.
    const crossed = signMagicLink(SECRET, { purpose: 'notification', account_id: ACC_A, notification_id: b.id }).token;
    expect((await open(b.id, crossed)).status).toBe(404);
    expect((await act(b.id, crossed)).status).toBe(404);
    const expired = signMagicLink(SECRET, { purpose: 'notification', account_id: ACC_A, notification_id: a.id }, Date.now() - 8 * 86_400_000).token;
    expect((await open(a.id, expired)).status).toBe(410);
    expect((await act(a.id, expired)).status).toBe(410);
    const [p, s] = a.token.split('.') as [string, string];
    expect((await open(a.id, `${p}.${s.slice(1)}x`)).status).toBe(400);
  });

  it('records one answer; a second one is refused (409) and changes nothing', async () => {
    const a = await notify(ACC_A);
    expect((await act(a.id, a.token, 'approved')).status).toBe(200);
    expect(mem.notifications.get(`${ACC_A}#${a.id}`)).toMatchObject({ status: 'approved', response_note: 'ok' });
    expect((await act(a.id, a.token, 'declined')).status).toBe(409);
    expect(mem.notifications.get(`${ACC_A}#${a.id}`).status).toBe('approved');
    expect((await act(a.id, a.token, 'maybe')).status).toBe(400);
  });

  it('notify-operator: 10 per hour per account, then rate limited (429) with retry_after', async () => {
    for (let i = 0; i < 10; i++) await notify(ACC_A, `q${i}`);
    await expect(notify(ACC_A, 'one more')).rejects.toMatchObject({ kind: 'rate_limited', error: 'RATE_LIMIT_EXCEEDED', extras: { code: 'NOTIFY_OPERATOR_RATE_LIMIT' } });
    await expect(notify(ACC_B, 'other account')).resolves.toBeDefined();
  });
});

describe('the processor webhook (Stripe adapter)', () => {
  const helper = new Stripe('sk_test_unit');
  const event = (accountId: string, linkId: string, tier = 'developer') => JSON.stringify({
    id: 'evt_1', object: 'event', type: 'checkout.session.completed',
    data: { object: { id: 'cs_1', object: 'checkout.session', payment_status: 'paid', client_reference_id: accountId, customer: 'cus_1', subscription: 'sub_1',
      metadata: { account_id: accountId, target_tier: tier, link_id: linkId } } },
  });
  const deliver = (raw: string, secret = WEBHOOK_SECRET) => pageOperations.paymentWebhook!(req({
    raw, headers: { 'content-type': 'application/json', 'stripe-signature': helper.webhooks.generateTestHeaderString({ payload: raw, secret }) },
  }));

  beforeEach(() => { mem.provider = createStripePayments({ secretKey: 'sk_test_unit', webhookSecret: WEBHOOK_SECRET }); });

  it('a signed checkout.session.completed upgrades the account it names and spends its link; replays change nothing', async () => {
    const { token, claims } = upgradeToken(ACC_A);
    const r = await deliver(event(ACC_A, claims.jti));
    expect(r.result).toEqual({ received: true, outcome: 'upgraded' });
    expect(mem.accounts.get(ACC_A)).toMatchObject({ tier: 'developer', billing: { provider: 'stripe', payment_customer_id: 'cus_1', subscription_id: 'sub_1' } });
    expect(mem.accounts.get(ACC_B).tier).toBe('free');
    expect(mem.events.map((e) => e.event)).toEqual(['account.upgraded']);
    expect((await get(token)).status).toBe(410);
    expect((await deliver(event(ACC_A, claims.jti))).result).toEqual({ received: true, outcome: 'already_applied' });
    expect(mem.events).toHaveLength(1);
  });

  it('a bad signature is invalid (400) and changes nothing', async () => {
    await expect(deliver(event(ACC_A, 'j'), 'whsec_other')).rejects.toMatchObject({ kind: 'invalid', error: 'INVALID_SIGNATURE' });
    expect(mem.accounts.get(ACC_A).tier).toBe('free');
  });

  it('with a hosted processor the checkout form creates a session and redirects (303); the link stays unused until paid', async () => {
    const calls: string[] = [];
    mem.provider = createStripePayments({
      secretKey: 'sk_test_unit', webhookSecret: WEBHOOK_SECRET,
      httpClient: Stripe.createFetchHttpClient((async (_url: string, init: RequestInit) => {
        calls.push(String(init.body));
        return new Response(JSON.stringify({ id: 'cs_9', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_9' }), { status: 200, headers: { 'content-type': 'application/json' } });
      }) as typeof fetch),
    });
    const { token, claims } = upgradeToken(ACC_A);
    const res = await pay(token, '');
    expect(res.status).toBe(303);
    expect(res.headers!.location).toBe('https://checkout.stripe.com/c/pay/cs_9');
    expect(new URLSearchParams(calls[0]).get('client_reference_id')).toBe(ACC_A);
    expect(mem.uses.has(claims.jti)).toBe(false);
    expect(mem.accounts.get(ACC_A).tier).toBe('free');
  });
});
