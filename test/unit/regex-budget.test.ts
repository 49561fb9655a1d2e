/**
 * Every regular expression of the mail-content library and the capabilities' rule modules runs in linear time on sender-controlled text (issue
 * 23, Deliver item 3): a mail's headers and body reach these patterns on ingest and on every read,
 * so one super-linear pattern lets a sender slow every list of the inbox.
 *
 * The patterns are found on the sources (test/regex-budget/sites.ts): a pattern added tomorrow is
 * covered without editing this file. Each one runs as a global scan over adversarial inputs built
 * from its own parts (test/regex-budget/inputs.ts) at 1, 4, 16 and 64 KB (headers are capped at
 * 64 KB, MAX_HEADER_BYTES), in CPU time (test/regex-budget/timing.ts): each size gets its linear
 * share of the budget, and a scan at 64 KB long enough to time must grow about linearly from
 * 16 KB (x4 input, at most x8 time; quadratic is x16). Patterns that never see mail are held to
 * the same budget (none is exempt today): a linear pattern costs nothing to check.
 *
 * This is the one home for "linear time on hostile input" at the pattern level; the whole-function
 * hostile-input tests (reply-extraction, links) keep guarding the loops around the patterns, and
 * the fast-check properties (reply-invariants) guard what extraction returns, not its time.
 */
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BudgetWorker } from '../regex-budget/pool.ts';
import { findRegexSites, recordConstructedPatterns, ROOT, sourceFiles, type RegexSite } from '../regex-budget/sites.ts';
import type { BudgetRule } from '../regex-budget/timing.ts';

/**
 * Where sender-controlled text is matched: the mail-content library, and the pure rule modules of
 * the capabilities (no AWS client, no configuration read: each imports cleanly here).
 */
const CONTENT_DIR = 'lambdas/content';
const RULE_MODULES = [
  'lambdas/accounts/api-keys.ts', 'lambdas/accounts/capabilities.ts', 'lambdas/accounts/tiers.ts', 'lambdas/domains/dns-records.ts',
  'lambdas/events/event-types.ts', 'lambdas/events/stream-protocol.ts', 'lambdas/events/webhook-lanes.ts', 'lambdas/events/webhook-signing.ts',
  'lambdas/inboxes/usernames.ts', 'lambdas/inboxes/view-tokens.ts', 'lambdas/messages/sender-rules.ts', 'lambdas/messages/wait-match.ts',
  'lambdas/operators/magic-links.ts', 'lambdas/platform/errors.ts', 'lambdas/platform/http/next-steps.ts', 'lambdas/platform/ids.ts',
  'lambdas/platform/json-shape.ts', 'lambdas/platform/secret-box.ts', 'lambdas/platform/url-safety.ts',
];

/** 64 KB: the largest header the parser keeps (MAX_HEADER_BYTES), and a long line of a body. */
const FULL: BudgetRule = {
  size: 64 * 1024,
  // A linear scan of 64 KB takes 0.1–5 ms; 150 ms leaves room for a loaded 2-core runner and is
  // still far below the seconds a quadratic pattern takes.
  maxMs: 150,
  noiseMs: 8,
  maxGrowth: 8,
};

/**
 * Patterns that only ever see a string the code capped first, held to that cap instead of 64 KB.
 * Keyed by file and the name of the constant or function the pattern is written in.
 */
const CAPPED: { file: string; name: string; cap: number; why: string }[] = [
  {
    file: 'lambdas/content/reply/patterns.ts', name: 'TRAILING_LINK', cap: 120,
    why: 'isMobileSignature returns before matching when the line is over 120 characters',
  },
  {
    file: 'lambdas/messages/sender-rules.ts', name: 'EXACT', cap: 254,
    why: 'normalizePattern refuses a list entry over 254 characters before matching; entries come from the account\'s API calls, not from mail',
  },
];

/** Patterns that never see mail, header or other sender text. */
const EXEMPT: { file: string; name: string; why: string }[] = [];

/**
 * RegExp constructor calls that run later than module load (their pattern depends on a runtime
 * value), with the patterns they build. Prefer a module-level constant: it is compiled once and
 * this test sees it without a listing.
 */
const BUILT_AT_RUN_TIME: { file: string; name: string; patterns: RegExp[]; why: string }[] = [];

const files = [...sourceFiles(CONTENT_DIR), ...RULE_MODULES].sort();
const sites = findRegexSites(files);
const constructed = await recordConstructedPatterns(files, async () => {
  for (const file of files) await import(resolve(ROOT, file));
});

const keyOf = (s: RegexSite) => `${s.file}:${s.line}:${s.column}`;
const entryFor = <T extends { file: string; name: string }>(table: T[], s: RegexSite) =>
  table.find((e) => e.file === s.file && e.name === s.name);

interface Case { label: string; regex: RegExp; rule: BudgetRule }
const cases: Case[] = [];
const unseen: RegexSite[] = [];
for (const site of sites) {
  if (entryFor(EXEMPT, site)) continue;
  const regexes = site.kind === 'literal' ? [site.regex!]
    : constructed.get(keyOf(site)) ?? entryFor(BUILT_AT_RUN_TIME, site)?.patterns;
  if (!regexes) { unseen.push(site); continue; }
  const cap = entryFor(CAPPED, site)?.cap;
  const rule = cap ? { ...FULL, size: cap } : FULL;
  for (const regex of new Set(regexes.map(String))) {
    const re = regexes.find((r) => String(r) === regex)!;
    cases.push({ label: `${site.file}:${site.line} ${site.name} ${regex.length > 90 ? `${regex.slice(0, 90)}…` : regex}`, regex: re, rule });
  }
}

describe('the regex budget finds every pattern of the content library and the rule modules', () => {
  it('finds regex literals and RegExp constructor calls in the sources', () => {
    expect(sites.filter((s) => s.kind === 'literal').length).toBeGreaterThan(100);
    expect(sites.filter((s) => s.kind === 'constructor').length).toBeGreaterThan(5);
  });

  it('sees the pattern of every RegExp constructor call (built at module load, or listed with its patterns)', () => {
    expect(unseen.map((s) => `${keyOf(s)} ${s.name}: built after module load; make it a module-level constant or list it in BUILT_AT_RUN_TIME`)).toEqual([]);
  });

  it('lists no cap, exemption or run-time pattern for a site that no longer exists', () => {
    const stale = [...CAPPED, ...EXEMPT, ...BUILT_AT_RUN_TIME].filter((e) => !sites.some((s) => s.file === e.file && s.name === e.name));
    expect(stale.map((e) => `${e.file} ${e.name}`)).toEqual([]);
  });
});

/**
 * The timings run in a worker: a pattern still backtracking after this long is stopped and fails,
 * naming the input it was on (the slowest linear pattern takes well under a second).
 */
const PATTERN_LIMIT_MS = 15_000;
const worker = new BudgetWorker(PATTERN_LIMIT_MS);
afterAll(() => worker.close());

describe('every such regex runs in linear time on hostile input', () => {
  it.each(cases.map((c) => [c.label, c] as const))('%s', async (_label, { regex, rule }) => {
    const failures = await worker.judge(regex, rule);
    expect(failures.map((f) => `${f.kind}: ${f.reason}`)).toEqual([]);
  });
});

describe('the budget itself', () => {
  it('fails a quadratic pattern, naming the input that shows it', async () => {
    const failures = await worker.judge(/[a-z]+x=/, FULL);
    expect(failures.map((f) => f.kind)).toContain('a run of "a"');
    expect(failures[0]!.reason).toMatch(/ms at \d+ chars, over its share/);
  });

  it('fails the issue\'s Authentication-Results pattern (polynomial of higher degree)', async () => {
    const failures = await worker.judge(/\bdmarc\s*=\s*[a-z]+[^;]*?\bheader\.from\s*=\s*([^\s;]+)/i, FULL);
    expect(failures.length).toBeGreaterThan(0);
  });

  it('stops a pattern that backtracks exponentially, naming the input', async () => {
    const short = new BudgetWorker(2_000);
    try {
      const failures = await short.judge(/^(a|a)*$/, FULL);
      expect(failures).toEqual([expect.objectContaining({ reason: expect.stringMatching(/still running after 2000 ms/) })]);
    } finally {
      await short.close();
    }
  });

  it('tells the quadratic form of a pattern from its linear rewrite', async () => {
    // The fallback From parser's pattern before and after (lambdas/content/parse-mail.ts).
    expect((await worker.judge(/<([^>]+)>/, FULL)).map((f) => f.kind)).toContain('a run of "<"');
    expect(await worker.judge(/<([^<>]+)>/, FULL)).toEqual([]);
  });
});
