/**
 * Reads at scale (issue 10): inboxes of 100, 10,000 and 100,000 messages (BENCH_SCALE_SIZES to
 * change), seeded through the store, then each list read — and a claim and an ack (issue #28) —
 * timed interleaved across the sizes.
 * moto's Query walks every item of the table, so raw latency grows with the table whatever the
 * design: each read is also divided by a bare one-item Query at the same table size, and the
 * design's own cost is in DynamoDB round trips and items read per request (counted in the
 * client, lambdas/platform/aws/dynamo.ts), which should not grow with the inbox.
 */
import { randomBytes } from 'node:crypto';
import { median, round } from '../lib/stats.ts';
import type { ApiCall, BenchStack } from '../lib/stack.ts';
import type { BenchContext, Row, Section, SectionResult } from '../lib/types.ts';
import { seedMessages, type SeedSpec } from '../../test/seed-store.ts';

const DEFAULT_SIZES = [100, 10_000, 100_000];
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS || 7);
const PAGE = 20;
const THREADS_PER_INBOX = 50;
/** A word in exactly this many messages at every size: search cost should follow the matches. */
const SEARCH_MATCHES = 5;

const spec = (i: number, size: number): SeedSpec => {
  const step = Math.floor(size / SEARCH_MATCHES);
  const needle = i % step === 0;
  return {
    subject: `Report ${i % 13 === 0 ? 'quarterly' : 'weekly'} batch`,
    body: `${needle ? 'Needleword appears here' : 'Plain text'} short body`,
    from: 'news@letters.example',
    read: i % 2 === 0,
    // The matches sit in as many threads at every size (one each), so a thread search reads alike.
    thread: needle ? i / step : i % THREADS_PER_INBOX,
  };
};

interface Inbox { size: number; id: string; api_key: string; account_api_key: string; middleCursor: string }

async function seedInbox(ctx: BenchContext, stack: BenchStack, size: number): Promise<Inbox> {
  const r = await stack.call({ method: 'POST', path: '/v1/inboxes', body: { username: `scale-${size}-${randomBytes(3).toString('hex')}` } });
  if (r.status !== 201) throw new Error(`setup: POST /v1/inboxes answered ${r.status}: ${r.text.slice(0, 300)}`);
  const created = r.json.result;
  const { getInbox } = await import('../../lambdas/accounts/accounts.store.ts');
  const { changeThreadLabels } = await import('../../lambdas/messages/messages.store.ts');
  const { encodeCursor } = await import('../../lambdas/platform/dynamo/cursor.ts');
  const t0 = performance.now();
  const messages = await seedMessages((await getInbox(created.id))!, Array.from({ length: size }, (_, i) => spec(i, size)), { concurrency: 8, bulk: true });
  ctx.progress(`scale: seeded ${size} messages in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // Every 10th thread labelled.
  const threads = [...new Set(messages.map((m) => m.thread_id))];
  for (const [i, t] of threads.entries()) if (i % 10 === 0) await changeThreadLabels(created.id, t, { add: 'bench' }, new Date().toISOString());
  const middle = messages[Math.floor(size / 2)]!;
  return { size, ...created, middleCursor: encodeCursor((await import('../../lambdas/messages/messages.entities.ts')).messageKey(created.id, middle.id)) };
}

const reads: { name: string; expect?: number; prepare?: (stack: BenchStack, i: Inbox) => Promise<{ message_id: string; claim_id: string }>; call: (i: Inbox, prepared?: { message_id: string; claim_id: string }) => ApiCall }[] = [
  { name: 'first page', call: (i) => ({ method: 'GET', path: `/v1/inboxes/${i.id}/messages?limit=${PAGE}`, key: i.api_key }) },
  { name: 'first page summary', call: (i) => ({ method: 'GET', path: `/v1/inboxes/${i.id}/messages?limit=${PAGE}&view=summary`, key: i.api_key }) },
  { name: 'middle page (cursor)', call: (i) => ({ method: 'GET', path: `/v1/inboxes/${i.id}/messages?limit=${PAGE}&cursor=${i.middleCursor}`, key: i.api_key }) },
  { name: 'unread filter', call: (i) => ({ method: 'GET', path: `/v1/inboxes/${i.id}/messages?limit=${PAGE}&unread_only=true`, key: i.api_key }) },
  { name: 'threads', call: (i) => ({ method: 'GET', path: `/v1/inboxes/${i.id}/threads?limit=${PAGE}`, key: i.api_key }) },
  { name: 'threads label filter', call: (i) => ({ method: 'GET', path: `/v1/inboxes/${i.id}/threads?limit=${PAGE}&label=bench`, key: i.api_key }) },
  { name: 'account-wide threads', call: (i) => ({ method: 'GET', path: `/v1/threads?limit=${PAGE}`, key: i.account_api_key }) },
  { name: 'search messages', call: (i) => ({ method: 'GET', path: `/v1/inboxes/${i.id}/messages?limit=${PAGE}&search=needlew`, key: i.api_key }) },
  { name: 'search threads', call: (i) => ({ method: 'GET', path: `/v1/threads?limit=${PAGE}&search=needlew`, key: i.account_api_key }) },
  // Claims (issue #28): each round takes the oldest ready message under a short lease, and acks one taken just before.
  { name: 'claim 1', expect: 200, call: (i) => ({ method: 'POST', path: `/v1/inboxes/${i.id}/messages/claim`, key: i.api_key, body: { limit: 1, lease: 900 } }) },
  { name: 'ack', expect: 200, prepare: claimOne, call: (i, claim) => ({ method: 'POST', path: `/v1/inboxes/${i.id}/messages/${claim!.message_id}/ack`, key: i.api_key, body: { claim_id: claim!.claim_id } }) },
];

/** A message claimed (untimed) for the ack that is measured next. */
async function claimOne(stack: BenchStack, i: Inbox): Promise<{ message_id: string; claim_id: string }> {
  const r = await stack.call({ method: 'POST', path: `/v1/inboxes/${i.id}/messages/claim`, key: i.api_key, body: { limit: 1, lease: 900 } });
  const c = r.json?.result?.claims?.[0];
  if (r.status !== 200 || !c) throw new Error(`claim for the ack answered ${r.status}: ${r.text.slice(0, 200)}`);
  return { message_id: c.message.id, claim_id: c.claim_id };
}

async function run(ctx: BenchContext): Promise<SectionResult> {
  const sizes = (process.env.BENCH_SCALE_SIZES ? process.env.BENCH_SCALE_SIZES.split(',').map(Number) : DEFAULT_SIZES).sort((a, b) => a - b);
  if (sizes.some((n) => !Number.isInteger(n) || n < SEARCH_MATCHES)) throw new Error(`BENCH_SCALE_SIZES must be integers ≥ ${SEARCH_MATCHES}`);
  const stack = await ctx.stack();
  const { documentClient } = await import('../../lambdas/platform/aws/dynamo.ts');
  const { QueryCommand } = await import('../../lambdas/platform/aws/dynamo-commands.ts');
  const { config } = await import('../../lambdas/platform/config.ts');
  const { inboxKey } = await import('../../lambdas/inboxes/inboxes.entities.ts');

  // Seeded in increasing size; a size's table size is the table as its reads run (the smaller
  // inboxes live in the same table, so "table size" grows with the largest seeded).
  const inboxes: Inbox[] = [];
  for (const size of sizes) inboxes.push(await seedInbox(ctx, stack, size));

  const bare = async (i: Inbox) => {
    const t0 = performance.now();
    await documentClient.send(new QueryCommand({ TableName: config.tableName, KeyConditionExpression: 'pk = :p', Limit: 1,
      ExpressionAttributeValues: { ':p': inboxKey(i.id).pk } }));
    return performance.now() - t0;
  };
  // One untimed pass first: the emulator builds its sorted view of an index partition on the first
  // Query that touches it (a word index of 100,000 messages holds over a million entries, seconds
  // of Python), which DynamoDB never does. The timed rounds measure reads, not that build.
  // A read that times out while the build runs is asked again until it answers (the build goes on
  // in the emulator meanwhile), so no timed request waits behind one.
  ctx.progress('scale: warm-up pass (untimed)');
  for (const read of reads) {
    for (const inbox of inboxes) {
      for (let attempt = 0; attempt < 10; attempt++) {
        const prepared = read.prepare ? await read.prepare(stack, inbox).catch(() => undefined) : undefined;
        const r = await stack.call(read.call(inbox, prepared)).catch(() => undefined);
        if (r?.status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 5000));
      }
    }
  }
  const samples = new Map<string, { ms: number[]; calls: number[]; trips: number[]; items: number[]; failed: number }>();
  /** Which DynamoDB operations a read makes (its last request at the smallest size), for the notes. */
  const operations = new Map<string, string>();
  const bareMs = new Map<number, number[]>();
  const slot = (k: string) => samples.get(k) ?? (samples.set(k, { ms: [], calls: [], trips: [], items: [], failed: 0 }), samples.get(k)!);
  for (let round_ = 0; round_ < ROUNDS; round_++) {
    ctx.progress(`scale: round ${round_ + 1}/${ROUNDS}`);
    for (const read of reads) {
      for (const inbox of inboxes) {
        const s = slot(`${read.name}|${inbox.size}`);
        try {
          const prepared = read.prepare ? await read.prepare(stack, inbox) : undefined;
          const m = await stack.measure(read.call(inbox, prepared), read.expect ?? 200);
          s.ms.push(m.ms); s.calls.push(m.dynamo.count); s.trips.push(m.dynamo.roundTrips); s.items.push(m.dynamo.itemsRead);
          if (inbox === inboxes[0]) operations.set(read.name, Object.entries(m.dynamo.byCommand).map(([op, n]) => `${op}×${n}`).join(' '));
        } catch (e) {
          // A request that timed out on a starved emulator is counted, not fatal to the run.
          s.failed += 1;
          ctx.progress(`scale: ${read.name} at ${inbox.size}: ${(e as Error).message.slice(0, 120)}`);
        }
        bareMs.set(inbox.size, [...(bareMs.get(inbox.size) ?? []), await bare(inbox)]);
      }
    }
  }
  const rows: Row[] = [];
  const smallest = sizes[0]!;
  for (const read of reads) {
    for (const size of sizes) {
      const s = samples.get(`${read.name}|${size}`)!;
      const base = samples.get(`${read.name}|${smallest}`)!;
      const ms = median(s.ms);
      const normalized = ms / median(bareMs.get(size)!);
      const normalizedBase = median(base.ms) / median(bareMs.get(smallest)!);
      rows.push({ read: read.name, size, p50: round(ms, 1), vsSmallest: round(ms / median(base.ms), 2),
        bare: round(median(bareMs.get(size)!), 1), normVsSmallest: round(normalized / normalizedBase, 2),
        calls: round(median(s.calls), 1), trips: round(median(s.trips), 1), items: round(median(s.items), 0), failed: s.failed });
    }
  }
  return {
    columns: [
      { key: 'read', label: 'read' }, { key: 'size', label: 'messages' }, { key: 'p50', label: 'p50 ms', digits: 1 },
      { key: 'vsSmallest', label: `× ${smallest}-msg`, digits: 2 }, { key: 'bare', label: 'bare Query ms', digits: 1 },
      { key: 'normVsSmallest', label: `÷bare × ${smallest}-msg`, digits: 2 },
      { key: 'calls', label: 'ddb calls/req', digits: 1 }, { key: 'trips', label: 'round trips/req', digits: 1 }, { key: 'items', label: 'items read/req' }, { key: 'failed', label: 'failed' },
    ],
    rows,
    notes: [
      `${ROUNDS} rounds after one untimed warm-up pass, reads interleaved across the inboxes; page size ${PAGE}. Calls and round trips include the key lookup (2 round trips: the rate counter rides with the second).`,
      '"÷bare × smallest": the read\'s median divided by a bare one-item Query at the same moment, relative to the same for the smallest inbox.',
      `Search matches ${SEARCH_MATCHES} messages, in ${SEARCH_MATCHES} threads, at every size; every 10th of ${THREADS_PER_INBOX} threads carries the label.`,
      ...[...operations].map(([read, ops]) => `${read}: ${ops}`),
    ],
    data: Object.fromEntries(samples),
  };
}

export const scaleSection: Section = {
  name: 'scale',
  title: 'List reads at 100 / 10,000 / 100,000 messages (issue 10)',
  description: 'first page, cursor page, unread, labels, threads, account threads, search at growing inbox sizes (BENCH_SCALE_SIZES)',
  run,
};
