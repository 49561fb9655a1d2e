/**
 * DynamoDB round trips per API request, and the request's latency, against the local stack.
 * The count is exact (the counter in lambdas/platform/aws/dynamo.ts); the latency is the emulator's
 * (moto) plus the local API server, so compare runs with each other, not with AWS.
 */
import { randomBytes } from 'node:crypto';
import { TIER_LIMITS } from '../../lambdas/accounts/tiers.ts';
import { mean, median, percentile, round } from '../lib/stats.ts';
import type { ApiCall, BenchStack, Measured } from '../lib/stack.ts';
import type { BenchContext, Row, Section, SectionResult } from '../lib/types.ts';

const REQUESTS = 30;
const WARMUP = 3;
/** The free tier's inbox cap; keyed creates move to a new account before it. */
const FREE_MAX_INBOXES = TIER_LIMITS.free.maxInboxes;

interface Created { id: string; api_key: string; account_api_key?: string }

let seq = 0;
const username = () => `bench-${randomBytes(4).toString('hex')}-${(seq++).toString(36)}`;

async function newAccount(stack: BenchStack): Promise<Created & { account_api_key: string }> {
  const r = await stack.call({ method: 'POST', path: '/v1/inboxes', body: { username: username() } });
  if (r.status !== 201) throw new Error(`setup: POST /v1/inboxes answered ${r.status}: ${r.text.slice(0, 300)}`);
  return r.json.result;
}

interface Scenario {
  name: string;
  route: string;
  expect: number;
  /** What caller and state the request meets (printed as a note). */
  detail: string;
  /** Runs before each request, outside the measurement (setup calls are not counted). */
  next(): Promise<ApiCall>;
}

async function scenarios(stack: BenchStack): Promise<Scenario[]> {
  const base = await newAccount(stack);

  // Keyed creates: a free account holds 10 inboxes, so rotate to a fresh account before that.
  let keyed = await newAccount(stack);
  let keyedCount = 1;
  const keyedCreate = async (): Promise<ApiCall> => {
    if (keyedCount >= FREE_MAX_INBOXES) {
      keyed = await newAccount(stack);
      keyedCount = 1;
    }
    keyedCount++;
    return { method: 'POST', path: '/v1/inboxes', key: keyed.account_api_key, body: { username: username() } };
  };

  // An account with several inboxes to list (filled here, so list does not depend on run order).
  const listed = await newAccount(stack);
  for (let i = 1; i < FREE_MAX_INBOXES; i++) {
    const r = await stack.call({ method: 'POST', path: '/v1/inboxes', key: listed.account_api_key, body: { username: username() } });
    if (r.status !== 201) throw new Error(`setup: keyed POST /v1/inboxes answered ${r.status}: ${r.text.slice(0, 300)}`);
  }

  return [
    { name: 'create-inbox (no key)', route: 'POST /v1/inboxes', expect: 201, detail: 'each creates a new free account',
      next: async () => ({ method: 'POST', path: '/v1/inboxes', body: { username: username() } }) },
    { name: 'create-inbox (account key)', route: 'POST /v1/inboxes', expect: 201, detail: `free accounts, a fresh one before the ${FREE_MAX_INBOXES}-inbox cap`,
      next: keyedCreate },
    { name: 'get-inbox', route: 'GET /v1/inboxes/{id}', expect: 200, detail: 'with the inbox key',
      next: async () => ({ method: 'GET', path: `/v1/inboxes/${base.id}`, key: base.api_key }) },
    { name: 'list-inboxes', route: 'GET /v1/inboxes', expect: 200, detail: `account key, account with ${FREE_MAX_INBOXES} inboxes`,
      next: async () => ({ method: 'GET', path: '/v1/inboxes', key: listed.account_api_key }) },
    { name: 'get-capabilities', route: 'GET /v1/capabilities', expect: 200, detail: 'account key of a free account',
      next: async () => ({ method: 'GET', path: '/v1/capabilities', key: base.account_api_key }) },
  ];
}

/** "GetItem 2, TransactWriteItems 1" from the per-request average of each command. */
function commandMix(samples: Measured[]): { text: string; perRequest: Record<string, number> } {
  const totals: Record<string, number> = {};
  for (const s of samples) for (const [k, n] of Object.entries(s.dynamo.byCommand)) totals[k] = (totals[k] ?? 0) + n;
  const perRequest = Object.fromEntries(Object.entries(totals).map(([k, n]) => [k, round(n / samples.length, 2)]));
  const text = Object.entries(perRequest)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, n]) => `${k.replace(/Command$/, '')} ${n}`).join(', ');
  return { text: text || 'none', perRequest };
}

async function run(ctx: BenchContext): Promise<SectionResult> {
  ctx.progress('dynamo: starting the local stack');
  const t0 = performance.now();
  const stack = await ctx.stack();
  ctx.progress(`dynamo: stack up in ${((performance.now() - t0) / 1000).toFixed(1)} s (${stack.ownEmulator ? 'moto started by this run' : `emulator at ${stack.awsEndpoint}`}); setting up accounts`);

  const rows: Row[] = [];
  const data: Record<string, unknown> = {};
  const list = await scenarios(stack);
  for (const s of list) {
    ctx.progress(`dynamo: ${s.name}: ${WARMUP} warm-up + ${REQUESTS} requests`);
    for (let i = 0; i < WARMUP; i++) await stack.measure(await s.next(), s.expect);
    const samples: Measured[] = [];
    for (let i = 0; i < REQUESTS; i++) samples.push(await stack.measure(await s.next(), s.expect));

    const counts = samples.map((m) => m.dynamo.count);
    const ms = samples.map((m) => m.ms);
    const [lo, hi] = [Math.min(...counts), Math.max(...counts)];
    const mix = commandMix(samples);
    if (hi === 0 && s.name.startsWith('create-inbox')) {
      throw new Error('The DynamoDB call counter did not move while inboxes were created: the handlers are not using the lambdas/platform/aws/dynamo.ts instance this process imported.');
    }
    rows.push({
      scenario: s.name,
      route: s.route,
      n: samples.length,
      calls: round(mean(counts), 2),
      range: lo === hi ? '' : `${lo}–${hi}`,
      commands: mix.text,
      p50: round(median(ms), 1),
      p95: round(percentile(ms, 95), 1),
    });
    data[s.name] = { route: s.route, detail: s.detail, counts, byCommandPerRequest: mix.perRequest, latencyMs: ms.map((x) => round(x, 2)) };
  }

  return {
    columns: [
      { key: 'scenario', label: 'scenario' },
      { key: 'route', label: 'route' },
      { key: 'n', label: 'n' },
      { key: 'calls', label: 'ddb calls/req', digits: 1 },
      { key: 'range', label: 'min–max' },
      { key: 'commands', label: 'by command (per req)' },
      { key: 'p50', label: 'p50 ms', digits: 1 },
      { key: 'p95', label: 'p95 ms', digits: 1 },
    ],
    rows,
    notes: [
      ...list.map((s) => `${s.name}: ${s.detail}.`),
      `${REQUESTS} sequential requests each over HTTP to the local API server (after ${WARMUP} warm-ups); latency is client-side round trip against ${stack.ownEmulator ? 'moto' : stack.awsEndpoint}, not AWS.`,
      `Limits raised for the run (one IP creates every inbox): ${Object.entries(stack.overrides).map(([k, v]) => `${k}=${v}`).join(', ')}; the limiters still make their DynamoDB calls.`,
    ],
    data: { requests: REQUESTS, warmup: WARMUP, scenarios: data },
  };
}

export const dynamoSection: Section = {
  name: 'dynamo',
  title: 'DynamoDB calls and latency per API request (local stack)',
  description: 'create-inbox (no key / account key), get-inbox, list-inboxes, get-capabilities',
  run,
};
