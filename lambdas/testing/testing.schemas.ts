import * as z from 'zod/mini';
import { components, CursorPagination, cursorWithoutOffset, PathId } from '../platform/http/common.schemas.ts';
import { Address, NO_LINE_BREAKS } from '../platform/http/mail-fields.schemas.ts';
import { formatBytes, MAX_ATTACHMENT_REQUEST_BODY_BYTES } from '../platform/payload-limits.ts';
import { SCENARIOS } from './scenarios.ts';
import { BIN_DEFAULTS, MAX_DELAY_MS, MAX_TTL_HOURS } from './testing.entities.ts';

const Verdict = z.enum(['PASS', 'FAIL', 'GRAY']);

export const SimulateBody = z.object({
  raw: z.optional(z.string().check(z.minLength(1), z.describe(`An RFC 5322 message as text (headers, blank line, body), stored and ingested as SES would; the request body is capped at ${formatBytes(MAX_ATTACHMENT_REQUEST_BODY_BYTES)}`))),
  scenario: z.optional(z.enum(SCENARIOS).check(z.describe('A prepared mail: verification_code (code), magic_link (link), reply (to message_id, text), spoofed_sender (authentication fails), prompt_injection (hostile instructions in the body); or SES\'s feedback on a mail this inbox sent (message_id): bounce (permanent: the recipient is suppressed), complaint'))),
  from: z.optional(Address.check(z.describe('Sender address (envelope and From); default: the scenario\'s, or the raw message\'s From'))),
  subject: z.optional(z.string().check(z.minLength(1), z.maxLength(998), z.regex(NO_LINE_BREAKS, 'must not contain line breaks'))),
  code: z.optional(z.string().check(z.regex(/^[A-Za-z0-9-]{4,12}$/, 'must be 4-12 letters, digits or dashes'), z.describe('verification_code: the code to send (default: 6 random digits)'))),
  link: z.optional(z.string().check(z.maxLength(2048), z.regex(/^https:\/\/[^\s<>"]+$/, 'must be an https:// URL'), z.describe('magic_link: the link to send'))),
  text: z.optional(z.string().check(z.maxLength(100_000), z.describe('reply: the reply\'s text'))),
  message_id: z.optional(z.string().check(z.minLength(1), z.maxLength(100), z.describe('reply: the message (in this inbox) answered; bounce, complaint: the mail this inbox sent'))),
  verdicts: z.optional(z.object({
    spam: z.optional(Verdict), virus: z.optional(Verdict), spf: z.optional(Verdict), dkim: z.optional(Verdict), dmarc: z.optional(Verdict),
  }).check(z.describe('SES\'s verdicts to report (default: a scenario\'s own; for raw mail spam and virus PASS, SPF/DKIM/DMARC GRAY)'))),
}).check(z.refine((b) => (b.raw === undefined) !== (b.scenario === undefined), { message: 'give exactly one of raw and scenario', path: ['scenario'] }))
  .register(components, { id: 'SimulateInboundRequest' });

// Request bins: the bounds of testing.entities.ts (the use cases in bins.ts apply the defaults).
const BinRespond = z.object({
  status: z.optional(z.number().check(z.int(), z.gte(200), z.lte(599), z.describe(`HTTP status every request is answered with (default ${BIN_DEFAULTS.status})`))),
  delay_ms: z.optional(z.number().check(z.int(), z.gte(0), z.lte(MAX_DELAY_MS), z.describe(`Wait this long before answering (default ${BIN_DEFAULTS.delay_ms}; at most ${MAX_DELAY_MS})`))),
});

export const CreateBinBody = z.object({
  respond: z.optional(BinRespond),
  ttl_hours: z.optional(z.number().check(z.int(), z.gte(1), z.lte(MAX_TTL_HOURS), z.describe(`Hours until the bin and what it recorded are gone (default ${BIN_DEFAULTS.ttl_hours})`))),
}).register(components, { id: 'CreateBinRequest' });

export const UpdateBinBody = z.object({
  respond: BinRespond.check(z.refine((r) => r.status !== undefined || r.delay_ms !== undefined, 'send status and/or delay_ms')),
}).register(components, { id: 'UpdateBinRequest' });

export const BinParams = z.object({ id: PathId });
export const BinRequestsQuery = CursorPagination.check(z.refine(...cursorWithoutOffset));
