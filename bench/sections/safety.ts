/**
 * The safety assessment (issue 27) on the shared corpus (test/fixtures/safety): per-flag
 * precision and recall, hostile recall and the benign false-positive rate, on the tuned part and
 * on the held-out part side by side (test/safety-corpus.ts has the split and the scoring), and
 * the CPU time of assessSafety per message (its input built once, outside the timing).
 */
import { assessSafety } from '../../lambdas/content/safety/index.ts';
import { SECURITY_FLAG_TYPES, type SafetyInput } from '../../lambdas/content/safety/types.ts';
import { loadSafetyCorpus, safetyInputOfCase, scoreSafety, type CorpusScore } from '../../test/safety-corpus.ts';
import { median, round } from '../lib/stats.ts';
import type { Section, SectionResult } from '../lib/types.ts';

const REPEATS = 20;

const pct = (x: number | null) => (x === null ? null : round(x * 100, 1));

async function run(): Promise<SectionResult> {
  const corpus = loadSafetyCorpus();
  const inputs: { c: (typeof corpus)[number]; input: SafetyInput }[] = [];
  for (const c of corpus) inputs.push({ c, input: await safetyInputOfCase(c) });
  const results = inputs.map(({ c, input }) => ({ c, reported: assessSafety(input).flags.map((f) => f.type) }));
  const score: Record<string, CorpusScore> = {
    tuned: scoreSafety(results.filter((r) => r.c.split === 'tuned')),
    'held-out': scoreSafety(results.filter((r) => r.c.split === 'held-out')),
    all: scoreSafety(results),
  };
  const perMessage: number[] = [];
  for (const { input } of inputs) {
    assessSafety(input);
    const times: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      const c = process.cpuUsage();
      assessSafety(input);
      const d = process.cpuUsage(c);
      times.push((d.user + d.system) / 1000);
    }
    perMessage.push(median(times));
  }
  const row = (what: string, get: (s: CorpusScore) => number | null) => ({
    what, tuned: pct(get(score.tuned!)), heldOut: pct(get(score['held-out']!)), all: pct(get(score.all!)),
  });
  const flagOf = (s: CorpusScore, f: string) => s.perFlag.find((x) => x.flag === f)!;
  return {
    columns: [
      { key: 'what', label: 'safety (%)' }, { key: 'tuned', label: 'tuned', digits: 1 },
      { key: 'heldOut', label: 'held-out', digits: 1 }, { key: 'all', label: 'all', digits: 1 },
    ],
    rows: [
      row('hostile-mail recall', (s) => s.hostileRecall),
      row('benign false-positive rate', (s) => s.benignFpRate),
      row('cases passed (all required, none forbidden)', (s) => s.passed / s.cases),
      ...SECURITY_FLAG_TYPES.flatMap((f) => [
        row(`${f} precision`, (s) => flagOf(s, f).precision),
        row(`${f} recall`, (s) => flagOf(s, f).recall),
      ]),
    ],
    notes: [
      `Split: the 60 cases sorted by id, every third (index % 3 === 2) held out: ${score.tuned!.cases} tuned, ${score['held-out']!.cases} held out. Empty cells: no case requires or reports the flag.`,
      `assessSafety CPU per message: median ${round(median(perMessage), 3)} ms, max ${round(Math.max(...perMessage), 3)} ms (median of ${REPEATS} runs each).`,
      ...score.all!.misses.map((m) => `${m.id}: missed ${m.missed.join(', ') || '-'}; wrongly reported ${m.wrong.join(', ') || '-'}`),
    ],
    data: { score, perMessageMs: perMessage.map((x) => round(x, 4)) },
  };
}

export const safetySection: Section = {
  name: 'safety',
  title: 'Mail safety assessment: the shared corpus, tuned vs held-out, and time per message',
  description: 'assessSafety over test/fixtures/safety: per-flag precision/recall, hostile recall, benign FP rate, CPU per message.',
  run,
};
