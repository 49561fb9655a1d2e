import { lookup } from 'node:dns/promises';
import type { z } from 'zod';
import { config } from '../platform/config.ts';
import { badRequest, forbidden, invalidApiKey, notFound } from '../platform/errors.ts';
import { EVENT_TYPES, eventBody, isEventType, messageReceivedData } from './event-types.ts';
import { isId, newId } from '../platform/ids.ts';
import { checkWebhookUrl, isPublicAddress } from '../platform/url-safety.ts';
import { generateWebhookSecret } from './webhook-signing.ts';
import type { CreateWebhookBody, ListWebhooksQuery, LogsQuery, UpdateWebhookBody } from './webhooks.schemas.ts';
import { getInbox } from '../accounts/accounts.store.ts';
import type { WebhookRecord } from './events.entities.ts';
import * as store from './webhooks.store.ts';
import type { Caller } from '../platform/caller.ts';
import { sealWebhookSecret, signedRequest } from './webhook-secrets.ts';

/** Enough for any real setup; bounds the fan-out work of every event. */
export const MAX_WEBHOOKS_PER_ACCOUNT = 20;

export type CreateWebhookInput = z.output<typeof CreateWebhookBody>;
export type UpdateWebhookInput = z.output<typeof UpdateWebhookBody>;
export type WebhookLogsInput = z.output<typeof LogsQuery>;
export type ListWebhooksInput = z.output<typeof ListWebhooksQuery>;

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
async function ownedWebhook(p: Caller, id: string): Promise<WebhookRecord> {
  const w = isId('webhook', id) ? await store.getWebhook(p.account.id, id) : undefined;
  if (!w || (p.kind === 'inbox' && w.inbox_id !== p.inbox!.id)) {
    throw notFound('WEBHOOK_NOT_FOUND', `No webhook ${id} for this key.`, { next_steps: ['GET /v1/webhooks lists your webhooks.'] });
  }
  return w;
}

/** Subscribes an HTTPS endpoint; the secret is returned here only (it is stored sealed). */
export async function createWebhook(p: Caller, input: CreateWebhookInput): Promise<{ webhook: WebhookRecord; secret: string }> {
  const events = validEvents(input.events);
  let inboxId = input.inbox_id ?? null;
  if (p.kind === 'inbox') {
    if (inboxId && inboxId !== p.inbox!.id) throw invalidApiKey('An inbox key can create webhooks for its own inbox only.');
    inboxId = p.inbox!.id;
  } else if (inboxId) {
    const inbox = isId('inbox', inboxId) ? await getInbox(inboxId) : undefined;
    if (!inbox || inbox.account_id !== p.account.id || inbox.status === 'deleted') throw notFound('INBOX_NOT_FOUND', `No inbox ${inboxId} in this account.`);
  }
  const url = await safeUrl((input.url ?? input.endpoint_url)!);
  if ((await store.countWebhooks(p.account.id, undefined)) >= MAX_WEBHOOKS_PER_ACCOUNT) {
    throw forbidden('WEBHOOK_LIMIT_EXCEEDED', `An account can have at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks.`, {
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
  return { webhook: w, secret };
}

/** A page of the webhooks the caller may see (an inbox key: its inbox's, from that inbox's partition), oldest first. */
export async function listWebhooks(p: Caller, { limit, offset, cursor }: ListWebhooksInput) {
  const inboxId = p.kind === 'account' ? undefined : p.inbox!.id;
  const [page, total] = await Promise.all([
    store.pageWebhooks(p.account.id, inboxId, { limit, offset, cursor }), store.countWebhooks(p.account.id, inboxId),
  ]);
  return { webhooks: page.webhooks, total, limit, offset, has_more: page.has_more, next_cursor: page.next_cursor };
}

export async function updateWebhook(p: Caller, id: string, input: UpdateWebhookInput): Promise<WebhookRecord> {
  const w = await ownedWebhook(p, id);
  const rawUrl = input.url ?? input.endpoint_url;
  const changes: Partial<WebhookRecord> = { updated_at: new Date().toISOString() };
  if (rawUrl !== undefined) changes.url = await safeUrl(rawUrl);
  if (input.events !== undefined) changes.events = validEvents(input.events);
  const updated = await store.updateWebhook(w.account_id, w.id, changes);
  if (!updated) throw notFound('WEBHOOK_NOT_FOUND', `No webhook ${w.id} for this key.`);
  return updated;
}

export async function deleteWebhook(p: Caller, id: string): Promise<WebhookRecord> {
  const w = await ownedWebhook(p, id);
  if (!(await store.deleteWebhook(w))) throw notFound('WEBHOOK_NOT_FOUND', `No webhook ${w.id} for this key.`);
  return w;
}

/** Makes an unhealthy webhook active again; retries of the unhealthy period are dropped (new generation). */
export async function enableWebhook(p: Caller, id: string): Promise<{ webhook: WebhookRecord; reEnabledAt: string }> {
  const w = await ownedWebhook(p, id);
  const now = new Date().toISOString();
  const updated = await store.updateWebhook(w.account_id, w.id, { status: 'active', failure_count: 0, updated_at: now, re_enabled_at: now }, { bumpGeneration: w.status !== 'active' });
  if (!updated) throw notFound('WEBHOOK_NOT_FOUND', `No webhook ${w.id} for this key.`);
  return { webhook: updated, reEnabledAt: now };
}

export async function rotateWebhookSecret(p: Caller, id: string): Promise<{ webhook: WebhookRecord; secret: string }> {
  const w = await ownedWebhook(p, id);
  const secret = generateWebhookSecret();
  const updated = await store.updateWebhook(w.account_id, w.id, { secret_ciphertext: await sealWebhookSecret(secret), updated_at: new Date().toISOString() });
  if (!updated) throw notFound('WEBHOOK_NOT_FOUND', `No webhook ${w.id} for this key.`);
  return { webhook: updated, secret };
}

/** POSTs a signed sample message.received to the endpoint now and logs the attempt. */
export async function testWebhook(p: Caller, id: string) {
  const w = await ownedWebhook(p, id);
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
  // Loaded here, on the rare test call: the HTTP client brings node:http/https and TLS, which
  // would otherwise cost every cold start of this function (webhook-deliver does the deliveries).
  const { postWebhook } = await import('./webhook-http.ts');
  const signed = await signedRequest(w, eventId, body);
  const res = await postWebhook(w.url, signed.body, signed.headers, { localMode: config.localMode });
  await store.putDeliveryLog({ webhook_id: w.id, event_id: eventId, event_type: 'message.received', attempted_at: now,
    response_code: res.status, latency_ms: Math.round(res.latencyMs), error: res.ok ? null : res.error ?? `HTTP ${res.status}`, retry_count: 0, success: res.ok });
  return {
    status: res.ok ? 'success' as const : 'failed' as const, response_code: res.status, response_body: res.responseBody.slice(0, 1024),
    latency_ms: Math.round(res.latencyMs), tested_at: now, error: res.ok ? null : res.error ?? `HTTP ${res.status}`, event_id: eventId,
  };
}

/** The webhook's delivery attempts, newest first (kept 30 days, at most 1,000). */
export async function listWebhookLogs(p: Caller, id: string, q: WebhookLogsInput) {
  const w = await ownedWebhook(p, id);
  const page = await store.pageDeliveryLogs(w.id, { limit: q.limit, offset: q.offset, cursor: q.cursor });
  return { ...page, limit: q.limit, offset: q.offset };
}
