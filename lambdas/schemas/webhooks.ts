import * as z from 'zod';
import { EVENT_TYPES } from '../core/events.ts';
import { components, CursorPagination, cursorWithoutOffset, PageFields, Timestamp, PathId } from './common.ts';

const Events = z.array(z.string()).min(1).max(EVENT_TYPES.length)
  .describe(`Event types to receive: ${EVENT_TYPES.join(', ')}`);

export const CreateWebhookBody = z.object({
  url: z.string().max(2048).optional().describe('HTTPS endpoint that receives POSTed events'),
  endpoint_url: z.string().max(2048).optional().describe('Alias of url'),
  events: Events,
  inbox_id: z.string().nullable().optional().describe('Only events of this inbox; omitted = every inbox of the account'),
}).refine((b) => b.url ?? b.endpoint_url, { message: 'url is required', path: ['url'] }).register(components, { id: 'CreateWebhookRequest' });

export const UpdateWebhookBody = z.object({
  url: z.string().max(2048).optional(),
  endpoint_url: z.string().max(2048).optional(),
  events: Events.optional(),
}).refine((b) => b.url ?? b.endpoint_url ?? b.events, { message: 'send url and/or events', path: ['url'] }).register(components, { id: 'UpdateWebhookRequest' });

export const Webhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  inbox_id: z.string().nullable(),
  status: z.enum(['active', 'paused', 'unhealthy']),
  health: z.enum(['healthy', 'unhealthy']),
  failure_count: z.number().int().describe('Consecutive failed attempts'),
  last_error: z.string().nullable(),
  last_success_at: Timestamp.nullable(),
  last_failure_at: Timestamp.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
}).register(components, { id: 'Webhook' });
export const WebhookWithSecret = Webhook.extend({ secret: z.string().describe('whsec_…: shown only now; verify X-Service-Signature and the Standard Webhooks webhook-signature with it') }).register(components, { id: 'WebhookWithSecret' });
export const WebhookList = z.object({ webhooks: z.array(Webhook), ...PageFields }).register(components, { id: 'WebhookList' });
export const ListWebhooksQuery = CursorPagination.refine(...cursorWithoutOffset);
export const WebhookParams = z.object({ id: PathId });
export const WebhookDeleted = z.object({ id: z.string(), deleted: z.literal(true) }).register(components, { id: 'WebhookDeleted' });
export const WebhookEnabled = z.object({ id: z.string(), status: z.literal('active'), health: z.literal('healthy'), re_enabled_at: Timestamp }).register(components, { id: 'WebhookEnabled' });
export const WebhookTestResult = z.object({
  status: z.enum(['success', 'failed']),
  response_code: z.number().int().nullable(),
  response_body: z.string().describe('First 1,024 characters'),
  latency_ms: z.number().int(),
  tested_at: Timestamp,
  error: z.string().nullable(),
  event_id: z.string(),
}).register(components, { id: 'WebhookTestResult' });
export const DeliveryLog = z.object({
  event_id: z.string(), event_type: z.string(), attempted_at: Timestamp, delivered_at: Timestamp.nullable(),
  response_code: z.number().int().nullable(), latency_ms: z.number().int(), error: z.string().nullable(),
  retry_count: z.number().int().describe('0 for the first attempt'), success: z.boolean(),
}).register(components, { id: 'DeliveryLog' });
export const DeliveryLogList = z.object({ logs: z.array(DeliveryLog), ...PageFields }).register(components, { id: 'DeliveryLogList' });
export const LogsQuery = CursorPagination.refine(...cursorWithoutOffset);
