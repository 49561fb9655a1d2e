import * as z from 'zod/mini';
import { components, Cursor, NextCursor, Pagination, QueryBoolean, Timestamp, PathId } from './common.ts';

export const Label = z.string().check(z.trim(), z.minLength(1), z.maxLength(64), z.describe('Case-sensitive label'));

export const AttachmentMeta = z.object({
  id: z.string(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().check(z.int()),
  inline: z.boolean(),
  content_id: z.optional(z.string()),
  download_url: z.string().check(z.describe('API path that returns a presigned URL (needs the key)')),
}).register(components, { id: 'Attachment' });

export const CtaLink = z.object({
  url: z.string(), text: z.string(), confidence: z.enum(['high', 'medium', 'low']), type: z.string(),
}).register(components, { id: 'CtaLink' });
export const VerificationCode = z.object({ code: z.string(), confidence: z.enum(['high', 'medium', 'low']), context: z.string() }).register(components, { id: 'VerificationCode' });

export const AuthResult = z.enum(['pass', 'fail', 'none', 'temperror', 'disabled']);
export const Authentication = z.object({
  spf: AuthResult, dkim: AuthResult, dmarc: AuthResult,
  sender_verified: z.boolean().check(z.describe('DMARC passed for the domain of the From address: the sender is who From says')),
}).check(z.describe('Sender authentication of a received message (null for mail this inbox sent)')).register(components, { id: 'Authentication' });

export const Message = z.object({
  id: z.string(),
  inbox_id: z.string(),
  thread_id: z.nullable(z.string()),
  direction: z.enum(['inbound', 'outbound']),
  from: z.string(),
  from_name: z.nullable(z.string()),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  reply_to: z.array(z.string()),
  subject: z.string(),
  body_text: z.string(),
  body_html: z.nullable(z.string()).check(z.describe('As sent. Never render it unsanitised.')),
  reply_body: z.string().check(z.describe('The new text of a reply, without quoted history or signature')),
  links: z.array(z.string()),
  cta_links: z.array(CtaLink).check(z.describe('Verification, reset, login, approve/reject and primary-button links, best first')),
  verification_codes: z.array(VerificationCode).check(z.describe('One-time codes found in the message, best first')),
  headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  message_id_header: z.string(),
  in_reply_to: z.nullable(z.string()),
  references: z.array(z.string()),
  labels: z.array(z.string()),
  read: z.boolean(),
  spam_score: z.number().check(z.describe('0-10, lower is better')),
  authentication: z.nullable(Authentication),
  envelope_from: z.nullable(z.string()).check(z.describe('SMTP envelope sender (Return-Path) of a received message; may differ from from')),
  received_at: Timestamp,
  created_at: Timestamp,
  attachments: z.array(AttachmentMeta),
  parse_error: z.optional(z.string()).check(z.describe('Present when the message could only partly be read')),
  delivery_status: z.optional(z.enum(['queued', 'sent', 'delivered', 'bounced', 'failed'])),
}).register(components, { id: 'Message' });

export const ListMessagesQuery = z.extend(Pagination, {
  cursor: z.optional(Cursor),
  view: z._default(z.enum(['full', 'summary']), 'full').check(z.describe('summary: messages without body_text, body_html, reply_body and headers (a light page; GET one message for its bodies)')),
  search: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))).check(z.describe('Words of the subject, sender or body text, each matched as a word prefix, case- and accent-insensitive; every word must match')),
  thread_id: z.optional(z.string()),
  read: z.optional(QueryBoolean).check(z.describe('true = read only, false = unread only')),
  unread: z.optional(QueryBoolean).check(z.describe('true = unread only, false = read only (the name the thread list uses)')),
  unread_only: z._default(z.optional(QueryBoolean), false),
  sort: z._default(z.enum(['desc', 'asc']), 'desc').check(z.describe('By received time')),
}).check(z.refine((q) => q.read === undefined || q.unread === undefined || q.read !== q.unread, { message: 'contradicts read: unread=true means read=false', path: ['unread'] }), z.refine((q) => q.cursor === undefined || q.offset === 0, { message: 'cannot be combined with cursor (the cursor already says where the page starts)', path: ['offset'] }));

export const MessageList = z.object({
  messages: z.array(Message).check(z.describe('With view=summary each message lacks body_text, body_html, reply_body and headers')), total: z.number().check(z.int()), limit: z.number().check(z.int()), offset: z.number().check(z.int()), has_more: z.boolean(),
  next_cursor: NextCursor,
}).register(components, { id: 'MessageList' });

export const UpdateMessageBody = z.object({
  read: z.optional(z.boolean()),
  labels: z.optional(z.array(Label).check(z.maxLength(50))).check(z.describe('Replaces all labels')),
}).check(z.refine((b) => b.read !== undefined || b.labels !== undefined, { message: 'send read and/or labels', path: ['read'] })).register(components, { id: 'UpdateMessageRequest' });

export const MessageParams = z.object({ id: PathId, msgId: PathId });
export const AttachmentParams = z.object({ id: PathId, msgId: PathId, attachId: PathId });
export const ThreadAttachmentParams = z.extend(AttachmentParams, { threadId: PathId });

export const AttachmentDownload = z.object({
  id: z.string(), url: z.string().check(z.describe('Presigned; valid 1 hour; needs no key')), expires_at: Timestamp,
  filename: z.string(), content_type: z.string(), size: z.number().check(z.int()),
}).register(components, { id: 'AttachmentDownload' });

export const Rejection = z.object({
  from: z.string(), subject: z.string(), reason: z.string(), rejected_at: Timestamp,
  rule: z.nullable(z.object({ id: z.string(), type: z.string(), address: z.string(), inbox_id: z.nullable(z.string()) })),
}).register(components, { id: 'Rejection' });
export const RejectionList = z.object({ rejections: z.array(Rejection), total: z.number().check(z.int(), z.describe('Rejections on this page')), next_cursor: NextCursor }).register(components, { id: 'RejectionList' });
export const RejectionsQuery = z.object({ limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 50), cursor: z.optional(Cursor) });

/** API Gateway ends an integration at 30 s; a wait must answer well before. */
export const WAIT_MAX_TIMEOUT_SECONDS = 25;
export const WAIT_DEFAULT_TIMEOUT_SECONDS = 20;

export const WaitQuery = z.object({
  timeout: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(WAIT_MAX_TIMEOUT_SECONDS)), WAIT_DEFAULT_TIMEOUT_SECONDS).check(z.describe(`Seconds to wait, 1-${WAIT_MAX_TIMEOUT_SECONDS} (default ${WAIT_DEFAULT_TIMEOUT_SECONDS})`)),
  after: z.optional(z.string().check(z.regex(/^msg_[0-9a-f-]{36}$/, 'must be a message id (msg_…)'))).check(z.describe('A message id: only mail that arrived after it. Pass the id of the last message you handled, and no mail is ever missed between two waits')),
  since: z.optional(z.iso.datetime({ offset: true })).check(z.describe('ISO time: only mail received from then on. Default: the moment of the call minus 10 s (ignored with after unless given)')),
  from: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(320))).check(z.describe('Case-insensitive substring of the sender address or name')),
  subject: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(998))).check(z.describe('Case-insensitive substring of the subject')),
  has: z._default(z.enum(['code', 'link', 'any']), 'any').check(z.describe('code: has a verification code; link: has a call-to-action link; any (default)')),
  unread_only: z._default(z.optional(QueryBoolean), false),
  verified_only: z._default(z.optional(QueryBoolean), false).check(z.describe('Only mail whose sender passed DMARC for its From domain (authentication.sender_verified)')),
});

export const WaitResult = z.object({
  message: z.nullable(Message),
  verification_code: z.nullable(z.string()).check(z.describe('The best verification code of the message, or null')),
  cta: z.nullable(z.object({ url: z.string(), text: z.string(), type: z.string() })).check(z.describe('The best call-to-action link, or null')),
  timed_out: z.boolean().check(z.describe('true: nothing matching arrived in time; next_steps gives the call that goes on waiting')),
}).register(components, { id: 'WaitResult' });
