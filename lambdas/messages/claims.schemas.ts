/** Request schemas of the claim routes (issue #28). */
import * as z from 'zod/mini';
import { components, Cursor, PathId } from '../platform/http/common.schemas.ts';
import { WaitQuery, WAIT_MAX_TIMEOUT_SECONDS } from './messages.schemas.ts';

/** A lease shorter than this expires while a worker is still reading the message. */
export const MIN_LEASE_SECONDS = 5;
/** SQS's own longest first visibility window is 12 h; 15 minutes is the longest one Lambda worker can hold a message. */
export const MAX_LEASE_SECONDS = 900;
export const MAX_CLAIM_LIMIT = 100;
export const MAX_DELIVERIES = 100;
/** A release's delay: at most the longest lease. */
export const MAX_RELEASE_DELAY_SECONDS = MAX_LEASE_SECONDS;

const ClaimId = z.string().check(z.regex(/^clm_[0-9a-z]{1,12}_[0-9a-f]{32}$/, 'must be a claim id (clm_…) from a claim'));

export const ClaimBody = z.object({
  limit: z._default(z.number().check(z.int(), z.gte(1), z.lte(MAX_CLAIM_LIMIT)), 1).check(z.describe(`Messages to claim, 1-${MAX_CLAIM_LIMIT} (default 1)`)),
  lease: z._default(z.number().check(z.int(), z.gte(MIN_LEASE_SECONDS), z.lte(MAX_LEASE_SECONDS)), 60)
    .check(z.describe(`Seconds each message is yours, ${MIN_LEASE_SECONDS}-${MAX_LEASE_SECONDS} (default 60): ack it before, or it goes back to the queue`)),
  timeout: z._default(z.number().check(z.int(), z.gte(0), z.lte(WAIT_MAX_TIMEOUT_SECONDS)), 0)
    .check(z.describe(`Seconds to wait when nothing is ready, 0-${WAIT_MAX_TIMEOUT_SECONDS} (default 0: answer at once)`)),
  max_deliveries: z._default(z.number().check(z.int(), z.gte(1), z.lte(MAX_DELIVERIES)), 5)
    .check(z.describe('A message handed out this many times without an ack becomes a dead letter instead of being handed out again (default 5)')),
  from: z.optional(WaitQuery.shape.from),
  subject: z.optional(WaitQuery.shape.subject),
  has: z.optional(z.enum(['code', 'link', 'any'])).check(z.describe('code: only mail with a verification code, and its code is yours alone (consumed_at is set; consuming waits skip it); link: with a call-to-action link; any: with either')),
  verified_only: z._default(z.boolean(), false).check(z.describe('Only mail whose sender passed DMARC and is not flagged spoofed_sender or lookalike_domain')),
  safe_only: z._default(z.boolean(), false).check(z.describe('Only mail whose security.risk is none or low')),
}).register(components, { id: 'ClaimRequest' });

export const AckBody = z.object({ claim_id: ClaimId }).register(components, { id: 'AckRequest' });
export const ReleaseBody = z.object({
  claim_id: ClaimId,
  delay: z._default(z.number().check(z.int(), z.gte(0), z.lte(MAX_RELEASE_DELAY_SECONDS)), 0)
    .check(z.describe(`Seconds before it can be claimed again, 0-${MAX_RELEASE_DELAY_SECONDS} (default 0)`)),
}).register(components, { id: 'ReleaseRequest' });

export const DeadLettersQuery = z.object({ limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 50), cursor: z.optional(Cursor) });
export const ClaimMessageParams = z.object({ id: PathId, msgId: PathId });
