/** Response schemas of the claim routes (issue #28). */
import * as z from 'zod/mini';
import { components } from '../platform/http/common.schemas.ts';
import { NextCursor, Timestamp } from '../platform/http/common.responses.ts';
import { Message } from './messages.responses.ts';

export const ClaimedMessage = z.object({
  message: Message,
  claim_id: z.string().check(z.describe('Pass it to ack or release this message; it stops working when the lease ends')),
  lease_expires_at: Timestamp,
  delivery_count: z.number().check(z.int(), z.describe('Times a claim handed this message out, this one included (more than 1: a worker before you did not ack it)')),
}).register(components, { id: 'ClaimedMessage' });

export const ClaimResult = z.object({
  claims: z.array(ClaimedMessage).check(z.describe('Oldest first; empty when nothing matching was ready within timeout')),
}).register(components, { id: 'ClaimResult' });

export const AckResult = z.object({ id: z.string(), acked: z.literal(true) }).register(components, { id: 'AckResult' });
export const ReleaseResult = z.object({ id: z.string(), released: z.literal(true), ready_at: Timestamp }).register(components, { id: 'ReleaseResult' });
export const RequeueResult = z.object({ id: z.string(), requeued: z.literal(true) }).register(components, { id: 'RequeueResult' });

export const DeadLetter = z.object({
  message_id: z.string(), from: z.string(), subject: z.string(), received_at: Timestamp,
  delivery_count: z.number().check(z.int()), dead_at: Timestamp,
}).register(components, { id: 'DeadLetter' });
export const DeadLetterList = z.object({ dead_letters: z.array(DeadLetter), next_cursor: NextCursor }).register(components, { id: 'DeadLetterList' });
