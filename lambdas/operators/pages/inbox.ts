import type { OperationResult } from '../../platform/http/types.ts';
import type { InboxRecord } from '../../inboxes/inboxes.entities.ts';
import type { MessageRecord, ThreadRecord } from '../../messages/messages.entities.ts';
import { html, safeHref, type Html } from './html.ts';
import { formatBytes } from '../../platform/payload-limits.ts';
import { formatDate, formatShortDate, page } from './layout.ts';
import { paths } from './paths.ts';

/**
 * The inbox as a person reads it (view_url). Read-only: nothing here marks mail read or changes
 * anything. Message text is escaped; inbound HTML appears only in a sandboxed iframe loading the
 * sanitizing endpoint, whose document has its own CSP. Every link to the outside opens in a new
 * tab without a referrer (the page URL carries the inbox's view token).
 */
export const PAGE_SIZE = 50;

const EXTERNAL = { rel: 'noopener noreferrer nofollow', target: '_blank' } as const;

function extLink(url: string, text?: string): Html {
  const href = safeHref(url);
  if (!href || href.startsWith('/')) return html`<span class="mono">${url}</span>`;
  return html`<a href="${href}" rel="${EXTERNAL.rel}" target="${EXTERNAL.target}">${text || url}</a>`;
}

const sender = (m: MessageRecord) => (m.from_name ? `${m.from_name} <${m.from}>` : m.from);
const preview = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, 160);

interface Cta { url: string; text: string; type?: string }
function ctaOf(c: unknown): Cta | undefined {
  if (typeof c === 'string') return { url: c, text: c };
  if (c && typeof c === 'object' && typeof (c as { url?: unknown }).url === 'string') {
    const o = c as { url: string; text?: unknown; type?: unknown };
    return { url: o.url, text: typeof o.text === 'string' && o.text.trim() ? o.text : o.url, ...(typeof o.type === 'string' ? { type: o.type } : {}) };
  }
  return undefined;
}

function codeOf(c: unknown): string | undefined {
  if (typeof c === 'string') return c;
  if (c && typeof c === 'object' && typeof (c as { code?: unknown }).code === 'string') return (c as { code: string }).code;
  return undefined;
}

function header(inbox: InboxRecord, token: string, tab: 'messages' | 'threads' | undefined): Html {
  return html`<div class="inbox-head">
  <div><h1>${inbox.display_name ?? inbox.username}</h1><div class="addr">${inbox.address}</div></div>
  <div class="muted">${inbox.message_count} message${inbox.message_count === 1 ? '' : 's'} · ${inbox.thread_count} conversation${inbox.thread_count === 1 ? '' : 's'}</div>
</div>
<nav class="tabs" aria-label="Inbox views">
  <a href="${paths.inbox(inbox.id, token)}"${tab === 'messages' ? html` aria-current="page"` : ''}>Messages</a>
  <a href="${paths.inbox(inbox.id, token, { view: 'threads' })}"${tab === 'threads' ? html` aria-current="page"` : ''}>Conversations</a>
</nav>`;
}

const inboxPage = (inbox: InboxRecord, title: string, body: Html): OperationResult =>
  page({ title: `${title} · ${inbox.address}`, section: 'Inbox', wide: true }, body);

export function messageListPage(inbox: InboxRecord, token: string, messages: MessageRecord[], total: number, offset: number): OperationResult {
  const rows = messages.length
    ? html`<ul class="rows" aria-label="Messages, newest first">${messages.map((m) => html`<li${m.read ? '' : html` class="unread"`}>
  <a href="${paths.inbox(inbox.id, token, { message: m.id })}">
    <span class="row-from" title="${m.direction === 'outbound' ? m.to.join(', ') : m.from}">${m.direction === 'outbound' ? `To ${m.to.join(', ')}` : m.from_name || m.from}${m.read ? '' : html`<span class="sr-only"> (unread)</span>`}</span>
    <span class="row-date"><time datetime="${m.received_at}" title="${formatDate(m.received_at)}">${formatShortDate(m.received_at)}</time></span>
    <span class="row-subject">${m.subject || '(no subject)'}${m.attachments.length ? html`<span class="pill">${m.attachments.length} attachment${m.attachments.length === 1 ? '' : 's'}</span>` : ''}${m.direction === 'outbound' ? html`<span class="pill">sent</span>` : ''}</span>
    <span class="row-preview">${preview(m.reply_body || m.body_text)}</span>
  </a></li>`)}</ul>`
    : html`<div class="card empty">No mail yet. Messages sent to <span class="mono">${inbox.address}</span> appear here.</div>`;
  const pager = total > PAGE_SIZE ? html`<nav class="pager" aria-label="Pages">
  ${offset > 0 ? html`<a href="${paths.inbox(inbox.id, token, { offset: Math.max(0, offset - PAGE_SIZE) })}">← Newer</a>` : html`<span></span>`}
  <span class="muted">${offset + 1}–${Math.min(total, offset + PAGE_SIZE)} of ${total}</span>
  ${offset + PAGE_SIZE < total ? html`<a href="${paths.inbox(inbox.id, token, { offset: offset + PAGE_SIZE })}">Older →</a>` : html`<span></span>`}
</nav>` : '';
  return inboxPage(inbox, 'Messages', html`${header(inbox, token, 'messages')}${rows}${pager}`);
}

export function threadListPage(inbox: InboxRecord, token: string, threads: ThreadRecord[]): OperationResult {
  const rows = threads.length
    ? html`<ul class="rows" aria-label="Conversations, most recent first">${threads.map((t) => html`<li${t.unread_count > 0 ? html` class="unread"` : ''}>
  <a href="${paths.inbox(inbox.id, token, { thread: t.id })}">
    <span class="row-from">${t.participants.filter((p) => p !== inbox.address).join(', ') || inbox.address}</span>
    <span class="row-date"><time datetime="${t.updated_at}" title="${formatDate(t.updated_at)}">${formatShortDate(t.updated_at)}</time></span>
    <span class="row-subject">${t.subject || '(no subject)'}<span class="pill">${t.message_count}</span>${t.labels.map((l) => html`<span class="pill">${l}</span>`)}</span>
    <span class="row-preview">${preview(t.latest_message.preview)}</span>
  </a></li>`)}</ul>`
    : html`<div class="card empty">No conversations yet.</div>`;
  return inboxPage(inbox, 'Conversations', html`${header(inbox, token, 'threads')}${rows}`);
}

/** One message, readable: reply text, codes, calls to action, links, attachments, the sandboxed HTML. */
export function messageCard(inbox: InboxRecord, token: string, m: MessageRecord, o: { htmlOpen: boolean }): Html {
  const ctas = m.cta_links.map(ctaOf).filter((c): c is Cta => !!c);
  const codes = m.verification_codes.map(codeOf).filter((c): c is string => !!c);
  const reply = m.reply_body?.trim() ? m.reply_body : m.body_text;
  const hid = `m-${m.id}`;
  return html`<article class="msg" aria-labelledby="${hid}">
  <header>
    <h2 id="${hid}">${m.subject || '(no subject)'}</h2>
    <dl class="kv">
      <dt>From</dt><dd>${sender(m)}</dd>
      <dt>To</dt><dd>${m.to.join(', ')}</dd>
      ${m.cc.length ? html`<dt>Cc</dt><dd>${m.cc.join(', ')}</dd>` : ''}
      <dt>${m.direction === 'outbound' ? 'Sent' : 'Received'}</dt><dd>${formatDate(m.received_at)}${m.spam_score >= 5 ? html` <span class="status bad">likely spam</span>` : ''}</dd>
    </dl>
  </header>
  <section aria-label="Reply text"><h3>${m.reply_body?.trim() && m.reply_body.trim() !== m.body_text.trim() ? 'Reply (quoted history removed)' : 'Text'}</h3>
    ${reply?.trim() ? html`<div class="reply">${reply}</div>` : html`<p class="muted">This message has no plain text.</p>`}
  </section>
  ${codes.length ? html`<section aria-label="Verification codes"><h3>Verification codes</h3><div class="codes">${codes.map((c) => html`<span>${c}</span>`)}</div></section>` : ''}
  ${ctas.length ? html`<section aria-label="Calls to action"><h3>Calls to action</h3><div class="cta">${ctas.map((c) => {
    const href = safeHref(c.url);
    return href && !href.startsWith('/')
      ? html`<a class="btn secondary" href="${href}" rel="${EXTERNAL.rel}" target="${EXTERNAL.target}">${c.text}${c.type ? html` <span class="pill">${c.type}</span>` : ''}</a>`
      : html`<span class="mono">${c.url}</span>`;
  })}</div></section>` : ''}
  ${m.links.length ? html`<section aria-label="Links"><h3>Links (${m.links.length})</h3><ul class="links">${m.links.map((l) => html`<li>${extLink(l)}</li>`)}</ul></section>` : ''}
  ${m.attachments.length ? html`<section aria-label="Attachments"><h3>Attachments</h3><ul class="files">${m.attachments.map((a) => html`<li>
    <a href="${paths.attachment(inbox.id, m.id, a.id, token)}" rel="noreferrer" download>${a.filename}</a>
    <span class="muted">${a.content_type} · ${formatBytes(a.size)}</span></li>`)}</ul></section>` : ''}
  ${m.body_html ? html`<section aria-label="Original HTML"><details${o.htmlOpen ? html` open` : ''}><summary>Original formatting (sandboxed: no scripts, no remote content)</summary>
    <iframe class="mail" sandbox="" src="${paths.messageHtml(inbox.id, m.id, token)}" title="Original formatting of “${m.subject || 'this message'}”, sandboxed" referrerpolicy="no-referrer"${o.htmlOpen ? '' : html` loading="lazy"`}></iframe>
  </details></section>` : ''}
  ${m.reply_body?.trim() && m.reply_body.trim() !== m.body_text.trim() ? html`<section aria-label="Full text"><details><summary>Full text with quoted history</summary><pre>${m.body_text}</pre></details></section>` : ''}
</article>`;
}

export function messagePage(inbox: InboxRecord, token: string, m: MessageRecord): OperationResult {
  return inboxPage(inbox, m.subject || 'Message', html`${header(inbox, token, undefined)}
<p><a href="${paths.inbox(inbox.id, token)}">← All messages</a> · <a href="${paths.inbox(inbox.id, token, { thread: m.thread_id })}">Whole conversation</a></p>
${messageCard(inbox, token, m, { htmlOpen: true })}`);
}

export function threadPage(inbox: InboxRecord, token: string, t: ThreadRecord, messages: MessageRecord[]): OperationResult {
  return inboxPage(inbox, t.subject || 'Conversation', html`${header(inbox, token, undefined)}
<p><a href="${paths.inbox(inbox.id, token, { view: 'threads' })}">← All conversations</a></p>
<h2>${t.subject || '(no subject)'} <span class="pill">${t.message_count} message${t.message_count === 1 ? '' : 's'}</span></h2>
<p class="muted">${t.participants.join(', ')} · newest first</p>
${messages.map((m, i) => messageCard(inbox, token, m, { htmlOpen: i === 0 }))}`);
}
