import * as z from 'zod/mini';
import { components } from '../platform/http/common.schemas.ts';

export const SimulateResult = z.object({
  status: z.enum(['delivered', 'rejected']).check(z.describe('rejected: the inbox\'s sender rules or spam filter refused it, as they would real mail')),
  message_id: z.nullable(z.string()).check(z.describe('The stored message (msg_…), as GET /v1/inboxes/{id}/messages/{msgId} reads it')),
  thread_id: z.nullable(z.string()),
  rejected_reason: z.nullable(z.string()),
  ses_message_id: z.string().check(z.describe('Where the raw mail was stored (inbound/<id>), as for mail SES received')),
  planted: z.record(z.string(), z.string()).check(z.describe('What the scenario put in the mail (code, link, reply_text, injection): what your agent should find')),
}).register(components, { id: 'SimulateInboundResult' });
