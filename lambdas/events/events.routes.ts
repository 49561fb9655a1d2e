/**
 * Rows of the route table for the realtime event stream and webhooks. lambdas/routes.ts assembles
 * every slice's rows in the order the API is documented in; lambdas/platform/http/route.ts says
 * what a row is.
 */
import { schemaModules, type RouteDef } from '../platform/http/route.ts';

/** Request schemas: a function builds those of its own routes at init. */
const s = schemaModules({
  webhooks: () => import('./webhooks.schemas.ts'),
});
/** Response schemas: only what describes the API (OpenAPI) loads them. */
const res = schemaModules({
  stream: () => import('./stream.responses.ts'),
  webhooks: () => import('./webhooks.responses.ts'),
});

export const eventsRoutes = [
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
] as const satisfies readonly RouteDef[];
