/**
 * The local stack as the benchmarks use it: started once per run (lib/local/stack.ts, the same
 * code as `npm start`), called over HTTP, with the DynamoDB round-trip counter of this process
 * (lambdas/platform/aws/dynamo.ts). The API server runs in this process, so the counter sees every call
 * a request makes; requests are sent one at a time, so a before/after delta is that request's.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { freePort } from '../../lib/local/moto.ts';
import { pythonExecutable } from '../../lib/local/python.ts';
import { startLocalStack, type RunningLocalStack } from '../../lib/local/stack.ts';
import type { dynamoCalls as DynamoCalls } from '../../lambdas/platform/aws/dynamo.ts';

export interface ApiCall {
  method: string;
  path: string;
  key?: string;
  body?: unknown;
}

export interface ApiResult {
  status: number;
  text: string;
  /** Parsed JSON, or undefined when the body is not JSON. */
  json: any;
}

export interface Measured {
  result: ApiResult;
  ms: number;
  /** DynamoDB round trips made while serving this request. */
  dynamo: { count: number; roundTrips: number; byCommand: Record<string, number>; itemsRead: number };
}

export interface BenchStack {
  apiUrl: string;
  awsEndpoint: string;
  /** True when this run started moto itself (no AWS_ENDPOINT_URL). */
  ownEmulator: boolean;
  mailDomain: string;
  namePrefix: string;
  running: RunningLocalStack;
  /** Environment overrides the run applied (limits raised so one IP can create many inboxes). */
  overrides: Record<string, string>;
  call(c: ApiCall): Promise<ApiResult>;
  /** call(), timed, with the DynamoDB calls it caused. Throws unless the status is `expect`. */
  measure(c: ApiCall, expect: number): Promise<Measured>;
  dynamoCalls: typeof DynamoCalls;
}

/** Fails early and clearly when moto cannot run, before anything waits on it. */
function checkMoto(): void {
  const python = pythonExecutable();
  const r = spawnSync(python, ['-c', 'import importlib.util, sys; sys.exit(0 if importlib.util.find_spec("moto") else 3)'], { encoding: 'utf8' });
  const hint = 'Install it with: npm run setup (or point AWS_ENDPOINT_URL at a running emulator).';
  if (r.error) throw new Error(`Cannot run ${python} (${(r.error as NodeJS.ErrnoException).code ?? r.error.message}); the AWS emulator moto needs Python. ${hint}`);
  if (r.status === 3) throw new Error(`The AWS emulator moto is not installed for ${python}. ${hint}`);
  if (r.status !== 0) throw new Error(`${python} failed while looking for moto (exit ${r.status}): ${r.stderr.trim()}`);
}

export async function startBenchStack(): Promise<BenchStack> {
  const awsEndpoint = process.env.AWS_ENDPOINT_URL || undefined;
  if (!awsEndpoint) checkMoto();

  // Read by lambdas/platform/config.ts at import, so set before the first handler loads (as the e2e suite
  // does): every request here comes from 127.0.0.1, which the free tier would cap at 10 inboxes
  // an hour. The limiter still runs (and still costs its DynamoDB calls); it just does not refuse.
  const overrides: Record<string, string> = {};
  const setDefault = (name: string, value: string) => {
    process.env[name] ||= value;
    overrides[name] = process.env[name]!;
  };
  setDefault('FREE_INBOX_CREATES_PER_IP_PER_HOUR', '100000');
  setDefault('API_RATE_LIMIT_MULTIPLIER', '1000');
  process.env.LOG_LEVEL ||= 'error';
  // EMF metric lines would flood the tables; test/e2e/observability.test.ts reads them instead.
  process.env.POWERTOOLS_METRICS_DISABLED ||= 'true';

  const mailDomain = 'bench.mailroom.localhost';
  // A fresh name per run, so a shared emulator (AWS_ENDPOINT_URL) never mixes runs.
  const namePrefix = `mailroom-bench-${randomBytes(3).toString('hex')}`;
  let running: RunningLocalStack;
  try {
    running = await startLocalStack({
      port: await freePort(), host: '127.0.0.1', smtpPort: await freePort(),
      mailDomain, awsEndpoint, namePrefix,
      // The handlers run in this process so the DynamoDB call counter below sees their calls.
      functions: 'in-process',
    });
  } catch (e) {
    throw new Error(`The local stack (lib/local/stack.ts) did not start: ${(e as Error)?.message ?? String(e)}`);
  }

  // Imported only now: the SDK client it builds reads AWS_ENDPOINT_URL and the region, which
  // startLocalStack has just set. It is the same module instance the handlers use.
  let dynamoCalls: typeof DynamoCalls;
  try {
    ({ dynamoCalls } = await import('../../lambdas/platform/aws/dynamo.ts'));
  } catch (e) {
    await running.stop();
    throw e;
  }

  const call = async (c: ApiCall): Promise<ApiResult> => {
    const headers: Record<string, string> = {};
    if (c.key) headers.authorization = `Bearer ${c.key}`;
    let body: string | undefined;
    if (c.body !== undefined) { body = JSON.stringify(c.body); headers['content-type'] = 'application/json'; }
    const res = await fetch(`${running.apiUrl}${c.path}`, { method: c.method, headers, body });
    const text = await res.text();
    let json: any;
    try { json = JSON.parse(text); } catch { json = undefined; }
    return { status: res.status, text, json };
  };

  const measure = async (c: ApiCall, expect: number): Promise<Measured> => {
    const count0 = dynamoCalls.count;
    const items0 = dynamoCalls.itemsRead;
    const trips0 = dynamoCalls.roundTrips;
    const by0 = { ...dynamoCalls.byCommand };
    const t0 = performance.now();
    const result = await call(c);
    const ms = performance.now() - t0;
    if (result.status !== expect) {
      throw new Error(`${c.method} ${c.path} answered ${result.status}, expected ${expect}: ${result.text.slice(0, 500)}`);
    }
    const byCommand: Record<string, number> = {};
    for (const [name, n] of Object.entries(dynamoCalls.byCommand)) {
      const d = n - (by0[name] ?? 0);
      if (d) byCommand[name] = d;
    }
    return { result, ms, dynamo: { count: dynamoCalls.count - count0, roundTrips: dynamoCalls.roundTrips - trips0, byCommand, itemsRead: dynamoCalls.itemsRead - items0 } };
  };

  return {
    apiUrl: running.apiUrl, awsEndpoint: running.awsEndpoint, ownEmulator: !awsEndpoint,
    mailDomain, namePrefix, running, overrides, call, measure, dynamoCalls,
  };
}
