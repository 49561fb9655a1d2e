/**
 * The shared mail-safety corpus (test/fixtures/safety, see its README.md): the labels, the fixed
 * tuned / held-out split, the SafetyInput each case yields through the real content pipeline, and
 * the README's scoring rule. Used by the unit test (test/unit/safety-corpus.test.ts) and by the
 * bench's `safety` section.
 */
import fs from 'node:fs';
import path from 'node:path';
import { deriveContent, parseInboundMail } from '../lambdas/content/index.ts';
import { safetyInputOf } from '../lambdas/content/safety/input.ts';
import { verdictsFromAuthenticationResults } from '../lambdas/content/spam.ts';
import { SECURITY_FLAG_TYPES, type SafetyInput, type SecurityFlagType } from '../lambdas/content/safety/types.ts';

export const SAFETY_CORPUS_DIR = path.resolve(import.meta.dirname, 'fixtures/safety');

export interface SafetyCase {
  id: string;
  file: string;
  lang: string;
  malicious: boolean;
  flags: SecurityFlagType[];
  forbidden_flags: SecurityFlagType[];
  technique: string;
  note?: string;
}

export type Split = 'tuned' | 'held-out';

/**
 * The held-out rule, fixed before any rule was written: the cases sorted by id, every third one
 * (index % 3 === 2) kept aside. Neither its messages nor its labels were read while tuning.
 */
export function loadSafetyCorpus(): (SafetyCase & { split: Split })[] {
  const labels = JSON.parse(fs.readFileSync(path.join(SAFETY_CORPUS_DIR, 'labels.json'), 'utf8')) as SafetyCase[];
  return [...labels]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((c, i) => ({ ...c, split: i % 3 === 2 ? 'held-out' : 'tuned' }));
}

/** The receiving MTA of the corpus: only its Authentication-Results header is a verdict. */
export const RECEIVING_AUTHSERV_ID = 'mx.mailroom.test';

/** The authserv-id of an Authentication-Results value: the first word, before any ";". */
const authservIdOf = (value: string) => value.split(';', 1)[0]!.trim().split(/\s+/, 1)[0]!.toLowerCase();

/** The DMARC verdict of the receiving MTA's header; the rest (sender's, earlier hops', quoted) is ignored. */
export function receivingDmarc(authenticationResults: string[]): SafetyInput['dmarc'] {
  const own = authenticationResults.filter((v) => authservIdOf(v) === RECEIVING_AUTHSERV_ID);
  const { dmarc } = verdictsFromAuthenticationResults(own);
  return dmarc === 'PASS' ? 'pass' : dmarc === 'FAIL' ? 'fail' : 'none';
}

const headerValue = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h);

/** One case through the real pipeline: parse the .eml, derive the content, map it. */
export async function safetyInputOfCase(c: SafetyCase): Promise<SafetyInput> {
  const parsed = await parseInboundMail(fs.readFileSync(path.join(SAFETY_CORPUS_DIR, c.file)));
  const dmarc = receivingDmarc(parsed.authenticationResults);
  const envelopeFrom = /<([^<>@\s]+@[^<>\s]+)>/.exec(headerValue(parsed.headers['return-path']) ?? '')?.[1];
  return safetyInputOf(parsed, deriveContent(parsed), { dmarc, senderVerified: dmarc === 'pass', ...(envelopeFrom ? { envelopeFrom } : {}) });
}

export interface FlagScore { flag: SecurityFlagType; tp: number; fp: number; fn: number; precision: number | null; recall: number | null }

export interface CorpusScore {
  cases: number;
  perFlag: FlagScore[];
  /** Malicious cases with at least one required flag reported, over malicious cases. */
  hostileRecall: number;
  /** Benign cases with any flag reported, over benign cases. */
  benignFpRate: number;
  /** Cases with every required flag and no forbidden one. */
  passed: number;
  /** Per case: what was missed (required, not reported) and what was wrong (forbidden, reported). */
  misses: { id: string; missed: SecurityFlagType[]; wrong: SecurityFlagType[] }[];
}

const ratio = (a: number, b: number) => (b === 0 ? null : a / b);

/** The corpus README's scoring rule, exactly: reported-but-don't-care is ignored. */
export function scoreSafety(results: { c: SafetyCase; reported: SecurityFlagType[] }[]): CorpusScore {
  const perFlag = SECURITY_FLAG_TYPES.map((flag) => {
    let tp = 0, fp = 0, fn = 0;
    for (const { c, reported } of results) {
      const got = reported.includes(flag);
      if (c.flags.includes(flag)) got ? tp++ : fn++;
      else if (got && c.forbidden_flags.includes(flag)) fp++;
    }
    return { flag, tp, fp, fn, precision: ratio(tp, tp + fp), recall: ratio(tp, tp + fn) };
  });
  const hostile = results.filter((r) => r.c.malicious);
  const benign = results.filter((r) => !r.c.malicious);
  const misses = results.map(({ c, reported }) => ({
    id: c.id,
    missed: c.flags.filter((f) => !reported.includes(f)),
    wrong: c.forbidden_flags.filter((f) => reported.includes(f)),
  }));
  return {
    cases: results.length,
    perFlag,
    hostileRecall: ratio(hostile.filter((r) => r.c.flags.some((f) => r.reported.includes(f))).length, hostile.length) ?? 1,
    benignFpRate: ratio(benign.filter((r) => r.reported.length > 0).length, benign.length) ?? 0,
    passed: misses.filter((m) => m.missed.length === 0 && m.wrong.length === 0).length,
    misses: misses.filter((m) => m.missed.length > 0 || m.wrong.length > 0),
  };
}
