import * as z from 'zod';
import { components, Cursor, NextCursor, Pagination, QueryBoolean, Timestamp, PathId } from './common.ts';

export const Label = z.string().trim().min(1).max(64).describe('Case-sensitive label');

export const AttachmentMeta = z.object({
  id: z.string(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  inline: z.boolean(),
  content_id: z.string().optional(),
  download_url: z.string().describe('API path that returns a presigned URL (needs the key)'),
}).register(components, { id: 'Attachment' });

export const CtaLink = z.object({
  url: z.string(), text: z.string(), confidence: z.enum(['high', 'medium', 'low']), type: z.string(),
}).register(components, { id: 'CtaLink' });
export const VerificationCode = z.object({ code: z.string(), confidence: z.enum(['high', 'medium', 'low']), context: z.string() }).register(components, { id: 'VerificationCode' });

export const AuthResult = z.enum(['pass', 'fail', 'none', 'temperror', 'disabled']);
export const Authentication = z.object({
  spf: AuthResult, dkim: AuthResult, dmarc: AuthResult,
  sender_verified: z.boolean().describe('DMARC passed for the domain of the From address: the sender is who From says'),
}).describe('Sender authentication of a received message (null for mail this inbox sent)').register(components, { id: 'Authentication' });

export const Message = z.object({
  id: z.string(),
  inbox_id: z.string(),
  thread_id: z.string().nullable(),
  direction: z.enum(['inbound', 'outbound']),
  from: z.string(),
  from_name: z.string().nullable(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  reply_to: z.array(z.string()),
  subject: z.string(),
  body_text: z.string(),
  body_html: z.string().nullable().describe('As sent. Never render it unsanitised.'),
  reply_body: z.string().describe('The new text of a reply, without quoted history or signature'),
  links: z.array(z.string()),
  cta_links: z.array(CtaLink).describe('Verification, reset, login, approve/reject and primary-button links, best first'),
  verification_codes: z.array(VerificationCode).describe('One-time codes found in the message, best first'),
  headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  message_id_header: z.string(),
  in_reply_to: z.string().nullable(),
  references: z.array(z.string()),
  labels: z.array(z.string()),
  read: z.boolean(),
  spam_score: z.number().describe('0-10, lower is better'),
  authentication: Authentication.nullable(),
  envelope_from: z.string().nullable().describe('SMTP envelope sender (Return-Path) of a received message; may differ from from'),
  received_at: Timestamp,
  created_at: Timestamp,
  attachments: z.array(AttachmentMeta),
  parse_error: z.string().optional().describe('Present when the message could only partly be read'),
  delivery_status: z.enum(['queued', 'sent', 'delivered', 'bounced', 'failed']).optional(),
}).register(components, { id: 'Message' });

export const ListMessagesQuery = Pagination.extend({
  cursor: Cursor.optional(),
  view: z.enum(['full', 'summary']).default('full').describe('summary: messages without body_text, body_html, reply_body and headers (a light page; GET one message for its bodies)'),
  search: z.string().trim().min(1).max(200).optional()
    .describe('Words of the subject, sender or body text, each matched as a word prefix, case- and accent-insensitive; every word must match'),
  thread_id: z.string().optional(),
  read: QueryBoolean.optional().describe('true = read only, false = unread only'),
  unread: QueryBoolean.optional().describe('true = unread only, false = read only (the name the thread list uses)'),
  unread_only: QueryBoolean.optional().default(false),
  sort: z.enum(['desc', 'asc']).default('desc').describe('By received time'),
}).refine((q) => q.read === undefined || q.unread === undefined || q.read !== q.unread,
  { message: 'contradicts read: unread=true means read=false', path: ['unread'] })
  .refine((q) => q.cursor === undefined || q.offset === 0, { message: 'cannot be combined with cursor (the cursor already says where the page starts)', path: ['offset'] });

export const MessageList = z.object({
  messages: z.array(Message).describe('With view=summary each message lacks body_text, body_html, reply_body and headers'), total: z.number().int(), limit: z.number().int(), offset: z.number().int(), has_more: z.boolean(),
  next_cursor: NextCursor,
}).register(components, { id: 'MessageList' });

export const UpdateMessageBody = z.object({
  read: z.boolean().optional(),
  labels: z.array(Label).max(50).optional().describe('Replaces all labels'),
}).refine((b) => b.read !== undefined || b.labels !== undefined, { message: 'send read and/or labels', path: ['read'] }).register(components, { id: 'UpdateMessageRequest' });

export const MessageParams = z.object({ id: PathId, msgId: PathId });
export const AttachmentParams = z.object({ id: PathId, msgId: PathId, attachId: PathId });
export const ThreadAttachmentParams = AttachmentParams.extend({ threadId: PathId });

export const AttachmentDownload = z.object({
  id: z.string(), url: z.string().describe('Presigned; valid 1 hour; needs no key'), expires_at: Timestamp,
  filename: z.string(), content_type: z.string(), size: z.number().int(),
}).register(components, { id: 'AttachmentDownload' });

export const Rejection = z.object({
  from: z.string(), subject: z.string(), reason: z.string(), rejected_at: Timestamp,
  rule: z.object({ id: z.string(), type: z.string(), address: z.string(), inbox_id: z.string().nullable() }).nullable(),
}).register(components, { id: 'Rejection' });
export const RejectionList = z.object({ rejections: z.array(Rejection), total: z.number().int().describe('Rejections on this page'), next_cursor: NextCursor })
  .register(components, { id: 'RejectionList' });
export const RejectionsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(50), cursor: Cursor.optional() });

/** API Gateway ends an integration at 30 s; a wait must answer well before. */
export const WAIT_MAX_TIMEOUT_SECONDS = 25;
export const WAIT_DEFAULT_TIMEOUT_SECONDS = 20;

export const WaitQuery = z.object({
  timeout: z.coerce.number().int().min(1).max(WAIT_MAX_TIMEOUT_SECONDS).default(WAIT_DEFAULT_TIMEOUT_SECONDS)
    .describe(`Seconds to wait, 1-${WAIT_MAX_TIMEOUT_SECONDS} (default ${WAIT_DEFAULT_TIMEOUT_SECONDS})`),
  after: z.string().regex(/^msg_[0-9a-f-]{36}$/, 'must be a message id (msg_…)').optional()
    .describe('A message id: only mail that arrived after it. Pass the id of the last message you handled, and no mail is ever missed between two waits'),
  since: z.iso.datetime({ offset: true }).optional()
    .describe('ISO time: only mail received from then on. Default: the moment of the call minus 10 s (ignored with after unless given)'),
  from: z.string().trim().min(1).max(320).optional().describe('Case-insensitive substring of the sender address or name'),
  subject: z.string().trim().min(1).max(998).optional().describe('Case-insensitive substring of the subject'),
  has: z.enum(['code', 'link', 'any']).default('any').describe('code: has a verification code; link: has a call-to-action link; any (default)'),
  unread_only: QueryBoolean.optional().default(false),
  verified_only: QueryBoolean.optional().default(false).describe('Only mail whose sender passed DMARC for its From domain (authentication.sender_verified)'),
});

export const WaitResult = z.object({
  message: Message.nullable(),
  verification_code: z.string().nullable().describe('The best verification code of the message, or null'),
  cta: z.object({ url: z.string(), text: z.string(), type: z.string() }).nullable().describe('The best call-to-action link, or null'),
  timed_out: z.boolean().describe('true: nothing matching arrived in time; next_steps gives the call that goes on waiting'),
}).register(components, { id: 'WaitResult' });
