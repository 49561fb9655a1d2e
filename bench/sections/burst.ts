/**
 * Bursts of inbound mail (issue 22): N mails sent at once over parallel SMTP connections (real
 * SMTP to the local SES receiving stand-in), once all to ONE inbox and once spread over 20 inboxes
 * of 20 separate accounts (nothing shared between them: the baseline with no contended item).
 * For each burst: what was accepted (250), what the API lists (each mail carries a token in its
 * subject), lost and duplicated mail, whether the inbox counts and a chain of waits agree with the
 * listing, throughput, SMTP 250 → listed latency, and the DynamoDB calls, refused conditions,
 * cancelled transactions and sequencer conflicts per message (the handlers run in this process).
 * Latencies and rates are moto's and this machine's: compare runs with each other.
 */
import { createTransport } from 'nodemailer';
import {
  BURST_SENDER, countMismatches, inboxCounts, listAll, planBurst, repeated, sendBurst, tally, tokenOf, waitChain, waitOnce,
  type BurstMail, type Get, type Listed, type SendOutcome,
} from '../../test/e2e/burst-mail.ts';
import { median, percentile, round } from '../lib/stats.ts';
import type { BenchStack } from '../lib/stack.ts';
import type { BenchContext, Column, Row, Section, SectionResult } from '../lib/types.ts';

const DEFAULT_SIZES = [50, 200, 1000];
const SPREAD_INBOXES = 20;
/** Every 4th mail answers the inbox's first mail: one existing thread takes a share of the burst. */
const REPLY_EVERY = 4;
/** The goal (issue 22): one inbox takes a burst at least 1 / 1.5 as fast as 20 inboxes do. */
const RATIO_GOAL = 1.5;
/**
 * List readers that watch for mail while it is sent (for the 250 → listed latency), and the
 * inboxes they watch: every read costs a few DynamoDB calls queued behind the burst's, so 2
 * readers cycling through 20 inboxes would see each only every ~10 s; they watch 2 of them (a
 * tenth of the mail), which keeps the resolution close to the one-inbox case.
 */
const WATCHERS = 2;
const WATCHED_INBOXES = 2;
const MAX_PAGES_PER_READ = 3;

function sizes(): number[] {
  const raw = process.env.BENCH_BURST_SIZES;
  if (!raw) return DEFAULT_SIZES;
  const out = raw.split(',').map((s) => Number(s.trim()));
  if (!out.length || out.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`BENCH_BURST_SIZES must be positive integers, comma-separated; got "${raw}"`);
  return out;
}

/** 20 connections, 50 from 1,000 mails (BENCH_BURST_CONNECTIONS overrides). */
function connectionsFor(n: number): number {
  const fixed = Number(process.env.BENCH_BURST_CONNECTIONS);
  if (Number.isInteger(fixed) && fixed > 0) return fixed;
  return n >= 1000 ? 50 : 20;
}

interface Target { id: string; address: string; key: string; seedId: string; seedMid: string }

/**
 * DynamoDB calls by who made them, told apart by the call's (async) stack: ingest (the SMTP
 * stand-in calling the ingest handler, its sequencer included), webhook-deliver (the events'
 * fan-out, the sweeps), and the API requests this section itself makes to watch the inboxes,
 * which are not the mail's cost.
 */
type Origin = 'ingest' | 'deliver' | 'api' | 'other';
function originOf(stack: string): Origin {
  if (/handlers\/ingest\.ts|lib\/local\/smtp\.ts/.test(stack)) return 'ingest';
  if (/handlers\/webhook-deliver\.ts|lib\/local\/sqs-poller\.ts/.test(stack)) return 'deliver';
  if (/@middy|lambdas\/http\/|lib\/local\/api-server\.ts/.test(stack)) return 'api';
  return 'other';
}

function newOriginCounter() {
  const counts: Record<Origin, number> = { ingest: 0, deliver: 0, api: 0, other: 0 };
  const byCommand: Record<string, number> = {};
  const listener = (command: string) => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 60;
    const stack = new Error().stack ?? '';
    Error.stackTraceLimit = limit;
    const o = originOf(stack);
    counts[o] += 1;
    if (o === 'ingest' || o === 'deliver') byCommand[command] = (byCommand[command] ?? 0) + 1;
  };
  return { counts, byCommand, listener };
}

async function newInbox(stack: BenchStack, label: string) {
  const r = await stack.call({ method: 'POST', path: '/v1/inboxes', body: { username: `${label}-${Math.random().toString(36).slice(2, 10)}` } });
  if (r.status !== 201) throw new Error(`POST /v1/inboxes answered ${r.status}: ${r.text.slice(0, 300)}`);
  return r.json.result as { id: string; address: string; api_key: string };
}

/**
 * Each inbox gets one mail first (the thread a share of the burst answers) and a wait returns it:
 * the chain of waits starts from there, before the burst.
 */
async function prepareTargets(stack: BenchStack, get: Get, count: number): Promise<Target[]> {
  const inboxes = [];
  for (let i = 0; i < count; i++) inboxes.push(await newInbox(stack, 'burst'));
  const since = new Date(Date.now() - 1000).toISOString();
  const smtp = createTransport({ host: stack.running.smtpHost, port: stack.running.smtpPort, secure: false, ignoreTLS: true, pool: true, maxConnections: 1 });
  try {
    const targets: Target[] = [];
    for (const inbox of inboxes) {
      const seedMid = `<seed-${inbox.id}@burst.example.org>`;
      await smtp.sendMail({ from: BURST_SENDER, to: inbox.address, subject: 'before the burst', text: 'The thread a share of the burst answers.', messageId: seedMid });
      const first = await waitOnce(get, inbox.id, inbox.api_key, { since, timeoutS: 20 });
      if (!first.id) throw new Error(`the first mail to ${inbox.address} did not arrive in 20 s`);
      targets.push({ id: inbox.id, address: inbox.address, key: inbox.api_key, seedId: first.id, seedMid });
    }
    return targets;
  } finally {
    smtp.close();
  }
}

/** Messages per read (newest first; a round pages further back while unseen mail is older). */
const READ_PAGE = 25;
/** Each reader rests this long between rounds. */
const READ_PAUSE_MS = 200;

/**
 * Reads the inboxes while the burst is sent and records when each token is first listed. Each
 * reader takes the inbox whose oldest accepted mail has waited longest to be seen (else one with
 * mail in flight) and pages newest first down to the send time of its oldest unseen mail, so a
 * mail stored late (out of received order) is still found. `windows`: for each mail seen, the time
 * since the previous read of its inbox ended — how finely its "first listed" is known.
 */
function startWatchers(get: Get, targets: Target[], mails: readonly BurstMail[], started: Map<string, SendOutcome>) {
  const firstSeen = new Map<string, number>();
  const windows: number[] = [];
  /** How long each read took. */
  const reads: number[] = [];
  const lastRead = new Map<Target, number>();
  const byAddress = new Map(targets.map((t) => [t.address, t]));
  let stopped = false;
  let errors = 0;
  const busy = new Set<Target>();
  /** The inbox to read next, and how far back to page: to the send time of its oldest accepted mail not yet seen. */
  const pick = (): [Target, number] | undefined => {
    const accepted = new Map<Target, number>();
    const acceptedStart = new Map<Target, number>();
    const inFlight = new Map<Target, number>();
    for (const m of mails) {
      const x = started.get(m.token);
      // A mail whose exchange failed may never be listed: it does not keep its inbox watched.
      if (!x || x.state === 'failed' || firstSeen.has(m.token)) continue;
      const t = byAddress.get(m.to)!;
      if (busy.has(t) && targets.length > 1) continue;
      if (x.state === 'accepted') {
        accepted.set(t, Math.min(accepted.get(t) ?? Infinity, x.acceptedAt!));
        acceptedStart.set(t, Math.min(acceptedStart.get(t) ?? Infinity, x.startedAt));
      } else inFlight.set(t, Math.min(inFlight.get(t) ?? Infinity, x.startedAt));
    }
    const oldest = (m: Map<Target, number>) => [...m].sort((a, b) => a[1] - b[1])[0]?.[0];
    const t = oldest(accepted) ?? oldest(inFlight);
    // Mail in flight may already be listed (it is, locally, before its 250): the first page shows it.
    return t ? [t, acceptedStart.get(t) ?? Infinity] : undefined;
  };
  const reader = async () => {
    while (!stopped) {
      const next = pick();
      if (!next) { await new Promise((r) => setTimeout(r, 20)); continue; }
      const [t, oldest] = next;
      busy.add(t);
      const previous = lastRead.get(t);
      try {
        // One request a round as a rule (each costs its own authentication and rate-limit calls);
        // at most a few pages back, or a straggler would make every round a full read.
        for (let cursor: string | null = null, pages = 0; pages < MAX_PAGES_PER_READ; pages++) {
          const t0 = Date.now();
          const r = await get(`/v1/inboxes/${t.id}/messages?limit=${READ_PAGE}&view=summary${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, t.key);
          const at = Date.now();
          reads.push(at - t0);
          if (r.status !== 200) { errors++; break; }
          const page: Listed[] = r.body.result.messages;
          for (const m of page) {
            const token = tokenOf(m.subject);
            if (!token || firstSeen.has(token)) continue;
            firstSeen.set(token, at);
            if (previous !== undefined) windows.push(at - previous);
          }
          const last = page[page.length - 1];
          cursor = r.body.result.next_cursor ?? null;
          if (!r.body.result.has_more || !cursor || !last || Date.parse(last.received_at) < oldest - 2000) break;
        }
      } catch {
        errors++;
      } finally {
        lastRead.set(t, Date.now());
        busy.delete(t);
      }
      // A pause between rounds: the readers' own load must not depend on how many inboxes they
      // watch (back to back, they read one big inbox far harder than 20 small ones).
      await new Promise((r) => setTimeout(r, READ_PAUSE_MS));
    }
  };
  const running = Array.from({ length: WATCHERS }, reader);
  return { firstSeen, windows, reads, errors: () => errors, stop: async () => { stopped = true; await Promise.all(running); } };
}

interface BurstResult {
  row: Row;
  rate: number;
  problems: string[];
  data: Record<string, unknown>;
}

async function runBurst(ctx: BenchContext, stack: BenchStack, n: number, spread: boolean): Promise<BurstResult> {
  const get: Get = async (path, key) => {
    const r = await stack.call({ method: 'GET', path, key });
    return { status: r.status, body: r.json, text: r.text };
  };
  const label = `${n} → ${spread ? `${SPREAD_INBOXES} inboxes` : '1 inbox'}`;
  const connections = connectionsFor(n);
  ctx.progress(`burst: ${label} over ${connections} connections`);
  const phases: Record<string, number> = {};
  let phaseStart = Date.now();
  const phase = (name: string) => { phases[name] = round((Date.now() - phaseStart) / 1000, 1); phaseStart = Date.now(); };
  const targets = await prepareTargets(stack, get, spread ? SPREAD_INBOXES : 1);
  phase('prepare');
  const mails = planBurst({ count: n, to: targets.map((t) => t.address), replyTo: Object.fromEntries(targets.map((t) => [t.address, t.seedMid])), replyEvery: REPLY_EVERY });

  const { dynamoListeners } = await import('../../lambdas/platform/aws/dynamo.ts');
  const { arrivalStats } = await import('../../lambdas/ingest/arrivals.store.ts');
  const d = stack.dynamoCalls;
  const before = { count: d.count, conditionFailed: d.conditionFailed, transactionsCancelled: d.transactionsCancelled, ...arrivalStats };
  const origins = newOriginCounter();
  dynamoListeners.add(origins.listener);
  const started = new Map<string, SendOutcome>();
  const watched = targets.slice(0, WATCHED_INBOXES);
  const watchedAddresses = new Set(watched.map((x) => x.address));
  const watchers = startWatchers(get, watched, mails.filter((m) => watchedAddresses.has(m.to)), started);
  let sent;
  // What was accepted has until then to show up in the list; what has not is lost.
  let settleBy = Number.POSITIVE_INFINITY;
  try {
    sent = await sendBurst({
      host: stack.running.smtpHost, port: stack.running.smtpPort, connections, mails, stopLaneOnError: false,
      onStart: (x) => started.set(x.mail.token, x),
    });
    settleBy = Date.now() + 15_000 + n * 10;
    phase('burst');
    const watchedAccepted = sent.accepted.filter((x) => watchedAddresses.has(x.mail.to));
    while (Date.now() < settleBy && watchedAccepted.some((x) => !watchers.firstSeen.has(x.mail.token))) await new Promise((r) => setTimeout(r, 50));
  } finally {
    await watchers.stop();
    dynamoListeners.delete(origins.listener);
  }
  const after = { count: d.count, conditionFailed: d.conditionFailed, transactionsCancelled: d.transactionsCancelled, ...arrivalStats };

  // The final word: the whole listing of every inbox, once every accepted mail is there or the time is up.
  const accepted = sent.accepted.map((x) => x.mail);
  let listed: Listed[];
  const perInbox = new Map<Target, Listed[]>();
  for (;;) {
    listed = [];
    for (const target of targets) {
      const all = await listAll(get, target.id, target.key);
      perInbox.set(target, all);
      listed.push(...all);
    }
    if (!tally(accepted, listed).lost.length || Date.now() > settleBy) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const t = tally(accepted, listed);
  // Mail the readers missed (listed further back than they read) counts as first listed now: an upper bound.
  const readBack = Date.now();
  const missed = sent.accepted.filter((x) => watchedAddresses.has(x.mail.to) && !watchers.firstSeen.has(x.mail.token) && t.copies.has(x.mail.token));
  for (const x of missed) watchers.firstSeen.set(x.mail.token, readBack);
  phase('settle');

  // Counts per inbox against its listing; the chain of waits from the first mail against it too.
  const countProblems: string[] = [];
  const waitProblems: string[] = [];
  let waitCalls = 0;
  const checkInbox = async (target: Target) => {
    const all = perInbox.get(target)!;
    const threads = new Set(all.map((m) => m.thread_id)).size;
    const mismatches = countMismatches(await inboxCounts(get, target.id, target.key), all.length, threads);
    if (mismatches.length) countProblems.push(...mismatches.map((m) => (spread ? `${target.address.split('@')[0]}: ${m}` : m)));
    try {
      const chain = await waitChain(get, target.id, target.key, target.seedId, { timeoutS: 1, maxCalls: all.length * 2 + 10 });
      waitCalls += chain.calls;
      const expected = new Set(all.filter((m) => m.id !== target.seedId).map((m) => m.id));
      const missed = [...expected].filter((id) => !chain.ids.includes(id)).length;
      const twice = repeated(chain.ids).length;
      const strange = chain.ids.filter((id) => !expected.has(id)).length;
      if (missed || twice || strange) waitProblems.push(`${missed} missed, ${twice} repeated${strange ? `, ${strange} not listed` : ''}`);
    } catch (e) {
      waitProblems.push((e as Error).message.slice(0, 200));
    }
  };
  ctx.progress(`burst: ${label}: checking counts and chaining waits`);
  for (let i = 0; i < targets.length; i += 4) await Promise.all(targets.slice(i, i + 4).map(checkInbox));
  phase('check');

  const seconds = sent.lastAcceptedAt ? (sent.lastAcceptedAt - sent.firstSendAt) / 1000 : Number.NaN;
  const rate = accepted.length / seconds;
  const latencies = sent.accepted.filter((x) => watchedAddresses.has(x.mail.to) && watchers.firstSeen.has(x.mail.token)).map((x) => Math.max(0, watchers.firstSeen.get(x.mail.token)! - x.acceptedAt!));
  const mailCalls = origins.counts.ingest + origins.counts.deliver;
  const per = (x: number) => (accepted.length ? x / accepted.length : Number.NaN);
  const sequenced = after.sequenced - before.sequenced;
  const batches = after.batches - before.batches;
  const problems: string[] = [];
  if (t.lost.length) problems.push(`${label}: ${t.lost.length} of ${accepted.length} accepted mails are not listed (e.g. ${t.lost.slice(0, 3).map((m) => m.token).join(', ')})`);
  if (t.duplicated) problems.push(`${label}: ${t.duplicated} duplicate copies listed`);
  if (countProblems.length) problems.push(`${label}: counts disagree with the listing: ${countProblems.slice(0, 5).join('; ')}`);
  if (waitProblems.length) problems.push(`${label}: the chain of waits: ${waitProblems.slice(0, 3).join('; ')}`);
  return {
    rate,
    problems,
    row: {
      burst: label, conns: connections, accepted: accepted.length, failed: sent.notAccepted.length || '',
      stored: t.stored, lost: t.lost.length, dup: t.duplicated,
      counts: countProblems.length ? `${countProblems.length} off` : 'ok',
      wait: waitProblems.length ? (spread ? `${waitProblems.length} inboxes off` : waitProblems[0]!.slice(0, 40)) : 'ok',
      rate: round(rate, 1), ratio: null,
      p50: round(median(latencies), 0), p99: round(percentile(latencies, 99), 0), poll: round(median(watchers.windows), 0),
      calls: round(per(mailCalls), 1), cond: round(per(after.conditionFailed - before.conditionFailed), 2),
      cancelled: round(per(after.transactionsCancelled - before.transactionsCancelled), 2),
      conflicts: round(per(after.conflicts - before.conflicts), 2),
      batch: batches ? round(sequenced / batches, 1) : null,
    },
    data: {
      label, connections, seconds: round(seconds, 2), phases, accepted: accepted.length,
      notAccepted: sent.notAccepted.map((x) => ({ token: x.mail.token, state: x.state, error: x.error?.slice(0, 200) })),
      lost: t.lost.map((m) => m.token), duplicated: t.duplicatedTokens, countProblems, waitProblems, waitCalls,
      latencyMs: { n: latencies.length, p50: round(median(latencies), 1), p99: round(percentile(latencies, 99), 1), max: latencies.length ? Math.max(...latencies) : null },
      missedByReaders: missed.length, watcherErrors: watchers.errors(),
      reads: { n: watchers.reads.length, p50: median(watchers.reads), p99: percentile(watchers.reads, 99) },
      dynamo: { byOrigin: origins.counts, mailByCommand: origins.byCommand,
        conditionFailed: after.conditionFailed - before.conditionFailed, transactionsCancelled: after.transactionsCancelled - before.transactionsCancelled },
      sequencer: { batches, sequenced, conflicts: after.conflicts - before.conflicts },
    },
  };
}

async function run(ctx: BenchContext): Promise<SectionResult> {
  const stack = await ctx.stack();
  const rows: Row[] = [];
  const problems: string[] = [];
  const notes: string[] = [];
  const data: Record<string, unknown>[] = [];
  const ratios: string[] = [];
  for (const n of sizes()) {
    const one = await runBurst(ctx, stack, n, false);
    const many = await runBurst(ctx, stack, n, true);
    // How much faster 20 separate inboxes take the same burst: the goal is ≤ 1.5.
    const ratio = many.rate / one.rate;
    one.row.ratio = round(ratio, 2);
    rows.push(one.row, many.row);
    problems.push(...one.problems, ...many.problems);
    data.push(one.data, many.data);
    ratios.push(`${n}: ${round(ratio, 2)}×`);
    if (!(ratio <= RATIO_GOAL)) problems.push(`${n} mails: one inbox took the burst ${round(ratio, 2)}× slower than ${SPREAD_INBOXES} inboxes (goal ≤ ${RATIO_GOAL}×)`);
  }
  notes.push(
    `Throughput, 20 inboxes ÷ one inbox (goal ≤ ${RATIO_GOAL}×): ${ratios.join(', ')}.`,
    `Each burst: mail i goes over connection i mod conns (each connection sends its share back to back, nodemailer to the SMTP stand-in, which answers 250 once its first ingest attempt returns); "20 inboxes" are 20 inboxes of 20 separate accounts (no item shared). Every inbox first gets one mail, and every ${REPLY_EVERY}th mail of the burst answers it (In-Reply-To), so one thread takes a quarter of the burst.`,
    'stored = accepted mails listed (GET …/messages, every page, a token per mail in the subject); lost = accepted − stored; dup = copies beyond one; failed = SMTP exchanges that did not end in 250. counts: message_count and thread_count of GET /v1/inboxes/{id}, the list totals (all, unread) of messages and threads, all equal to what is listed. wait: a chain of waits with after= from the inbox\'s first mail returns every listed burst mail exactly once.',
    'msg/s: accepted ÷ (first send → last 250). p50/p99: SMTP 250 → first listed, ms, seen by 2 readers polling the inbox during the burst (with 20 inboxes, 2 of them: a tenth of the mail); poll ms: for the mails seen, median time from the end of the previous read of their inbox to the read that saw them, the resolution of that latency (a mail they missed counts as listed when the burst is read back at the end).',
    'DynamoDB per accepted mail: calls of ingest (its sequencer included) and of webhook-deliver (the events\' fan-out), from the first send until every accepted mail was listed; the readers\' own API calls are left out (calls are told apart by their stack). cond = writes refused by a condition, tx = cancelled transactions (all calls of the process), conflicts = sequencer rounds lost (lambdas/ingest/arrivals.store.ts arrivalStats), msgs/batch = messages per sequencer transaction.',
  );
  return {
    columns: COLUMNS, rows, notes, problems, data,
  };
}

const COLUMNS: Column[] = [
  { key: 'burst', label: 'burst' }, { key: 'conns', label: 'conns' },
  { key: 'accepted', label: 'accepted' }, { key: 'failed', label: 'failed' }, { key: 'stored', label: 'stored' },
  { key: 'lost', label: 'lost' }, { key: 'dup', label: 'dup' }, { key: 'counts', label: 'counts' }, { key: 'wait', label: 'wait' },
  { key: 'rate', label: 'msg/s', digits: 1 }, { key: 'ratio', label: '20 inb ÷ 1', digits: 2 },
  { key: 'p50', label: 'p50 ms' }, { key: 'p99', label: 'p99 ms' }, { key: 'poll', label: 'poll ms' },
  { key: 'calls', label: 'ddb/msg', digits: 1 }, { key: 'cond', label: 'cond/msg', digits: 2 }, { key: 'cancelled', label: 'tx/msg', digits: 2 },
  { key: 'conflicts', label: 'conflicts/msg', digits: 2 }, { key: 'batch', label: 'msgs/batch', digits: 1 },
];

export const burstSection: Section = {
  name: 'burst',
  title: 'Bursts of inbound mail: one inbox against 20 (local stack, real SMTP)',
  description: 'N mails at once over parallel SMTP connections: lost, duplicated, counts, waits, msg/s, DynamoDB per mail',
  run,
};
