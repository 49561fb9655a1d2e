/**
 * The long-poll wait (GET /v1/inboxes/{id}/messages/wait) on the local stack: how long after the
 * SMTP 250 a pending wait answers with the mail, and how many DynamoDB reads a wait costs per
 * second it waits (the counter of lambdas/platform/aws/dynamo.ts: every call the request makes, the
 * authentication and rate limiter included). Latencies are moto's and this machine's.
 */
import { randomBytes } from 'node:crypto';
import { createTransport } from 'nodemailer';
import { WAIT_FIRST_POLL_MS, WAIT_MAX_POLL_MS } from '../../lambdas/messages/wait-match.ts';
import { mean, median, percentile, round } from '../lib/stats.ts';
import type { BenchStack } from '../lib/stack.ts';
import type { BenchContext, Row, Section, SectionResult } from '../lib/types.ts';

/** Mails each sent while a wait is pending. */
const LATENCY_RUNS = 15;
/** Idle waits (nothing arrives) of these lengths. */
const IDLE_TIMEOUTS_S = [5, 20];

const READ_COMMANDS = new Set(['GetItemCommand', 'QueryCommand', 'BatchGetItemCommand']);

function delta(stack: BenchStack, before: { count: number; by: Record<string, number> }) {
  const by: Record<string, number> = {};
  for (const [k, n] of Object.entries(stack.dynamoCalls.byCommand)) {
    const d = n - (before.by[k] ?? 0);
    if (d) by[k] = d;
  }
  const reads = Object.entries(by).filter(([k]) => READ_COMMANDS.has(k)).reduce((s, [, n]) => s + n, 0);
  return { calls: stack.dynamoCalls.count - before.count, reads, by };
}
const snapshot = (stack: BenchStack) => ({ count: stack.dynamoCalls.count, by: { ...stack.dynamoCalls.byCommand } });

/** GetItems of an inbox's arrival marker (sk ARRIVALS), counted on the handlers' own client. */
const markerReads = { count: 0 };
let markerCounterAdded = false;
async function countMarkerReads() {
  if (markerCounterAdded) return;
  markerCounterAdded = true;
  const { dynamoListeners } = await import('../../lambdas/platform/aws/dynamo.ts');
  dynamoListeners.add((command, input) => {
    const sk = (input as { Key?: { sk?: { S?: string } } }).Key?.sk;
    if (command === 'GetItemCommand' && sk?.S === 'ARRIVALS') markerReads.count++;
  });
}

async function run(ctx: BenchContext): Promise<SectionResult> {
  const stack = await ctx.stack();
  await countMarkerReads();
  const created = await stack.call({ method: 'POST', path: '/v1/inboxes', body: { username: `bench-wait-${randomBytes(4).toString('hex')}` } });
  if (created.status !== 201) throw new Error(`POST /v1/inboxes answered ${created.status}: ${created.text.slice(0, 300)}`);
  const inbox = created.json.result as { id: string; address: string; api_key: string };
  const smtp = createTransport({ host: stack.running.smtpHost, port: stack.running.smtpPort, secure: false, ignoreTLS: true });
  const rows: Row[] = [];
  try {
    // SMTP accepted → wait returned: the wait is pending (chained with after=) when the mail lands.
    ctx.progress(`wait: ${LATENCY_RUNS} mails, each to a pending wait`);
    const latencies: number[] = [];
    const perSecond: number[] = [];
    const markerPerSecond: number[] = [];
    let after: string | undefined;
    for (let i = 0; i < LATENCY_RUNS; i++) {
      const path = `/v1/inboxes/${inbox.id}/messages/wait?timeout=20${after ? `&after=${after}` : ''}`;
      const before = snapshot(stack);
      const marker0 = markerReads.count;
      const t0 = performance.now();
      const waiting = stack.call({ method: 'GET', path, key: inbox.api_key }).then((r) => ({ r, at: performance.now() }));
      // Land the mail at a varying point of the poll schedule.
      await new Promise((r) => setTimeout(r, 300 + Math.random() * 2500));
      const subject = `wait-${i}-${randomBytes(3).toString('hex')}`;
      // Ingest runs in this process during the SMTP exchange: its calls are not the waiter's.
      const sending = snapshot(stack);
      const markerSending = markerReads.count;
      await smtp.sendMail({ from: 'a@example.org', to: inbox.address, subject, text: `Your code is ${100000 + i}` });
      const ingest = delta(stack, sending);
      const ingestMarker = markerReads.count - markerSending;
      const accepted = performance.now();
      const { r, at } = await waiting;
      if (r.status !== 200 || r.json?.result?.message?.subject !== subject) {
        throw new Error(`wait ${i} answered ${r.status}: ${r.text.slice(0, 300)}`);
      }
      after = r.json.result.message.id;
      latencies.push(at - accepted);
      const waited = (at - t0) / 1000;
      perSecond.push((delta(stack, before).reads - ingest.reads) / waited);
      markerPerSecond.push((markerReads.count - marker0 - ingestMarker) / waited);
    }
    rows.push({ measure: 'SMTP accepted → wait returned (ms)', n: latencies.length, p50: round(median(latencies), 1),
      p95: round(percentile(latencies, 95), 1), max: round(Math.max(...latencies), 1),
      other: `per waited s: marker reads mean ${round(mean(markerPerSecond), 2)} (max ${round(Math.max(...markerPerSecond), 2)}), all reads mean ${round(mean(perSecond), 2)} (max ${round(Math.max(...perSecond), 2)})` });

    for (const timeout of IDLE_TIMEOUTS_S) {
      ctx.progress(`wait: an idle ${timeout} s wait`);
      const before = snapshot(stack);
      const marker0 = markerReads.count;
      const t0 = performance.now();
      const r = await stack.call({ method: 'GET', path: `/v1/inboxes/${inbox.id}/messages/wait?timeout=${timeout}&subject=nothing-matches`, key: inbox.api_key });
      const seconds = (performance.now() - t0) / 1000;
      if (r.status !== 200 || r.json?.result?.timed_out !== true) throw new Error(`idle wait answered ${r.status}: ${r.text.slice(0, 300)}`);
      const d = delta(stack, before);
      const polls = markerReads.count - marker0;
      rows.push({ measure: `idle wait, timeout ${timeout} s: marker reads per waited second`, n: 1, p50: round(polls / seconds, 2), p95: null, max: null,
        other: `${polls} marker reads in ${round(seconds, 1)} s` });
      rows.push({ measure: `idle wait, timeout ${timeout} s: all DynamoDB reads per waited second`, n: 1, p50: round(d.reads / seconds, 2),
        p95: null, max: null,
        other: `${d.reads} reads + ${d.calls - d.reads} writes in ${round(seconds, 1)} s (${Object.entries(d.by).map(([k, n]) => `${k.replace(/Command$/, '')} ${n}`).join(', ')})` });
    }
  } finally {
    smtp.close();
  }
  return {
    columns: [
      { key: 'measure', label: 'measure' }, { key: 'n', label: 'n' },
      { key: 'p50', label: 'median', digits: 2 }, { key: 'p95', label: 'p95', digits: 1 }, { key: 'max', label: 'max', digits: 1 },
      { key: 'other', label: 'other' },
    ],
    rows,
    notes: [
      `Marker polls ${WAIT_FIRST_POLL_MS} ms after the start, then 20% further apart up to every ${WAIT_MAX_POLL_MS} ms; each poll is one strongly consistent GetItem of the inbox's arrival marker. Messages are read only when the marker moves.`,
      'Marker reads: GetItems of the arrival marker (the polling itself). All reads: every GetItem/Query/BatchGetItem of the request, API key and inbox lookups and the first look at recent arrivals included; the one write is the rate limiter. In the mail runs the calls ingest makes during the SMTP exchange (same process) are left out.',
      'Locally SMTP answers 250 after ingest has stored the mail and given it its place in the inbox\'s arrival order, so the latency is the waiter\'s: its poll interval at that moment plus the read and the answer.',
    ],
    data: { latencyRuns: LATENCY_RUNS },
  };
}

export const waitSection: Section = {
  name: 'wait',
  title: 'Long-poll wait: SMTP accepted → wait returned, DynamoDB reads per waited second (local stack)',
  description: 'pending waits answered by real SMTP mail; idle waits of 5 and 20 s',
  run,
};
