/**
 * GET /v1/inboxes/{id}/messages/wait: answers as soon as a matching message is stored, or after
 * `timeout` seconds. A waiter never scans the inbox: it polls the inbox's arrival marker (one
 * small item that ingest updates in the same transaction as the message) and reads messages only
 * when the marker has moved, exactly those that arrived since (the arrival items, in order).
 */
import type { z } from 'zod';
import { badRequest, notFound } from '../../core/errors.ts';
import { bestCode, bestCta, matchesWait, nextPollDelay, type WaitFilters } from '../../core/wait.ts';
import type { HttpRequest, OperationResult } from '../../http/types.ts';
import { WAIT_DEFAULT_TIMEOUT_SECONDS, type WaitQuery } from '../../schemas/messages.ts';
import { metrics } from '../../metrics.ts';
import { getArrivalMarker, getMessage, getMessages, listArrivals, listLatestArrivals } from '../../store/messages.ts';
import type { ArrivalRecord, InboxRecord, MessageRecord } from '../../store/records.ts';
import { withBodies } from '../shared/message-bodies.ts';
import { messageView } from '../shared/message-views.ts';

type Query = z.output<typeof WaitQuery>;

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

/** The first matching message among arrivals, taken in arrival order. */
async function firstMatch(inboxId: string, arrivals: ArrivalRecord[], f: WaitFilters): Promise<MessageRecord | undefined> {
  const ordered = [...arrivals].sort((a, b) => a.seq - b.seq);
  for (let i = 0; i < ordered.length; i += ARRIVAL_PAGE) {
    const page = await getMessages(inboxId, ordered.slice(i, i + ARRIVAL_PAGE).map((a) => a.message_id));
    const hit = page.find((m) => matchesWait(m, f));
    if (hit) return hit;
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

  const filters = (): WaitFilters => ({ from: q.from, subject: q.subject, has: q.has, unread_only: q.unread_only, verified_only: q.verified_only, sinceMs });
  if (q.after !== undefined) {
    const after = await getMessage(inbox.id, q.after);
    if (!after) {
      throw notFound('MESSAGE_NOT_FOUND', `No message ${q.after} in this inbox.`, {
        next_steps: ['Pass as after the id of a message of this inbox (from a previous wait or GET /v1/inboxes/{id}/messages).'],
      });
    }
    if (after.arrival_seq === undefined) {
      throw badRequest('VALIDATION_ERROR', 'after: must be the id of a message this inbox received (not one it sent).', { field: 'after' });
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

/** The exact call that goes on waiting from `resume` with the same filters. */
export function continueCall(inboxId: string, q: Query, resume: WaitOutcome['resume']): string {
  const p = new URLSearchParams();
  if ('after' in resume) p.set('after', resume.after);
  else p.set('since', resume.since);
  if (q.timeout !== WAIT_DEFAULT_TIMEOUT_SECONDS) p.set('timeout', String(q.timeout));
  if (q.from) p.set('from', q.from);
  if (q.subject) p.set('subject', q.subject);
  if (q.has !== 'any') p.set('has', q.has);
  if (q.unread_only) p.set('unread_only', 'true');
  if (q.verified_only) p.set('verified_only', 'true');
  return `GET /v1/inboxes/${inboxId}/messages/wait?${p.toString()}`;
}

/** The operation of the route table entry waitForMessage. */
export async function waitForMessageOperation(req: HttpRequest<unknown, Query>): Promise<OperationResult> {
  const inbox = req.principal!.inbox!;
  metrics.waitCall();
  const out = await waitForMessage(inbox, req.query);
  if (!out.message) {
    return {
      result: { message: null, verification_code: null, cta: null, timed_out: true },
      nextSteps: [`Nothing matching arrived in ${req.query.timeout} s. To go on waiting without missing anything: ${continueCall(inbox.id, req.query, out.resume)}`],
    };
  }
  const m = out.message;
  const code = bestCode(m);
  const cta = bestCta(m);
  return {
    result: { message: messageView(await withBodies(m)), verification_code: code, cta, timed_out: false },
    nextSteps: [
      ...(code ? [`verification_code is the best one-time code found (${m.verification_codes.length} in all, in message.verification_codes).`] : []),
      ...(cta ? ['cta is the link to act on (verify, reset, sign in…); message.cta_links lists them all.'] : []),
      `To wait for the next message without missing any: ${continueCall(inbox.id, { ...req.query, since: undefined }, { after: m.id })}`,
    ],
  };
}
