/**
 * The pages function's operations: HTML for people who hold a link (operators), plus the payment
 * processor's webhook. The token in the link is the credential; each operation checks it
 * and answers a readable page for every failure.
 */
import type { HttpRequest, Operation, OperationResult } from '../../platform/http/types.ts';
import { DomainError } from '../../platform/errors.ts';
import { STATUS_OF_KIND } from '../../platform/http/error-status.ts';
import { isId } from '../../platform/ids.ts';
import { paymentProvider } from '../payments/index.ts';
import { ListMessagesQuery } from '../../messages/messages.schemas.ts';
import { ListThreadsQuery } from '../../messages/threads.schemas.ts';
import * as messages from '../../messages/messages.ts';
import * as threads from '../../messages/threads.ts';
import * as ops from '../operators.ts';
import { messageListPage, messagePage, PAGE_SIZE, threadListPage, threadPage } from './inbox.ts';
import { errorPage, pageHeaders } from './layout.ts';
import { crossSiteProblem, formFields } from './forms.ts';
import { notificationPage } from './notification.ts';
import { alreadyOnPage, checkoutPendingPage, linkProblemPage, upgradedPage, upgradePage } from './upgrade.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

const forbiddenForm = (why: string) => errorPage(403, 'This form cannot be accepted', why, 'Open the link your agent gave you and submit the form from that page.');

// Upgrade ------------------------------------------------------------------------------------

const getUpgradePage: Operation = async (req) => {
  const token = str(req.query.token);
  const state = await ops.loadUpgrade(token);
  switch (state.kind) {
    case 'invalid': return linkProblemPage(state.problem, 'upgrade');
    case 'used': case 'busy': case 'account_gone': return linkProblemPage(state.kind, 'upgrade');
    case 'already_on': return alreadyOnPage(state.account, state.target);
    case 'ready': return upgradePage({ provider: paymentProvider, account: state.account, target: state.target, token: token! });
  }
};

const postUpgradeCheckout: Operation = async (req) => {
  const cross = crossSiteProblem(req);
  if (cross) return forbiddenForm(cross);
  const form = formFields(req);
  const token = form.token;
  const out = await ops.checkoutUpgrade(token, form.payment_method);
  switch (out.kind) {
    case 'invalid': return linkProblemPage(out.problem, 'upgrade');
    case 'used': case 'busy': case 'account_gone': return linkProblemPage(out.kind, 'upgrade');
    case 'already_on': return alreadyOnPage(out.account, out.target);
    case 'redirect':
      return { status: 303, raw: { body: '', contentType: 'text/plain; charset=utf-8' }, headers: { ...pageHeaders(paymentProvider.checkoutOrigins), location: out.url } };
    case 'upgraded': return upgradedPage(out.account, out.target, out.fromTier);
    case 'declined':
      return upgradePage({ provider: paymentProvider, account: out.account, target: out.target, token: token!, status: 402, chosen: form.payment_method,
        banner: { kind: 'bad', title: 'Payment declined', text: `${out.message} Nothing was charged and the plan did not change. Try another payment method; this link still works.` } });
    case 'invalid_payment_method':
      return upgradePage({ provider: paymentProvider, account: out.account, target: out.target, token: token!, status: 400,
        banner: { kind: 'warn', title: 'Choose a payment method', text: out.message } });
    case 'not_sold_online':
      return errorPage(400, 'Not sold online', 'This plan has custom pricing and cannot be bought through checkout.', 'Contact sales to arrange it.');
  }
};

/** Where the hosted checkout sends the operator back; the webhook does the upgrade. */
const getUpgradeComplete: Operation = async (req) => {
  const token = str(req.query.token);
  const state = await ops.checkoutReturn(token);
  switch (state.kind) {
    case 'invalid': return linkProblemPage(state.problem, 'upgrade');
    case 'used': case 'busy': case 'account_gone': return linkProblemPage(state.kind, 'upgrade');
    case 'already_on': return upgradedPage(state.account, state.target);
    case 'ready': return checkoutPendingPage(state.account, state.target, token!);
  }
};

const paymentWebhook: Operation = async (req) => {
  const { outcome, note } = await ops.handlePaymentWebhook(req.rawBody ?? '', req.headers['stripe-signature']);
  return { result: { received: true, outcome }, nextSteps: note ? [note] : [] };
};

// Notifications --------------------------------------------------------------------------------

const getNotificationPage: Operation = async (req) => {
  const state = await ops.loadNotification(String(req.params.notificationId), str(req.query.token));
  if (state.kind === 'invalid') return linkProblemPage(state.problem, 'notification');
  if (state.kind === 'not_found') return linkProblemPage('not_found', 'notification');
  return notificationPage(state.notification, state.token);
};

const postNotificationAct: Operation = async (req) => {
  const cross = crossSiteProblem(req);
  if (cross) return forbiddenForm(cross);
  const form = formFields(req);
  const decision = form.decision === 'approved' || form.decision === 'declined' ? form.decision : undefined;
  const id = String(req.params.notificationId);
  if (!decision) {
    const state = await ops.loadNotification(id, form.token);
    if (state.kind !== 'ok') return state.kind === 'invalid' ? linkProblemPage(state.problem, 'notification') : linkProblemPage('not_found', 'notification');
    return errorPage(400, 'Choose an answer', 'Use one of the two buttons to answer the request.', 'Go back and try again.');
  }
  const note = form.note?.trim() ? form.note.trim().slice(0, 2000) : null;
  const out = await ops.respondToNotification(id, form.token, decision, note);
  switch (out.kind) {
    case 'invalid': return linkProblemPage(out.problem, 'notification');
    case 'not_found': return linkProblemPage('not_found', 'notification');
    case 'already_answered': return notificationPage(out.notification, form.token!, { status: 409, alreadyAnswered: true });
    case 'ok': return notificationPage(out.notification, out.token, { justAnswered: true });
  }
};

// Inbox view -----------------------------------------------------------------------------------

async function openInbox(req: HttpRequest) {
  const id = String(req.params.id);
  if (!isId('inbox', id)) return { page: errorPage(404, 'Inbox not found', 'There is no inbox at this address.', 'Check the link you were given.') };
  const access = await ops.inboxForViewToken(id, str(req.query.token), str(req.query.key));
  if (!access.ok) {
    return { page: errorPage(STATUS_OF_KIND[access.kind], access.kind === 'unauthenticated' ? 'This link cannot open the inbox' : 'Inbox not found', access.problem,
      'Ask your agent for the inbox\'s current view link (view_url).') };
  }
  return { inbox: access.inbox, token: str(req.query.token)! };
}

/** The conversations the thread view shows: the most recent page of them, as the API pages. */
const THREAD_LIST_LIMIT = 100;

/** A use case's not-found (MESSAGE_NOT_FOUND, THREAD_NOT_FOUND, …) becomes undefined: the page says it its own way. */
async function unlessNotFound<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (e) {
    if (e instanceof DomainError && e.kind === 'not_found') return undefined;
    throw e;
  }
}

const messageMissing = () => errorPage(404, 'Message not found', 'This inbox has no such message.', 'Go back to the inbox and pick another message.');

const getInboxPage: Operation = async (req) => {
  const o = await openInbox(req);
  if (!o.inbox) return o.page;
  const { inbox, token } = o;
  const q = req.query as { view?: string; thread?: string; message?: string; offset?: number };
  if (q.message) {
    const m = isId('message', q.message) ? await unlessNotFound(messages.getMessage(inbox.id, q.message)) : undefined;
    return m && m.inbox_id === inbox.id ? messagePage(inbox, token, m) : messageMissing();
  }
  if (q.thread) {
    const t = isId('thread', q.thread) ? await unlessNotFound(threads.getThread(inbox.id, q.thread)) : undefined;
    if (!t) return errorPage(404, 'Conversation not found', 'This inbox has no such conversation.', 'Go back to the inbox.');
    return threadPage(inbox, token, t.thread, [...t.messages].reverse());
  }
  if (q.view === 'threads') {
    const page = await threads.listInboxThreads(inbox, ListThreadsQuery.parse({ limit: THREAD_LIST_LIMIT }));
    return threadListPage(inbox, token, page.threads);
  }
  const listPage = (offset: number) => messages.listMessages(inbox, ListMessagesQuery.parse({ limit: PAGE_SIZE, offset, sort: 'desc' }));
  let page = await listPage(q.offset ?? 0);
  // An offset past the end shows the last message's page, as a pager link to a shrunk inbox expects.
  if (!page.messages.length && page.offset > 0 && page.total > 0) page = await listPage(page.total - 1);
  return messageListPage(inbox, token, page.messages, page.total, page.offset);
};

/** The iframe's document: sanitized inbound HTML under a CSP of its own (sandbox, nothing loads). */
const getMessageHtml: Operation = async (req) => {
  const o = await openInbox(req);
  if (!o.inbox) return o.page;
  const msgId = String(req.params.msgId);
  const m = isId('message', msgId) ? await unlessNotFound(messages.getMessage(o.inbox.id, msgId)) : undefined;
  if (!m || !m.body_html) return messageMissing();
  // The sanitizer (sanitize-html with its parser and postcss, ~230 KB) is a chunk of its own,
  // loaded by the first mail HTML view: the other pages' cold starts do not carry it.
  const { MAIL_HTML_CSP, mailHtmlDocument } = await import('./sanitize.ts');
  return {
    raw: { body: mailHtmlDocument(m.body_html, m.subject), contentType: 'text/html; charset=utf-8' },
    headers: {
      'content-security-policy': MAIL_HTML_CSP,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
      'cross-origin-resource-policy': 'same-origin',
    },
  };
};

/** Attachment download for the person reading the inbox: a fresh presigned URL (1 hour). */
const getAttachmentRedirect: Operation = async (req) => {
  const o = await openInbox(req);
  if (!o.inbox) return o.page;
  const msgId = String(req.params.msgId);
  const download = isId('message', msgId) ? await unlessNotFound(messages.attachmentDownload(o.inbox.id, msgId, String(req.params.attachId))) : undefined;
  if (!download) return errorPage(404, 'Attachment not found', 'This message has no such attachment.', 'Go back to the message.');
  return { status: 302, raw: { body: '', contentType: 'text/plain; charset=utf-8' }, headers: { ...pageHeaders(), location: download.url } };
};

export const pageOperations = {
  getUpgradePage, postUpgradeCheckout, getUpgradeComplete, paymentWebhook,
  getNotificationPage, postNotificationAct,
  getInboxPage, getMessageHtml, getAttachmentRedirect,
};

/** An error envelope (from the pipeline: rate limit, validation, a crash) as a page, for browsers. */
export function envelopeAsPage(status: number, body: string | undefined): OperationResult {
  let error = 'ERROR';
  let message = 'Something went wrong.';
  try {
    const parsed = JSON.parse(body ?? '{}') as { error?: string; message?: string };
    error = parsed.error ?? error;
    message = parsed.message ?? message;
  } catch { /* keep the defaults */ }
  if (status >= 500) return errorPage(status, 'Something went wrong on our side', 'Nothing was charged or changed. Please try again in a minute.');
  if (status === 429) return errorPage(429, 'Too many requests', message, 'Wait a minute, then reload the page.');
  return errorPage(status, status === 404 ? 'Page not found' : 'This request cannot be answered', message, `Code: ${error}.`);
}
