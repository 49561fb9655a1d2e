import * as z from 'zod/mini';
import { components } from '../platform/http/common.schemas.ts';
import { PageFields, Timestamp } from '../platform/http/common.responses.ts';

export const Webhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  inbox_id: z.nullable(z.string()),
  status: z.enum(['active', 'paused', 'unhealthy']),
  health: z.enum(['healthy', 'unhealthy']),
  failure_count: z.number().check(z.int(), z.describe('Consecutive failed attempts')),
  last_error: z.nullable(z.string()),
  last_success_at: z.nullable(Timestamp),
  last_failure_at: z.nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
}).register(components, { id: 'Webhook' });

export const WebhookWithSecret = z.extend(Webhook, { secret: z.string().check(z.describe('whsec_…: shown only now; verify X-Service-Signature and the Standard Webhooks webhook-signature with it')) }).register(components, { id: 'WebhookWithSecret' });
export const WebhookList = z.object({ webhooks: z.array(Webhook), ...PageFields }).register(components, { id: 'WebhookList' });
export const WebhookDeleted = z.object({ id: z.string(), deleted: z.literal(true) }).register(components, { id: 'WebhookDeleted' });
export const WebhookEnabled = z.object({ id: z.string(), status: z.literal('active'), health: z.literal('healthy'), re_enabled_at: Timestamp }).register(components, { id: 'WebhookEnabled' });
export const WebhookTestResult = z.object({
  status: z.enum(['success', 'failed']),
  response_code: z.nullable(z.number().check(z.int())),
  response_body: z.string().check(z.describe('First 1,024 characters')),
  latency_ms: z.number().check(z.int()),
  tested_at: Timestamp,
  error: z.nullable(z.string()),
  event_id: z.string(),
}).register(components, { id: 'WebhookTestResult' });

export const DeliveryLog = z.object({
  event_id: z.string(), event_type: z.string(), attempted_at: Timestamp, delivered_at: z.nullable(Timestamp),
  response_code: z.nullable(z.number().check(z.int())), latency_ms: z.number().check(z.int()), error: z.nullable(z.string()),
  retry_count: z.number().check(z.int(), z.describe('0 for the first attempt')), success: z.boolean(),
}).register(components, { id: 'DeliveryLog' });

export const DeliveryLogList = z.object({ logs: z.array(DeliveryLog), ...PageFields }).register(components, { id: 'DeliveryLogList' });
