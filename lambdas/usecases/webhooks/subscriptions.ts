import { lookup } from 'node:dns/promises';
import type { z } from 'zod';
import { postWebhook } from '../../adapters/webhook-http.ts';
import { config } from '../../config.ts';
import { ApiError, badRequest, invalidApiKey, notFound } from '../../core/errors.ts';
import { EVENT_TYPES, eventBody, isEventType, messageReceivedData } from '../../core/events.ts';
import { isId, newId } from '../../core/ids.ts';
import { checkWebhookUrl, isPublicAddress } from '../../core/url-safety.ts';
import { generateWebhookSecret } from '../../core/webhook-signing.ts';
import type { HttpRequest, OperationResult } from '../../http/types.ts';
import type { CreateWebhookBody, LogsQuery, UpdateWebhookBody } from '../../schemas/webhooks.ts';
import { getInbox } from '../../store/accounts.ts';
import type { WebhookRecord } from '../../store/records.ts';
import * as store from '../../store/webhooks.ts';
import { signedRequest } from './delivery.ts';
import { sealWebhookSecret } from './secrets.ts';

/** Enough for any real setup; bounds the fan-out work of every event. */
export const MAX_WEBHOOKS_PER_ACCOUNT = 20;

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

function validEvents(events: string[]): string[] {
  const unknown = events.filter((e) => !isEventType(e));
  if (unknown.length) {
    throw badRequest('INVALID_EVENT_TYPE', `Unknown event type${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Valid: ${EVENT_TYPES.join(', ')}.`, {
      field: 'events', details: { valid_events: EVENT_TYPES },
    });
  }
  return [...new Set(events)];
}

/** HTTPS only, and the host must resolve to public addresses only (checked again at every delivery). */
async function safeUrl(raw: string): Promise<string> {
  const checked = checkWebhookUrl(raw, { localMode: config.localMode });
  if (!checked.ok) throw badRequest('INVALID_WEBHOOK_URL', `url: ${checked.reason}`, { field: 'url' });
  const host = checked.url.hostname.replace(/^\[|\]$/g, '');
  if (!checked.literalIp) {
    let addresses: string[];
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw badRequest('INVALID_WEBHOOK_URL', `url: the host ${host} does not resolve`, { field: 'url' });
    }
    const loopbackOk = config.localMode && addresses.every((a) => a === '::1' || a.startsWith('127.'));
    if (!loopbackOk && addresses.some((a) => !isPublicAddress(a))) {
      throw badRequest('INVALID_WEBHOOK_URL', `url: ${host} resolves to a private, loopback or link-local address`, { field: 'url' });
    }
  }
  return checked.url.toString();
}

/** The webhooks a key may see: all of the account's, or those of the inbox key's inbox. */
async function ownedWebhook(req: HttpRequest): Promise<WebhookRecord> {
  const p = req.principal!;
  const id = req.params.id as string;
  const w = isId('webhook', id) ? await store.getWebhook(p.account.id, id) : undefined;
  if (!w || (p.kind === 'inbox' && w.inbox_id !== p.inbox!.id)) {
    throw notFound('WEBHOOK_NOT_FOUND', `No webhook ${id} for this key.`, { next_steps: ['GET /v1/webhooks lists your webhooks.'] });
  }
  return w;
}

export async function createWebhook(req: HttpRequest<z.output<typeof CreateWebhookBody>>): Promise<OperationResult> {
  const p = req.principal!;
  const events = validEvents(req.body.events);
  let inboxId = req.body.inbox_id ?? null;
  if (p.kind === 'inbox') {
    if (inboxId && inboxId !== p.inbox!.id) throw invalidApiKey('An inbox key can create webhooks for its own inbox only.');
    inboxId = p.inbox!.id;
  } else if (inboxId) {
    const inbox = isId('inbox', inboxId) ? await getInbox(inboxId) : undefined;
    if (!inbox || inbox.account_id !== p.account.id || inbox.status === 'deleted') throw notFound('INBOX_NOT_FOUND', `No inbox ${inboxId} in this account.`);
  }
  const url = await safeUrl((req.body.url ?? req.body.endpoint_url)!);
  const existing = await store.listWebhooks(p.account.id);
  if (existing.length >= MAX_WEBHOOKS_PER_ACCOUNT) {
    throw new ApiError(403, 'WEBHOOK_LIMIT_EXCEEDED', `An account can have at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks.`, {
      next_steps: ['Delete a webhook you no longer use, or subscribe one webhook to several events.'],
    });
  }
  const secret = generateWebhookSecret();
  const now = new Date().toISOString();
  const w: WebhookRecord = {
    id: newId('webhook'), account_id: p.account.id, url, events, inbox_id: inboxId,
    secret_ciphertext: await sealWebhookSecret(secret), status: 'active', generation: 1, failure_count: 0,
    last_error: null, last_success_at: null, last_failure_at: null, created_at: now, updated_at: now,
  };
  await store.putWebhook(w);
  return {
    status: 201,
    result: { ...view(w), secret },
    nextSteps: ['Store secret now: it is shown only once (rotate it with POST /v1/webhooks/{id}/rotate-secret).',
      `Send yourself a sample with POST /v1/webhooks/${w.id}/test.`, ...VERIFY_STEPS],
  };
}

export async function listWebhooks(req: HttpRequest): Promise<OperationResult> {
  const p = req.principal!;
  const rows = (await store.listWebhooks(p.account.id))
    .filter((w) => p.kind === 'account' || w.inbox_id === p.inbox!.id)
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
  return {
    result: { webhooks: rows.map(view), total: rows.length },
    nextSteps: rows.some((w) => w.status === 'unhealthy')
      ? ['A webhook is unhealthy: fix its endpoint, then POST /v1/webhooks/{id}/enable.']
      : rows.length ? ['GET /v1/webhooks/{id}/logs shows each delivery attempt.'] : ['Create one with POST /v1/webhooks.'],
  };
}

export async function updateWebhook(req: HttpRequest<z.output<typeof UpdateWebhookBody>>): Promise<OperationResult> {
  const w = await ownedWebhook(req);
  const rawUrl = req.body.url ?? req.body.endpoint_url;
  const changes: Partial<WebhookRecord> = { updated_at: new Date().toISOString() };
  if (rawUrl !== undefined) changes.url = await safeUrl(rawUrl);
  if (req.body.events !== undefined) changes.events = validEvents(req.body.events);
  const updated = await store.updateWebhook(w.account_id, w.id, changes);
  if (!updated) throw notFound('WEBHOOK_NOT_FOUND', `No webhook ${w.id} for this key.`);
  return { result: view(updated), nextSteps: ['The change applies to the next event.'] };
}

export async function deleteWebhook(req: HttpRequest): Promise<OperationResult> {
  const w = await ownedWebhook(req);
  if (!(await store.deleteWebhook(w.account_id, w.id))) throw notFound('WEBHOOK_NOT_FOUND', `No webhook ${w.id} for this key.`);
  return { result: { id: w.id, deleted: true }, nextSteps: ['Deliveries to it have stopped; its secret cannot be recovered.'] };
}

export async function enableWebhook(req: HttpRequest): Promise<OperationResult> {
  const w = await ownedWebhook(req);
  const now = new Date().toISOString();
  const updated = await store.updateWebhook(w.account_id, w.id, { status: 'active', failure_count: 0, updated_at: now, re_enabled_at: now }, { bumpGeneration: w.status !== 'active' });
  if (!updated) throw notFound('WEBHOOK_NOT_FOUND', `No webhook ${w.id} for this key.`);
  return {
    result: { id: updated.id, status: 'active', health: 'healthy', re_enabled_at: now },
    nextSteps: ['New events are delivered again; events dropped while it was unhealthy are not replayed.', `Check it with POST /v1/webhooks/${w.id}/test.`],
  };
}

export async function rotateWebhookSecret(req: HttpRequest): Promise<OperationResult> {
  const w = await ownedWebhook(req);
  const secret = generateWebhookSecret();
  const updated = await store.updateWebhook(w.account_id, w.id, { secret_ciphertext: await sealWebhookSecret(secret), updated_at: new Date().toISOString() });
  if (!updated) throw notFound('WEBHOOK_NOT_FOUND', `No webhook ${w.id} for this key.`);
  return { result: { ...view(updated), secret }, nextSteps: ['Every delivery from now on is signed with this secret; store it now, it is shown only once.'] };
}

export async function testWebhook(req: HttpRequest): Promise<OperationResult> {
  const w = await ownedWebhook(req);
  const p = req.principal!;
  const now = new Date().toISOString();
  const eventId = newId('event');
  const inboxId = w.inbox_id ?? p.inbox?.id ?? 'inb_00000000-0000-7000-8000-000000000000';
  const sample = messageReceivedData({
    id: 'msg_00000000-0000-7000-8000-000000000000', inbox_id: inboxId, thread_id: 'thr_00000000-0000-7000-8000-000000000000',
    direction: 'inbound', from: 'sender@example.com', from_name: 'Sample Sender', to: ['you@' + config.mailDomain], cc: [], bcc: [], reply_to: [],
    subject: 'Sample message from POST /v1/webhooks/{id}/test', body_text: 'This is a test event. Your code is 123456.', body_html: null,
    reply_body: 'This is a test event. Your code is 123456.', links: [], cta_links: [],
    verification_codes: [{ code: '123456', confidence: 'high', context: 'Your code is 123456.' }],
    headers: {}, message_id_header: 'sample@example.com', in_reply_to: null, references: [], labels: [], read: false, spam_score: 0,
    received_at: now, created_at: now, attachments: [], test: true,
  });
  const body = JSON.stringify(eventBody('message.received', { event_id: eventId, timestamp: now, account_id: w.account_id, inbox_id: inboxId }, sample));
  const signed = await signedRequest(w, eventId, body);
  const res = await postWebhook(w.url, signed.body, signed.headers, { localMode: config.localMode });
  await store.putDeliveryLog({ webhook_id: w.id, event_id: eventId, event_type: 'message.received', attempted_at: now,
    response_code: res.status, latency_ms: Math.round(res.latencyMs), error: res.ok ? null : res.error ?? `HTTP ${res.status}`, retry_count: 0, success: res.ok });
  return {
    result: { status: res.ok ? 'success' : 'failed', response_code: res.status, response_body: res.responseBody.slice(0, 1024),
      latency_ms: Math.round(res.latencyMs), tested_at: now, error: res.ok ? null : res.error ?? `HTTP ${res.status}`, event_id: eventId },
    nextSteps: res.ok ? ['Your endpoint answered 2xx.', ...VERIFY_STEPS.slice(0, 1)] : ['Your endpoint did not answer 2xx within 5 seconds; see error and response_code.', ...VERIFY_STEPS],
  };
}

export async function listWebhookLogs(req: HttpRequest<unknown, z.output<typeof LogsQuery>>): Promise<OperationResult> {
  const w = await ownedWebhook(req);
  // total counts every kept attempt (up to the store's 1,000 cap), not just those up to offset+limit.
  const { logs: all, total } = await store.listDeliveryLogs(w.id, 1000, 0);
  const logs = all.slice(req.query.offset, req.query.offset + req.query.limit);
  return {
    result: {
      logs: logs.map((l) => ({ event_id: l.event_id, event_type: l.event_type, attempted_at: l.attempted_at, delivered_at: l.success ? l.attempted_at : null,
        response_code: l.response_code, latency_ms: l.latency_ms, error: l.error, retry_count: l.retry_count, success: l.success })),
      total, limit: req.query.limit, offset: req.query.offset,
    },
    nextSteps: ['retry_count 0 is the first attempt; events are identified by event_id for deduplication.'],
  };
}
