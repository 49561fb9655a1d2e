import * as z from 'zod/mini';
import { components, CursorPagination, cursorWithoutOffset, IsoDateTime, Label, PathId } from '../platform/http/common.schemas.ts';
import { Address, Recipients, Subject } from '../platform/http/mail-fields.schemas.ts';

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
