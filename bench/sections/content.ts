/**
 * Ingest CPU per message for the mail-content pipeline (lambdas/content: streaming
 * parse, format=flowed, one HTML render with what it hides, reply extraction, links, CTAs, codes,
 * and the safety assessment) against
 * mailparser's bare parse of the same bytes, over test/fixtures/corpora/mime. CPU time of
 * this process (process.cpuUsage), so the figures hold on a loaded machine better than wall time.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { simpleParser } from 'mailparser';
import { deriveContent, forwardedAttachment, parseInboundMail } from '../../lambdas/content/index.ts';
import { assessSafety } from '../../lambdas/content/safety/index.ts';
import { safetyInputOf } from '../../lambdas/content/safety/input.ts';
import { median, round } from '../lib/stats.ts';
import type { BenchContext, Section, SectionResult } from '../lib/types.ts';

/** Issue 12's target: the whole pipeline within 1.3× mailparser's bare parse. */
const TARGET_RATIO = 1.3;
/**
 * Runs per message: the least CPU of these is the message's cost (noise only ever adds, and this
 * machine's neighbours add a lot: a median of 5 moved the ratio by ±15% between runs).
 */
const REPEATS = 8;
/** The options the pipeline parses with: mailparser's own html-to-text and linkify are skipped. */
const LEAN = { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true } as const;

/** What ingest does with a message's content but the safety assessment: what the assessment adds is the difference. */
async function parseAndDerive(raw: Buffer) {
  const parsed = await parseInboundMail(raw);
  const derived = deriveContent(parsed);
  derived.forwarded ??= await forwardedAttachment(parsed);
  return { parsed, derived };
}

/** What ingest does with a message's content: parse, derive, assess (the verdict does not change the cost). */
async function ingestContent(raw: Buffer) {
  const { parsed, derived } = await parseAndDerive(raw);
  return assessSafety(safetyInputOf(parsed, derived, { dmarc: 'none', senderVerified: false }));
}

/**
 * BENCH_CONTENT_BEFORE=<checkout>: the ingest pipeline of another checkout of this repository
 * (with node_modules linked), run in this process beside ours — issue 27's before/after, e.g.
 * `git worktree add /tmp/before 3c90bd0 && ln -s "$PWD/node_modules" /tmp/before/`.
 */
async function pipelineOf(checkout: string): Promise<(raw: Buffer) => Promise<unknown>> {
  const content = await import(resolve(checkout, 'lambdas/content/index.ts'));
  const assessed = existsSync(resolve(checkout, 'lambdas/content/safety/index.ts'));
  if (!assessed) return async (raw) => content.deriveContent(await content.parseInboundMail(raw));
  const safety = await import(resolve(checkout, 'lambdas/content/safety/index.ts'));
  const input = await import(resolve(checkout, 'lambdas/content/safety/input.ts'));
  return async (raw) => {
    const parsed = await content.parseInboundMail(raw);
    return safety.assessSafety(input.safetyInputOf(parsed, content.deriveContent(parsed), { dmarc: 'none', senderVerified: false }));
  };
}

async function cpuMs(f: () => Promise<unknown>): Promise<number> {
  const c = process.cpuUsage();
  await f();
  const d = process.cpuUsage(c);
  return (d.user + d.system) / 1000;
}

async function run(ctx: BenchContext): Promise<SectionResult> {
  const corpus = resolve(ctx.root, 'test/fixtures/corpora/mime');
  if (!existsSync(corpus)) throw new Error(`The MIME corpus is missing at ${corpus}`);
  const files = readdirSync(corpus).filter((f) => f.endsWith('.eml')).sort();
  ctx.progress(`content: ${files.length} messages × ${REPEATS}`);
  const bare: number[] = [];
  const lean: number[] = [];
  const pipeline: number[] = [];
  const unassessed: number[] = [];
  const perFile: { file: string; bare: number; lean: number; pipeline: number; unassessed: number; before?: number }[] = [];
  const beforeDir = process.env.BENCH_CONTENT_BEFORE;
  const beforePipeline = beforeDir ? await pipelineOf(beforeDir) : undefined;
  const before: number[] = [];
  for (const f of files) {
    const raw = readFileSync(join(corpus, f));
    // Warm once, then the least of REPEATS runs of each, interleaved so load drifts hit all alike.
    await simpleParser(raw);
    await simpleParser(raw, LEAN);
    await ingestContent(raw);
    await parseAndDerive(raw);
    await beforePipeline?.(raw);
    const o: number[] = [];
    const b: number[] = [];
    const l: number[] = [];
    const p: number[] = [];
    const u: number[] = [];
    // The order turns each round: whichever runs right after another on the same bytes finds the caches warm.
    const runs: [number[], () => Promise<unknown>][] = [[b, () => simpleParser(raw)], [l, () => simpleParser(raw, LEAN)], [p, () => ingestContent(raw)], [u, () => parseAndDerive(raw)]];
    if (beforePipeline) runs.push([o, () => beforePipeline(raw)]);
    for (let i = 0; i < REPEATS; i++) {
      for (let k = 0; k < runs.length; k++) {
        const [into, f] = runs[(i + k) % runs.length]!;
        into.push(await cpuMs(f));
      }
    }
    bare.push(Math.min(...b));
    lean.push(Math.min(...l));
    pipeline.push(Math.min(...p));
    unassessed.push(Math.min(...u));
    if (beforePipeline) before.push(Math.min(...o));
    perFile.push({
      file: f, bare: round(Math.min(...b), 3), lean: round(Math.min(...l), 3), pipeline: round(Math.min(...p), 3), unassessed: round(Math.min(...u), 3),
      ...(beforePipeline ? { before: round(Math.min(...o), 3) } : {}),
    });
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const ratio = sum(pipeline) / sum(bare);
  const leanRatio = sum(pipeline) / sum(lean);
  const assessment = sum(pipeline) / sum(unassessed) - 1;
  const growth = beforePipeline ? sum(pipeline) / sum(before) - 1 : undefined;
  const row = (what: string, xs: number[]) => ({ what, n: xs.length, p50: round(median(xs), 2), total: round(sum(xs), 1) });
  return {
    columns: [
      { key: 'what', label: 'CPU per message' }, { key: 'n', label: 'n' },
      { key: 'p50', label: 'median ms', digits: 2 }, { key: 'total', label: 'total ms', digits: 1 },
    ],
    rows: [
      row('mailparser bare parse: simpleParser(raw)', bare),
      row('mailparser with our options (no html-to-text, no linkify)', lean),
      row('content pipeline without the safety assessment', unassessed),
      row('content pipeline (parse + flowed + render + reply + links/CTA/codes + safety)', pipeline),
      ...(beforePipeline ? [row(`the same pipeline of ${beforeDir} (BENCH_CONTENT_BEFORE)`, before)] : []),
    ],
    notes: [
      `Pipeline / bare simpleParser, total CPU over the corpus: ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×).`,
      `Pipeline / simpleParser with the pipeline's own options: ${leanRatio.toFixed(2)}× (what the render, reply, links, CTAs and codes add to the parse alone).`,
      `The safety assessment adds ${(assessment * 100).toFixed(1)}% to the pipeline without it (docs/safety.md compares the pipeline with the one before the assessment existed).`,
      ...(growth !== undefined ? [`Ingest CPU per message against ${beforeDir}: ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}% (issue 27's bar: under +10%).`] : []),
      `Each message: the least CPU of ${REPEATS} runs after one warm-up, all interleaved; CPU time of this process.`,
    ],
    ...(ratio > TARGET_RATIO ? { problems: [`content pipeline costs ${ratio.toFixed(2)}× mailparser's bare parse (target ${TARGET_RATIO}×)`] } : {}),
    data: { ratio: round(ratio, 3), leanRatio: round(leanRatio, 3), assessment: round(assessment, 3), ...(growth !== undefined ? { growth: round(growth, 3) } : {}), perFile },
  };
}

export const contentSection: Section = {
  name: 'content',
  title: 'Mail content pipeline: CPU per message against mailparser',
  description: 'lambdas/content over test/fixtures/corpora/mime, CPU time against a bare mailparser parse of the same bytes.',
  run,
};
