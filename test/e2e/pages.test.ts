/**
 * The operator pages in a real browser: headless Chromium or Chrome (found by lib/local/browser.ts:
 * CHROME_PATH, the usual locations, Playwright's cache) driven by playwright-core. An operator
 * opens an upgrade link and pays in the sandbox checkout (the API then shows the new tier),
 * answers a notification, and reads an inbox holding a hostile HTML email — and nothing of that
 * email executes or loads. Screenshots of every page, desktop
 * (1280×800) and phone (390×844), go to test-output/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchRecordingBrowser, PHONE, type RecordingBrowser } from '../browser.ts';
import { api, newAccount, target } from './client.ts';
import { closeMail, sendMail, uniqueSubject } from './mail.ts';

const SHOTS = resolve(import.meta.dirname, '../../test-output/screenshots');
let browser: RecordingBrowser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchRecordingBrowser();
});

afterAll(async () => {
  await browser?.close();
  closeMail();
});

const open = (device: 'desktop' | 'phone') => browser.open(device === 'desktop' ? DESKTOP : PHONE);

/** Nothing may spill sideways on a narrow screen. */
const scrollWidth = async (page: Page) => Number(await page.evaluate('document.documentElement.scrollWidth'));

/**
 * A whole-page screenshot. The mail frame is sandboxed, so Chromium renders it in a process of
 * its own, which a fullPage capture leaves blank below the fold: grow the viewport to the page
 * instead, capture, and put it back.
 */
async function shot(page: Page, name: string) {
  const viewport = page.viewportSize()!;
  const height = Number(await page.evaluate('document.documentElement.scrollHeight'));
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  await page.waitForTimeout(300);
  await page.screenshot({ path: resolve(SHOTS, `${name}.png`) });
  await page.setViewportSize(viewport);
}

function expectPageHeaders(res: Response | null) {
  expect(res).not.toBeNull();
  const h = res!.headers();
  expect(h['content-type']).toMatch(/^text\/html/);
  expect(h['content-security-policy']).toContain("default-src 'none'");
  expect(h['content-security-policy']).not.toContain('unsafe-inline');
  expect(h['referrer-policy']).toBe('no-referrer');
  expect(h['cache-control']).toBe('no-store');
  expect(h['x-content-type-options']).toBe('nosniff');
}

const upgradeLink = async (key: string, tier = 'developer') => {
  const r = await api('POST', '/v1/account/upgrade-link', { key, body: { target_tier: tier } });
  expect(r.status, r.text).toBe(200);
  return r.body.result.url as string;
};

describe('upgrade link → sandbox checkout in the browser', () => {
  it('shows the plan, keeps the link after a declined card, completes in place, and the API sees the new tier at once', async () => {
    const acct = await newAccount();
    const url = await upgradeLink(acct.account_api_key);
    const { page, requests, dialogs } = await open('desktop');

    const res = await page.goto(url);
    expect(res!.status()).toBe(200);
    expectPageHeaders(res);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Upgrade to Developer');
    const body = await page.locator('main').innerText();
    expect(body).toContain('$29');
    expect(body).toMatch(/send email and replies: up to 1,000 a day/i);
    expect(body).toMatch(/now on Free/);
    await shot(page, 'upgrade-desktop');

    // A declined card: an error on the same page, nothing charged, the link still usable.
    await page.getByLabel(/declined/i).check();
    const declined = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: /Pay \$29 and upgrade/ }).click()]).then(([r]) => r);
    expect(declined!.status()).toBe(402);
    expect(await page.getByRole('alert').innerText()).toMatch(/Payment declined/);
    await shot(page, 'upgrade-declined-desktop');
    expect((await api('GET', '/v1/account', { key: acct.account_api_key })).body.result.tier).toBe('free');

    // The test Visa card: the checkout completes here and the tier changes now.
    await page.getByLabel(/Test Visa card/).check();
    const done = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: /Pay \$29 and upgrade/ }).click()]).then(([r]) => r);
    expect(done!.status()).toBe(200);
    expectPageHeaders(done);
    expect(await page.locator('main').innerText()).toMatch(/Payment complete[\s\S]*Developer/);
    await shot(page, 'upgrade-complete-desktop');

    const account = await api('GET', '/v1/account', { key: acct.account_api_key });
    expect(account.body.result.tier).toBe('developer');
    expect(account.body.result.limits.max_sends_per_day).toBe(1000);
    expect(account.body.result.billing.subscription_status).toBe('active');
    const caps = await api('GET', '/v1/capabilities', { key: acct.account_api_key });
    expect(caps.body.result.can.map((c: { action: string }) => c.action)).toContain('send_messages');

    // The same link again: "already used", never a second checkout.
    const again = await page.goto(url);
    expect(again!.status()).toBe(410);
    expect(await page.locator('main').innerText()).toMatch(/already used/i);
    expect(await page.locator('form').count()).toBe(0);
    await shot(page, 'upgrade-used-desktop');

    // Everything the browser asked for came from the site itself; no script ran a dialog.
    const origin = new URL(target().siteUrl).origin;
    expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'))).toEqual([]);
    expect(dialogs).toEqual([]);
  }, 120_000);

  it('looks right on a phone, and broken links get a readable error page (never a 500)', async () => {
    const acct = await newAccount();
    const url = await upgradeLink(acct.account_api_key, 'growth');
    const { page } = await open('phone');
    const res = await page.goto(url);
    expect(res!.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Upgrade to Growth');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await shot(page, 'upgrade-phone');

    const tampered = url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const bad = await page.goto(tampered);
    expect(bad!.status()).toBe(400);
    expect(await page.locator('main').innerText()).toMatch(/not valid/i);
    await shot(page, 'link-invalid-phone');
    const { page: desk } = await open('desktop');
    expect((await desk.goto(tampered))!.status()).toBe(400);
    await shot(desk, 'link-invalid-desktop');
  }, 120_000);
});

describe('notification link in the browser', () => {
  it('shows the issue and its context readably, records the operator\'s answer, and the agent reads it', async () => {
    const acct = await newAccount();
    const r = await api('POST', '/v1/notify-operator', {
      key: acct.account_api_key,
      body: {
        issue: 'I found an invoice from ACME for $1,200 due Friday. May I pay it from the team card?',
        context: { vendor: 'ACME Corp', amount_usd: 1200, due: '2026-11-27', invoice_url: 'https://acme.example/invoices/881',
          line_items: [{ item: 'Hosting', usd: 900 }, { item: 'Support', usd: 300 }], recurring: false },
        action_label: 'Approve payment',
      },
    });
    expect(r.status, r.text).toBe(201);
    const n = r.body.result;

    const { page, requests, dialogs } = await open('desktop');
    const res = await page.goto(n.operator_action_url);
    expect(res!.status()).toBe(200);
    expectPageHeaders(res);
    const text = await page.locator('main').innerText();
    expect(text).toContain('May I pay it from the team card?');
    expect(text).toMatch(/Vendor\s+ACME Corp/);
    expect(text).toMatch(/Line items[\s\S]*Hosting[\s\S]*Support/);
    const invoiceLink = page.getByRole('link', { name: 'https://acme.example/invoices/881' });
    expect(await invoiceLink.getAttribute('rel')).toContain('noopener');
    await shot(page, 'notification-desktop');

    await page.getByLabel(/Note for your agent/).fill('Yes, but ask for the Q4 discount first.');
    const answered = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Approve payment' }).click()]).then(([x]) => x);
    expect(answered!.status()).toBe(200);
    expect(await page.locator('main').innerText()).toMatch(/You chose “Approve payment”/);
    await shot(page, 'notification-answered-desktop');

    const status = await api('GET', `/v1/notifications/${n.notification_id}`, { key: acct.account_api_key });
    expect(status.body.result).toMatchObject({ status: 'approved', response_note: 'Yes, but ask for the Q4 discount first.' });

    const origin = new URL(target().siteUrl).origin;
    expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'))).toEqual([]);
    expect(dialogs).toEqual([]);

    const { page: phone } = await open('phone');
    expect((await phone.goto(n.operator_action_url))!.status()).toBe(200);
    expect(await scrollWidth(phone)).toBeLessThanOrEqual(390);
    await shot(phone, 'notification-phone');
  }, 120_000);
});

/** A server that must never hear from the browser: every hostile reference points here. */
async function startTrap(): Promise<{ base: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => { hits.push(`${req.method} ${req.url}`); res.writeHead(200, { 'content-type': 'text/plain' }); res.end('trap'); });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, hits, close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

const hostileHtml = (T: string) => `<!doctype html><html><head>
<base href="${T}/base/">
<meta http-equiv="refresh" content="0;url=${T}/meta-refresh">
<link rel="stylesheet" href="${T}/link.css"><link rel="prefetch" href="${T}/prefetch">
<style>@import url(${T}/import.css); body{background:url(${T}/style-bg.png)} p{behavior:url(${T}/behavior.htc)}</style>
<script>fetch('${T}/script-fetch'); document.title = 'pwned'; alert('script');</script>
<script src="${T}/external.js"></script>
</head>
<body onload="alert('onload')" background="${T}/body-bg.png">
<h1 style="color:#b00020;background-image:url(${T}/inline-bg.png)">Security alert for your account</h1>
<p>Please <a href="https://service.example/verify?t=abc">verify your account</a>, or
<a href="javascript:alert('js-link')">click here</a>, or <a href="JaVaScRiPt&colon;alert('js-entity')">here</a>,
or <a href="data:text/html,&lt;script&gt;alert('data-url')&lt;/script&gt;">this one</a>.</p>
<img src="${T}/track.gif" alt="tracker" onerror="alert('onerror')">
<img src="x" onerror="new Image().src='${T}/onerror-ran'">
<img srcset="${T}/srcset.png 2x" alt="responsive">
<picture><source srcset="${T}/picture.png"><img src="${T}/picture-fallback.png" alt="picture"></picture>
<video poster="${T}/poster.png" src="${T}/video.mp4"></video><audio src="${T}/audio.mp3" autoplay></audio>
<svg><image href="${T}/svg-image.png"></image><script>alert('svg')</script></svg>
<iframe src="${T}/iframe"></iframe><object data="${T}/object"></object><embed src="${T}/embed">
<form action="${T}/form" method="post"><input name="password" type="password" value="hunter2"><input type="image" src="${T}/input-image.png"><button>Sign in</button></form>
<table background="${T}/table-bg.png"><tr><td style="padding:8px;border:1px solid #ccc">Your code: <b>482913</b></td></tr></table>
<div style="position:fixed;top:0;left:0;width:100%;height:100%;background:rgba(255,0,0,.4)" onmouseover="alert('hover')">overlay</div>
<p><a href="${T}/plain-link">an ordinary link to the trap (never followed by itself)</a></p>
</body></html>`;

describe('inbox view (view_url) with a hostile HTML email', () => {
  it('lists the mail and shows it readably, and nothing of the email executes or loads', async () => {
    const trap = await startTrap();
    try {
      const inbox = await newAccount();
      const subject = `${uniqueSubject('Verify your account')} <script>alert('subject')</script>`;
      await sendMail({
        to: inbox.address, subject,
        text: 'Hi!\n\nPlease verify your account: https://service.example/verify?t=abc\n\nYour code is 482913.\n\nOn Monday, Mallory wrote:\n> earlier message\n> quoted',
        html: hostileHtml(trap.base),
        attachments: [{ filename: 'invoice.pdf', content: Buffer.from('%PDF-1.4\n% not really a pdf\n'), contentType: 'application/pdf' }],
      });
      await sendMail({ to: inbox.address, subject: 'Lunch tomorrow?', text: 'Are we still on for lunch at noon?\n\nBob' });
      const list = await api('GET', `/v1/inboxes/${inbox.id}/messages`, { key: inbox.api_key });
      expect(list.body.result.total).toBe(2);
      const hostile = list.body.result.messages.find((m: { subject: string }) => m.subject === subject);
      expect(hostile.body_html).toContain('<script>');

      const { page, requests, dialogs, popups } = await open('desktop');
      const res = await page.goto(inbox.view_url);
      expect(res!.status()).toBe(200);
      expectPageHeaders(res);
      // The page and its links carry the inbox's view token, never its key.
      const viewToken = new URL(inbox.view_url).searchParams.get('token')!;
      expect(viewToken).toMatch(/^mrv_/);
      expect(await page.content()).not.toContain(inbox.api_key);
      const rows = page.locator('ul.rows li');
      expect(await rows.count()).toBe(2);
      // Newest first; the hostile subject is text, not markup.
      expect(await rows.nth(0).innerText()).toContain('Lunch tomorrow?');
      expect(await rows.nth(1).innerText()).toContain("<script>alert('subject')</script>");
      await shot(page, 'inbox-desktop');

      await Promise.all([page.waitForNavigation(), rows.nth(1).locator('a').click()]);
      const frameEl = page.locator('iframe.mail');
      expect(await frameEl.getAttribute('sandbox')).toBe('');
      expect(new URL(page.url()).searchParams.get('token')).toBe(viewToken);
      expect(await frameEl.getAttribute('src')).toContain(`token=${encodeURIComponent(viewToken)}`);
      expect(await page.getByRole('link', { name: 'invoice.pdf' }).getAttribute('href')).toContain(`token=${encodeURIComponent(viewToken)}`);
      expect(await page.content()).not.toContain(inbox.api_key);
      const frame = await (await frameEl.elementHandle())!.contentFrame();
      await frame!.waitForLoadState('load');
      await page.waitForTimeout(1500);

      // The message is readable outside the frame: reply text, code, call to action, links, attachment.
      const main = await page.locator('main').innerText();
      expect(main).toContain('Please verify your account');
      expect(main).not.toContain('earlier message'); // quoted history is folded away
      expect(main).toContain('482913');
      expect(main).toContain('invoice.pdf');
      const cta = page.getByRole('link', { name: /verify your account/i }).first();
      expect(await cta.getAttribute('rel')).toBe('noopener noreferrer nofollow');
      expect(await cta.getAttribute('target')).toBe('_blank');
      await shot(page, 'message-hostile-desktop');

      // Inside the frame: the words survive, everything active is gone.
      const inner = await frame!.content();
      expect(await frame!.locator('h1').innerText()).toBe('Security alert for your account');
      for (const banned of ['<script', 'onerror', 'onload', 'onmouseover', 'javascript:', '<form', '<input', '<iframe', '<object', '<embed',
        '<svg', '<video', '<audio', '<source', '<link', '<meta http-equiv', '<base', 'url(', 'srcset=', 'poster=', 'background=', '@import', 'position:fixed']) {
        expect(inner.toLowerCase(), banned).not.toContain(banned.toLowerCase());
      }
      expect(inner).not.toMatch(/<img[^>]+src="(?!data:)/i);
      expect(await frame!.locator('img').count()).toBe(0);
      expect(inner).toContain('[remote image blocked: tracker]');
      // Clicking the javascript: link and hovering the overlay do nothing.
      await frame!.getByText('click here').click({ force: true, timeout: 5000 });
      await frame!.getByText('overlay').hover({ force: true, timeout: 5000 });
      await page.waitForTimeout(500);

      // Opened on its own (top level), the HTML endpoint is still sandboxed by its own CSP.
      const frameUrl = frame!.url();
      const direct = await page.goto(frameUrl);
      expect(direct!.headers()['content-security-policy']).toMatch(/^default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox/);
      expect(direct!.headers()['x-content-type-options']).toBe('nosniff');
      expect(direct!.headers()['referrer-policy']).toBe('no-referrer');
      await page.waitForTimeout(1000);
      expect(await page.title()).not.toBe('pwned');

      expect(dialogs).toEqual([]);
      expect(popups).toEqual([]);
      expect(trap.hits).toEqual([]);
      const origin = new URL(target().siteUrl).origin;
      expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'))).toEqual([]);

      // The phone gets the same, laid out for its width.
      const { page: phone, dialogs: phoneDialogs } = await open('phone');
      expect((await phone.goto(inbox.view_url))!.status()).toBe(200);
      expect(await scrollWidth(phone)).toBeLessThanOrEqual(390);
      await shot(phone, 'inbox-phone');
      await Promise.all([phone.waitForNavigation(), phone.locator('ul.rows li').nth(1).locator('a').click()]);
      await phone.waitForTimeout(1500);
      expect(await scrollWidth(phone)).toBeLessThanOrEqual(390);
      await shot(phone, 'message-hostile-phone');
      expect(phoneDialogs).toEqual([]);
      expect(trap.hits).toEqual([]);

      // Conversations tab.
      await page.goto(`${inbox.view_url}&view=threads`);
      expect(await page.locator('ul.rows li').count()).toBe(2);
      await shot(page, 'inbox-threads-desktop');
      await Promise.all([page.waitForNavigation(), page.locator('ul.rows li').nth(1).locator('a').click()]);
      expect(await page.locator('article.msg').count()).toBe(1);
      await page.waitForTimeout(1000);
      await shot(page, 'inbox-thread-desktop');
      expect(dialogs).toEqual([]);
      expect(trap.hits).toEqual([]);
    } finally {
      await trap.close();
    }
  }, 120_000);
});
