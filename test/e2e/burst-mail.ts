/**
 * A burst of mail over parallel SMTP connections, and what a user can check afterwards through
 * the HTTP API: which mails are listed (each carries a unique token in its subject), the counts
 * the API reports, and what a chain of waits (`wait?after=`) returns. Shared by
 * test/e2e/burst.test.ts, test/e2e/burst-crash.test.ts and bench/sections/burst.ts, so it imports
 * nothing from vitest (the bench loads it too).
 */
import { randomBytes } from 'node:crypto';
import { createTransport } from 'nodemailer';

/** A GET through the HTTP API with a key: the e2e client and the bench stack both fit. */
export type Get = (path: string, key: string) => Promise<{ status: number; body: any; text: string }>;

export interface BurstMail {
  index: number;
  /** Unique in the run: the subject carries it, so a listed copy is traced back to its mail. */
  token: string;
  to: string;
  subject: string;
  /** Our own Message-ID header: a sender retrying a mail sends it again with the same one. */
  messageId: string;
  /** Set on replies to a mail already in the inbox (they join its thread). */
  inReplyTo?: string;
}

export const BURST_SENDER = 'burst-sender@example.org';
const TOKEN = /\bburst ([0-9a-f]{8}x\d+)\b/;

/** The token in a listed subject, or undefined for mail that is not part of a burst. */
export const tokenOf = (subject: unknown) => (typeof subject === 'string' ? TOKEN.exec(subject)?.[1] : undefined);

/**
 * `count` mails, mail i to `to[i % to.length]`. With `replyTo` (address → Message-ID of a mail
 * that inbox holds), every `replyEvery`-th mail answers that mail, so a share of the burst lands
 * in one existing thread (its counters are contended too) and the rest each open a thread.
 */
export function planBurst(o: { count: number; to: readonly string[]; replyTo?: Readonly<Record<string, string>>; replyEvery?: number }): BurstMail[] {
  const tag = randomBytes(4).toString('hex');
  return Array.from({ length: o.count }, (_, index) => {
    const to = o.to[index % o.to.length]!;
    const token = `${tag}x${index}`;
    const parent = o.replyEvery && index % o.replyEvery === 0 ? o.replyTo?.[to] : undefined;
    return { index, token, to, subject: `burst ${token}`, messageId: `<${token}@burst.example.org>`, ...(parent ? { inReplyTo: parent } : {}) };
  });
}

export interface SendOutcome {
  mail: BurstMail;
  lane: number;
  /** Date.now() when this mail's SMTP exchange began and when its 250 came back. */
  startedAt: number;
  acceptedAt?: number;
  /** accepted: 250. failed: the exchange broke or was refused. unsent: its lane had stopped. */
  state: 'accepted' | 'failed' | 'unsent';
  error?: string;
}

export interface BurstSent {
  outcomes: SendOutcome[];
  accepted: SendOutcome[];
  notAccepted: SendOutcome[];
  /** Date.now() of the first send and of the last 250 (undefined when nothing was accepted). */
  firstSendAt: number;
  lastAcceptedAt?: number;
}

/**
 * Sends `mails` over `connections` SMTP connections at once (mail i on lane i % connections),
 * each connection sending its share back to back, as a busy sender would. A lane whose exchange
 * fails stops there (its remaining mails are `unsent`) unless `stopLaneOnError` is false.
 */
export async function sendBurst(o: {
  host: string; port: number; connections: number; mails: readonly BurstMail[];
  onStart?: (x: SendOutcome) => void; onAccepted?: (x: SendOutcome) => void; stopLaneOnError?: boolean; socketTimeoutMs?: number;
}): Promise<BurstSent> {
  const lanes = Math.max(1, Math.min(o.connections, o.mails.length));
  const outcomes: SendOutcome[] = o.mails.map((mail, i) => ({ mail, lane: i % lanes, startedAt: 0, state: 'unsent' }));
  const firstSendAt = Date.now();
  await Promise.all(Array.from({ length: lanes }, async (_, lane) => {
    // One pooled connection per lane, kept open for the lane's whole share.
    const t = createTransport({
      host: o.host, port: o.port, secure: false, ignoreTLS: true, pool: true, maxConnections: 1, maxMessages: Infinity,
      connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: o.socketTimeoutMs ?? 60_000,
    });
    try {
      for (const x of outcomes) {
        if (x.lane !== lane) continue;
        x.startedAt = Date.now();
        o.onStart?.(x);
        try {
          const m = x.mail;
          const info = await t.sendMail({
            from: `Burst Sender <${BURST_SENDER}>`, to: m.to, subject: m.subject, messageId: m.messageId,
            ...(m.inReplyTo ? { inReplyTo: m.inReplyTo, references: [m.inReplyTo] } : {}),
            text: `Mail ${m.index} of a burst (token ${m.token}).`,
          });
          if (info.rejected.length) throw new Error(`recipient refused: ${JSON.stringify(info.rejected)}`);
          x.state = 'accepted';
          x.acceptedAt = Date.now();
          o.onAccepted?.(x);
        } catch (e) {
          x.state = 'failed';
          x.error = (e as Error)?.message ?? String(e);
          if (o.stopLaneOnError ?? true) break;
        }
      }
    } finally {
      t.close();
    }
  }));
  const accepted = outcomes.filter((x) => x.state === 'accepted');
  return {
    outcomes, accepted, notAccepted: outcomes.filter((x) => x.state !== 'accepted'), firstSendAt,
    lastAcceptedAt: accepted.length ? Math.max(...accepted.map((x) => x.acceptedAt!)) : undefined,
  };
}

export type Listed = Record<string, any>;

/** Every message of the inbox, newest first, page by page with next_cursor (summary view). */
export async function listAll(get: Get, inboxId: string, key: string): Promise<Listed[]> {
  const out: Listed[] = [];
  for (let cursor: string | null = null; ;) {
    const r = await get(`/v1/inboxes/${inboxId}/messages?limit=100&view=summary${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, key);
    if (r.status !== 200) throw new Error(`listing inbox ${inboxId} answered ${r.status}: ${r.text.slice(0, 300)}`);
    out.push(...r.body.result.messages);
    cursor = r.body.result.next_cursor ?? null;
    if (!r.body.result.has_more || !cursor) return out;
  }
}

export interface Tally {
  /** Accepted mails listed at least once. */
  stored: number;
  lost: BurstMail[];
  /** Copies beyond the first of accepted mails. */
  duplicated: number;
  duplicatedTokens: string[];
  /** Listed copies per token (accepted or not). */
  copies: Map<string, number>;
}

/** What the listing says about `mails`: found, lost, listed more than once. */
export function tally(mails: readonly BurstMail[], listed: readonly Listed[]): Tally {
  const copies = new Map<string, number>();
  for (const m of listed) {
    const t = tokenOf(m.subject);
    if (t) copies.set(t, (copies.get(t) ?? 0) + 1);
  }
  const lost = mails.filter((m) => !copies.has(m.token));
  const extra = mails.filter((m) => (copies.get(m.token) ?? 0) > 1);
  return {
    stored: mails.length - lost.length, lost,
    duplicated: extra.reduce((n, m) => n + copies.get(m.token)! - 1, 0), duplicatedTokens: extra.map((m) => m.token),
    copies,
  };
}

export interface InboxCounts {
  /** GET /v1/inboxes/{id}: message_count, thread_count. */
  messageCount: number;
  threadCount: number;
  /** `total` of the message list, of its unread filter, of the thread list and of its unread filter. */
  listTotal: number;
  unreadTotal: number;
  threadListTotal: number;
  unreadThreadTotal: number;
}

async function total(get: Get, path: string, key: string): Promise<number> {
  const r = await get(path, key);
  if (r.status !== 200) throw new Error(`GET ${path} answered ${r.status}: ${r.text.slice(0, 300)}`);
  return r.body.result.total;
}

/** The counts an inbox reports (its key must be the inbox key: the thread list takes no other). */
export async function inboxCounts(get: Get, inboxId: string, inboxKey: string): Promise<InboxCounts> {
  const d = await get(`/v1/inboxes/${inboxId}`, inboxKey);
  if (d.status !== 200) throw new Error(`GET /v1/inboxes/${inboxId} answered ${d.status}: ${d.text.slice(0, 300)}`);
  const [listTotal, unreadTotal, threadListTotal, unreadThreadTotal] = await Promise.all([
    total(get, `/v1/inboxes/${inboxId}/messages?limit=1&view=summary`, inboxKey),
    total(get, `/v1/inboxes/${inboxId}/messages?limit=1&view=summary&unread=true`, inboxKey),
    total(get, `/v1/inboxes/${inboxId}/threads?limit=1`, inboxKey),
    total(get, `/v1/inboxes/${inboxId}/threads?limit=1&unread=true`, inboxKey),
  ]);
  return { messageCount: d.body.result.message_count, threadCount: d.body.result.thread_count, listTotal, unreadTotal, threadListTotal, unreadThreadTotal };
}

/**
 * The counts as they must be for an inbox that lists `messages` messages in `threads` threads,
 * none of them read: each mismatch as "what: reported ≠ expected".
 */
export function countMismatches(c: InboxCounts, messages: number, threads: number): string[] {
  const want: [string, number, number][] = [
    ['message_count', c.messageCount, messages], ['list total', c.listTotal, messages], ['unread total', c.unreadTotal, messages],
    ['thread_count', c.threadCount, threads], ['thread list total', c.threadListTotal, threads], ['unread thread total', c.unreadThreadTotal, threads],
  ];
  return want.filter(([, got, expected]) => got !== expected).map(([what, got, expected]) => `${what} ${got}≠${expected}`);
}

export interface WaitAnswer { id: string | null; subject?: string; timedOut: boolean }

/** One `GET …/messages/wait`; a non-200 answer throws (with its body). */
export async function waitOnce(get: Get, inboxId: string, key: string, q: { after?: string; since?: string; timeoutS: number }): Promise<WaitAnswer> {
  const params = new URLSearchParams({ timeout: String(q.timeoutS) });
  if (q.after) params.set('after', q.after);
  if (q.since) params.set('since', q.since);
  const r = await get(`/v1/inboxes/${inboxId}/messages/wait?${params}`, key);
  if (r.status !== 200) throw new Error(`wait ${params} answered ${r.status}: ${r.text.slice(0, 300)}`);
  const m = r.body.result.message;
  return m ? { id: m.id, subject: m.subject, timedOut: false } : { id: null, timedOut: true };
}

/**
 * Chained waits, as an agent following its inbox does: each with after=<the id the previous one
 * returned>, until a wait times out once `done(subjects so far)` holds (a wait that times out
 * before is simply repeated from the same place). Returns the ids in the order the server gave them.
 */
export async function waitChain(get: Get, inboxId: string, key: string, after: string,
  o: { timeoutS: number; done?: (subjects: readonly string[]) => boolean; maxCalls?: number }): Promise<{ ids: string[]; subjects: string[]; calls: number }> {
  const ids: string[] = [];
  const subjects: string[] = [];
  let calls = 0;
  for (let cursor = after; ;) {
    if (o.maxCalls !== undefined && calls >= o.maxCalls) throw new Error(`the wait chain made ${calls} calls without ending`);
    // Read before the call: a wait that times out after the burst ended has seen everything.
    const finished = o.done?.(subjects) ?? true;
    calls += 1;
    const a = await waitOnce(get, inboxId, key, { after: cursor, timeoutS: o.timeoutS });
    if (a.id) {
      ids.push(a.id);
      subjects.push(a.subject ?? '');
      cursor = a.id;
    } else if (finished) {
      return { ids, subjects, calls };
    }
  }
}

/** Ids that occur more than once in `ids`. */
export function repeated(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const id of ids) (seen.has(id) ? twice : seen).add(id);
  return [...twice];
}
