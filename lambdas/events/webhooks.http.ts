/** HTTP mapping of the webhooks function: request → use case input, result → envelope and next_steps. */
import type { HttpRequest, OperationResult } from '../platform/http/types.ts';
import type { WebhookRecord } from './events.entities.ts';
import * as webhooks from './webhooks.ts';

const VERIFY_STEPS = [
  'Verify each delivery: compute HMAC-SHA256 of the raw request body with your secret and compare it (constant-time) to the X-Service-Signature header; reject mismatches with 401.',
  'To stop replays, also verify the Standard Webhooks headers (any standardwebhooks library does it): webhook-signature is v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.raw body">, keyed with the base64 after whsec_ decoded; refuse a webhook-timestamp more than 5 minutes off. Deduplicate on webhook-id (the event_id).',
  'Answer 2xx within 5 seconds; failures are retried after 5, 15, 45 and 135 s, and 5 consecutive failures make the webhook unhealthy.',
];

const view = (w: WebhookRecord) => ({
  id: w.id, url: w.url, events: w.events, inbox_id: w.inbox_id, status: w.status,
  health: w.status === 'unhealthy' ? 'unhealthy' as const : 'healthy' as const,
  failure_count: w.failure_count, last_error: w.last_error, last_success_at: w.last_success_at, last_failure_at: w.last_failure_at,
  created_at: w.created_at, updated_at: w.updated_at,
});

async function createWebhook(req: HttpRequest<'any', webhooks.CreateWebhookInput>): Promise<OperationResult> {
  const { webhook: w, secret } = await webhooks.createWebhook(req.principal, req.body);
  return {
    status: 201,
    result: { ...view(w), secret },
    nextSteps: ['Store secret now: it is shown only once (rotate it with POST /v1/webhooks/{id}/rotate-secret).',
      `Send yourself a sample with POST /v1/webhooks/${w.id}/test.`, ...VERIFY_STEPS],
  };
}

async function listWebhooks(req: HttpRequest<'any', unknown, webhooks.ListWebhooksInput>): Promise<OperationResult> {
  const page = await webhooks.listWebhooks(req.principal, req.query);
  const rows = page.webhooks;
  return {
    result: { ...page, webhooks: rows.map(view) },
    nextSteps: rows.some((w) => w.status === 'unhealthy')
      ? ['A webhook is unhealthy: fix its endpoint, then POST /v1/webhooks/{id}/enable.']
      : rows.length ? ['GET /v1/webhooks/{id}/logs shows each delivery attempt.'] : ['Create one with POST /v1/webhooks.'],
  };
}

const updateWebhook = async (req: HttpRequest<'any', webhooks.UpdateWebhookInput>): Promise<OperationResult> => ({
  result: view(await webhooks.updateWebhook(req.principal, String(req.params.id), req.body)),
  nextSteps: ['The change applies to the next event.'],
});

async function deleteWebhook(req: HttpRequest<'any'>): Promise<OperationResult> {
  const w = await webhooks.deleteWebhook(req.principal, String(req.params.id));
  return { result: { id: w.id, deleted: true }, nextSteps: ['Deliveries to it have stopped; its secret cannot be recovered.'] };
}

async function enableWebhook(req: HttpRequest<'any'>): Promise<OperationResult> {
  const { webhook: w, reEnabledAt } = await webhooks.enableWebhook(req.principal, String(req.params.id));
  return {
    result: { id: w.id, status: 'active', health: 'healthy', re_enabled_at: reEnabledAt },
    nextSteps: ['New events are delivered again; events dropped while it was unhealthy are not replayed.', `Check it with POST /v1/webhooks/${w.id}/test.`],
  };
}

async function rotateWebhookSecret(req: HttpRequest<'any'>): Promise<OperationResult> {
  const { webhook, secret } = await webhooks.rotateWebhookSecret(req.principal, String(req.params.id));
  return { result: { ...view(webhook), secret }, nextSteps: ['Every delivery from now on is signed with this secret; store it now, it is shown only once.'] };
}

async function testWebhook(req: HttpRequest<'any'>): Promise<OperationResult> {
  const result = await webhooks.testWebhook(req.principal, String(req.params.id));
  return {
    result,
    nextSteps: result.status === 'success'
      ? ['Your endpoint answered 2xx.', ...VERIFY_STEPS.slice(0, 1)]
      : ['Your endpoint did not answer 2xx within 5 seconds; see error and response_code.', ...VERIFY_STEPS],
  };
}

async function listWebhookLogs(req: HttpRequest<'any', unknown, webhooks.WebhookLogsInput>): Promise<OperationResult> {
  const page = await webhooks.listWebhookLogs(req.principal, String(req.params.id), req.query);
  return {
    result: {
      ...page,
      logs: page.logs.map((l) => ({ event_id: l.event_id, event_type: l.event_type, attempted_at: l.attempted_at, delivered_at: l.success ? l.attempted_at : null,
        response_code: l.response_code, latency_ms: l.latency_ms, error: l.error, retry_count: l.retry_count, success: l.success })),
    },
    nextSteps: ['retry_count 0 is the first attempt; events are identified by event_id for deduplication.'],
  };
}

export const webhooksApi = {
  createWebhook, listWebhooks, updateWebhook, deleteWebhook, testWebhook, enableWebhook, rotateWebhookSecret, listWebhookLogs,
};
