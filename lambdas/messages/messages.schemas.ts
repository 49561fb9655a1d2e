import * as z from 'zod/mini';
import { components, Cursor, Label, Pagination, PathId, QueryBoolean } from '../platform/http/common.schemas.ts';

export const ListMessagesQuery = z.extend(Pagination, {
  cursor: z.optional(Cursor),
  view: z._default(z.enum(['full', 'summary']), 'full').check(z.describe('summary: messages without body_text, body_html, reply_body, visible_text, forwarded and headers (a light page; GET one message for its bodies)')),
  search: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))).check(z.describe('Words of the subject, sender or body text, each matched as a word prefix, case- and accent-insensitive; every word must match')),
  thread_id: z.optional(z.string()),
  read: z.optional(QueryBoolean).check(z.describe('true = read only, false = unread only')),
  unread: z.optional(QueryBoolean).check(z.describe('true = unread only, false = read only (the name the thread list uses)')),
  unread_only: z._default(z.optional(QueryBoolean), false),
  safe_only: z._default(z.optional(QueryBoolean), false).check(z.describe('Only mail whose security.risk is none or low (skips medium and high, and mail received before assessments existed)')),
  sort: z._default(z.enum(['desc', 'asc']), 'desc').check(z.describe('By received time')),
}).check(z.refine((q) => q.read === undefined || q.unread === undefined || q.read !== q.unread, { message: 'contradicts read: unread=true means read=false', path: ['unread'] }), z.refine((q) => q.cursor === undefined || q.offset === 0, { message: 'cannot be combined with cursor (the cursor already says where the page starts)', path: ['offset'] }));

export const UpdateMessageBody = z.object({
  read: z.optional(z.boolean()),
  labels: z.optional(z.array(Label).check(z.maxLength(50))).check(z.describe('Replaces all labels')),
}).check(z.refine((b) => b.read !== undefined || b.labels !== undefined, { message: 'send read and/or labels', path: ['read'] })).register(components, { id: 'UpdateMessageRequest' });

export const MessageParams = z.object({ id: PathId, msgId: PathId });
export const AttachmentParams = z.object({ id: PathId, msgId: PathId, attachId: PathId });
export const ThreadAttachmentParams = z.extend(AttachmentParams, { threadId: PathId });

export const RejectionsQuery = z.object({ limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 50), cursor: z.optional(Cursor) });

/** API Gateway ends an integration at 30 s; a wait must answer well before. */
export const WAIT_MAX_TIMEOUT_SECONDS = 25;
export const WAIT_DEFAULT_TIMEOUT_SECONDS = 20;

export const WaitQuery = z.object({
  timeout: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(WAIT_MAX_TIMEOUT_SECONDS)), WAIT_DEFAULT_TIMEOUT_SECONDS).check(z.describe(`Seconds to wait, 1-${WAIT_MAX_TIMEOUT_SECONDS} (default ${WAIT_DEFAULT_TIMEOUT_SECONDS})`)),
  after: z.optional(z.string().check(z.regex(/^msg_[0-9a-f-]{36}$/, 'must be a message id (msg_…)'))).check(z.describe('A message id: only mail that arrived after it. Pass the id of the last message you handled, and no mail is ever missed between two waits')),
  since: z.optional(z.iso.datetime({ offset: true })).check(z.describe('ISO time: only mail received from then on. Default: the moment of the call minus 10 s (ignored with after unless given)')),
  from: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(320),
    // One @ at most, no spaces: a display name ("GitHub <noreply@github.com>") is refused, not silently never matched.
    z.refine((v) => !/\s/.test(v) && v.indexOf('@') === v.lastIndexOf('@') && !v.endsWith('@'),
      { message: 'must be a domain (github.com) or a whole address (noreply@github.com)' })))
    .check(z.describe('The sender address\'s domain or a whole address, case-insensitive: github.com matches x@github.com and x@mail.github.com (not x@github.com.evil.example); noreply@github.com matches that address only. Never the display name, which the sender writes freely')),
  subject: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(998))).check(z.describe('Case-insensitive substring of the subject')),
  has: z._default(z.enum(['code', 'link', 'any']), 'any').check(z.describe('code: has a verification code; link: has a call-to-action link; any (default)')),
  unread_only: z._default(z.optional(QueryBoolean), false),
  verified_only: z._default(z.optional(QueryBoolean), false).check(z.describe('Only mail whose sender passed DMARC for its From domain (authentication.sender_verified) and is not flagged spoofed_sender or lookalike_domain (security.flags)')),
  safe_only: z._default(z.optional(QueryBoolean), false).check(z.describe('Skip mail whose security.risk is medium or high, and mail received before assessments existed')),
  consume: z._default(z.optional(QueryBoolean), false).check(z.describe('Take the code or link for yourself alone: the message returned gets consumed_at, and later consuming waits (and has=code claims) skip it. Without it, every waiter sees the same mail')),
});
