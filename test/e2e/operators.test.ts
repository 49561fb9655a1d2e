/**
 * Operators over HTTP: upgrade links and notify-operator through the API, and the pages behind
 * the links driven with plain form posts — signatures, single use, one account per link, CSRF,
 * the hourly notify limit, the inbox view's key check — plus the hosted-processor path (Stripe
 * adapter) on a second local stack whose processor API is a local stand-in and whose webhook is
 * signed with the processor library's own test helper.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addInbox, api, newAccount, startExtraStack, target, type CreatedInbox, type ExtraStack } from './client.ts';
import { eventually, startReceiver, type Receiver } from './receiver.ts';

const site = () => target().siteUrl;
const siteOrigin = () => new URL(site()).origin;

/** A page request as a browser makes it (GET, or a form post from the page itself). */
async function page(path: string, form?: Record<string, string>, headers: Record<string, string> = {}, base = site()) {
  const res = await fetch(`${base}${path}`, {
    method: form ? 'POST' : 'GET',
    redirect: 'manual',
    headers: form ? { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', origin: 'null', ...headers } : headers,
    ...(form ? { body: new URLSearchParams(form).toString() } : {}),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8'));
const flipLast = (s: string) => s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');

async function link(key: string, tier = 'developer', path = '/v1/account/upgrade-link') {
  const r = await api('POST', path, { key, body: { target_tier: tier } });
  expect(r.status, r.text).toBe(200);
  return r.body.result as { url: string; expires_at: string; target_tier: string; agent_script: string; operator_action_label: string };
}
const tierOf = async (key: string, base?: string) => (await api('GET', '/v1/account', { key, baseUrl: base })).body.result.tier as string;
const checkout = (token: string, payment_method = 'pm_card_visa', headers: Record<string, string> = {}) =>
  page('/upgrade/checkout', { token, payment_method }, headers);

describe('POST /v1/account/upgrade-link', () => {
  it('needs the account key', async () => {
    const a = await newAccount();
    expect((await api('POST', '/v1/account/upgrade-link', { body: { target_tier: 'developer' } })).status).toBe(401);
    const r = await api('POST', '/v1/account/upgrade-link', { key: a.api_key, body: { target_tier: 'developer' } });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('INVALID_API_KEY');
  });

  it('400 on a missing or invalid tier, or one already held', async () => {
    const a = await newAccount();
    for (const body of [{}, { target_tier: 'platinum' }, { target_tier: 'free' }, { target_tier: 7 }]) {
      const r = await api('POST', '/v1/account/upgrade-link', { key: a.account_api_key, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ error: 'INVALID_TIER', field: 'target_tier' });
      expect(r.body.next_steps.length).toBeGreaterThan(0);
    }
    expect((await checkout(tokenOf((await link(a.account_api_key)).url))).status).toBe(200);
    const held = await api('POST', '/v1/account/upgrade-link', { key: a.account_api_key, body: { target_tier: 'developer' } });
    expect(held.status).toBe(400);
    expect(held.body).toMatchObject({ error: 'TIER_ALREADY_HELD', field: 'target_tier' });
    const down = await api('POST', '/v1/upgrade-link', { key: a.account_api_key, body: { target_tier: 'developer' } });
    expect(down.status).toBe(400);
    expect((await link(a.account_api_key, 'growth')).target_tier).toBe('growth');
  });

  it('returns a fresh signed link to the site\'s upgrade page, valid 7 days, at both paths', async () => {
    const a = await newAccount();
    const one = await link(a.account_api_key);
    const two = await link(a.account_api_key, 'growth', '/v1/upgrade-link');
    expect(one.url.startsWith(`${site()}/upgrade?token=`)).toBe(true);
    expect(two.url.startsWith(`${site()}/upgrade?token=`)).toBe(true);
    expect(one.url).not.toBe((await link(a.account_api_key)).url);
    const week = Date.parse(one.expires_at) - Date.now();
    expect(week).toBeGreaterThan(7 * 86_400_000 - 120_000);
    expect(week).toBeLessThanOrEqual(7 * 86_400_000);
    expect(one).toMatchObject({ target_tier: 'developer', operator_action_label: 'Upgrade to Developer' });
    expect(one.agent_script).toContain(one.url);
    expect(claimsOf(tokenOf(one.url))).toMatchObject({ purpose: 'upgrade', target_tier: 'developer' });
    const opened = await page(new URL(one.url).pathname + new URL(one.url).search);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toMatch(/^text\/html/);
    expect(opened.headers.get('referrer-policy')).toBe('no-referrer');
    expect(opened.headers.get('cache-control')).toBe('no-store');
  });

  it('every upgrade_context (capabilities, a 402 error) carries a fresh link that opens the upgrade page', async () => {
    const a = await newAccount();
    const caps = (await api('GET', '/v1/capabilities', { key: a.account_api_key })).body.result;
    const caps2 = (await api('GET', '/v1/capabilities', { key: a.api_key })).body.result;
    expect(caps.upgrade_context.operator_action_url).not.toBe(caps2.upgrade_context.operator_action_url);
    const send = await api('POST', `/v1/inboxes/${a.id}/send`, { key: a.api_key, body: { to: 'someone@example.org', subject: 'hi', body: 'hello' } });
    expect(send.status).toBe(402);
    for (const url of [caps.upgrade_context.operator_action_url, caps2.upgrade_context.operator_action_url, send.body.upgrade_context.operator_action_url]) {
      expect(url.startsWith(`${site()}/upgrade?token=`)).toBe(true);
      expect(claimsOf(tokenOf(url)).account_id).toBe(claimsOf(tokenOf(caps.upgrade_context.operator_action_url)).account_id);
      const r = await page(`/upgrade?token=${tokenOf(url)}`);
      expect(r.status).toBe(200);
      expect(r.text).toContain('Upgrade to Developer');
    }
  });
});

describe('upgrade pages: signed, single use, one account per link', () => {
  let receiver: Receiver;
  beforeAll(async () => { receiver = await startReceiver('operators-upgrade'); });
  afterAll(async () => { await receiver.close(); });

  it('a declined card leaves the link usable; success upgrades now and emits account.upgraded; a second use is "already used"', async () => {
    const a = await newAccount();
    const hook = await api('POST', '/v1/webhooks', { key: a.account_api_key, body: { url: receiver.url, events: ['account.upgraded'] } });
    expect(hook.status, hook.text).toBe(201);
    const token = tokenOf((await link(a.account_api_key)).url);

    const declined = await checkout(token, 'pm_card_chargeDeclined');
    expect(declined.status).toBe(402);
    expect(declined.text).toContain('Payment declined');
    expect(declined.text).toContain('name="token"'); // the form is back: the link still works
    expect(await tierOf(a.account_api_key)).toBe('free');

    const unknown = await checkout(token, 'pm_made_up');
    expect(unknown.status).toBe(400);
    expect(await tierOf(a.account_api_key)).toBe('free');

    const ok = await checkout(token);
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('Payment complete');
    const acct = (await api('GET', '/v1/account', { key: a.account_api_key })).body.result;
    expect(acct).toMatchObject({ tier: 'developer', limits: { max_sends_per_day: 1000, max_inboxes: -1 }, billing: { provider: 'sandbox', subscription_status: 'active' } });

    const event = await receiver.waitForRequest((r) => r.json?.event === 'account.upgraded' && r.json.account_id === acct.account_id, 'account.upgraded');
    expect(event.json.upgrade).toMatchObject({ from_tier: 'free', to_tier: 'developer', new_limits: { max_sends_per_day: 1000 } });

    const again = await checkout(token);
    expect(again.status).toBe(410);
    expect(again.text).toContain('already used');
    expect(again.text).not.toContain('Payment complete');
    const reopened = await page(`/upgrade?token=${token}`);
    expect(reopened.status).toBe(410);
    expect(reopened.text).toContain('already used');
    expect(reopened.text).not.toContain('<form');
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.requests.filter((r) => r.json?.account_id === acct.account_id)).toHaveLength(1);
  });

  it('two checkouts racing on one link pay once', async () => {
    const a = await newAccount();
    const token = tokenOf((await link(a.account_api_key)).url);
    const results = await Promise.all([checkout(token), checkout(token), checkout(token)]);
    // One checkout charges and upgrades; each other one finds the link busy or used, or (when it
    // read the account after the upgrade) the account already on the tier — never a second charge.
    const paid = results.filter((r) => r.status === 200 && r.text.includes('You\'re all set'));
    expect(paid).toHaveLength(1);
    for (const r of results.filter((x) => !paid.includes(x))) {
      if (r.status === 200) expect(r.text).toMatch(/Already on Developer/);
      else expect([409, 410]).toContain(r.status);
    }
    expect(await tierOf(a.account_api_key)).toBe('developer');
  });

  it('tampered, truncated, forged or missing tokens are refused with a page (400), never a 500, and change nothing', async () => {
    const a = await newAccount();
    const b = await newAccount();
    const tokenA = tokenOf((await link(a.account_api_key)).url);
    const tokenB = tokenOf((await link(b.account_api_key)).url);
    const [payloadA, sigA] = tokenA.split('.') as [string, string];
    const forgedForB = `${Buffer.from(JSON.stringify({ ...claimsOf(tokenA), account_id: claimsOf(tokenB).account_id })).toString('base64url')}.${sigA}`;
    const higherTier = `${Buffer.from(JSON.stringify({ ...claimsOf(tokenA), target_tier: 'enterprise' })).toString('base64url')}.${sigA}`;
    const longer = `${Buffer.from(JSON.stringify({ ...claimsOf(tokenA), exp: claimsOf(tokenA).exp + 86_400 * 365 })).toString('base64url')}.${sigA}`;
    for (const bad of [flipLast(tokenA), `${payloadA}.`, payloadA, forgedForB, higherTier, longer, 'garbage', `${payloadA}.${sigA}x`, tokenA.slice(0, 40)]) {
      const g = await page(`/upgrade?token=${encodeURIComponent(bad)}`);
      expect(g.status, bad).toBe(400);
      expect(g.headers.get('content-type')).toMatch(/^text\/html/);
      expect(g.text).toMatch(/not valid|for another page/);
      const p = await checkout(bad);
      expect(p.status, bad).toBe(400);
    }
    expect((await page('/upgrade')).status).toBe(400);
    expect((await page('/upgrade/checkout', { payment_method: 'pm_card_visa' })).status).toBe(400);
    expect(await tierOf(a.account_api_key)).toBe('free');
    expect(await tierOf(b.account_api_key)).toBe('free');
    expect((await page(`/upgrade?token=${tokenA}`)).status).toBe(200); // the real link is untouched
  });

  it('a link upgrades only its own account, whatever else the form says', async () => {
    const a = await newAccount();
    const b = await newAccount();
    const tokenB = tokenOf((await link(b.account_api_key)).url);
    const r = await page('/upgrade/checkout', { token: tokenB, payment_method: 'pm_card_visa', account_id: claimsOf(tokenOf((await link(a.account_api_key)).url)).account_id });
    expect(r.status).toBe(200);
    expect(await tierOf(b.account_api_key)).toBe('developer');
    expect(await tierOf(a.account_api_key)).toBe('free');
  });

  it('a notification link does not open the upgrade page, and an upgrade link for a tier already reached has nothing to sell', async () => {
    const a = await newAccount();
    const n = (await api('POST', '/v1/notify-operator', { key: a.account_api_key, body: { issue: 'hello' } })).body.result;
    const wrong = await page(`/upgrade?token=${tokenOf(n.operator_action_url)}`);
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('another page');

    const devLink = tokenOf((await link(a.account_api_key, 'developer')).url);
    expect((await checkout(tokenOf((await link(a.account_api_key, 'growth')).url))).status).toBe(200);
    const stale = await page(`/upgrade?token=${devLink}`);
    expect(stale.status).toBe(200);
    expect(stale.text).toContain('Already on Growth');
    expect(stale.text).not.toContain('<form');
    expect(await tierOf(a.account_api_key)).toBe('growth');
  });

  it('form posts from another site are refused (403) and leave the link usable', async () => {
    const a = await newAccount();
    const token = tokenOf((await link(a.account_api_key)).url);
    const crossSite = await checkout(token, 'pm_card_visa', { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const sandboxedFrame = await checkout(token, 'pm_card_visa', { 'sec-fetch-site': 'cross-site', origin: 'null' });
    expect(sandboxedFrame.status).toBe(403);
    const res = await fetch(`${site()}/upgrade/checkout`, {
      method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ token, payment_method: 'pm_card_visa' }).toString(),
    });
    expect(res.status).toBe(403);
    expect(await tierOf(a.account_api_key)).toBe('free');
    expect((await checkout(token, 'pm_card_visa', { origin: siteOrigin() })).status).toBe(200);
  });
});

describe('POST /v1/notify-operator and GET /v1/notifications/{id}', () => {
  const notify = (key: string, body: unknown) => api('POST', '/v1/notify-operator', { key, body });

  it('validates issue (1-1000 characters), action_label and context', async () => {
    const a = await newAccount();
    expect((await api('POST', '/v1/notify-operator', { body: { issue: 'x' } })).status).toBe(401);
    expect((await notify(a.api_key, { issue: 'x' })).status).toBe(401);
    for (const body of [{}, { issue: '' }, { issue: '   \n ' }, { issue: 'x'.repeat(1001) }, { issue: 5 },
      { issue: 'ok', action_label: '' }, { issue: 'ok', action_label: 'x'.repeat(61) }, { issue: 'ok', context: { big: 'x'.repeat(17_000) } }]) {
      const r = await notify(a.account_api_key, body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body.field).toBeDefined();
    }
    expect((await notify(a.account_api_key, { issue: 'x'.repeat(1000) })).status).toBe(201);
    expect((await notify(a.account_api_key, { issue: 'x' })).status).toBe(201);
  });

  it('answers the notification object; the page shows it; the operator\'s answer reaches the agent once', async () => {
    const a = await newAccount();
    const r = await notify(a.account_api_key, { issue: 'Can I reply to the landlord <b>today</b>?', context: ['any', { json: true }, 3] });
    expect(r.status).toBe(201);
    const n = r.body.result;
    expect(n.notification_id).toMatch(/^not_/);
    expect(n.operator_action_label).toBe('Review Request');
    expect(n.operator_action_url.startsWith(`${site()}/notify/${n.notification_id}?token=`)).toBe(true);
    expect(n.agent_script).toContain(n.operator_action_url);
    expect(n.agent_script).toContain('landlord');
    expect(Date.parse(n.expires_at) - Date.now()).toBeGreaterThan(7 * 86_400_000 - 120_000);
    expect(claimsOf(tokenOf(n.operator_action_url))).toMatchObject({ purpose: 'notification', notification_id: n.notification_id });

    const pending = await api('GET', `/v1/notifications/${n.notification_id}`, { key: a.account_api_key });
    expect(pending.body.result).toMatchObject({ status: 'pending', issue: 'Can I reply to the landlord <b>today</b>?', context: ['any', { json: true }, 3], response_note: null });

    const path = new URL(n.operator_action_url).pathname;
    const shown = await page(`${path}?token=${tokenOf(n.operator_action_url)}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('Can I reply to the landlord &lt;b&gt;today&lt;/b&gt;?');
    expect(shown.text).not.toContain('<b>today</b>');

    const token = tokenOf(n.operator_action_url);
    const declined = await page(`${path}/act`, { token, decision: 'declined', note: 'Not today <script>x</script>' });
    expect(declined.status).toBe(200);
    expect(declined.text).toContain('You declined this request');
    expect(declined.text).toContain('Not today &lt;script&gt;x&lt;/script&gt;');
    const after = (await api('GET', `/v1/notifications/${n.notification_id}`, { key: a.account_api_key })).body.result;
    expect(after).toMatchObject({ status: 'declined', response_note: 'Not today <script>x</script>' });
    expect(after.responded_at).toBeTruthy();

    const second = await page(`${path}/act`, { token, decision: 'approved' });
    expect(second.status).toBe(409);
    expect(second.text).toContain('Already answered');
    expect((await api('GET', `/v1/notifications/${n.notification_id}`, { key: a.account_api_key })).body.result.status).toBe('declined');
  });

  it('notification links are bound to their notification and account; tampering is refused', async () => {
    const a = await newAccount();
    const b = await newAccount();
    const na = (await notify(a.account_api_key, { issue: 'A asks' })).body.result;
    const na2 = (await notify(a.account_api_key, { issue: 'A asks again' })).body.result;
    const nb = (await notify(b.account_api_key, { issue: 'B asks' })).body.result;
    const tA = tokenOf(na.operator_action_url);
    // A's token on B's notification, and on another notification of A: another page.
    for (const id of [nb.notification_id, na2.notification_id]) {
      expect((await page(`/notify/${id}?token=${tA}`)).status).toBe(400);
      expect((await page(`/notify/${id}/act`, { token: tA, decision: 'approved' })).status).toBe(400);
    }
    expect((await api('GET', `/v1/notifications/${nb.notification_id}`, { key: b.account_api_key })).body.result.status).toBe('pending');
    expect((await page(`/notify/${na.notification_id}?token=${flipLast(tA)}`)).status).toBe(400);
    const forged = `${Buffer.from(JSON.stringify({ ...claimsOf(tA), account_id: claimsOf(tokenOf(nb.operator_action_url)).account_id, notification_id: nb.notification_id })).toString('base64url')}.${tA.split('.')[1]}`;
    expect((await page(`/notify/${nb.notification_id}?token=${forged}`)).status).toBe(400);
    // The upgrade page's token does not open a notification either.
    expect((await page(`/notify/${na.notification_id}?token=${tokenOf((await link(a.account_api_key)).url)}`)).status).toBe(400);
    // Another account's key cannot read it.
    const other = await api('GET', `/v1/notifications/${na.notification_id}`, { key: b.account_api_key });
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('NOTIFICATION_NOT_FOUND');
    expect((await api('GET', `/v1/notifications/${na.notification_id}`, { key: a.api_key })).status).toBe(401);
    expect((await api('GET', '/v1/notifications/not_nope', { key: a.account_api_key })).status).toBe(404);
  });

  it('allows 10 per hour per account, then 429 with retry_after (other accounts unaffected)', async () => {
    // Keep the ten and the eleventh in one clock hour.
    const toHour = 3_600_000 - (Date.now() % 3_600_000);
    if (toHour < 20_000) await new Promise((r) => setTimeout(r, toHour + 500));
    const a = await newAccount();
    const b = await newAccount();
    for (let i = 0; i < 10; i++) expect((await notify(a.account_api_key, { issue: `question ${i}` })).status).toBe(201);
    const limited = await notify(a.account_api_key, { issue: 'one too many' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'RATE_LIMIT_EXCEEDED', code: 'NOTIFY_OPERATOR_RATE_LIMIT', rate_limit: { limit: 10, remaining: 0, window: 3600 } });
    expect(limited.body.retry_after).toBeGreaterThan(0);
    expect(limited.body.retry_after).toBeLessThanOrEqual(3600);
    expect(limited.headers.get('retry-after')).toBe(String(limited.body.retry_after));
    expect((await notify(b.account_api_key, { issue: 'unaffected' })).status).toBe(201);
  });
});

describe('inbox view access (view_url)', () => {
  let a: CreatedInbox;
  let other: CreatedInbox;
  beforeAll(async () => {
    a = await newAccount();
    other = await addInbox(a.account_api_key);
  });

  it('opens with the view token the link carries, and with nothing else', async () => {
    expect(a.view_url.startsWith(`${site()}/inbox/${a.id}?token=`)).toBe(true);
    const viewToken = new URL(a.view_url).searchParams.get('token')!;
    const otherToken = new URL(other.view_url).searchParams.get('token')!;
    const ok = await page(new URL(a.view_url).pathname + new URL(a.view_url).search);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('referrer-policy')).toBe('no-referrer');
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(ok.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    for (const token of ['', `mrv_${'A'.repeat(43)}`, otherToken, a.api_key, other.api_key, a.account_api_key, 'not-a-token']) {
      const r = await page(`/inbox/${a.id}?token=${encodeURIComponent(token)}`);
      expect(r.status, token).toBe(401);
      expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    }
    expect((await page(`/inbox/${a.id}`)).status).toBe(401);
    expect((await page(`/inbox/${a.id}/messages/msg_nope/html?token=${otherToken}`)).status).toBe(401);
    expect((await page(`/inbox/${a.id}/messages/msg_nope/html?token=${viewToken}`)).status).toBe(404);
    const bogus = await page(`/inbox/${'x'.repeat(300)}?token=${viewToken}`);
    expect(bogus.status).toBe(400);
    expect(bogus.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('a deleted inbox\'s link stops working', async () => {
    const gone = await addInbox(a.account_api_key);
    expect((await page(new URL(gone.view_url).pathname + new URL(gone.view_url).search)).status).toBe(200);
    expect((await api('DELETE', `/v1/inboxes/${gone.id}`, { key: a.account_api_key })).status).toBe(200);
    expect((await page(new URL(gone.view_url).pathname + new URL(gone.view_url).search)).status).toBe(404);
  });
});

describe('{site_url}/SKILL.md', () => {
  it('is served as markdown with skill_version, api_version, last_updated and changelog_url, beside llms.txt', async () => {
    const r = await page('/SKILL.md');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(r.headers.get('cache-control')).toBe('public, max-age=3600');
    const front = /^---\n([\s\S]*?)\n---\n/.exec(r.text)![1]!;
    expect(front).toMatch(/^skill_version: \d+\.\d+\.\d+$/m);
    expect(front).toMatch(/^api_version: v1$/m);
    expect(front).toMatch(/^last_updated: \d{4}-\d{2}-\d{2}$/m);
    const changelog = /^changelog_url: (\S+)$/m.exec(front)![1]!;
    expect(changelog).toBe(`${site()}/SKILL.md#changelog`);
    expect(r.text).toContain('## Changelog');
    expect(r.text).toContain('POST /v1/notify-operator');
    expect((await page('/llms.txt')).text).toContain(`${site()}/SKILL.md`);
  });
});

describe('payment webhook and the hosted processor (Stripe adapter)', () => {
  it('with the sandbox provider there is no processor webhook', async () => {
    const r = await api('POST', '/v1/payments/webhook', { rawBody: '{}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' } });
    expect(r.status).toBe(404);
  });

  describe('PAYMENT_PROVIDER=stripe on a second local stack', () => {
    const WEBHOOK_SECRET = 'whsec_e2e_operators_0123456789';
    const helper = new Stripe('sk_test_e2e');
    let stripeApi: Server;
    const sessions: URLSearchParams[] = [];
    let extra: ExtraStack;

    beforeAll(async () => {
      // The processor's API, as far as this adapter uses it: create a checkout session.
      stripeApi = createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => { body += c.toString(); });
        req.on('end', () => {
          if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
            const form = new URLSearchParams(body);
            sessions.push(form);
            const id = `cs_test_${sessions.length}`;
            res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${sessions.length}` });
            res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}`, client_reference_id: form.get('client_reference_id') }));
            return;
          }
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `no ${req.method} ${req.url}` } }));
        });
      });
      await new Promise<void>((r) => stripeApi.listen(0, '127.0.0.1', r));
      extra = await startExtraStack({
        PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://127.0.0.1:${(stripeApi.address() as AddressInfo).port}`,
      });
    }, 120_000);

    afterAll(async () => {
      await extra?.stop();
      if (stripeApi) await new Promise<void>((r) => { stripeApi.closeAllConnections(); stripeApi.close(() => r()); });
    });

    const completed = (accountId: string, tier: string, linkId: string, id = `evt_${Math.random().toString(36).slice(2)}`) => JSON.stringify({
      id, object: 'event', type: 'checkout.session.completed', api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), livemode: false,
      data: { object: { id: 'cs_test_1', object: 'checkout.session', payment_status: 'paid', status: 'complete', client_reference_id: accountId,
        customer: 'cus_e2e', subscription: 'sub_e2e', metadata: { account_id: accountId, target_tier: tier, from_tier: 'free', link_id: linkId } } },
    });
    const deliver = (raw: string, signature?: string) => api('POST', '/v1/payments/webhook', {
      baseUrl: extra.apiUrl, rawBody: raw,
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    });

    it('the page redirects to the hosted checkout; the signed webhook upgrades; the link is then used; forgeries change nothing', async () => {
      const a = await newAccount(undefined, extra.apiUrl);
      const b = await newAccount(undefined, extra.apiUrl);
      const l = (await api('POST', '/v1/account/upgrade-link', { baseUrl: extra.apiUrl, key: a.account_api_key, body: { target_tier: 'developer' } })).body.result;
      const token = tokenOf(l.url);
      const base = new URL(l.url).origin;

      const shown = await page(`/upgrade?token=${token}`, undefined, {}, base);
      expect(shown.status).toBe(200);
      expect(shown.text).toContain('Continue to secure checkout');
      expect(shown.headers.get('content-security-policy')).toContain("form-action 'self' https://checkout.stripe.com");

      const go = await page('/upgrade/checkout', { token }, {}, base);
      expect(go.status).toBe(303);
      expect(go.headers.get('location')).toBe('https://checkout.stripe.com/c/pay/cs_test_1');
      const sent = sessions.at(-1)!;
      const accountId = claimsOf(token).account_id;
      expect(sent.get('client_reference_id')).toBe(accountId);
      expect(sent.get('metadata[target_tier]')).toBe('developer');
      expect(sent.get('metadata[link_id]')).toBe(claimsOf(token).jti);
      expect(sent.get('success_url')).toContain('/upgrade/complete?token=');
      expect(await tierOf(a.account_api_key, extra.apiUrl)).toBe('free');

      // Back from checkout before the webhook: "confirming".
      const back = await page(`/upgrade/complete?token=${token}&session_id=cs_test_1`, undefined, {}, base);
      expect(back.status).toBe(200);
      expect(back.text).toContain('confirming');

      // Forged and unsigned events: refused, nothing changes.
      const raw = completed(accountId, 'developer', claimsOf(token).jti);
      expect((await deliver(raw)).status).toBe(400);
      const bad = await deliver(raw, helper.webhooks.generateTestHeaderString({ payload: raw, secret: 'whsec_wrong' }));
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('INVALID_SIGNATURE');
      const swapped = raw.replaceAll(accountId, claimsOf(tokenOf((await api('POST', '/v1/account/upgrade-link', { baseUrl: extra.apiUrl, key: b.account_api_key, body: { target_tier: 'developer' } })).body.result.url)).account_id);
      expect((await deliver(swapped, helper.webhooks.generateTestHeaderString({ payload: raw, secret: WEBHOOK_SECRET }))).status).toBe(400);
      expect(await tierOf(a.account_api_key, extra.apiUrl)).toBe('free');
      expect(await tierOf(b.account_api_key, extra.apiUrl)).toBe('free');

      // The real, signed event: the account named in it is upgraded, at once.
      const good = await deliver(raw, helper.webhooks.generateTestHeaderString({ payload: raw, secret: WEBHOOK_SECRET }));
      expect(good.status, good.text).toBe(200);
      expect(good.body.result).toEqual({ received: true, outcome: 'upgraded' });
      const acct = (await api('GET', '/v1/account', { baseUrl: extra.apiUrl, key: a.account_api_key })).body.result;
      expect(acct).toMatchObject({ tier: 'developer', billing: { provider: 'stripe', payment_customer_id: 'cus_e2e', subscription_id: 'sub_e2e' } });
      expect(await tierOf(b.account_api_key, extra.apiUrl)).toBe('free');

      // The processor retries: nothing more happens. The link is spent; the return page says done.
      const replay = await deliver(raw, helper.webhooks.generateTestHeaderString({ payload: raw, secret: WEBHOOK_SECRET }));
      expect(replay.body.result.outcome).toBe('already_applied');
      expect((await page(`/upgrade?token=${token}`, undefined, {}, base)).status).toBe(410);
      const done = await page(`/upgrade/complete?token=${token}`, undefined, {}, base);
      expect(done.text).toContain('Payment complete');

      // Events we do not act on are acknowledged.
      const other = JSON.stringify({ id: 'evt_other', object: 'event', type: 'invoice.paid', data: { object: { id: 'in_1', object: 'invoice' } } });
      const ignored = await deliver(other, helper.webhooks.generateTestHeaderString({ payload: other, secret: WEBHOOK_SECRET }));
      expect(ignored.body.result.outcome).toBe('ignored');
    });

    it('the API upgrade answers 402 CHECKOUT_REQUIRED with an operator link to the hosted checkout', async () => {
      const a = await newAccount(undefined, extra.apiUrl);
      const r = await api('POST', '/v1/account/upgrade', { baseUrl: extra.apiUrl, key: a.account_api_key, body: { tier: 'developer', payment_method: 'pm_card_visa' } });
      expect(r.status).toBe(402);
      expect(r.body.error).toBe('CHECKOUT_REQUIRED');
      expect(r.body.upgrade_context.operator_action_url).toContain('/upgrade?token=');
      await eventually(async () => ((await tierOf(a.account_api_key, extra.apiUrl)) === 'free' ? true : undefined), 'tier unchanged');
    });
  });
});
