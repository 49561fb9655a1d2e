/**
 * Per handler: the deployable bundle (esbuild, the stack's options), its size, and how long a
 * fresh Node 24 process takes to load it: the module-loading part of a Lambda cold start.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';
import { ENV, environmentNames, FUNCTIONS, handlerEntry, type FunctionName } from '../../lambdas/functions.ts';
import { bundleHandler, LAMBDA_NODE_OPTIONS } from '../lib/esbuild-options.ts';
import { median, round } from '../lib/stats.ts';
import type { BenchContext, Row, Section, SectionResult } from '../lib/types.ts';

/** Cold imports per handler and variant; the median is reported. */
const RUNS = 15;
const CHILD_TIMEOUT_MS = 20_000;

type EnvName = (typeof ENV)[keyof typeof ENV];

/** Dummy values: nothing is called at import, the values only have to be present and well formed. */
const DUMMY_ENV: Record<EnvName, string> = {
  TABLE_NAME: 'mailroom-bench-table',
  MAIL_DOMAIN: 'bench.mailroom.example',
  SITE_URL: 'https://bench.mailroom.example',
  BUCKET_NAME: 'mailroom-bench-mail',
  WEBHOOK_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/000000000000/mailroom-bench-webhook-deliver',
  WEBHOOK_SLOW_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/000000000000/mailroom-bench-webhook-deliver-slow',
  SCHEDULE_GROUP_NAME: 'mailroom-bench-drafts',
  SCHEDULER_ROLE_ARN: 'arn:aws:iam::000000000000:role/mailroom-bench-scheduler',
  SEND_SCHEDULED_FUNCTION_ARN: 'arn:aws:lambda:us-east-1:000000000000:function:mailroom-bench-send-scheduled',
  SES_CONFIGURATION_SET: 'mailroom-bench-outbound',
  LINK_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:mailroom-bench-link-signing-AbCdEf',
  // The deployed default: a function refuses the sandbox provider at cold start unless the stage allows it.
  PAYMENT_PROVIDER: 'none',
  ALLOW_SANDBOX_PAYMENTS: 'false',
  MAILROOM_DNS_SERVERS: '',
  RECEIPT_RULE_SET: 'mailroom-bench-inbound',
  RECEIPT_RULE: 'mailroom-bench-deliver',
  INGEST_FUNCTION_ARN: 'arn:aws:lambda:us-east-1:000000000000:function:mailroom-bench-ingest',
  SES_EVENTS_FUNCTION_ARN: 'arn:aws:lambda:us-east-1:000000000000:function:mailroom-bench-ses-events',
  STRIPE_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:bench-payments',
  STREAM_URL: 'wss://abc123def4.execute-api.us-east-1.amazonaws.com/live',
  STREAM_CALLBACK_URL: 'https://abc123def4.execute-api.us-east-1.amazonaws.com/live',
  MAILROOM_LOCAL_MODE: 'false',
  MAILROOM_TEST_MODE: 'false',
};

/**
 * Which variables a function gets: environmentNames() of the catalogue, the table MailroomFunction
 * and the local stack follow. A handler that reads a variable its needs do not give it fails here
 * as it would in AWS.
 */
export function lambdaEnv(name: FunctionName, withSourceMaps: boolean): NodeJS.ProcessEnv {
  const spec = FUNCTIONS[name];
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    // What the Lambda runtime itself sets.
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_LAMBDA_FUNCTION_NAME: `mailroom-${name}`,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(spec.memoryMb),
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
    AWS_ACCESS_KEY_ID: 'bench', AWS_SECRET_ACCESS_KEY: 'bench', AWS_SESSION_TOKEN: 'bench',
    TZ: ':UTC',
  };
  for (const v of environmentNames(name, { paymentSecret: false })) env[v] = DUMMY_ENV[v as EnvName];
  if (withSourceMaps) env.NODE_OPTIONS = LAMBDA_NODE_OPTIONS;
  return env;
}

/** The child: times `await import(bundle)` and, via performance.now(), process start → loaded. */
const PROBE = `
const file = process.argv[2];
const t0 = performance.now();
const mod = await import(file);
const t1 = performance.now();
if (typeof mod.handler !== 'function') {
  console.error('the bundle has no exported function named handler');
  process.exit(3);
}
process.stdout.write(JSON.stringify({ importMs: t1 - t0, readyMs: t1, node: process.version }));
`;

/**
 * The child, untimed: which files importing the bundle loads. That is the cold path: index.mjs,
 * the chunks it imports, and the chunks init awaits (an HTTP function loads its routes' schema
 * modules at init); chunks left for a rare request are not read.
 */
const LOADED_PROBE = `
import { registerHooks } from 'node:module';
const files = [];
registerHooks({ load(url, context, next) { if (url.startsWith('file:')) files.push(url); return next(url, context); } });
await import(process.argv[2]);
process.stdout.write(JSON.stringify(files));
`;

interface Probe { importMs: number; readyMs: number; wallMs: number; node: string }

/** The outputs of a build (paths as its metafile names them) that a cold import loads. */
async function loadedAtInit(root: string, probe: string, bundle: string, env: NodeJS.ProcessEnv): Promise<Set<string>> {
  const { out } = await runChild(probe, bundle, env);
  const loaded = new Set((JSON.parse(out) as string[]).map((u) => fileURLToPath(u)));
  return new Set([...loaded].map((f) => relative(root, f)));
}

/** Runs a probe on a bundle in a fresh Node process: its stdout, how long it took, and its stderr's gist on failure. */
function runChild(probe: string, bundle: string, env: NodeJS.ProcessEnv): Promise<{ out: string; wallMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [probe, pathToFileURL(bundle).href], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { err = (err + d.toString()).slice(-4000); });
    const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_TIMEOUT_MS);
    child.once('error', (e) => { clearTimeout(timer); reject(e); });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      const wallMs = performance.now() - started;
      if (signal === 'SIGKILL') return reject(new Error(`still running after ${CHILD_TIMEOUT_MS / 1000} s (something at module scope keeps the event loop alive)`));
      if (code !== 0) return reject(new Error(`exited with ${code ?? signal}: ${lastLines(err)}`));
      resolve({ out, wallMs });
    });
  });
}

async function coldImport(probe: string, bundle: string, env: NodeJS.ProcessEnv): Promise<Probe> {
  const { out, wallMs } = await runChild(probe, bundle, env);
  try {
    return { ...(JSON.parse(out) as Omit<Probe, 'wallMs'>), wallMs };
  } catch {
    throw new Error(`unexpected output: ${out.slice(0, 200)}`);
  }
}

/** The error line of a Node stack trace is the useful part; keep a little context. */
function lastLines(s: string): string {
  const lines = s.trim().split('\n').filter((l) => l.trim() && !/^\s+at /.test(l));
  return lines.slice(-3).join(' | ').slice(0, 600) || '(no output)';
}

/** The outputs of a build a cold start loads (`cold`: loadedAtInit), or the lazy rest. */
function outputsOf(meta: Metafile, cold: Set<string>, which: 'cold' | 'lazy'): Metafile['outputs'][string][] {
  return Object.entries(meta.outputs)
    .filter(([path]) => path.endsWith('.mjs') && cold.has(path) === (which === 'cold'))
    .map(([, o]) => o);
}

/** Output bytes per package (the AWS SDK's @aws-sdk/* and @smithy/* each counted as one). */
function composition(meta: Metafile, cold: Set<string>, which: 'cold' | 'lazy' = 'cold'): { name: string; bytes: number }[] {
  const byPackage = new Map<string, number>();
  for (const out of outputsOf(meta, cold, which)) {
    for (const [path, { bytesInOutput }] of Object.entries(out.inputs)) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path.slice(path.lastIndexOf('node_modules/')));
      let name = m ? m[1]! : 'app (lambdas/)';
      if (name.startsWith('@aws-sdk/')) name = '@aws-sdk/*';
      else if (name.startsWith('@smithy/')) name = '@smithy/*';
      byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
    }
  }
  return [...byPackage].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}

/** The biggest single files of a bundle (the app's and the packages'), for "what to cut next". */
function topFiles(meta: Metafile, cold: Set<string>, n: number): { file: string; bytes: number }[] {
  const all: { file: string; bytes: number }[] = [];
  for (const out of outputsOf(meta, cold, 'cold')) {
    for (const [file, { bytesInOutput }] of Object.entries(out.inputs)) all.push({ file: file.replace(/^.*node_modules\//, ''), bytes: bytesInOutput });
  }
  return all.sort((a, b) => b.bytes - a.bytes).slice(0, n);
}

/**
 * Probes: a bare handler importing one Powertools utility, so each one's own cost (size, cold
 * import) can be weighed against the targets before a function takes it on. The Tracer is a
 * probe only: its cost is why no function uses it (docs/decisions.md).
 */
const PROBES: Record<string, string> = {
  'probe: empty handler': 'export const handler = async () => ({});',
  'probe: powertools logger': "import { Logger } from '@aws-lambda-powertools/logger'; const l = new Logger(); export const handler = async () => { l.info('x'); };",
  'probe: powertools metrics': "import { Metrics } from '@aws-lambda-powertools/metrics'; const m = new Metrics({ namespace: 'Probe' }); export const handler = async () => m;",
  'probe: powertools tracer': "import { Tracer } from '@aws-lambda-powertools/tracer'; const t = new Tracer(); export const handler = async () => t;",
};

async function bundle(root: string, entry: string, outdir: string, sourcemap: boolean) {
  const t0 = performance.now();
  const { meta, lazyPackageBytes } = await bundleHandler({ root, entry, outdir, sourcemap });
  return { file: join(outdir, 'index.mjs'), meta, lazyPackageBytes, buildMs: performance.now() - t0 };
}

const KB = 1024;

/** Targets (issue 11): minified size and cold import of HTTP bundles, cold import of ingest. */
export const TARGET = { httpKb: 250, httpImportMs: 60, ingestImportMs: 150 } as const;

async function run(ctx: BenchContext): Promise<SectionResult> {
  const names = Object.keys(FUNCTIONS) as FunctionName[];
  const present = names.filter((n) => existsSync(join(ctx.root, handlerEntry(n))));
  const missing = names.filter((n) => !present.includes(n));
  const notes: string[] = [];
  const problems: string[] = [];
  const data: Record<string, unknown> = {};
  const rows: Row[] = [];

  const dir = await ctx.tmpDir('bundles');
  const probe = join(dir, 'probe.mjs');
  await writeFile(probe, PROBE);
  const loadedProbe = join(dir, 'loaded-probe.mjs');
  await writeFile(loadedProbe, LOADED_PROBE);
  let childNode = '';

  // Build every bundle first, then time them round by round: each round imports every bundle
  // once, so drift in the machine's load (it moves by tens of percent within minutes here) falls
  // on all functions alike instead of on whichever was measured then.
  interface Built {
    name: FunctionName; entry: string; plain: Awaited<ReturnType<typeof bundle>>; mapped: Awaited<ReturnType<typeof bundle>>;
    bytes: number; gz: number; lazyBytes: number; mapBytes: number; parts: { name: string; bytes: number }[]; lazyParts: { name: string; bytes: number }[]; cold: Set<string>;
    runs: { plain: Probe[]; sourcemap: Probe[] }; failure?: string;
  }
  const built: Built[] = [];
  const rowOf = new Map<string, Row>();
  for (const name of present) {
    const entry = handlerEntry(name);
    ctx.progress(`bundles: ${name}: esbuild`);
    let plain: Awaited<ReturnType<typeof bundle>>;
    let mapped: Awaited<ReturnType<typeof bundle>>;
    try {
      plain = await bundle(ctx.root, entry, join(dir, name), false);
      mapped = await bundle(ctx.root, entry, join(dir, `${name}-sourcemap`), true);
    } catch (e) {
      problems.push(`${name}: esbuild failed: ${(e as Error).message.split('\n').slice(0, 6).join(' ')}`);
      rowOf.set(name, { handler: name });
      continue;
    }
    // Size = what a cold start loads: index.mjs, the chunks it imports and those init awaits. The
    // lazy chunks (dynamic import on a rare path) are in the deployment package but not read at init.
    let cold: Set<string>;
    try {
      cold = await loadedAtInit(ctx.root, loadedProbe, plain.file, lambdaEnv(name, false));
    } catch (e) {
      problems.push(`${name}: cold import failed: ${(e as Error).message}`);
      rowOf.set(name, { handler: name });
      continue;
    }
    const coldFiles = Object.keys(plain.meta.outputs).filter((f) => f.endsWith('.mjs') && cold.has(f));
    const bytes = Buffer.concat(await Promise.all(coldFiles.map((f) => readFile(join(ctx.root, f)))));
    built.push({
      name, entry, plain, mapped, cold,
      bytes: bytes.length,
      gz: gzipSync(bytes, { level: 9 }).length,
      lazyBytes: outputsOf(plain.meta, cold, 'lazy').reduce((a, o) => a + o.bytes, 0) + plain.lazyPackageBytes,
      mapBytes: (await stat(`${mapped.file}.map`)).size,
      parts: composition(plain.meta, cold),
      lazyParts: composition(plain.meta, cold, 'lazy'),
      runs: { plain: [], sourcemap: [] },
    });
  }

  // The Powertools probes, timed in the same rounds so they compare with the functions.
  const probes: { name: string; file: string; bytes: Buffer; runs: Probe[]; failure?: string }[] = [];
  for (const [probeName, source] of Object.entries(PROBES)) {
    ctx.progress(`bundles: ${probeName}: esbuild`);
    // Inside the project so the probe resolves the project's node_modules.
    const probeDir = join(ctx.root, 'node_modules', '.cache', 'mailroom-bench-probes');
    await mkdir(probeDir, { recursive: true });
    const src = join(probeDir, `${probeName.replace(/\W+/g, '-')}.ts`);
    await writeFile(src, source);
    try {
      const { file } = await bundle(ctx.root, src, join(dir, probeName.replace(/\W+/g, '-')), false);
      probes.push({ name: probeName, file, bytes: await readFile(file), runs: [] });
    } catch (e) {
      problems.push(`${probeName}: ${(e as Error).message.split('\n')[0]}`);
    }
  }

  for (let i = 0; i < RUNS; i++) {
    ctx.progress(`bundles: cold imports, round ${i + 1} of ${RUNS}`);
    // Alternate the order of the functions and of the two variants so no one always goes first.
    for (const b of i % 2 ? [...built].reverse() : built) {
      if (b.failure) continue;
      try {
        const plain = () => coldImport(probe, b.plain.file, lambdaEnv(b.name, false)).then((r) => b.runs.plain.push(r));
        const mapped = () => coldImport(probe, b.mapped.file, lambdaEnv(b.name, true)).then((r) => b.runs.sourcemap.push(r));
        if (i % 2) { await mapped(); await plain(); } else { await plain(); await mapped(); }
      } catch (e) {
        b.failure = (e as Error).message;
      }
    }
    for (const pr of probes) {
      if (pr.failure) continue;
      try {
        pr.runs.push(await coldImport(probe, pr.file, lambdaEnv('discovery', false)));
      } catch (e) {
        pr.failure = (e as Error).message;
      }
    }
  }

  for (const b of built) {
    const { name, parts, lazyParts, plain, runs } = b;
    if (b.failure) problems.push(`${name}: cold import failed: ${b.failure}`);
    childNode ||= runs.plain[0]?.node ?? '';
    const med = (xs: Probe[], k: keyof Omit<Probe, 'node'>) => (xs.length === RUNS ? round(median(xs.map((x) => x[k])), 1) : null);
    rowOf.set(name, {
      handler: name,
      memoryMb: FUNCTIONS[name].memoryMb,
      kb: round(b.bytes / KB, 1),
      lazyKb: b.lazyBytes ? round(b.lazyBytes / KB, 1) : null,
      gzipKb: round(b.gz / KB, 1),
      importMs: med(runs.plain, 'importMs'),
      readyMs: med(runs.plain, 'readyMs'),
      wallMs: med(runs.plain, 'wallMs'),
      mapsReadyMs: med(runs.sourcemap, 'readyMs'),
    });
    const total = parts.reduce((a, p) => a + p.bytes, 0) || 1;
    notes.push(`${name}: ${parts.slice(0, 6).map((p) => `${p.name} ${round(p.bytes / KB, 0)} KB (${Math.round((100 * p.bytes) / total)}%)`).join(', ')}`);
    notes.push(`  ${' '.repeat(name.length)} biggest files: ${topFiles(plain.meta, b.cold, 4).map((f) => `${f.file} ${round(f.bytes / KB, 1)} KB`).join(', ')}`);
    if (plain.lazyPackageBytes) lazyParts.push({ name: 'lazy/*.cjs (charset packages)', bytes: plain.lazyPackageBytes });
    lazyParts.sort((a, c) => c.bytes - a.bytes);
    if (lazyParts.length) notes.push(`  ${' '.repeat(name.length)} lazy chunks (first use): ${lazyParts.slice(0, 4).map((p) => `${p.name} ${round(p.bytes / KB, 0)} KB`).join(', ')}`);
    data[name] = {
      entry: b.entry, bytes: b.bytes, lazyBytes: b.lazyBytes, gzipBytes: b.gz, sourceMapBytes: b.mapBytes, buildMs: round(plain.buildMs, 0),
      composition: parts, runs,
    };
  }
  for (const name of present) rows.push(rowOf.get(name)!);
  for (const pr of probes) {
    if (pr.failure) { problems.push(`${pr.name}: ${pr.failure}`); continue; }
    const med = (k: 'importMs' | 'readyMs' | 'wallMs') => round(median(pr.runs.map((x) => x[k])), 1);
    rows.push({ handler: pr.name, kb: round(pr.bytes.length / KB, 1), gzipKb: round(gzipSync(pr.bytes, { level: 9 }).length / KB, 1),
      importMs: med('importMs'), readyMs: med('readyMs'), wallMs: med('wallMs'), mapsReadyMs: null });
    data[pr.name] = { bytes: pr.bytes.length, runs: pr.runs };
  }

  // The targets of issue 11, checked on every run: HTTP bundles small and quick to load, ingest quick.
  for (const r of rows) {
    const name = String(r.handler);
    if (!(name in FUNCTIONS)) continue;
    const http = FUNCTIONS[name as FunctionName].kind === 'http';
    const over: string[] = [];
    if (http && typeof r.kb === 'number' && r.kb > TARGET.httpKb) over.push(`${r.kb} KB > ${TARGET.httpKb} KB`);
    if (http && typeof r.importMs === 'number' && r.importMs > TARGET.httpImportMs) over.push(`${r.importMs} ms > ${TARGET.httpImportMs} ms`);
    if (name === 'ingest' && typeof r.importMs === 'number' && r.importMs > TARGET.ingestImportMs) over.push(`${r.importMs} ms > ${TARGET.ingestImportMs} ms`);
    if (over.length) notes.push(`over target: ${name}: ${over.join(', ')}`);
  }

  if (missing.length) notes.push(`Not written yet (no handler file): ${missing.join(', ')}`);
  notes.push(
    `Cold import: median of ${RUNS} fresh \`${process.execPath.startsWith(ctx.root + sep) ? relative(ctx.root, process.execPath) : process.execPath}\` processes (${childNode || 'node'}), each importing the bundle with the env vars its needs give it (dummy values).`,
    'import = around `await import()`; start→loaded = performance.now() after it (from process start); wall = spawn to exit, seen by the parent.',
    'with maps = the deployed shape: sourcemap on and NODE_OPTIONS=--enable-source-maps (start→loaded). gzip = level 9.',
  );
  if (childNode && !childNode.startsWith('v24.')) {
    notes.push(`WARNING: the child Node is ${childNode}, not 24 (Lambda runs nodejs24.x); run through \`npm run bench\`.`);
  }

  return {
    columns: [
      { key: 'handler', label: 'handler' },
      // Memory × (init + duration) is what Lambda bills: a cost-model input (README, cost).
      { key: 'memoryMb', label: 'MB memory' },
      { key: 'kb', label: 'KB min', digits: 1 },
      { key: 'lazyKb', label: 'KB lazy', digits: 1 },
      { key: 'gzipKb', label: 'KB gzip', digits: 1 },
      { key: 'importMs', label: 'import ms', digits: 1 },
      { key: 'readyMs', label: 'start→loaded ms', digits: 1 },
      { key: 'wallMs', label: 'wall ms', digits: 1 },
      { key: 'mapsReadyMs', label: 'with maps ms', digits: 1 },
    ],
    rows, notes, problems, data: { node: childNode, runs: RUNS, handlers: data },
  };
}

export const bundlesSection: Section = {
  name: 'bundles',
  title: 'Handler bundles: size and cold import (Node 24)',
  description: 'esbuild each handler (lambdas/<slice>/<name>.handler.ts) as the CDK stack does; size, gzip size, cold import time',
  run,
};
