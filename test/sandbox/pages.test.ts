/**
 * The operator pages in a real headless Chromium, as the human behind an agent relies on them:
 * the inbox's view_url shows its mail readably; a hostile HTML mail shown there runs nothing and
 * loads nothing (its references point at a request bin, which must hear nothing, and at a host
 * outside the stack, which the browser must never ask); and an upgrade link paid with the
 * sandbox's test card makes the account paid at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchRecordingBrowser, type RecordingBrowser } from '../browser.ts';
import { api, binRequests, cleanUp, newAccount, newBin, ok, simulate } from './sandbox.ts';

let browser: RecordingBrowser;

beforeAll(async () => { browser = await launchRecordingBrowser(); });
afterAll(async () => { await browser?.close(); });
afterAll(cleanUp);

const open = () => browser.open();

const elsewhere = (requests: string[], origin: string) => requests.filter((u) => !u.startsWith(`${origin}/`) && !u.startsWith('data:'));

/** An HTML mail that tries everything: scripts, handlers, remote loads of every kind, a form, a refresh. */
const hostileHtml = (trap: string, outside: string) => `<!doctype html><html><head>
<base href="${outside}/base/">
<meta http-equiv="refresh" content="0;url=${trap}?meta-refresh">
<link rel="stylesheet" href="${outside}/link.css">
<style>@import url(${trap}?import); body{background:url(${outside}/style-bg.png)}</style>
<script>fetch('${trap}?script-fetch'); document.title = 'pwned'; alert('script');</script>
<script src="${outside}/external.js"></script>
</head>
<body onload="alert('onload')">
<h1>Security alert for your account</h1>
<p>Please <a href="javascript:alert('js-link')">click here</a> to keep your account.</p>
<img src="${outside}/track.gif" alt="tracker" onerror="alert('onerror')">
<img src="x" onerror="new Image().src='${trap}?onerror-ran'">
<svg><image href="${trap}?svg-image"></image><script>alert('svg')</script></svg>
<iframe src="${trap}?iframe"></iframe><object data="${outside}/object"></object>
<form action="${trap}?form" method="post"><input name="password" type="password" value="hunter2"><button>Sign in</button></form>
<p>Your code: <b>482913</b></p>
</body></html>`;

/** One RFC 5322 mail with a text and an HTML part, as a mail client sends it. */
const rawMail = (to: string, subject: string, text: string, html: string) => [
  'From: Mallory <mallory@example.net>', `To: ${to}`, `Subject: ${subject}`, 'Date: Tue, 04 Mar 2025 05:06:07 +0000',
  `Message-ID: <hostile-${Date.now()}@example.net>`, 'MIME-Version: 1.0', 'Content-Type: multipart/alternative; boundary="b1"', '',
  '--b1', 'Content-Type: text/plain; charset=utf-8', '', text, '',
  '--b1', 'Content-Type: text/html; charset=utf-8', '', html, '',
  '--b1--', '',
].join('\r\n');

describe('the inbox page (view_url)', () => {
  it('lists a simulated mail by its subject and shows its text and code, never the inbox key', async () => {
    const inbox = await newAccount();
    const sim = await simulate(inbox.api_key, inbox.id, { scenario: 'verification_code', code: '271828' });
    const { page } = await open();
    const res = await page.goto(inbox.view_url);
    expect(res!.status()).toBe(200);
    expect(res!.headers()['content-security-policy']).toContain("default-src 'none'");
    const rows = page.locator('ul.rows li');
    expect(await rows.count()).toBe(1);
    expect(await rows.nth(0).innerText()).toContain('Your verification code is 271828');

    await Promise.all([page.waitForNavigation(), rows.nth(0).locator('a').click()]);
    expect(page.url()).toContain(sim.message_id);
    const main = await page.locator('main').innerText();
    expect(main).toContain('Your verification code is: 271828');
    expect(await page.getByRole('region', { name: 'Verification codes' }).innerText()).toContain('271828');
    expect(await page.content()).not.toContain(inbox.api_key);
  });

  it('shows a hostile HTML mail with nothing of it executing or loading, in the page or its sandboxed frame', async () => {
    const inbox = await newAccount();
    const bin = await newBin(inbox.account_api_key);
    // RFC 2606: a host that is nobody's, outside the stack; the browser must not even ask for it.
    const outside = 'https://tracker.example.net';
    const subject = `Security alert <script>alert('subject')</script>`;
    const sim = await simulate(inbox.api_key, inbox.id, {
      raw: rawMail(inbox.address, subject, 'Please keep your account.\n\nYour code: 482913\n', hostileHtml(bin.url, outside)),
    });
    expect(sim.status).toBe('delivered');
    const origin = new URL(inbox.view_url).origin;

    const { page, requests, dialogs, popups } = await open();
    expect((await page.goto(inbox.view_url))!.status()).toBe(200);
    // The subject is text, not markup.
    expect(await page.locator('ul.rows li').nth(0).innerText()).toContain("<script>alert('subject')</script>");
    await Promise.all([page.waitForNavigation(), page.locator('ul.rows li').nth(0).locator('a').click()]);
    const frameEl = page.locator('iframe.mail');
    expect(await frameEl.getAttribute('sandbox')).toBe('');
    const frame = await (await frameEl.elementHandle())!.contentFrame();
    await frame!.waitForLoadState('load');
    expect(await frame!.locator('h1').innerText()).toBe('Security alert for your account');
    expect(await frame!.locator('script, img, iframe, object, form, svg').count()).toBe(0);
    await frame!.getByText('click here').click({ force: true, timeout: 5000 });
    // Time for a refresh, a handler or a late load to show itself.
    await page.waitForTimeout(1500);

    expect(await page.title()).not.toBe('pwned');
    expect(dialogs).toEqual([]);
    expect(popups).toEqual([]);
    expect(elsewhere(requests, origin)).toEqual([]);
    expect(requests.filter((u) => u.startsWith(bin.url))).toEqual([]);
    expect(await binRequests(inbox.account_api_key, bin.id)).toEqual([]);
  });
});

describe('the upgrade page', () => {
  it('paying an upgrade link with the sandbox test card makes the account paid at once, and the link is then used up', async () => {
    const acct = await newAccount();
    const link = await ok<{ url: string }>(200, 'POST', '/v1/account/upgrade-link', { key: acct.account_api_key, body: { target_tier: 'developer' } });
    const { page, requests, dialogs } = await open();
    expect((await page.goto(link.url))!.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Upgrade to Developer');

    await page.getByLabel(/Test Visa card/).check();
    const done = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: /Pay .* and upgrade/ }).click()]).then(([r]) => r);
    expect(done!.status()).toBe(200);
    expect(await page.locator('main').innerText()).toMatch(/Payment complete[\s\S]*Developer/);
    const account = (await api('GET', '/v1/account', { key: acct.account_api_key })).body.result;
    expect(account).toMatchObject({ tier: 'developer', billing: { subscription_status: 'active' } });

    expect((await page.goto(link.url))!.status()).toBe(410);
    expect(await page.locator('form').count()).toBe(0);
    expect(elsewhere(requests, new URL(link.url).origin)).toEqual([]);
    expect(dialogs).toEqual([]);
  });
});
