/**
 * `npm run bench [-- --only a,b] [-- --skip c] [-- --list]`: runs the benchmark sections
 * (bench/sections/index.ts), prints a table per section and writes bench/results.json.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SECTIONS } from './sections/index.ts';
import { startBenchStack, type BenchStack } from './lib/stack.ts';
import { renderTable } from './lib/table.ts';
import type { BenchContext, Section, SectionResult } from './lib/types.ts';

const BENCH_DIR = import.meta.dirname;
const ROOT = resolve(BENCH_DIR, '..');
const RESULTS = join(BENCH_DIR, 'results.json');

const USAGE = `Usage: npm run bench [-- [--only name,…] [--skip name,…] [--list]]

Sections:
${SECTIONS.map((s) => `  ${s.name.padEnd(10)} ${s.description}`).join('\n')}`;

function selectSections(): Section[] | undefined {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      only: { type: 'string', multiple: true },
      skip: { type: 'string', multiple: true },
      list: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help || values.list) { console.log(USAGE); return undefined; }
  const names = (xs: string[] | undefined) => (xs ?? []).flatMap((x) => x.split(',')).map((x) => x.trim()).filter(Boolean);
  const only = names(values.only);
  const skip = names(values.skip);
  const unknown = [...only, ...skip].filter((n) => !SECTIONS.some((s) => s.name === n));
  if (unknown.length) throw new Error(`Unknown section ${unknown.join(', ')}.\n\n${USAGE}`);
  return SECTIONS.filter((s) => (only.length === 0 || only.includes(s.name)) && !skip.includes(s.name));
}

function gitCommit(): { commit: string | null; dirty: boolean | null } {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return { commit, dirty: status.trim() !== '' };
  } catch {
    return { commit: null, dirty: null };
  }
}

interface SectionRecord extends Partial<SectionResult> {
  title: string;
  seconds: number;
  /** 1-minute load average when the section started and ended: timings mean little on a busy machine. */
  load: [number, number];
  error?: string;
}

const load1 = () => Number(loadavg()[0]!.toFixed(2));

async function main(): Promise<number> {
  const selected = selectSections();
  if (!selected) return 0;
  if (selected.length === 0) throw new Error('No section selected.');

  const started = performance.now();
  const tmpRoot = await mkdtemp(join(tmpdir(), 'mailroom-bench-'));
  let stack: Promise<BenchStack> | undefined;
  const cleanup = async () => {
    const s = await stack?.catch(() => undefined);
    stack = undefined;
    await s?.running.stop().catch((e: unknown) => console.error(`bench: stopping the local stack failed: ${String(e)}`));
    await rm(tmpRoot, { recursive: true, force: true }).catch(() => undefined);
  };
  // Ctrl-C: stop moto (it would otherwise be left running) and leave without writing results.
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals, code: number) => {
    interrupted = true;
    console.error(`\nbench: ${signal}, stopping the local stack…`);
    void cleanup().finally(() => process.exit(code));
  };
  process.once('SIGINT', () => onSignal('SIGINT', 130));
  process.once('SIGTERM', () => onSignal('SIGTERM', 143));

  const ctx: BenchContext = {
    root: ROOT,
    tmpDir: async (name) => {
      const dir = join(tmpRoot, name);
      await mkdir(dir, { recursive: true });
      return dir;
    },
    stack: () => (stack ??= startBenchStack()),
    progress: (m) => process.stderr.write(`  · ${m}\n`),
  };

  const records: Record<string, SectionRecord> = {};
  let failed = false;
  try {
    for (const section of selected) {
      if (interrupted) break;
      console.log(`\n== ${section.title} [${section.name}] ==\n`);
      const t0 = performance.now();
      const loadBefore = load1();
      try {
        const r = await section.run(ctx);
        const seconds = Number(((performance.now() - t0) / 1000).toFixed(1));
        const load: [number, number] = [loadBefore, load1()];
        const cores = cpus().length;
        if (Math.max(...load) > cores * 0.75) {
          (r.notes ??= []).push(`WARNING: the machine was busy (load average ${load.join(' → ')} on ${cores} cores); the timings are noisy.`);
        }
        records[section.name] = { title: section.title, seconds, load, ...r };
        console.log(renderTable(r.columns, r.rows));
        if (r.notes?.length) console.log(`\n${r.notes.map((n) => `  ${n}`).join('\n')}`);
        if (r.problems?.length) {
          failed = true;
          console.log(`\n${r.problems.map((p) => `  FAILED ${p}`).join('\n')}`);
        }
        console.log(`\n  (${seconds} s)`);
      } catch (e) {
        if (interrupted) break;
        failed = true;
        const message = (e as Error)?.message ?? String(e);
        records[section.name] = {
          title: section.title, seconds: Number(((performance.now() - t0) / 1000).toFixed(1)), load: [loadBefore, load1()], error: message,
        };
        console.log(`FAILED: ${message}`);
        if (process.env.BENCH_DEBUG && e instanceof Error) console.error(e.stack);
      }
    }
  } finally {
    await cleanup();
  }

  // The signal handler exits once the stack is down; the results of a cut-short run are not kept.
  if (interrupted) return new Promise<number>(() => undefined);

  const results = {
    generatedAt: new Date().toISOString(),
    ...gitCommit(),
    machine: { platform: `${process.platform}-${process.arch}`, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? null, node: process.version },
    argv: process.argv.slice(2),
    totalSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    sections: records,
  };
  await mkdir(dirname(RESULTS), { recursive: true });
  await writeFile(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nTotal ${results.totalSeconds} s. Results: ${RESULTS.slice(ROOT.length + 1)}${failed ? '. Some sections FAILED (see above).' : ''}`);
  return failed ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
    // The run is over: if a stray handle (socket, timer) would keep the process alive, say so and go.
    setTimeout(() => {
      console.error('bench: something kept the process alive after the run; exiting.');
      process.exit(code);
    }, 5000).unref();
  },
  (e: unknown) => {
    console.error(`bench: ${(e as Error)?.message ?? String(e)}`);
    process.exit(1);
  },
);
