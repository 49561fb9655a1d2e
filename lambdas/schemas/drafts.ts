import * as z from 'zod/mini';
import { components, CursorPagination, cursorWithoutOffset, IsoDateTime, Label, PathId } from './common.ts';
import { CONTROL_OR_INVISIBLE } from '../core/text-safety.ts';

const NO_LINE_BREAKS = /^[^\r\n\u2028\u2029]*$/;
/** One address; display names are not taken here, so nothing can smuggle a header. */
export const Address = z.string().check(z.trim(), z.maxLength(254), z.refine((s) => !CONTROL_OR_INVISIBLE.test(s), 'must not contain control or invisible formatting characters (such as bidi controls)'), z.regex(/^[^\s@<>",;:()\\[\]]+@[^\s@<>",;:()\\[\]]+\.[^\s@<>",;:()\\[\]]+$/, 'must be an email address like name@example.com'));
/** Spec: `to` is a string; several recipients may be given as an array. */
export const Recipients = z.pipe(z.union([Address, z.array(Address).check(z.minLength(1), z.maxLength(50))]), z.transform((v) => (Array.isArray(v) ? v : [v])));
export const Subject = z.string().check(z.maxLength(998), z.regex(NO_LINE_BREAKS, 'must not contain line breaks'));
const SendAt = IsoDateTime;

export const CreateDraftBody = z.object({
  to: Recipients,
  subject: Subject,
  body: z.string().check(z.maxLength(1_000_000), z.describe('Plain text; stored as body_text')),
  cc: z._default(z.array(Address).check(z.maxLength(50)), []),
  bcc: z._default(z.array(Address).check(z.maxLength(50)), []),
  body_html: z.optional(z.nullable(z.string().check(z.maxLength(2_000_000)))),
  send_at: z.optional(z.nullable(SendAt)).check(z.describe('ISO 8601; the draft is sent automatically then')),
  in_reply_to: z.optional(z.string()).check(z.describe('Id of a message of this inbox: sets In-Reply-To/References and the thread')),
  thread_id: z.optional(z.string()),
  labels: z._default(z.array(Label).check(z.maxLength(50)), []),
}).register(components, { id: 'CreateDraftRequest' });

export const UpdateDraftBody = z.object({
  to: z.optional(Recipients),
  cc: z.optional(z.array(Address).check(z.maxLength(50))),
  bcc: z.optional(z.array(Address).check(z.maxLength(50))),
  subject: z.optional(Subject),
  body: z.optional(z.string().check(z.maxLength(1_000_000))),
  body_html: z.optional(z.nullable(z.string().check(z.maxLength(2_000_000)))),
  send_at: z.optional(z.nullable(SendAt)).check(z.describe('null unschedules')),
  labels: z.optional(z.array(Label).check(z.maxLength(50))).check(z.describe('Replaces all labels')),
}).register(components, { id: 'UpdateDraftRequest' });

export const ListDraftsQuery = z.extend(CursorPagination, {
  label: z.optional(z.string()),
}).check(z.refine(...cursorWithoutOffset));
export const DraftParams = z.object({ id: PathId, draftId: PathId });
export const SendBody = z.object({
  to: Recipients,
  cc: z._default(z.array(Address).check(z.maxLength(50)), []),
  bcc: z._default(z.array(Address).check(z.maxLength(50)), []),
  subject: Subject,
  body: z.string().check(z.maxLength(1_000_000)),
  body_html: z.optional(z.nullable(z.string().check(z.maxLength(2_000_000)))),
  attachments: z._default(z.array(z.object({
    filename: z.string().check(z.minLength(1), z.maxLength(255), z.regex(NO_LINE_BREAKS, 'must not contain line breaks')),
    content: z.string().check(z.describe('base64')),
    content_type: z._default(z.string().check(z.maxLength(255), z.regex(/^[\w.+-]+\/[\w.+-]+$/, 'must be a MIME type like application/pdf')), 'application/octet-stream'),
  })).check(z.maxLength(10)), []),
  client_id: z.optional(z.string().check(z.minLength(1), z.maxLength(128))).check(z.describe('Idempotency key: a repeat returns the first send')),
  in_reply_to: z.optional(z.string()),
}).register(components, { id: 'SendMessageRequest' });

export const ReplyBody = z.object({
  body: z.string().check(z.maxLength(1_000_000)),
  body_html: z.optional(z.nullable(z.string().check(z.maxLength(2_000_000)))),
  reply_all: z._default(z.boolean(), false),
  client_id: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
}).register(components, { id: 'ReplyRequest' });
export const MessageIdParams = z.object({ id: PathId });
