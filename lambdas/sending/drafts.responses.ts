import * as z from 'zod/mini';
import { components } from '../platform/http/common.schemas.ts';
import { PageFields, Timestamp } from '../platform/http/common.responses.ts';

export const Draft = z.object({
  id: z.string(),
  inbox_id: z.string(),
  to: z.string().check(z.describe('Recipients, comma-separated when several')),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  subject: z.string(),
  body_text: z.string(),
  body_html: z.nullable(z.string()),
  send_at: z.nullable(Timestamp),
  thread_id: z.nullable(z.string()),
  labels: z.array(z.string()),
  status: z.enum(['draft', 'scheduled', 'sending', 'sent']),
  created_at: Timestamp,
  updated_at: Timestamp,
}).register(components, { id: 'Draft' });

export const DraftList = z.object({ drafts: z.array(Draft), ...PageFields }).register(components, { id: 'DraftList' });
export const DraftDeleted = z.object({ id: z.string(), deleted: z.literal(true), cancelled_schedule: z.boolean() }).register(components, { id: 'DraftDeleted' });
export const SendResult = z.object({
  id: z.string().check(z.describe('Message id (msg_…); for a scheduled send, the draft id until it is sent')),
  status: z.enum(['queued', 'scheduled']),
  message_id: z.nullable(z.string()).check(z.describe('RFC 5322 Message-ID')),
  sent_at: z.nullable(Timestamp),
  scheduled_at: z.nullable(Timestamp),
  thread_id: z.nullable(z.string()),
  note: z.string(),
}).register(components, { id: 'SendResult' });
