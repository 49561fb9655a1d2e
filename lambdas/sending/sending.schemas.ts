import * as z from 'zod/mini';
import { components, PathId } from '../platform/http/common.schemas.ts';
import { Address, NO_LINE_BREAKS, Recipients, Subject } from '../platform/http/mail-fields.schemas.ts';
import { formatBytes, MAX_ATTACHMENT_BYTES_TOTAL, MAX_ATTACHMENT_REQUEST_BODY_BYTES } from '../platform/payload-limits.ts';

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
  })).check(z.maxLength(10), z.describe(`At most 10 files, together at most ${formatBytes(MAX_ATTACHMENT_BYTES_TOTAL)} decoded `
    + `(ATTACHMENTS_TOO_LARGE); the whole request body is capped at ${formatBytes(MAX_ATTACHMENT_REQUEST_BODY_BYTES)} (413 PAYLOAD_TOO_LARGE)`)), []),
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
