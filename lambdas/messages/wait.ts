/**
 * GET /v1/inboxes/{id}/messages/wait: answers as soon as a matching message is stored, or after
 * `timeout` seconds. A waiter never scans the inbox: it polls the inbox's arrival marker (one
 * small item that ingest's sequencer moves as messages get their places) and reads messages only
 * when the marker has moved, exactly those that arrived since (the arrival items, in order).
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { config } from '../platform/config.ts';
import { badRequest, notFound, tooManyRequests } from '../platform/errors.ts';
import { effectiveLimits } from '../accounts/tiers.ts';
import { bestCode, bestCta, matchesWait, nextPollDelay, type WaitFilters } from './wait-match.ts';
import { metrics } from '../platform/metrics.ts';
import type { WaitQuery } from './messages.schemas.ts';
import { isPending } from '../ingest/arrivals.store.ts';
import { consumeMessage, getArrivalMarker, getMessage, getMessages, listArrivals, listLatestArrivals } from './messages.store.ts';
import type { AccountRecord } from '../accounts/accounts.entities.ts';
import type { InboxRecord } from '../inboxes/inboxes.entities.ts';
import type { ArrivalRecord } from '../ingest/ingest.entities.ts';
import type { MessageRecord } from './messages.entities.ts';
import { releaseWaitSlot, takeWaitSlot } from './wait-slots.store.ts';
import { errorFields, log } from '../platform/log.ts';
import { withBodies } from './message-bodies.ts';

export type WaitInput = z.output<typeof WaitQuery>;
type Query = WaitInput;

/** Without since or after, mail received this long before the call still counts. */
export const WAIT_DEFAULT_LOOKBACK_MS = 10_000;
/** Arrivals read per query (and messages per batch read): one page. */
const ARRIVAL_PAGE = 25;
/** How far back a since-wait looks through arrivals at the start, at most. */
const SINCE_SCAN_MAX = 100;

export interface WaitOutcome {
  message: MessageRecord | null;
  /** Continue from here: the last message looked at, or the since used when the inbox is empty. */
  resume: { after: string } | { since: string };
}

/**
 * The first matching message among arrivals, taken in arrival order. A consuming wait takes the
 * first one whose code or link it can still claim (consumed_at set by this call, conditionally):
 * one that another caller took meanwhile is passed over.
 */
async function firstMatch(inboxId: string, arrivals: ArrivalRecord[], f: WaitFilters): Promise<MessageRecord | undefined> {
  const ordered = [...arrivals].sort((a, b) => a.seq - b.seq);
  for (let i = 0; i < ordered.length; i += ARRIVAL_PAGE) {
    const page = await getMessages(inboxId, ordered.slice(i, i + ARRIVAL_PAGE).map((a) => a.message_id));
    for (const m of page) {
      if (!matchesWait(m, f)) continue;
      if (!f.consume) return m;
      const at = new Date().toISOString();
      if (await consumeMessage(inboxId, m.id, at)) return { ...m, consumed_at: at };
    }
  }
  return undefined;
}

/** Arrivals with seq in (from, to], page by page, first match in order. */
async function matchBetween(inboxId: string, from: number, to: number, f: WaitFilters): Promise<MessageRecord | undefined> {
  for (let cursor = from; cursor < to;) {
    const page = await listArrivals(inboxId, cursor, to, ARRIVAL_PAGE);
    if (!page.length) return undefined;
    const hit = await firstMatch(inboxId, page, f);
    if (hit) return hit;
    cursor = page[page.length - 1]!.seq;
  }
  return undefined;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The use case: wait up to `timeoutMs` for a message of `inbox` matching `q`. */
export async function waitForMessage(inbox: InboxRecord, q: Query, startedMs = Date.now()): Promise<WaitOutcome> {
  const deadline = startedMs + q.timeout * 1000;
  let sinceMs = q.since !== undefined ? Date.parse(q.since) : undefined;
  let cursor: number;
  const marker0 = await getArrivalMarker(inbox.id);
  const head = marker0?.seq ?? 0;

  const filters = (): WaitFilters => ({ from: q.from, subject: q.subject, has: q.has, unread_only: q.unread_only, verified_only: q.verified_only, safe_only: q.safe_only, consume: q.consume, sinceMs });
  if (q.after !== undefined) {
    let after = await getMessage(inbox.id, q.after);
    if (!after) {
      throw notFound('MESSAGE_NOT_FOUND', `No message ${q.after} in this inbox.`, {
        next_steps: ['Pass as after the id of a message of this inbox (from a previous wait or GET /v1/inboxes/{id}/messages).'],
      });
    }
    if (after.direction !== 'inbound') {
      throw badRequest('VALIDATION_ERROR', 'after: must be the id of a message this inbox received (not one it sent).', { field: 'after' });
    }
    // Listed already but not yet in the arrival order (it gets its place just after it is stored).
    for (let delay: number | undefined; after.arrival_seq === undefined;) {
      if (delay === undefined && !(await isPending(inbox.id, after.id))) {
        after = (await getMessage(inbox.id, q.after)) ?? after;
        if (after.arrival_seq !== undefined) break;
        throw badRequest('VALIDATION_ERROR', 'after: this message was stored before the inbox kept an arrival order; pass since instead.', { field: 'after' });
      }
      if (Date.now() >= deadline) return { message: null, resume: { after: q.after } };
      delay = nextPollDelay(delay);
      await sleep(Math.min(delay, Math.max(0, deadline - Date.now())));
      after = (await getMessage(inbox.id, q.after)) ?? after;
    }
    cursor = after.arrival_seq;
    const hit = await matchBetween(inbox.id, cursor, head, filters());
    if (hit) return { message: hit, resume: { after: hit.id } };
  } else {
    sinceMs ??= startedMs - WAIT_DEFAULT_LOOKBACK_MS;
    // Mail already here that arrived since `since`: newest arrivals back to the first older one.
    const recent: ArrivalRecord[] = [];
    for (let upto = head; upto > 0 && recent.length < SINCE_SCAN_MAX;) {
      const page = await listLatestArrivals(inbox.id, upto, ARRIVAL_PAGE);
      const fresh = page.filter((a) => Date.parse(a.received_at) >= sinceMs!);
      recent.push(...fresh);
      if (fresh.length < page.length || page.length < ARRIVAL_PAGE) break;
      upto = page[page.length - 1]!.seq - 1;
    }
    const hit = await firstMatch(inbox.id, recent, filters());
    if (hit) return { message: hit, resume: { after: hit.id } };
    cursor = head;
  }

  let lastMessageId = marker0?.last_message_id;
  let delay: number | undefined;
  while (Date.now() < deadline) {
    delay = nextPollDelay(delay);
    await sleep(Math.min(delay, Math.max(0, deadline - Date.now())));
    const marker = await getArrivalMarker(inbox.id);
    if (!marker || marker.seq <= cursor) continue;
    const hit = await matchBetween(inbox.id, cursor, marker.seq, filters());
    if (hit) return { message: hit, resume: { after: hit.id } };
    cursor = marker.seq;
    lastMessageId = marker.last_message_id;
  }
  if (q.after !== undefined && lastMessageId === undefined) lastMessageId = q.after;
  return {
    message: null,
    resume: lastMessageId !== undefined ? { after: lastMessageId } : { since: new Date(sinceMs!).toISOString() },
  };
}

/**
 * A wait's slot is leased this long past its timeout: the reads after the deadline and the
 * answer. It is longer than any invocation that runs a wait (wait 28 s, mcp 29 s), so the slot of
 * a function killed mid-wait is free again at most this long after its timeout.
 */
const WAIT_SLOT_MARGIN_MS = 10_000;

/** Runs `wait` in one of the account's concurrent-wait slots; rate limited (code CONCURRENT_WAIT_LIMIT) when all are held. */
export async function inWaitSlot<T>(account: AccountRecord, timeoutSeconds: number, wait: () => Promise<T>): Promise<T> {
  const cap = effectiveLimits(account.tier, config.limitOverrides).concurrentWaits;
  const taken = await takeWaitSlot(account.id, cap, randomUUID(), timeoutSeconds * 1000 + WAIT_SLOT_MARGIN_MS);
  if (!taken.ok) {
    // The earliest held wait reaches its timeout (at the latest) this many seconds from now.
    const retryAfter = Math.max(1, Math.ceil((taken.firstExpiry - WAIT_SLOT_MARGIN_MS - Date.now()) / 1000));
    throw tooManyRequests(`This account already holds ${taken.inUse} concurrent waits, the most its ${account.tier} tier allows (${cap}).`, {
      code: 'CONCURRENT_WAIT_LIMIT', retry_after: retryAfter, rate_limit: { limit: cap },
      current_usage: { concurrent_waits: taken.inUse, max_concurrent_waits: cap },
      next_steps: [
        `Retry after retry_after seconds, when one of this account's waits has ended.`,
        'Wait on several inboxes with one call instead of one wait each: subscribe to the account\'s events over GET /v1/stream, or register a webhook.',
      ],
    });
  }
  try {
    return await wait();
  } finally {
    // A release that fails leaves the lease to lapse: the slot is free again by then.
    await releaseWaitSlot(account.id, taken.held).catch((e) => log.warn('wait slot not released; it lapses with its lease', errorFields(e)));
  }
}

/**
 * The wait as the API and the tools use it: the message found (bodies included) with its best
 * one-time code and link to act on, or null at the timeout; `resume` says where to go on from.
 * It holds one of the account's concurrent-wait slots while it runs.
 */
export async function waitForMail(account: AccountRecord, inbox: InboxRecord, q: WaitInput) {
  metrics.waitCall();
  return inWaitSlot(account, q.timeout, async () => {
    const out = await waitForMessage(inbox, q);
    if (!out.message) return { message: null, verification_code: null, cta: null, resume: out.resume };
    const m = out.message;
    return { message: await withBodies(m), verification_code: bestCode(m), cta: bestCta(m), resume: out.resume };
  });
}
