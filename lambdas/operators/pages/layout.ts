import { createHash } from 'node:crypto';
import type { OperationResult } from '../../platform/http/types.ts';
import { html, trusted, type Html } from './html.ts';

/**
 * The one stylesheet of every page, inline (no external assets), allowed by its hash in the CSP:
 * no 'unsafe-inline', no nonce to thread through, and no style attributes anywhere in the markup.
 */
const CSS = `
:root{--bg:#f4f5f8;--card:#fff;--text:#1c2130;--muted:#5b6477;--line:#e3e6ee;--accent:#4338ca;--accent-text:#fff;
--accent-soft:#eef0ff;--ok:#0f7b4b;--ok-soft:#e6f6ee;--warn:#9a5b00;--warn-soft:#fff4e0;--bad:#b42318;--bad-soft:#fdecea;
--radius:14px;--shadow:0 1px 2px rgba(16,24,40,.06),0 4px 16px rgba(16,24,40,.06)}
@media (prefers-color-scheme:dark){:root{--bg:#0f1117;--card:#171a23;--text:#e8eaf0;--muted:#9aa3b5;--line:#2a2f3c;
--accent:#8b93ff;--accent-text:#0f1117;--accent-soft:#22254a;--ok:#4ade80;--ok-soft:#132b1f;--warn:#fbbf24;--warn-soft:#2f2410;
--bad:#f87171;--bad-soft:#321716;--shadow:none}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
a{color:var(--accent)}
a:focus-visible,button:focus-visible,input:focus-visible,textarea:focus-visible,summary:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.skip{position:absolute;left:-9999px}.skip:focus{left:16px;top:16px;background:var(--card);padding:8px 12px;border-radius:8px;z-index:9}
header.site{border-bottom:1px solid var(--line);background:var(--card)}
header.site .in{max-width:var(--w,760px);margin:0 auto;padding:14px 20px;display:flex;align-items:center;gap:10px}
.brand{display:flex;align-items:center;gap:10px;font-weight:700;letter-spacing:-.01em;color:var(--text);text-decoration:none}
.brand svg{width:28px;height:28px}
.brand small{font-weight:500;color:var(--muted)}
main{max-width:var(--w,760px);margin:0 auto;padding:28px 20px 56px}
body.wide{--w:1120px}
h1{font-size:1.75rem;line-height:1.25;margin:0 0 6px;letter-spacing:-.02em}
h2{font-size:1.15rem;margin:0 0 12px}
h3{font-size:1rem;margin:18px 0 8px}
p{margin:0 0 12px}
.lead{color:var(--muted);font-size:1.05rem;margin-bottom:22px}
.muted{color:var(--muted)}
.card{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);box-shadow:var(--shadow);padding:24px;margin:0 0 20px}
.plan{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:8px 16px;margin-bottom:8px}
.plan .name{font-size:1.35rem;font-weight:700}
.price{font-size:2.2rem;font-weight:800;letter-spacing:-.03em}
.price small{font-size:1rem;font-weight:500;color:var(--muted)}
ul.ticks{list-style:none;padding:0;margin:8px 0 0;display:grid;gap:8px}
ul.ticks li{padding-left:30px;position:relative}
ul.ticks li::before{content:"";position:absolute;left:2px;top:.3em;width:18px;height:18px;border-radius:50%;background:var(--ok-soft)}
ul.ticks li::after{content:"";position:absolute;left:8px;top:.55em;width:5px;height:9px;border:solid var(--ok);border-width:0 2px 2px 0;transform:rotate(45deg)}
.compare{display:grid;grid-template-columns:1fr auto auto;gap:0;font-size:.95rem;margin-top:6px}
.compare div{padding:8px 16px 8px 0;border-bottom:1px solid var(--line)}
.compare div:nth-child(3n){padding-right:0}
.compare .h{font-weight:600;color:var(--muted);font-size:.85rem;text-transform:uppercase;letter-spacing:.04em}
.compare .new{font-weight:700}
fieldset{border:0;padding:0;margin:0 0 16px}
legend{font-weight:600;margin-bottom:8px}
.choice{display:flex;gap:12px;align-items:flex-start;border:1px solid var(--line);border-radius:10px;padding:12px 14px;margin-bottom:8px;cursor:pointer}
.choice:has(input:checked){border-color:var(--accent);background:var(--accent-soft)}
.choice input{margin-top:4px;accent-color:var(--accent)}
.choice span{display:block}
.choice .sub{color:var(--muted);font-size:.9rem}
label.block{display:block;font-weight:600;margin:0 0 6px}
textarea{width:100%;min-height:96px;font:inherit;color:inherit;background:var(--bg);border:1px solid var(--line);border-radius:10px;padding:10px 12px}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:48px;padding:12px 22px;border-radius:10px;border:1px solid transparent;
font:inherit;font-weight:650;cursor:pointer;text-decoration:none;background:var(--accent);color:var(--accent-text)}
.btn:hover{filter:brightness(1.08)}
.btn.secondary{background:transparent;color:var(--text);border-color:var(--line)}
.btn.wide{width:100%}
.actions{display:flex;flex-wrap:wrap;gap:10px;margin-top:8px}
.note{font-size:.9rem;color:var(--muted);margin-top:12px}
.banner{border-radius:12px;padding:14px 16px;margin:0 0 20px;border:1px solid transparent}
.banner.ok{background:var(--ok-soft);color:var(--ok);border-color:color-mix(in srgb,var(--ok) 25%,transparent)}
.banner.warn{background:var(--warn-soft);color:var(--warn);border-color:color-mix(in srgb,var(--warn) 25%,transparent)}
.banner.bad{background:var(--bad-soft);color:var(--bad);border-color:color-mix(in srgb,var(--bad) 25%,transparent)}
.banner strong{display:block;margin-bottom:2px}
.status{display:inline-block;border-radius:999px;padding:2px 10px;font-size:.8rem;font-weight:650;background:var(--accent-soft);color:var(--accent)}
.status.ok{background:var(--ok-soft);color:var(--ok)}.status.bad{background:var(--bad-soft);color:var(--bad)}
.issue{font-size:1.15rem;white-space:pre-wrap;overflow-wrap:anywhere;margin:6px 0 18px}
dl.kv{display:grid;grid-template-columns:minmax(90px,max-content) 1fr;gap:6px 16px;margin:0}
dl.kv dt{color:var(--muted);font-weight:600}
dl.kv dd{margin:0;overflow-wrap:anywhere}
dl.kv dl.kv{padding-left:12px;border-left:2px solid var(--line)}
ol.plain,ul.plain{margin:0;padding-left:20px}
code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--bg);border:1px solid var(--line);border-radius:10px;padding:12px;margin:0}
.inbox-head{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:flex-end;gap:8px 20px;margin-bottom:18px}
.inbox-head .addr{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color:var(--muted);overflow-wrap:anywhere}
nav.tabs{display:flex;gap:6px;margin:0 0 16px;border-bottom:1px solid var(--line)}
nav.tabs a{padding:10px 14px;text-decoration:none;color:var(--muted);font-weight:600;border-bottom:2px solid transparent;margin-bottom:-1px}
nav.tabs a[aria-current=page]{color:var(--text);border-color:var(--accent)}
ul.rows{list-style:none;margin:0;padding:0;background:var(--card);border:1px solid var(--line);border-radius:var(--radius);overflow:hidden}
ul.rows li+li{border-top:1px solid var(--line)}
ul.rows a{display:grid;grid-template-columns:1fr auto;gap:2px 16px;padding:14px 18px;color:inherit;text-decoration:none}
ul.rows a:hover{background:var(--accent-soft)}
.row-from{font-weight:650;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.row-date{color:var(--muted);font-size:.85rem;white-space:nowrap}
.row-subject{grid-column:1/-1;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.row-preview{grid-column:1/-1;color:var(--muted);font-size:.92rem;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.unread .row-from::before{content:"";display:inline-block;width:8px;height:8px;border-radius:50%;background:var(--accent);margin-right:8px;vertical-align:middle}
.pill{display:inline-block;font-size:.75rem;font-weight:650;border:1px solid var(--line);border-radius:999px;padding:0 8px;margin-left:6px;color:var(--muted)}
.empty{text-align:center;color:var(--muted);padding:40px 16px}
article.msg{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);box-shadow:var(--shadow);margin:0 0 20px;overflow:hidden}
article.msg>header{padding:18px 22px;border-bottom:1px solid var(--line)}
article.msg>header h2{margin:0 0 8px;font-size:1.2rem;overflow-wrap:anywhere}
article.msg section{padding:16px 22px;border-bottom:1px solid var(--line)}
article.msg section:last-child{border-bottom:0}
article.msg section h3{margin:0 0 10px;font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
.reply{white-space:pre-wrap;overflow-wrap:anywhere;font-size:1.02rem}
.cta{display:flex;flex-wrap:wrap;gap:8px}
.cta a{word-break:break-all}
.codes{display:flex;flex-wrap:wrap;gap:8px}
.codes span{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:1.2rem;font-weight:700;background:var(--accent-soft);border-radius:8px;padding:4px 12px;letter-spacing:.08em}
ul.links{margin:0;padding-left:20px;overflow-wrap:anywhere}
ul.files{list-style:none;margin:0;padding:0;display:grid;gap:8px}
ul.files li{display:flex;justify-content:space-between;gap:12px;border:1px solid var(--line);border-radius:10px;padding:10px 12px;overflow-wrap:anywhere}
iframe.mail{display:block;width:100%;height:min(70vh,640px);min-height:320px;border:1px solid var(--line);border-radius:10px;background:#fff}
details summary{cursor:pointer;font-weight:600}
details[open] summary{margin-bottom:10px}
.pager{display:flex;justify-content:space-between;margin-top:14px}
footer.site{max-width:var(--w,760px);margin:0 auto;padding:0 20px 32px;color:var(--muted);font-size:.85rem}
@media (max-width:560px){body{font-size:15.5px}main{padding:20px 14px 40px}.card{padding:18px}h1{font-size:1.45rem}
.compare{font-size:.9rem}.compare div{padding-right:10px}article.msg>header,article.msg section{padding:14px 16px}
ul.rows a{padding:12px 14px}.actions .btn{width:100%}dl.kv{grid-template-columns:1fr}dl.kv dt{margin-top:6px}}
`.trim();

const CSS_HASH = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;

/**
 * The policy of our own pages: nothing loads but this stylesheet, data: images, frames of our
 * own origin (the sandboxed mail view), and forms posting to us (or to the payment processor's
 * hosted checkout, which a checkout form is redirected to).
 */
export function pageCsp(formTargets: readonly string[] = []): string {
  return [
    "default-src 'none'",
    `style-src ${CSS_HASH}`,
    'img-src data:',
    "frame-src 'self'",
    `form-action 'self'${formTargets.map((o) => ` ${o}`).join('')}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers of every HTML page. Pages carry a token or a key in their URL: never cache, never refer. */
export function pageHeaders(formTargets: readonly string[] = []): Record<string, string> {
  return {
    'content-security-policy': pageCsp(formTargets),
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
}

const LOGO = trusted('<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8" fill="#4338ca"/><path d="M7 11.5 16 17l9-5.5V22a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1z" fill="#fff" opacity=".9"/><path d="M8 9h16a1 1 0 0 1 .6 1.8L16 16 7.4 10.8A1 1 0 0 1 8 9z" fill="#c7d2fe"/></svg>');

export interface LayoutOptions {
  title: string;
  /** A label beside the brand, e.g. "Operator" or "Inbox". */
  section?: string;
  wide?: boolean;
}

export function layout(o: LayoutOptions, content: Html): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<meta name="color-scheme" content="light dark">
<title>${o.title} · Mailroom</title>
<style>${trusted(CSS)}</style>
</head>
<body${o.wide ? trusted(' class="wide"') : ''}>
<a class="skip" href="#main">Skip to content</a>
<header class="site"><div class="in"><span class="brand">${LOGO}<span>Mailroom</span>${o.section ? html`<small>· ${o.section}</small>` : ''}</span></div></header>
<main id="main">
${content}
</main>
<footer class="site">Mailroom gives AI agents their own email inboxes. This page was opened from a private link; do not share it.</footer>
</body>
</html>
`.value;
}

export interface PageOptions extends LayoutOptions {
  status?: number;
  formTargets?: readonly string[];
}

/** An HTML page as the operation's result (the envelope passes `raw` bodies through). */
export function page(o: PageOptions, content: Html): OperationResult {
  return {
    status: o.status ?? 200,
    raw: { body: layout(o, content), contentType: 'text/html; charset=utf-8' },
    headers: pageHeaders(o.formTargets),
  };
}

/** A page that says what went wrong and what to do next, never a stack trace. */
export function errorPage(status: number, title: string, message: string, nextStep?: string): OperationResult {
  return page({ status, title, section: 'Operator' }, html`
<div class="card" role="alert">
  <h1>${title}</h1>
  <p class="lead">${message}</p>
  ${nextStep ? html`<p>${nextStep}</p>` : ''}
</div>`);
}

export const formatDate = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Compact, for list rows: "Nov 22, 08:43" (UTC). */
export const formatShortDate = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.toISOString().slice(11, 16)}`;
};

export const formatMoney = (cents: number | null) => (cents === null ? 'Custom' : `$${(cents / 100).toFixed(cents % 100 ? 2 : 0)}`);

