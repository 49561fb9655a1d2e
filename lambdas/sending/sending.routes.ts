/**
 * Rows of the route table for drafts and sending. lambdas/routes.ts assembles every slice's rows in
 * the order the API is documented in; lambdas/platform/http/route.ts says what a row is.
 */
import { schemaModules, type RouteDef } from '../platform/http/route.ts';
import { MAX_ATTACHMENT_REQUEST_BODY_BYTES } from '../platform/payload-limits.ts';

/** Request schemas: a function builds those of its own routes at init. */
const s = schemaModules({
  common: () => import('../platform/http/common.schemas.ts'),
  drafts: () => import('./drafts.schemas.ts'),
  sending: () => import('./sending.schemas.ts'),
});
/** Response schemas: only what describes the API (OpenAPI) loads them. */
const res = schemaModules({
  drafts: () => import('./drafts.responses.ts'),
});

export const sendingRoutes = [
  { method: 'POST', path: '/v1/inboxes/{id}/drafts', fn: 'drafts', operationId: 'createDraft', auth: 'inbox', tag: 'Drafts',
    summary: 'Write a draft (all tiers); with send_at it is sent automatically then (paid tiers)', params: s('common', 'InboxParams'),
    body: s('drafts', 'CreateDraftBody'), response: res('drafts', 'Draft'), successStatus: 201, errors: [402, 403, 404, 501] },
  { method: 'GET', path: '/v1/inboxes/{id}/drafts', fn: 'drafts', operationId: 'listDrafts', auth: 'inbox', tag: 'Drafts',
    summary: 'List drafts, newest first', params: s('common', 'InboxParams'), query: s('drafts', 'ListDraftsQuery'), response: res('drafts', 'DraftList'), errors: [404] },
  { method: 'GET', path: '/v1/inboxes/{id}/drafts/{draftId}', fn: 'drafts', operationId: 'getDraft', auth: 'inbox', tag: 'Drafts',
    summary: 'Read a draft', params: s('drafts', 'DraftParams'), response: res('drafts', 'Draft'), errors: [404] },
  { method: 'PATCH', path: '/v1/inboxes/{id}/drafts/{draftId}', fn: 'drafts', operationId: 'updateDraft', auth: 'inbox', tag: 'Drafts',
    summary: 'Change given fields; send_at moves the schedule, send_at null unschedules; labels replaces', params: s('drafts', 'DraftParams'),
    body: s('drafts', 'UpdateDraftBody'), response: res('drafts', 'Draft'), errors: [402, 403, 404, 409, 501] },
  { method: 'DELETE', path: '/v1/inboxes/{id}/drafts/{draftId}', fn: 'drafts', operationId: 'deleteDraft', auth: 'inbox', tag: 'Drafts',
    summary: 'Discard a draft, cancelling its scheduled send', params: s('drafts', 'DraftParams'), response: res('drafts', 'DraftDeleted'), errors: [404, 409] },
  { method: 'POST', path: '/v1/inboxes/{id}/drafts/{draftId}/send', fn: 'drafts', operationId: 'sendDraft', auth: 'inbox', tag: 'Drafts',
    summary: 'Send a draft now (or at its future send_at); it becomes a message', params: s('drafts', 'DraftParams'),
    response: res('drafts', 'SendResult'), errors: [402, 404, 409, 501, 502] },
  { method: 'POST', path: '/v1/inboxes/{id}/send', fn: 'sending', operationId: 'sendMessage', auth: 'inbox-or-account', tag: 'Drafts',
    summary: 'Send an email now (paid tiers); client_id makes it idempotent', params: s('common', 'InboxParams'), body: s('sending', 'SendBody'),
    response: res('drafts', 'SendResult'), successStatus: 201, errors: [402, 404, 409, 501, 502], maxBodyBytes: MAX_ATTACHMENT_REQUEST_BODY_BYTES },
  { method: 'POST', path: '/v1/messages/{id}/reply', fn: 'sending', operationId: 'replyToMessage', auth: 'any', tag: 'Drafts',
    summary: 'Reply in the same thread (Re: subject, In-Reply-To/References); reply_all adds the other recipients', params: s('sending', 'MessageIdParams'),
    body: s('sending', 'ReplyBody'), response: res('drafts', 'SendResult'), successStatus: 201, errors: [402, 404, 409, 501, 502] },
] as const satisfies readonly RouteDef[];
