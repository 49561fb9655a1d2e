/**
 * The route table: the one source for the HTTP API. The CDK api construct creates a route per
 * entry pointing at `fn`; the local API server matches requests against the same entries; the
 * OpenAPI document and llms*.txt are generated from them.
 */
import type * as z from 'zod/mini';
import type { FunctionName } from './functions.ts';

/**
 * The schema modules, loaded when a route's schemas are first needed. A request's (params, query,
 * body) are what an HTTP function validates with: it builds those of its own routes at init and
 * nothing else. A response's schemas only describe the API (OpenAPI, the SDK, tests), so no
 * function builds them to answer a request: building the response views was three fifths of the
 * zod work of an init (docs/decisions.md, "Schemas and cold start").
 */
const requestModules = {
  common: () => import('./platform/http/common.schemas.ts'),
  account: () => import('./accounts/account.schemas.ts'),
  domains: () => import('./domains/domains.schemas.ts'),
  drafts: () => import('./sending/drafts.schemas.ts'),
  inboxes: () => import('./inboxes/inboxes.schemas.ts'),
  lists: () => import('./messages/lists.schemas.ts'),
  messages: () => import('./messages/messages.schemas.ts'),
  operators: () => import('./operators/operators.schemas.ts'),
  sending: () => import('./sending/sending.schemas.ts'),
  threads: () => import('./messages/threads.schemas.ts'),
  webhooks: () => import('./events/webhooks.schemas.ts'),
};
const responseModules = {
  account: () => import('./accounts/account.responses.ts'),
  domains: () => import('./domains/domains.responses.ts'),
  drafts: () => import('./sending/drafts.responses.ts'),
  inboxes: () => import('./inboxes/inboxes.responses.ts'),
  lists: () => import('./messages/lists.responses.ts'),
  messages: () => import('./messages/messages.responses.ts'),
  operators: () => import('./operators/operators.responses.ts'),
  stream: () => import('./events/stream.responses.ts'),
  threads: () => import('./messages/threads.responses.ts'),
  webhooks: () => import('./events/webhooks.responses.ts'),
};
type Loaded<T extends Record<string, () => Promise<unknown>>> = { [M in keyof T]: Awaited<ReturnType<T[M]>> };
type SchemaName<Mods, M extends keyof Mods> = {
  [K in keyof Mods[M]]: Mods[M][K] extends z.ZodMiniType ? K : never;
}[keyof Mods[M]] & string;
type RequestModules = Loaded<typeof requestModules>;
type ResponseModules = Loaded<typeof responseModules>;

/** A zod schema of the route table, by module and export name (checked by the compiler). */
export interface SchemaRef { module: string; name: string }
/** A request schema: lambdas/schemas/<module>.ts. */
const s = <M extends keyof RequestModules>(module: M, name: SchemaName<RequestModules, M>): SchemaRef => ({ module, name });
/** A response schema: lambdas/schemas/responses/<module>.ts. */
const res = <M extends keyof ResponseModules>(module: M, name: SchemaName<ResponseModules, M>): SchemaRef => ({ module, name });

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * none: no key is read. optional-account: an account key when given, else anonymous.
 * account: an account key. inbox: the inbox key of the `{id}` inbox.
 * inbox-or-account: that inbox key, or the key of the account owning the inbox.
 * any: any valid key (account or inbox).
 */
export type AuthMode = 'none' | 'optional-account' | 'account' | 'inbox' | 'inbox-or-account' | 'any';

export interface RouteDef {
  method: HttpMethod;
  path: string;
  fn: FunctionName;
  operationId: string;
  auth: AuthMode;
  summary: string;
  description?: string;
  tag: string;
  params?: SchemaRef;
  query?: SchemaRef;
  body?: SchemaRef;
  response?: SchemaRef;
  successStatus?: number;
  /** Error statuses this route can answer besides 400/401/429/500. */
  errors?: number[];
  /** Field-specific error codes, e.g. username → INVALID_USERNAME. */
  fieldErrors?: Record<string, string>;
  /** Raw (non-envelope) responses such as openapi.json. */
  contentType?: string;
  /** Request body cap; default MAX_REQUEST_BODY_BYTES. */
  maxBodyBytes?: number;
}

export const routes: readonly RouteDef[] = [
  // Discovery
  { method: 'GET', path: '/openapi.json', fn: 'discovery', operationId: 'getOpenApi', auth: 'none', tag: 'Discovery',
    summary: 'OpenAPI 3.0 description of this API', contentType: 'application/json' },
  { method: 'GET', path: '/llms.txt', fn: 'discovery', operationId: 'getLlmsTxt', auth: 'none', tag: 'Discovery',
    summary: 'Compact plain-text guide for agents', contentType: 'text/plain; charset=utf-8' },
  { method: 'GET', path: '/llms-full.txt', fn: 'discovery', operationId: 'getLlmsFullTxt', auth: 'none', tag: 'Discovery',
    summary: 'Full plain-text reference for agents', contentType: 'text/plain; charset=utf-8' },
  { method: 'GET', path: '/SKILL.md', fn: 'discovery', operationId: 'getSkillMd', auth: 'none', tag: 'Discovery',
    summary: 'Skill file for agents (skill_version, api_version, last_updated, changelog_url)', contentType: 'text/markdown; charset=utf-8' },

  // MCP: the same use cases as tools (lambdas/mcp/tools.ts); JSON-RPC, not the envelope
  { method: 'POST', path: '/mcp', fn: 'mcp', operationId: 'mcp', auth: 'none', tag: 'MCP',
    summary: 'Hosted MCP server: Streamable HTTP, stateless, JSON responses (GET answers 405)',
    description: 'Connect an MCP client to {api_url}/mcp with Authorization: Bearer <key> (create_inbox works without one). Each tool runs the same use case, validation and errors as its REST route; a REST error comes back as a tool error carrying its error code and next_steps. Mail content in results sits inside an <untrusted-mail-content> block.',
    contentType: 'application/json' },

  // Inboxes
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

  // Custom domains (paid tiers)
  { method: 'POST', path: '/v1/domains', fn: 'domains', operationId: 'createDomain', auth: 'account', tag: 'Domains',
    summary: 'Add a custom domain: DNS records to publish',
    description: 'A pending claim: answers the records, first the claim\'s own ownership TXT token (_mailroom-challenge), then MX (receiving), SPF (sending), MAIL FROM MX and TXT, a DMARC suggestion; the three Easy DKIM CNAMEs follow once the token is found (verify). Paid tiers (free: 402 DOMAIN_REQUIRES_PAID); at most the tier\'s max_custom_domains (403 DOMAIN_LIMIT_EXCEEDED). Pending claims of other accounts do not block a name, and expire after 72 hours; a name another account has proven is 409 DOMAIN_TAKEN, one with an SES identity Mailroom did not create 409 DOMAIN_IDENTITY_EXISTS. Publish the records, then POST /v1/domains/{id}/verify.',
    body: s('domains', 'CreateDomainBody'), response: res('domains', 'Domain'), successStatus: 201, errors: [402, 403, 409], fieldErrors: { domain: 'INVALID_DOMAIN' } },
  { method: 'GET', path: '/v1/domains', fn: 'domains', operationId: 'listDomains', auth: 'account', tag: 'Domains',
    summary: 'List custom domains', query: s('domains', 'ListDomainsQuery'), response: res('domains', 'DomainList') },
  { method: 'GET', path: '/v1/domains/{id}', fn: 'domains', operationId: 'getDomain', auth: 'account', tag: 'Domains',
    summary: 'One custom domain', description: 'The domain with its records and the status of each at the last check.', params: s('domains', 'DomainParams'), response: res('domains', 'Domain'), errors: [404] },
  { method: 'POST', path: '/v1/domains/{id}/verify', fn: 'domains', operationId: 'verifyDomain', auth: 'account', tag: 'Domains',
    summary: 'Check its DNS records',
    description: 'Looks up every record in DNS and reads the SES identity. Once the ownership TXT token is found the claim holds the name (the first account to prove it wins; a later one gets 409 DOMAIN_TAKEN), its SES identity is created and its DKIM CNAMEs are listed; the domain is verified when the ownership, receiving and sending records hold and SES has verified the identity. Each record gets status verified or failed, with detail saying what DNS answered. An unproven claim past expires_at is 409 DOMAIN_CLAIM_EXPIRED. The first time a domain is verified, domain.verified is emitted.',
    params: s('domains', 'DomainParams'), response: res('domains', 'Domain'), errors: [404, 409] },
  { method: 'DELETE', path: '/v1/domains/{id}', fn: 'domains', operationId: 'deleteDomain', auth: 'account', tag: 'Domains',
    summary: 'Delete an unused custom domain', description: 'Refused with 409 DOMAIN_IN_USE while active inboxes use it; next_steps names them. The SES identity Mailroom created for the domain is removed first (one it did not create is never touched), then the name is released; if SES fails, the domain stays deleting (503 DOMAIN_DELETE_INCOMPLETE) and DELETE again retries.', params: s('domains', 'DomainParams'),
    response: res('domains', 'DomainDeleted'), errors: [404, 409, 503] },

  // Messages
  { method: 'GET', path: '/v1/inboxes/{id}/messages', fn: 'messages', operationId: 'listMessages', auth: 'inbox-or-account', tag: 'Messages',
    summary: 'List messages (newest first by default)',
    description: 'Pages: pass next_cursor as cursor for the next page; every page costs the same however deep. limit/offset still work, but a deep offset reads (keys only) every message it skips. total comes from counters kept with the messages. view=summary leaves out bodies and headers. search matches words of subject, sender and body text as prefixes, case- and accent-insensitive.',
    params: s('common', 'InboxParams'), query: s('messages', 'ListMessagesQuery'),
    response: res('messages', 'MessageList'), errors: [404] },
  { method: 'GET', path: '/v1/inboxes/{id}/messages/wait', fn: 'wait', operationId: 'waitForMessage', auth: 'inbox-or-account', tag: 'Messages',
    summary: 'Wait for the next matching message (long poll): returns it with its verification_code and cta as soon as it is stored',
    description: 'Answers as soon as a matching message is stored, or after timeout seconds (1-25, default 20) with {message: null, timed_out: true} and a next_steps line giving the exact call to go on waiting. after (a message id) never misses mail between two waits; without it, since defaults to the moment of the call minus 10 s. Filters: from (the domain of the sender address, subdomains included, or a whole address; never the display name), subject (case-insensitive substring), has (code, link, any), unread_only, verified_only. Several waiters all see the same mail. An account holds at most its tier\'s number of waits at once (429 RATE_LIMIT_EXCEEDED, code CONCURRENT_WAIT_LIMIT, with retry_after beyond it).',
    params: s('common', 'InboxParams'), query: s('messages', 'WaitQuery'), response: res('messages', 'WaitResult'), errors: [404] },
  { method: 'GET', path: '/v1/inboxes/{id}/messages/{msgId}', fn: 'messages', operationId: 'getMessage', auth: 'inbox-or-account', tag: 'Messages',
    summary: 'Read one message: reply_body, links, cta_links, verification_codes, attachments', params: s('messages', 'MessageParams'),
    response: res('messages', 'Message'), errors: [404] },
  { method: 'PATCH', path: '/v1/inboxes/{id}/messages/{msgId}', fn: 'messages', operationId: 'updateMessage', auth: 'inbox-or-account', tag: 'Messages',
    summary: 'Mark read or unread; replace labels', params: s('messages', 'MessageParams'), body: s('messages', 'UpdateMessageBody'),
    response: res('messages', 'Message'), errors: [404] },
  { method: 'GET', path: '/v1/inboxes/{id}/messages/{msgId}/attachments/{attachId}', fn: 'messages', operationId: 'getAttachment',
    auth: 'inbox-or-account', tag: 'Messages', summary: 'A presigned download URL for an attachment (valid 1 hour)',
    params: s('messages', 'AttachmentParams'), response: res('messages', 'AttachmentDownload'), errors: [404] },
  { method: 'GET', path: '/v1/inboxes/{id}/threads/{threadId}/messages/{msgId}/attachments/{attachId}', fn: 'messages',
    operationId: 'getThreadAttachment', auth: 'inbox-or-account', tag: 'Messages', summary: 'The same download, addressed through the thread',
    params: s('messages', 'ThreadAttachmentParams'), response: res('messages', 'AttachmentDownload'), errors: [404] },
  { method: 'GET', path: '/v1/inboxes/{id}/rejections', fn: 'messages', operationId: 'listRejections', auth: 'inbox-or-account', tag: 'Messages',
    summary: 'Mail refused by the allow/block lists in the last 30 days, and why', params: s('common', 'InboxParams'),
    query: s('messages', 'RejectionsQuery'), response: res('messages', 'RejectionList'), errors: [404] },

  // Threads
  { method: 'GET', path: '/v1/inboxes/{id}/threads', fn: 'threads', operationId: 'listInboxThreads', auth: 'inbox', tag: 'Threads',
    summary: 'List conversations of an inbox',
    description: 'Pages: pass next_cursor as cursor for the next page (a deep offset reads, keys only, every thread it skips). Newest activity first; before/after bound updated_at.',
    params: s('common', 'InboxParams'), query: s('threads', 'ListThreadsQuery'), response: res('threads', 'ThreadList'), errors: [404] },
  { method: 'GET', path: '/v1/threads', fn: 'threads', operationId: 'listAccountThreads', auth: 'account', tag: 'Threads',
    summary: 'List conversations across all inboxes of the account',
    description: 'Pages: pass next_cursor as cursor for the next page (a deep offset reads, keys only, every thread it skips). search matches words of subject, sender and body text of the threads\' messages as prefixes, case- and accent-insensitive.',
    query: s('threads', 'ListAccountThreadsQuery'), response: res('threads', 'ThreadList'), errors: [404] },
  { method: 'GET', path: '/v1/inboxes/{id}/threads/{threadId}', fn: 'threads', operationId: 'getThread', auth: 'inbox', tag: 'Threads',
    summary: 'A conversation with its messages in chronological order', params: s('threads', 'ThreadParams'), response: res('threads', 'ThreadWithMessages'), errors: [404] },
  { method: 'PATCH', path: '/v1/inboxes/{id}/threads/{threadId}', fn: 'threads', operationId: 'setThreadLabels', auth: 'inbox', tag: 'Threads',
    summary: 'Replace the labels of a thread', params: s('threads', 'ThreadParams'), body: s('threads', 'SetLabelsBody'), response: res('threads', 'ThreadResult'), errors: [404, 409] },
  { method: 'POST', path: '/v1/inboxes/{id}/threads/{threadId}/labels', fn: 'threads', operationId: 'addThreadLabel', auth: 'inbox', tag: 'Threads',
    summary: 'Add one label to a thread', params: s('threads', 'ThreadParams'), body: s('threads', 'AddLabelBody'), response: res('threads', 'ThreadResult'), errors: [404, 409] },
  { method: 'DELETE', path: '/v1/inboxes/{id}/threads/{threadId}/labels/{label}', fn: 'threads', operationId: 'removeThreadLabel', auth: 'inbox',
    tag: 'Threads', summary: 'Remove one label from a thread', params: s('threads', 'ThreadLabelParams'), response: res('threads', 'ThreadResult'), errors: [404, 409] },

  // Allow and block lists
  { method: 'POST', path: '/v1/lists', fn: 'lists', operationId: 'createListEntry', auth: 'account', tag: 'Lists',
    summary: 'Allow or block a sender (exact address, *@domain, *@*.domain), account-wide or for one inbox',
    description: 'Inbox entries are evaluated before account-wide ones; the most specific match decides (exact over *@domain over *@*.domain); at equal specificity allow wins. Any allowlist entry that applies to an inbox makes it allowlist-only. An allowlist entry admits a sender only when DMARC passed for its From domain (authentication.sender_verified); blocklist entries match the From address as written.',
    body: s('lists', 'CreateListEntryBody'), response: res('lists', 'ListEntry'), successStatus: 201, errors: [404, 409],
    fieldErrors: { address: 'INVALID_ADDRESS', pattern: 'INVALID_ADDRESS' } },
  { method: 'GET', path: '/v1/lists', fn: 'lists', operationId: 'listListEntries', auth: 'account', tag: 'Lists',
    summary: 'List allow and block entries', query: s('lists', 'ListEntriesQuery'), response: res('lists', 'ListEntryList'), errors: [404] },
  { method: 'DELETE', path: '/v1/lists/{id}', fn: 'lists', operationId: 'deleteListEntry', auth: 'account', tag: 'Lists',
    summary: 'Remove an entry', params: s('lists', 'ListEntryParams'), response: res('lists', 'ListEntryDeleted'), errors: [404] },

  // Drafts and sending
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
    response: res('drafts', 'SendResult'), successStatus: 201, errors: [402, 404, 409, 501, 502], maxBodyBytes: 10 * 1024 * 1024 },
  { method: 'POST', path: '/v1/messages/{id}/reply', fn: 'sending', operationId: 'replyToMessage', auth: 'any', tag: 'Drafts',
    summary: 'Reply in the same thread (Re: subject, In-Reply-To/References); reply_all adds the other recipients', params: s('sending', 'MessageIdParams'),
    body: s('sending', 'ReplyBody'), response: res('drafts', 'SendResult'), successStatus: 201, errors: [402, 404, 409, 501, 502] },

  // Realtime stream (WebSocket): the same events as webhooks, for agents without a public endpoint
  { method: 'GET', path: '/v1/stream', fn: 'stream', operationId: 'getStream', auth: 'any', tag: 'Stream',
    summary: 'wss:// URL of the realtime event stream: webhook events, no public endpoint needed',
    description: 'Connect to url with Authorization: Bearer <key> (browsers: ?key=<key>); a bad or missing key is refused with 401. Then send {"type":"subscribe","event_types":[...],"inbox_ids":[...],"last_event_id":"evt_..."} (all optional): the answer is {"type":"subscribed"}, then one text frame per event, each the webhook payload itself (event, event_id, timestamp, account_id, inbox_id, data). An inbox key hears only its inbox (naming another answers {"type":"error"}). With last_event_id the missed events come first, in order, then {"type":"replayed","count":n}, then live events: no gap, no duplicate. Send {"type":"ping"} every few minutes (answer {"type":"pong"}): API Gateway closes connections idle for 10 minutes, and every connection after 2 hours; reconnect with last_event_id.',
    response: res('stream', 'StreamInfo') },

  // Webhooks
  { method: 'POST', path: '/v1/webhooks', fn: 'webhooks', operationId: 'createWebhook', auth: 'any', tag: 'Webhooks',
    summary: 'Get events POSTed to your HTTPS endpoint, signed with X-Service-Signature and Standard Webhooks headers',
    description: 'Account key: all inboxes, or one with inbox_id. Inbox key: that inbox only. The secret is returned once. Deliveries are retried after 5, 15, 45 and 135 s; after 5 consecutive failed attempts the webhook becomes unhealthy until POST /v1/webhooks/{id}/enable.',
    body: s('webhooks', 'CreateWebhookBody'), response: res('webhooks', 'WebhookWithSecret'), successStatus: 201, errors: [403, 404] },
  { method: 'GET', path: '/v1/webhooks', fn: 'webhooks', operationId: 'listWebhooks', auth: 'any', tag: 'Webhooks',
    summary: 'List webhooks with their status and health (never the secret)', query: s('webhooks', 'ListWebhooksQuery'), response: res('webhooks', 'WebhookList') },
  { method: 'PATCH', path: '/v1/webhooks/{id}', fn: 'webhooks', operationId: 'updateWebhook', auth: 'any', tag: 'Webhooks',
    summary: 'Change url and/or events', params: s('webhooks', 'WebhookParams'), body: s('webhooks', 'UpdateWebhookBody'), response: res('webhooks', 'Webhook'), errors: [404] },
  { method: 'DELETE', path: '/v1/webhooks/{id}', fn: 'webhooks', operationId: 'deleteWebhook', auth: 'any', tag: 'Webhooks',
    summary: 'Delete a webhook for good (its secret is gone)', params: s('webhooks', 'WebhookParams'), response: res('webhooks', 'WebhookDeleted'), errors: [404] },
  { method: 'POST', path: '/v1/webhooks/{id}/test', fn: 'webhooks', operationId: 'testWebhook', auth: 'any', tag: 'Webhooks',
    summary: 'Send a sample message.received now and report how the endpoint answered', params: s('webhooks', 'WebhookParams'),
    response: res('webhooks', 'WebhookTestResult'), errors: [404] },
  { method: 'POST', path: '/v1/webhooks/{id}/enable', fn: 'webhooks', operationId: 'enableWebhook', auth: 'any', tag: 'Webhooks',
    summary: 'Re-enable an unhealthy webhook', params: s('webhooks', 'WebhookParams'), response: res('webhooks', 'WebhookEnabled'), errors: [404] },
  { method: 'POST', path: '/v1/webhooks/{id}/rotate-secret', fn: 'webhooks', operationId: 'rotateWebhookSecret', auth: 'any', tag: 'Webhooks',
    summary: 'Issue a new signing secret (the old one stops signing at once)', params: s('webhooks', 'WebhookParams'),
    response: res('webhooks', 'WebhookWithSecret'), errors: [404] },
  { method: 'GET', path: '/v1/webhooks/{id}/logs', fn: 'webhooks', operationId: 'listWebhookLogs', auth: 'any', tag: 'Webhooks',
    summary: 'Delivery attempts of the last 30 days, newest first', params: s('webhooks', 'WebhookParams'), query: s('webhooks', 'LogsQuery'),
    response: res('webhooks', 'DeliveryLogList'), errors: [404] },

  // Account
  { method: 'GET', path: '/v1/account', fn: 'account', operationId: 'getAccount', auth: 'account', tag: 'Account',
    summary: 'Account tier, limits, usage and billing', response: res('account', 'AccountView') },
  { method: 'GET', path: '/v1/capabilities', fn: 'account', operationId: 'getCapabilities', auth: 'any', tag: 'Account',
    summary: 'What this key can and cannot do, and how to unlock the rest', response: res('account', 'Capabilities') },
  { method: 'POST', path: '/v1/account/upgrade', fn: 'account', operationId: 'upgradeAccount', auth: 'account', tag: 'Account',
    summary: 'Upgrade to a paid tier with a payment method',
    description: 'The new tier applies at once. With the sandbox payment provider, pm_card_visa succeeds and pm_card_chargeDeclined is declined (402 PAYMENT_DECLINED).',
    body: s('account', 'UpgradeBody'), response: res('account', 'UpgradeResult'), errors: [402, 409] },
  { method: 'POST', path: '/v1/account/rotate-key', fn: 'account', operationId: 'rotateAccountKey', auth: 'account', tag: 'Account',
    summary: 'Issue a new account key (the old one is refused from the next request on)',
    description: 'The new account_api_key is returned once (stored only as a hash); the old key answers 401 at once. Inbox keys are not affected. 409 KEY_CHANGED when another rotation won the race.',
    response: res('account', 'AccountKeyRotated'), errors: [409] },

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
];

/** Route key as API Gateway writes it: "POST /v1/inboxes/{id}". */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;

export const routesOf = (fn: FunctionName) => routes.filter((r) => r.fn === fn);

/** The schemas a request is validated with, once their modules are loaded. */
export interface RequestSchemas { params?: z.ZodMiniType; query?: z.ZodMiniType; body?: z.ZodMiniType }
/** A route's schemas, its response's included: what describes it (OpenAPI). */
export interface RouteSchemas extends RequestSchemas { response?: z.ZodMiniType }

async function loadSchema(modules: Record<string, () => Promise<unknown>>, dir: string, ref: SchemaRef | undefined): Promise<z.ZodMiniType | undefined> {
  if (!ref) return undefined;
  const schema = (await modules[ref.module]!() as Record<string, unknown>)[ref.name];
  if (!schema) throw new Error(`The route table names ${ref.module}.${ref.name}, which its ${dir || "request "}schemas module ${ref.module} does not export.`);
  return schema as z.ZodMiniType;
}
const requestSchema = (ref: SchemaRef | undefined) => loadSchema(requestModules, '', ref);

const loaded = new WeakMap<RouteDef, Promise<RequestSchemas>>();

/** The request schemas of a route (their modules are imported on the first call). */
export function requestSchemas(r: RouteDef): Promise<RequestSchemas> {
  let found = loaded.get(r);
  if (!found) {
    found = Promise.all([requestSchema(r.params), requestSchema(r.query), requestSchema(r.body)])
      .then(([params, query, body]) => ({ params, query, body }));
    loaded.set(r, found);
  }
  return found;
}

/** Every route with all its schemas, responses included: for what describes the whole API (OpenAPI). */
export const routesWithSchemas = (of: readonly RouteDef[] = routes) =>
  Promise.all(of.map(async (r): Promise<{ route: RouteDef; schemas: RouteSchemas }> => ({
    route: r,
    schemas: { ...(await requestSchemas(r)), response: await loadSchema(responseModules, 'response ', r.response) },
  })));
