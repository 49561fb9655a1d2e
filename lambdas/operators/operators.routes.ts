/**
 * Rows of the route table for operators: the signed links an agent hands its human, the payment
 * processor's webhook, and the pages at {site_url} those links open. lambdas/routes.ts assembles
 * every slice's rows in the order the API is documented in; lambdas/platform/http/route.ts says
 * what a row is.
 */
import { schemaModules, type RouteDef } from '../platform/http/route.ts';

/** Request schemas: a function builds those of its own routes at init. */
const s = schemaModules({
  inboxes: () => import('../inboxes/inboxes.schemas.ts'),
  operators: () => import('./operators.schemas.ts'),
});
/** Response schemas: only what describes the API (OpenAPI) loads them. */
const res = schemaModules({
  operators: () => import('./operators.responses.ts'),
});

export const operatorsRoutes = [
  // Operators: signed links an agent hands its human, and what the human answers
  { method: 'POST', path: '/v1/account/upgrade-link', fn: 'account', operationId: 'createUpgradeLink', auth: 'account', tag: 'Account',
    summary: 'A signed checkout link for your operator (7 days, single use, this account only)',
    description: 'The operator opens url in a browser, sees the plan and pays; no login. 400 when target_tier is invalid or already held.',
    body: s('operators', 'UpgradeLinkBody'), response: res('operators', 'UpgradeLinkResult'), fieldErrors: { target_tier: 'INVALID_TIER' } },
  { method: 'POST', path: '/v1/upgrade-link', fn: 'account', operationId: 'createUpgradeLinkAlias', auth: 'account', tag: 'Account',
    summary: 'Same as POST /v1/account/upgrade-link', body: s('operators', 'UpgradeLinkBody'), response: res('operators', 'UpgradeLinkResult'),
    fieldErrors: { target_tier: 'INVALID_TIER' } },
  { method: 'POST', path: '/v1/notify-operator', fn: 'account', operationId: 'notifyOperator', auth: 'account', tag: 'Account',
    summary: 'Ask your operator for something: a signed page with your issue and context, and words to relay',
    description: 'issue 1-1000 characters; context any JSON (16 KB); action_label defaults to "Review Request". At most 10 per hour per account (429 with retry_after). Read the answer with GET /v1/notifications/{id}.',
    body: s('operators', 'NotifyOperatorBody'), response: res('operators', 'OperatorNotification'), successStatus: 201 },
  { method: 'GET', path: '/v1/notifications/{id}', fn: 'account', operationId: 'getNotification', auth: 'account', tag: 'Account',
    summary: 'A notification and the operator\'s answer (pending, approved or declined, with their note)',
    params: s('operators', 'NotificationParams'), response: res('operators', 'NotificationView'), errors: [404] },
  { method: 'POST', path: '/v1/payments/webhook', fn: 'pages', operationId: 'paymentWebhook', auth: 'none', tag: 'Account',
    summary: 'Payment processor events (signed; called by the processor, not by agents)',
    description: 'Verifies the processor\'s signature over the raw body; a completed checkout upgrades the account it names.',
    response: res('operators', 'PaymentWebhookResult'), errors: [404] },

  // Pages at {site_url}: HTML for people holding a link (the token in the query is the credential)
  { method: 'GET', path: '/upgrade', fn: 'pages', operationId: 'getUpgradePage', auth: 'none', tag: 'Pages',
    summary: 'Upgrade page of an upgrade link: plan, price, what it unlocks, checkout', query: s('operators', 'TokenQuery'), contentType: 'text/html; charset=utf-8' },
  { method: 'POST', path: '/upgrade/checkout', fn: 'pages', operationId: 'postUpgradeCheckout', auth: 'none', tag: 'Pages',
    summary: 'Checkout form post (token, payment_method): sandbox pays in place, a processor redirects to its hosted checkout',
    contentType: 'text/html; charset=utf-8' },
  { method: 'GET', path: '/upgrade/complete', fn: 'pages', operationId: 'getUpgradeComplete', auth: 'none', tag: 'Pages',
    summary: 'Return page after the hosted checkout', query: s('operators', 'CheckoutCompleteQuery'), contentType: 'text/html; charset=utf-8' },
  { method: 'GET', path: '/notify/{notificationId}', fn: 'pages', operationId: 'getNotificationPage', auth: 'none', tag: 'Pages',
    summary: 'Notification page: the issue, its context, and the operator\'s answer form', params: s('operators', 'NotificationPageParams'),
    query: s('operators', 'TokenQuery'), contentType: 'text/html; charset=utf-8' },
  { method: 'POST', path: '/notify/{notificationId}/act', fn: 'pages', operationId: 'postNotificationAct', auth: 'none', tag: 'Pages',
    summary: 'Form post (token, decision, note): records the operator\'s answer once', params: s('operators', 'NotificationPageParams'),
    contentType: 'text/html; charset=utf-8' },
  { method: 'GET', path: '/inbox/{id}', fn: 'pages', operationId: 'getInboxPage', auth: 'none', tag: 'Pages',
    summary: 'Inbox view (view_url): messages and conversations, newest first; opened by the view token, never by a key', params: s('operators', 'InboxPageParams'),
    query: s('inboxes', 'InboxViewQuery'), contentType: 'text/html; charset=utf-8' },
  { method: 'GET', path: '/inbox/{id}/messages/{msgId}/html', fn: 'pages', operationId: 'getMessageHtml', auth: 'none', tag: 'Pages',
    summary: 'Sanitized HTML of a message for the sandboxed frame of the inbox view', params: s('operators', 'MessagePageParams'),
    query: s('inboxes', 'ViewTokenQuery'), contentType: 'text/html; charset=utf-8' },
  { method: 'GET', path: '/inbox/{id}/messages/{msgId}/attachments/{attachId}', fn: 'pages', operationId: 'getAttachmentRedirect', auth: 'none',
    tag: 'Pages', summary: 'Attachment download from the inbox view (redirects to a presigned URL)', params: s('operators', 'AttachmentPageParams'),
    query: s('inboxes', 'ViewTokenQuery'), contentType: 'application/octet-stream' },
] as const satisfies readonly RouteDef[];
