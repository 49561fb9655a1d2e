/**
 * Rows of the route table for messages (the long-poll wait among them), threads, and the allow and
 * block lists. lambdas/routes.ts assembles every slice's rows in the order the API is documented
 * in; lambdas/platform/http/route.ts says what a row is.
 */
import { schemaModules, type RouteDef } from '../platform/http/route.ts';

/** Request schemas: a function builds those of its own routes at init. */
const s = schemaModules({
  claims: () => import('./claims.schemas.ts'),
  common: () => import('../platform/http/common.schemas.ts'),
  lists: () => import('./lists.schemas.ts'),
  messages: () => import('./messages.schemas.ts'),
  threads: () => import('./threads.schemas.ts'),
});
/** Response schemas: only what describes the API (OpenAPI) loads them. */
const res = schemaModules({
  claims: () => import('./claims.responses.ts'),
  lists: () => import('./lists.responses.ts'),
  messages: () => import('./messages.responses.ts'),
  threads: () => import('./threads.responses.ts'),
});

export const messagesRoutes = [
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
  { method: 'POST', path: '/v1/inboxes/{id}/messages/claim', fn: 'wait', operationId: 'claimMessages', auth: 'inbox-or-account', tag: 'Claims',
    summary: 'Claim messages for one worker: each is handed to one claimer at a time, under a lease, until acked',
    description: 'Several workers share an inbox: each claim returns up to limit ready messages, oldest first, each with a claim_id and lease_expires_at; no other claim gets them while the lease holds. Ack a message when done (never handed out again) or release it (back at once, or after delay). A lease that ends returns the message to the queue with delivery_count + 1; one handed out max_deliveries times without an ack becomes a dead letter. has=code hands each code to exactly one caller (consumed_at). Independent of read, labels and wait. timeout (0-25) waits for mail when none is ready, holding one of the account\'s concurrent waits.',
    params: s('common', 'InboxParams'), body: s('claims', 'ClaimBody'), response: res('claims', 'ClaimResult'), errors: [404] },
  { method: 'GET', path: '/v1/inboxes/{id}/messages/dead', fn: 'messages', operationId: 'listDeadLetters', auth: 'inbox-or-account', tag: 'Claims',
    summary: 'Dead letters: messages claimed max_deliveries times and never acked', params: s('common', 'InboxParams'),
    query: s('claims', 'DeadLettersQuery'), response: res('claims', 'DeadLetterList'), errors: [404] },
  { method: 'POST', path: '/v1/inboxes/{id}/messages/{msgId}/ack', fn: 'messages', operationId: 'ackMessage', auth: 'inbox-or-account', tag: 'Claims',
    summary: 'Done with a claimed message: no claim hands it out again (409 CLAIM_NOT_HELD when the lease moved on)',
    params: s('claims', 'ClaimMessageParams'), body: s('claims', 'AckBody'), response: res('claims', 'AckResult'), errors: [404, 409] },
  { method: 'POST', path: '/v1/inboxes/{id}/messages/{msgId}/release', fn: 'messages', operationId: 'releaseMessage', auth: 'inbox-or-account', tag: 'Claims',
    summary: 'Give a claimed message back to the queue, now or after delay seconds (409 CLAIM_NOT_HELD when the lease moved on)',
    params: s('claims', 'ClaimMessageParams'), body: s('claims', 'ReleaseBody'), response: res('claims', 'ReleaseResult'), errors: [404, 409] },
  { method: 'POST', path: '/v1/inboxes/{id}/messages/{msgId}/requeue', fn: 'messages', operationId: 'requeueMessage', auth: 'inbox-or-account', tag: 'Claims',
    summary: 'Put a dead letter back in the queue', params: s('claims', 'ClaimMessageParams'), response: res('claims', 'RequeueResult'), errors: [404] },
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
] as const satisfies readonly RouteDef[];
