import type { OperationResult } from '../../platform/http/types.ts';
import type { NotificationRecord } from '../operators.entities.ts';
import { html, safeHref, type Html } from './html.ts';
import { formatDate, page } from './layout.ts';
import { paths } from './paths.ts';

const MAX_DEPTH = 6;
const MAX_ITEMS = 100;

const humanKey = (k: string) => k.replace(/[_-]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/**
 * Any JSON, readably: objects as labelled rows, arrays as numbered lists, URLs as links that open
 * in a new tab without a referrer. Everything is escaped; depth and breadth are capped.
 */
export function renderJson(v: unknown, depth = 0): Html {
  if (v === null || v === undefined) return html`<span class="muted">none</span>`;
  if (typeof v === 'string') {
    const href = /^(https?:|mailto:)/i.test(v.trim()) ? safeHref(v) : undefined;
    return href
      ? html`<a href="${href}" rel="noopener noreferrer nofollow" target="_blank">${v}</a>`
      : html`<span class="reply">${v}</span>`;
  }
  if (typeof v === 'number' || typeof v === 'boolean') return html`<span class="mono">${String(v)}</span>`;
  if (depth >= MAX_DEPTH) return html`<pre>${JSON.stringify(v)}</pre>`;
  if (Array.isArray(v)) {
    if (!v.length) return html`<span class="muted">empty list</span>`;
    return html`<ol class="plain">${v.slice(0, MAX_ITEMS).map((x) => html`<li>${renderJson(x, depth + 1)}</li>`)}</ol>${
      v.length > MAX_ITEMS ? html`<p class="muted">…and ${v.length - MAX_ITEMS} more</p>` : ''}`;
  }
  if (typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>);
    if (!entries.length) return html`<span class="muted">nothing</span>`;
    return html`<dl class="kv">${entries.slice(0, MAX_ITEMS).map(([k, x]) => html`<dt>${humanKey(k)}</dt><dd>${renderJson(x, depth + 1)}</dd>`)}</dl>${
      entries.length > MAX_ITEMS ? html`<p class="muted">…and ${entries.length - MAX_ITEMS} more</p>` : ''}`;
  }
  return html`<span class="mono">${String(v)}</span>`;
}

function answer(n: NotificationRecord): Html {
  const approved = n.status === 'approved';
  return html`<div class="banner ${approved ? 'ok' : 'warn'}" role="status">
  <strong>${approved ? `You chose “${n.action_label}”` : 'You declined this request'}</strong>
  Answered ${formatDate(n.responded_at)}. Your agent can read your answer now.
</div>
${n.response_note ? html`<section class="card"><h2>Your note to the agent</h2><p class="reply">${n.response_note}</p></section>` : ''}`;
}

export function notificationPage(n: NotificationRecord, token: string, o: { status?: number; justAnswered?: boolean; alreadyAnswered?: boolean } = {}): OperationResult {
  const expired = Date.parse(n.expires_at) <= Date.now();
  const hasContext = n.context !== null && n.context !== undefined;
  const respond = n.status === 'pending'
    ? html`<section class="card" aria-labelledby="respond-h">
  <h2 id="respond-h">Respond</h2>
  <form method="post" action="${paths.notificationAct(n.id)}">
    <input type="hidden" name="token" value="${token}">
    <label class="block" for="note">Note for your agent <span class="muted">(optional)</span></label>
    <textarea id="note" name="note" maxlength="2000" placeholder="Anything the agent should know"></textarea>
    <div class="actions">
      <button class="btn" type="submit" name="decision" value="approved">${n.action_label}</button>
      <button class="btn secondary" type="submit" name="decision" value="declined">Decline</button>
    </div>
  </form>
  <p class="note">Your answer is sent to your agent only. The link stays valid until ${formatDate(n.expires_at)}.</p>
</section>`
    : answer(n);
  return page({ title: n.action_label, section: 'Request', status: o.status }, html`
${o.alreadyAnswered ? html`<div class="banner warn" role="alert"><strong>Already answered</strong>This request was answered before; the first answer stands.</div>` : ''}
<h1>Your agent needs your input</h1>
<p class="lead">Sent ${formatDate(n.created_at)}${expired ? ' · this link has expired' : ''}</p>
<section class="card" aria-labelledby="issue-h">
  <h2 id="issue-h">Request</h2>
  <p class="issue">${n.issue}</p>
  ${hasContext ? html`<h3>Details</h3>${renderJson(n.context)}` : ''}
</section>
${respond}`);
}
