/**
 * Claims (issue #28): several workers share one inbox's mail, each message handled by one of them
 * at a time. claimMessages hands out up to `limit` ready messages under a lease; ackMessage ends
 * the message's life in the queue; releaseMessage puts it back; a lease that ends returns it by
 * itself, and a message handed out `max_deliveries` times without an ack becomes a dead letter
 * instead. Claims are independent of read, labels and wait.
 */
import { randomUUID } from 'node:crypto';
import { conflict, notFound } from '../platform/errors.ts';
import { fromMatches } from './wait-match.ts';
import { getMessages } from './messages.store.ts';
import * as store from './claims.store.ts';
import type { ClaimQueueRecord, DeadLetterRecord } from './claims.entities.ts';
import type { InboxRecord } from '../inboxes/inboxes.entities.ts';
import type { AccountRecord } from '../accounts/accounts.entities.ts';
import { inWaitSlot } from './wait.ts';
import type { MessageRecord } from './messages.entities.ts';

/**
 * Queue items read per query: twice `limit` (at least 5), so a claimer racing others still finds
 * enough it can take; more pages only when filters or races skip many.
 */
const pageFor = (limit: number) => Math.min(100, Math.max(5, limit * 2));
/** Pages one claim round reads at most: filters that skip almost everything cost a bounded read, then the call answers. */
const CLAIM_MAX_PAGES = 8;

export const CLAIM_DEFAULTS = { limit: 1, lease: 60, max_deliveries: 5, timeout: 0 } as const;

export interface ClaimInput {
  limit: number;
  /** Seconds the lease holds (5–900). */
  lease: number;
  max_deliveries: number;
  /** Seconds to wait for a message when none is ready (0–25). */
  timeout: number;
  has?: 'code' | 'link' | 'any';
  from?: string;
  subject?: string;
  verified_only: boolean;
  safe_only: boolean;
}

export interface ClaimedMessage {
  message: MessageRecord;
  claim_id: string;
  lease_expires_at: string;
  delivery_count: number;
}

/** A claim id carries the end of its lease (where the queue item now sorts) and a random part. */
const claimIdOf = (leaseEndMs: number) => `clm_${leaseEndMs.toString(36)}_${randomUUID().replace(/-/g, '')}`;
const CLAIM_ID = /^clm_([0-9a-z]{1,12})_[0-9a-f]{32}$/;

function leaseEndOf(claimId: string): string {
  const m = CLAIM_ID.exec(claimId);
  const ms = m ? parseInt(m[1]!, 36) : NaN;
  if (!Number.isFinite(ms) || ms > 8.64e15) throw staleClaim(claimId);
  return new Date(ms).toISOString();
}

const staleClaim = (claimId: string) => conflict('CLAIM_NOT_HELD', `Claim ${claimId} no longer holds this message: its lease ended and it went back to the queue (or to another claimer), or it was acked or released already.`, {
  next_steps: ['Claim again (POST /v1/inboxes/{id}/messages/claim) to get the message under a new lease; work done under the old one may be repeated by its new holder.'],
});

function matches(item: ClaimQueueRecord, q: ClaimInput): boolean {
  if (q.has === 'code' && !item.has_code) return false;
  if (q.has === 'link' && !item.has_link) return false;
  if (q.has === 'any' && !item.has_code && !item.has_link) return false;
  if (q.from && !fromMatches(item.from, q.from)) return false;
  if (q.subject && !item.subject.toLowerCase().includes(q.subject.toLowerCase())) return false;
  if (q.verified_only && (!item.verified || item.impersonation)) return false;
  if (q.safe_only && item.risk !== 'none' && item.risk !== 'low') return false;
  return true;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A waiting claim looks again after 200 ms, then 50% later each time up to once a second: each
 * look is a Query of the queue (not wait's one-item marker read), and a worker that gets a mail
 * half a second late loses nothing, while many idle workers would otherwise keep the table busy.
 */
const CLAIM_FIRST_POLL_MS = 200;
const CLAIM_MAX_POLL_MS = 1_000;
const nextClaimPoll = (previous: number | undefined) => (previous === undefined ? CLAIM_FIRST_POLL_MS : Math.min(CLAIM_MAX_POLL_MS, Math.round(previous * 1.5)));

/** One pass over the ready items: lease those that match until `limit` are held. */
async function claimRound(inbox: InboxRecord, q: ClaimInput): Promise<{ item: ClaimQueueRecord; claimId: string; leaseEnd: string }[]> {
  const held: { item: ClaimQueueRecord; claimId: string; leaseEnd: string }[] = [];
  let start: Record<string, unknown> | undefined;
  for (let page = 0; page < CLAIM_MAX_PAGES && held.length < q.limit; page++) {
    const now = Date.now();
    const nowIso = new Date(now).toISOString();
    const { items, next } = await store.readyPage(inbox.id, nowIso, pageFor(q.limit), start);
    for (const item of items) {
      if (held.length >= q.limit) break;
      if (item.delivery_count >= q.max_deliveries) {
        // Handed out max_deliveries times and never acked: a dead letter, not a next delivery.
        await store.moveToDeadLetters(item, nowIso);
        continue;
      }
      if (!matches(item, q)) continue;
      const leaseEndMs = now + q.lease * 1000;
      const claimId = claimIdOf(leaseEndMs);
      const leaseEnd = new Date(leaseEndMs).toISOString();
      const out = await store.takeLease(item, { claimId, expiresAt: leaseEnd }, q.has === 'code' ? { at: nowIso } : undefined);
      // 'lost': another claimer took it first; 'consumed': its code went to a consuming wait.
      if (out === 'taken') held.push({ item, claimId, leaseEnd });
    }
    if (!next) break;
    start = next;
  }
  return held;
}

/**
 * The use case: up to `limit` messages, oldest first, each under a lease of `lease` seconds. A
 * claim that may wait holds one of the account's concurrent-wait slots, as a wait does.
 */
export async function claimMessages(account: AccountRecord, inbox: InboxRecord, q: ClaimInput): Promise<ClaimedMessage[]> {
  return q.timeout > 0 ? inWaitSlot(account, q.timeout, () => claimWaiting(inbox, q)) : claimWaiting(inbox, q);
}

async function claimWaiting(inbox: InboxRecord, q: ClaimInput, startedMs = Date.now()): Promise<ClaimedMessage[]> {
  const deadline = startedMs + q.timeout * 1000;
  let held = await claimRound(inbox, q);
  for (let delay: number | undefined; held.length === 0 && Date.now() < deadline;) {
    delay = nextClaimPoll(delay);
    await sleep(Math.min(delay, Math.max(0, deadline - Date.now())));
    held = await claimRound(inbox, q);
  }
  if (held.length === 0) return [];
  const messages = new Map((await getMessages(inbox.id, held.map((h) => h.item.message_id))).map((m) => [m.id, m]));
  const out: ClaimedMessage[] = [];
  for (const h of held) {
    const message = messages.get(h.item.message_id);
    // A message deleted meanwhile: its queue item goes too.
    if (!message) { await store.ack(inbox.id, h.item.message_id, h.leaseEnd, h.claimId); continue; }
    out.push({ message, claim_id: h.claimId, lease_expires_at: h.leaseEnd, delivery_count: h.item.delivery_count + 1 });
  }
  return out;
}

/** Done with the message: never handed out again. 409 when the claim no longer holds it. */
export async function ackMessage(inboxId: string, messageId: string, claimId: string): Promise<{ id: string; acked: true }> {
  if (!(await store.ack(inboxId, messageId, leaseEndOf(claimId), claimId))) throw staleClaim(claimId);
  return { id: messageId, acked: true };
}

/** Back to the queue now, or after `delaySeconds`. 409 when the claim no longer holds it. */
export async function releaseMessage(inboxId: string, messageId: string, claimId: string, delaySeconds = 0): Promise<{ id: string; released: true; ready_at: string }> {
  const item = await store.heldItem(inboxId, messageId, leaseEndOf(claimId), claimId);
  if (!item) throw staleClaim(claimId);
  const readyAt = new Date(Date.now() + delaySeconds * 1000).toISOString();
  if (!(await store.release(item, readyAt))) throw staleClaim(claimId);
  return { id: messageId, released: true, ready_at: readyAt };
}

export async function listDeadLetters(inboxId: string, limit: number, cursor?: string): Promise<{ dead_letters: DeadLetterRecord[]; next_cursor: string | null }> {
  const page = await store.listDeadLetters(inboxId, limit, cursor);
  return { dead_letters: page.rows, next_cursor: page.next_cursor };
}

/** A dead letter back in the queue, ready now with its deliveries counted afresh. */
export async function requeueMessage(inboxId: string, messageId: string): Promise<{ id: string; requeued: true }> {
  if (!(await store.requeue(inboxId, messageId, new Date().toISOString()))) {
    throw notFound('DEAD_LETTER_NOT_FOUND', `Message ${messageId} is not among this inbox's dead letters.`, {
      next_steps: ['GET /v1/inboxes/{id}/messages/dead lists them.'],
    });
  }
  return { id: messageId, requeued: true };
}
