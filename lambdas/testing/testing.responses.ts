import * as z from 'zod/mini';
import { components } from '../platform/http/common.schemas.ts';
import { PageFields, Timestamp } from '../platform/http/common.responses.ts';
import { formatBytes } from '../platform/payload-limits.ts';
import { BODY_ENCODINGS, MAX_KEPT_REQUESTS, MAX_RECORDED_BODY_BYTES } from './testing.entities.ts';

export const SimulateResult = z.object({
  status: z.enum(['delivered', 'rejected', 'bounced', 'complained']).check(z.describe('rejected: the inbox\'s sender rules or spam filter refused it, as they would real mail; bounced, complained: SES\'s feedback on the sent mail (message_id) was applied')),
  message_id: z.nullable(z.string()).check(z.describe('The stored message (msg_…), as GET /v1/inboxes/{id}/messages/{msgId} reads it')),
  thread_id: z.nullable(z.string()),
  rejected_reason: z.nullable(z.string()),
  ses_message_id: z.string().check(z.describe('Where the raw mail was stored (inbound/<id>), as for mail SES received')),
  planted: z.record(z.string(), z.string()).check(z.describe('What the scenario put in the mail (code, link, reply_text, injection): what your agent should find')),
}).register(components, { id: 'SimulateInboundResult' });

const BinRespond = z.object({
  status: z.number().check(z.int(), z.describe('The status every request is answered with')),
  delay_ms: z.number().check(z.int(), z.describe('How long the bin waits before answering')),
});

export const Bin = z.object({
  id: z.string().check(z.describe('bin_…')),
  url: z.string().check(z.describe('The public URL that records what is sent to it (any method); point a webhook here')),
  respond: BinRespond,
  request_count: z.number().check(z.int(), z.describe(`Requests received so far (the newest ${MAX_KEPT_REQUESTS} are kept)`)),
  created_at: Timestamp,
  expires_at: Timestamp,
}).register(components, { id: 'Bin' });

export const BinList = z.object({
  bins: z.array(Bin),
  total: z.number().check(z.int()),
  max_bins: z.number().check(z.int(), z.describe('Live bins an account may have')),
}).register(components, { id: 'BinList' });

export const BinRequest = z.object({
  method: z.string(),
  path: z.string(),
  query: z.record(z.string(), z.string()).check(z.describe('Query parameters; a repeated one\'s values joined by commas')),
  headers: z.record(z.string(), z.string()).check(z.describe('As received, names in lower case')),
  body: z.string().check(z.describe(`The body, never parsed, cut at ${formatBytes(MAX_RECORDED_BODY_BYTES)}: as text when it is UTF-8, else base64 (body_encoding)`)),
  body_encoding: z.enum(BODY_ENCODINGS).check(z.describe('utf8: body is the text as sent; base64: the bytes were not UTF-8, decode body to get them exactly')),
  body_truncated: z.boolean(),
  received_at: Timestamp,
  answered_status: z.number().check(z.int(), z.describe('The status the bin answered it with')),
}).register(components, { id: 'BinRequest' });

export const BinRequestList = z.object({ requests: z.array(BinRequest), ...PageFields }).register(components, { id: 'BinRequestList' });
export const BinDeleted = z.object({ id: z.string(), deleted: z.literal(true) }).register(components, { id: 'BinDeleted' });
