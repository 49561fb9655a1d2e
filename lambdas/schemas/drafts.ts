import * as z from 'zod';
import { components, CursorPagination, cursorWithoutOffset, IsoDateTime, PageFields, Timestamp, PathId } from './common.ts';
import { Label } from './messages.ts';
import { CONTROL_OR_INVISIBLE } from '../core/text-safety.ts';

const NO_LINE_BREAKS = /^[^\r\n\u2028\u2029]*$/;
/** One address; display names are not taken here, so nothing can smuggle a header. */
export const Address = z.string().trim().max(254)
  .refine((s) => !CONTROL_OR_INVISIBLE.test(s), 'must not contain control or invisible formatting characters (such as bidi controls)')
  .regex(/^[^\s@<>",;:()\\[\]]+@[^\s@<>",;:()\\[\]]+\.[^\s@<>",;:()\\[\]]+$/, 'must be an email address like name@example.com');
/** Spec: `to` is a string; several recipients may be given as an array. */
export const Recipients = z.union([Address, z.array(Address).min(1).max(50)]).transform((v) => (Array.isArray(v) ? v : [v]));
export const Subject = z.string().max(998).regex(NO_LINE_BREAKS, 'must not contain line breaks');
const SendAt = IsoDateTime;

export const CreateDraftBody = z.object({
  to: Recipients,
  subject: Subject,
  body: z.string().max(1_000_000).describe('Plain text; stored as body_text'),
  cc: z.array(Address).max(50).default([]),
  bcc: z.array(Address).max(50).default([]),
  body_html: z.string().max(2_000_000).nullable().optional(),
  send_at: SendAt.nullable().optional().describe('ISO 8601; the draft is sent automatically then'),
  in_reply_to: z.string().optional().describe('Id of a message of this inbox: sets In-Reply-To/References and the thread'),
  thread_id: z.string().optional(),
  labels: z.array(Label).max(50).default([]),
}).register(components, { id: 'CreateDraftRequest' });

export const UpdateDraftBody = z.object({
  to: Recipients.optional(),
  cc: z.array(Address).max(50).optional(),
  bcc: z.array(Address).max(50).optional(),
  subject: Subject.optional(),
  body: z.string().max(1_000_000).optional(),
  body_html: z.string().max(2_000_000).nullable().optional(),
  send_at: SendAt.nullable().optional().describe('null unschedules'),
  labels: z.array(Label).max(50).optional().describe('Replaces all labels'),
}).register(components, { id: 'UpdateDraftRequest' });

export const Draft = z.object({
  id: z.string(),
  inbox_id: z.string(),
  to: z.string().describe('Recipients, comma-separated when several'),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  subject: z.string(),
  body_text: z.string(),
  body_html: z.string().nullable(),
  send_at: Timestamp.nullable(),
  thread_id: z.string().nullable(),
  labels: z.array(z.string()),
  status: z.enum(['draft', 'scheduled', 'sending', 'sent']),
  created_at: Timestamp,
  updated_at: Timestamp,
}).register(components, { id: 'Draft' });
export const DraftList = z.object({ drafts: z.array(Draft), ...PageFields }).register(components, { id: 'DraftList' });
export const ListDraftsQuery = CursorPagination.extend({
  label: z.string().optional(),
}).refine(...cursorWithoutOffset);
export const DraftParams = z.object({ id: PathId, draftId: PathId });
export const DraftDeleted = z.object({ id: z.string(), deleted: z.literal(true), cancelled_schedule: z.boolean() }).register(components, { id: 'DraftDeleted' });

export const SendResult = z.object({
  id: z.string().describe('Message id (msg_…); for a scheduled send, the draft id until it is sent'),
  status: z.enum(['queued', 'scheduled']),
  message_id: z.string().nullable().describe('RFC 5322 Message-ID'),
  sent_at: Timestamp.nullable(),
  scheduled_at: Timestamp.nullable(),
  thread_id: z.string().nullable(),
  note: z.string(),
}).register(components, { id: 'SendResult' });

export const SendBody = z.object({
  to: Recipients,
  cc: z.array(Address).max(50).default([]),
  bcc: z.array(Address).max(50).default([]),
  subject: Subject,
  body: z.string().max(1_000_000),
  body_html: z.string().max(2_000_000).nullable().optional(),
  attachments: z.array(z.object({
    filename: z.string().min(1).max(255).regex(NO_LINE_BREAKS, 'must not contain line breaks'),
    content: z.string().describe('base64'),
    content_type: z.string().max(255).regex(/^[\w.+-]+\/[\w.+-]+$/, 'must be a MIME type like application/pdf').default('application/octet-stream'),
  })).max(10).default([]),
  client_id: z.string().min(1).max(128).optional().describe('Idempotency key: a repeat returns the first send'),
  in_reply_to: z.string().optional(),
}).register(components, { id: 'SendMessageRequest' });

export const ReplyBody = z.object({
  body: z.string().max(1_000_000),
  body_html: z.string().max(2_000_000).nullable().optional(),
  reply_all: z.boolean().default(false),
  client_id: z.string().min(1).max(128).optional(),
}).register(components, { id: 'ReplyRequest' });
export const MessageIdParams = z.object({ id: PathId });
