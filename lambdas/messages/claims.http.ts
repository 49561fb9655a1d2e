/** HTTP mapping of the claim routes the messages function serves (issue #28): ack, release, dead letters. Claiming, which may long-poll, is the wait function's (wait.http.ts). */
import type { z } from 'zod';
import type { HttpRequest, OperationResult } from '../platform/http/types.ts';
import type { AckBody, DeadLettersQuery, ReleaseBody } from './claims.schemas.ts';
import * as claims from './claims.ts';

async function ackMessage(req: HttpRequest<'inbox-or-account', z.output<typeof AckBody>>): Promise<OperationResult> {
  return { result: await claims.ackMessage(req.principal.inbox.id, req.params.msgId, req.body.claim_id), nextSteps: ['Done: no claim hands this message out again.'] };
}

async function releaseMessage(req: HttpRequest<'inbox-or-account', z.output<typeof ReleaseBody>>): Promise<OperationResult> {
  const r = await claims.releaseMessage(req.principal.inbox.id, req.params.msgId, req.body.claim_id, req.body.delay);
  return { result: r, nextSteps: [`Back in the queue: a claim can take it from ${r.ready_at}.`] };
}

async function listDeadLetters(req: HttpRequest<'inbox-or-account', unknown, z.output<typeof DeadLettersQuery>>): Promise<OperationResult> {
  const r = await claims.listDeadLetters(req.principal.inbox.id, req.query.limit, req.query.cursor);
  return {
    result: { dead_letters: r.dead_letters.map(({ message_id, from, subject, received_at, delivery_count, dead_at }) => ({ message_id, from, subject, received_at, delivery_count, dead_at })), next_cursor: r.next_cursor },
    nextSteps: r.dead_letters.length
      ? ['Read one with GET /v1/inboxes/{id}/messages/{msgId}; POST /v1/inboxes/{id}/messages/{msgId}/requeue puts it back in the queue.']
      : ['No dead letters: every message handed out was acked, or is still in the queue.'],
  };
}

async function requeueMessage(req: HttpRequest<'inbox-or-account'>): Promise<OperationResult> {
  return { result: await claims.requeueMessage(req.principal.inbox.id, req.params.msgId), nextSteps: ['Claimable again now, with its deliveries counted afresh.'] };
}

export const claimsApi = { ackMessage, releaseMessage, listDeadLetters, requeueMessage };
