/**
 * Rows of the route table for inboxes. lambdas/routes.ts assembles every slice's rows in the order
 * the API is documented in; lambdas/platform/http/route.ts says what a row is.
 */
import { schemaModules, type RouteDef } from '../platform/http/route.ts';

/** Request schemas: a function builds those of its own routes at init. */
const s = schemaModules({
  common: () => import('../platform/http/common.schemas.ts'),
  inboxes: () => import('./inboxes.schemas.ts'),
});
/** Response schemas: only what describes the API (OpenAPI) loads them. */
const res = schemaModules({
  inboxes: () => import('./inboxes.responses.ts'),
});

export const inboxesRoutes = [
  { method: 'POST', path: '/v1/inboxes', fn: 'inboxes', operationId: 'createInbox', auth: 'optional-account', tag: 'Inboxes',
    summary: 'Create an inbox (no key needed: creates a free account)',
    description: 'Without a key this creates a new free account and returns both keys. With an account key the inbox joins that account. A repeat with the same client_id returns the existing inbox (200).',
    body: s('inboxes', 'CreateInboxBody'), response: res('inboxes', 'InboxCreated'), successStatus: 201, errors: [403, 409],
    fieldErrors: { username: 'INVALID_USERNAME' } },
  { method: 'GET', path: '/v1/inboxes', fn: 'inboxes', operationId: 'listInboxes', auth: 'account', tag: 'Inboxes',
    summary: 'List the inboxes of the account', query: s('inboxes', 'ListInboxesQuery'), response: res('inboxes', 'InboxList') },
  { method: 'GET', path: '/v1/inboxes/{id}', fn: 'inboxes', operationId: 'getInbox', auth: 'inbox', tag: 'Inboxes',
    summary: 'Read an inbox', params: s('common', 'InboxParams'), response: res('inboxes', 'InboxDetail'), errors: [404] },
  { method: 'PATCH', path: '/v1/inboxes/{id}', fn: 'inboxes', operationId: 'updateInbox', auth: 'inbox', tag: 'Inboxes',
    summary: 'Change the display name', params: s('common', 'InboxParams'), body: s('inboxes', 'UpdateInboxBody'),
    response: res('inboxes', 'InboxUpdated'), errors: [404] },
  { method: 'DELETE', path: '/v1/inboxes/{id}', fn: 'inboxes', operationId: 'deleteInbox', auth: 'inbox-or-account', tag: 'Inboxes',
    summary: 'Delete an inbox (soft delete: mail to it is no longer accepted)', params: s('common', 'InboxParams'),
    response: res('inboxes', 'InboxDeleted'), errors: [404] },
  { method: 'POST', path: '/v1/inboxes/{id}/rotate-key', fn: 'inboxes', operationId: 'rotateInboxKey', auth: 'inbox-or-account', tag: 'Inboxes',
    summary: 'Issue a new inbox key (the old one is refused from the next request on)',
    description: 'With the inbox key or the account key. The new api_key is returned once (stored only as a hash); the old key answers 401 at once. view_url does not change: reissue it with POST /v1/inboxes/{id}/view-url. 409 KEY_CHANGED when another rotation of the same key won the race.',
    params: s('common', 'InboxParams'), response: res('inboxes', 'InboxKeyRotated'), errors: [404, 409] },
  { method: 'POST', path: '/v1/inboxes/{id}/view-url', fn: 'inboxes', operationId: 'reissueViewUrl', auth: 'inbox-or-account', tag: 'Inboxes',
    summary: 'Issue a new view_url (every earlier one stops opening the inbox page)',
    description: 'view_url carries a read-only view token, not a key: it opens only the inbox page, and the API refuses it. Reissuing revokes the old link at once; the inbox key is unchanged.',
    params: s('common', 'InboxParams'), response: res('inboxes', 'InboxViewUrl'), errors: [404] },
] as const satisfies readonly RouteDef[];
