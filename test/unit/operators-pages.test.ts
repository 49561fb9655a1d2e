/**
 * The pages' building blocks, offline: escaping, the inbound-HTML sanitizer (a hostile corpus),
 * the JSON renderer of notification context, the page headers and CSP, and the CSRF check.
 */
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  Object.assign(process.env, { TABLE_NAME: 'unit-table', MAIL_DOMAIN: 'unit.example', SITE_URL: 'https://site.example' });
});

const { escapeHtml, html, safeHref, trusted } = await import('../../lambdas/operators/pages/html.ts');
const { sanitizeMailHtml, mailHtmlDocument, MAIL_HTML_CSP } = await import('../../lambdas/operators/pages/sanitize.ts');
const { renderJson, notificationPage } = await import('../../lambdas/operators/pages/notification.ts');
const { pageCsp, pageHeaders, layout, errorPage } = await import('../../lambdas/operators/pages/layout.ts');
const { crossSiteProblem, formFields } = await import('../../lambdas/operators/pages/forms.ts');
const { unlocks, linkProblemPage } = await import('../../lambdas/operators/pages/upgrade.ts');

describe('escaping', () => {
  it('escapes the five HTML specials and the backtick', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&\`</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&#96;&lt;/a&gt;');
  });

  it('the html template escapes every value, nested arrays included, and only trusted() passes through', () => {
    const evil = '<script>alert(1)</script>';
    const out = html`<p title="${evil}">${evil}${[evil, html`<b>${evil}</b>`]}${null}${undefined}${false}${trusted('<i>ok</i>')}</p>`.value;
    expect(out).not.toContain('<script>');
    expect(out).toContain('<b>&lt;script&gt;');
    expect(out).toContain('<i>ok</i>');
    expect(out.match(/&lt;script&gt;/g)).toHaveLength(4);
  });

  it('safeHref keeps http(s), mailto and our own paths; drops javascript:, data:, protocol-relative and junk', () => {
    expect(safeHref('https://a.example/x?y=1')).toBe('https://a.example/x?y=1');
    expect(safeHref('mailto:a@b.example')).toBe('mailto:a@b.example');
    expect(safeHref('/upgrade?token=x')).toBe('/upgrade?token=x');
    for (const bad of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:text/html,<script>', '//evil.example/x', 'vbscript:x', 'not a url']) {
      expect(safeHref(bad), bad).toBeUndefined();
    }
  });
});

describe('inbound HTML sanitizer (hostile corpus)', () => {
  const T = 'http://trap.example';
  const cases: [string, string, RegExp[]][] = [
    ['script tags', `<p>hi</p><script>alert(1)</script><script src="${T}/x.js"></script>`, [/<script/i, /alert/]],
    ['event handlers', `<img src=x onerror="alert(1)"><body onload=alert(2)><div onmouseover="x()">d</div>`, [/onerror/i, /onload/i, /onmouseover/i]],
    ['javascript: links', `<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt&colon;alert(1)">b</a><a href=" javascript:alert(1)">c</a>`, [/javascript/i]],
    ['data: and vbscript: links', `<a href="data:text/html,<script>alert(1)</script>">a</a><a href="vbscript:msgbox">b</a>`, [/href="data:/i, /vbscript/i]],
    ['remote images', `<img src="${T}/t.gif"><img srcset="${T}/a.png 2x"><picture><source srcset="${T}/b.png"></picture>`, [/trap\.example/]],
    ['protocol-relative images', `<img src="//trap.example/t.gif">`, [/trap\.example/]],
    ['CSS that reaches out', `<p style="background:url(${T}/a.png);color:red">x</p><p style="background-image: url('${T}/b')">y</p><div style="behavior:url(${T}/c.htc)">z</div>`, [/url\(/i, /trap/]],
    ['CSS expressions', `<p style="width:expression(alert(1))">x</p>`, [/expression/i]],
    ['style and link sheets', `<style>@import url(${T}/i.css);body{background:url(${T}/b.png)}</style><link rel=stylesheet href="${T}/s.css">`, [/@import/, /<style/i, /<link/i]],
    ['frames and embeds', `<iframe src="${T}"></iframe><object data="${T}"></object><embed src="${T}"><frameset><frame src="${T}"></frameset>`, [/<iframe|<object|<embed|<frame/i]],
    ['forms', `<form action="${T}"><input name=p type=password><button formaction="${T}">go</button><textarea>t</textarea></form>`, [/<form|<input|<button|<textarea|formaction/i]],
    ['meta refresh and base', `<meta http-equiv="refresh" content="0;url=${T}"><base href="${T}/">`, [/<meta|<base/i]],
    ['svg and math', `<svg onload=alert(1)><image href="${T}/i.png"/><script>alert(2)</script></svg><math><mi xlink:href="javascript:alert(3)">x</mi></math>`, [/<svg|<math|<image|alert/i]],
    ['legacy background attributes', `<table background="${T}/t.png"><tr><td background="${T}/c.png">x</td></tr></table><body background="${T}/b.png">`, [/background=/i]],
    ['media', `<video poster="${T}/p.png" src="${T}/v.mp4"></video><audio src="${T}/a.mp3" autoplay></audio>`, [/<video|<audio|poster/i]],
    ['fixed overlays', `<div style="position:fixed;top:0;left:0;z-index:9999;width:100%">overlay</div>`, [/position/i, /z-index/i]],
  ];

  it.each(cases)('%s are removed', (_name, dirty, banned) => {
    const clean = sanitizeMailHtml(dirty);
    for (const re of banned) expect(clean, `${re} in ${clean}`).not.toMatch(re);
  });

  it('keeps the readable parts: text, formatting, tables, safe inline styles, https links (opening in a new tab, no referrer)', () => {
    const clean = sanitizeMailHtml(`<h1 style="color:#c00;font-size:20px">Hello</h1><p>Please <a href="https://ok.example/v?t=1">verify</a>.</p>
      <table><tr><td style="padding:8px;border:1px solid #ccc">Code: <b>482913</b></td></tr></table><ul><li>one</li></ul>`);
    expect(clean).toContain('<h1 style="color:#c00;font-size:20px">Hello</h1>');
    expect(clean).toContain('<a href="https://ok.example/v?t=1" target="_blank" rel="noopener noreferrer nofollow">verify</a>');
    expect(clean).toContain('<td style="padding:8px;border:1px solid #ccc">Code: <b>482913</b></td>');
    expect(clean).toContain('<li>one</li>');
  });

  it('keeps inline data: images and says where a remote one was', () => {
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    expect(sanitizeMailHtml(`<img src="${png}" alt="dot">`)).toContain(`src="${png}"`);
    expect(sanitizeMailHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).not.toContain('<img');
    expect(sanitizeMailHtml(`<img src="${T}/t.gif" alt="logo">`)).toBe('<span title="remote image blocked: logo">[remote image blocked: logo]</span>');
    expect(sanitizeMailHtml('<img src="cid:part1" alt="chart">')).toContain('[embedded image: chart]');
  });

  it('the iframe document escapes the subject and carries no active content; its CSP is sandboxed and loads nothing', () => {
    const doc = mailHtmlDocument('<p onclick="x()">hi</p><script>alert(1)</script>', '</title><script>alert(2)</script>');
    expect(doc).not.toMatch(/<script|onclick/i);
    expect(doc).toContain('&lt;/title&gt;&lt;script&gt;');
    expect(MAIL_HTML_CSP).toMatch(/^default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox(;|$)/);
    expect(MAIL_HTML_CSP).not.toMatch(/allow-scripts|allow-same-origin/);
  });
});

describe('notification context, readably', () => {
  it('renders objects, arrays and scalars, escaping everything and linking only http(s)', () => {
    const out = renderJson({ vendor: '<b>ACME</b>', amount_usd: 12, ok: true, none: null, link: 'https://a.example/x', js: 'javascript:alert(1)', items: [1, { a: 'b' }] }).value;
    expect(out).toContain('<dt>Vendor</dt><dd><span class="reply">&lt;b&gt;ACME&lt;/b&gt;</span></dd>');
    expect(out).toContain('<dt>Amount usd</dt>');
    expect(out).toContain('href="https://a.example/x" rel="noopener noreferrer nofollow" target="_blank"');
    expect(out).not.toContain('href="javascript');
    expect(out).toContain('<ol class="plain">');
  });

  it('caps depth and breadth', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 20; i++) deep = { next: deep };
    expect(renderJson(deep).value).toContain('<pre>');
    const wide = renderJson(Array.from({ length: 150 }, (_, i) => i)).value;
    expect(wide).toContain('…and 50 more');
  });

  it('the page escapes the issue and the action label', () => {
    const res = notificationPage({
      id: 'not_x', account_id: 'acc_x', issue: '<script>alert(1)</script> please', context: null, action_label: '<img src=x onerror=alert(1)>',
      status: 'pending', response_note: null, responded_at: null, created_at: new Date().toISOString(), expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    }, 'tok.en');
    expect(res.raw!.body).not.toContain('<script>alert(1)');
    expect(res.raw!.body).not.toContain('<img src=x');
    expect(res.raw!.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; please');
    expect(res.raw!.body).toContain('name="token" value="tok.en"');
  });
});

describe('page headers and policy', () => {
  it('no external assets, no inline script, the stylesheet by hash; forms post only to us (and the processor when hosted)', () => {
    const csp = pageCsp(['https://checkout.stripe.com']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('script-src');
    expect(csp).toContain("form-action 'self' https://checkout.stripe.com");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(pageHeaders()).toMatchObject({ 'referrer-policy': 'no-referrer', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' });
  });

  it('the stylesheet hash in the CSP is the hash of the stylesheet in the page', async () => {
    const { createHash } = await import('node:crypto');
    const doc = layout({ title: 't' }, html`<p>x</p>`);
    const css = /<style>([\s\S]*?)<\/style>/.exec(doc)![1]!;
    expect(pageCsp()).toContain(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    expect(doc).not.toMatch(/<script|style="/);
    expect(doc).toContain('<meta name="referrer" content="no-referrer">');
  });

  it('error pages say what happened with the right status', () => {
    expect(linkProblemPage('expired', 'upgrade').status).toBe(410);
    expect(linkProblemPage('used', 'upgrade').status).toBe(410);
    expect(linkProblemPage('bad_signature', 'upgrade').status).toBe(400);
    expect(linkProblemPage('wrong_target', 'notification').status).toBe(400);
    expect(errorPage(404, 'x', '<b>y</b>').raw!.body).toContain('&lt;b&gt;y&lt;/b&gt;');
  });

  it('the plan list comes from the tier table', () => {
    expect(unlocks('developer', 'free')).toContain('Your agent can send email and replies: up to 1,000 a day');
    expect(unlocks('growth', 'developer')).toContain('Up to 10,000 emails a day (from 1,000)');
    expect(unlocks('growth').join(' ')).not.toContain('(from');
  });
});

describe('form posts and CSRF', () => {
  const req = (headers: Record<string, string>, rawBody = 'token=a.b&payment_method=pm_card_visa') =>
    ({ headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'site.example', 'x-forwarded-proto': 'https', ...headers }, rawBody }) as never;

  it('reads urlencoded fields, and nothing from other content types', () => {
    expect(formFields(req({}))).toEqual({ token: 'a.b', payment_method: 'pm_card_visa' });
    expect(formFields(req({ 'content-type': 'application/json' }, '{"token":"x"}'))).toEqual({});
  });

  it('Sec-Fetch-Site decides when present: only same-origin', () => {
    expect(crossSiteProblem(req({ 'sec-fetch-site': 'same-origin', origin: 'null' }))).toBeUndefined();
    for (const site of ['cross-site', 'same-site', 'none']) expect(crossSiteProblem(req({ 'sec-fetch-site': site }))).toBeDefined();
  });

  it('without it, Origin must be this site (null allowed: our pages send no referrer)', () => {
    expect(crossSiteProblem(req({ origin: 'https://site.example' }))).toBeUndefined();
    expect(crossSiteProblem(req({ origin: 'null' }))).toBeUndefined();
    expect(crossSiteProblem(req({}))).toBeUndefined();
    expect(crossSiteProblem(req({ origin: 'https://evil.example' }))).toBeDefined();
    expect(crossSiteProblem(req({ origin: 'http://site.example' }))).toBeDefined();
  });
});
