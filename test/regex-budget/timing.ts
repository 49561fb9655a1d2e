/**
 * The regex budget, part three: time a pattern on its inputs at growing sizes, in CPU time of the
 * thread that runs it (wall time would count the other processes of a loaded machine, and the
 * process's CPU time the test runner's own threads).
 */
import type { HostileInput } from './inputs.ts';

function threadCpuClock() {
  const start = process.threadCpuUsage();
  return () => {
    const used = process.threadCpuUsage(start);
    return (used.user + used.system) / 1000;
  };
}

/**
 * Runs a global pattern over the whole input (every match, as `replace` or `matchAll` would, which
 * costs at least as much as a single search): milliseconds of CPU time.
 */
export function scanCpuMs(g: RegExp, input: string): number {
  const cpu = threadCpuClock();
  // replace() runs the whole scan in the engine, stepping past empty matches.
  input.replace(g, '');
  return cpu();
}

export interface BudgetRule {
  /** The size the pattern is held to: 64 KB, or the cap the code applies before matching. */
  size: number;
  /** A scan at `size` over this many ms of CPU fails, linear or not; smaller sizes get their share. */
  maxMs: number;
  /** Below this many ms a scan passes without the growth check (timer noise, a GC pause). */
  noiseMs: number;
  /** Time at `size` over time at a quarter of it; linear is 4, quadratic 16. */
  maxGrowth: number;
}

export interface Verdict { ok: boolean; kind: string; reason?: string }

/** The sizes an input is timed at: a super-linear pattern fails at the first one over its share. */
const LADDER = [1 / 64, 1 / 16, 1 / 4, 1];

/**
 * Times one input at 1/64, 1/16, 1/4 and all of the rule's size. Each size gets its linear share of
 * the budget (never less than the noise floor), so a quadratic or worse pattern fails at a small
 * size in milliseconds instead of running for minutes at the full one. At the full size a scan
 * long enough to time must also grow about linearly from the quarter size.
 */
export function judge(re: RegExp, input: HostileInput, rule: BudgetRule): Verdict {
  const flags = re.flags.replace('y', '');
  const g = new RegExp(re.source, flags.includes('g') ? flags : `${flags}g`);
  // One untimed scan first: V8 interprets a new pattern before it compiles it to machine code.
  scanCpuMs(g, input.at(1024));
  let quarterMs = 0;
  for (const part of LADDER) {
    const size = Math.max(8, Math.round(rule.size * part));
    const text = input.at(size);
    const share = Math.max(rule.noiseMs, rule.maxMs * part);
    // Over its share twice in a row: once could be a pause of the machine.
    const ms = Math.min(scanCpuMs(g, text), scanCpuMs(g, text));
    if (ms > share) {
      return { ok: false, kind: input.kind, reason: `${ms.toFixed(0)} ms at ${size} chars, over its share of the budget (${share.toFixed(0)} ms)` };
    }
    if (part === 1 / 4) quarterMs = ms;
    if (part === 1 && ms >= rule.noiseMs) {
      // Long enough to measure: the best of five at each size, so a pause of the machine does not count.
      const small = input.at(Math.round(rule.size / 4));
      const best = (s: string, first: number) => Math.min(first, ...Array.from({ length: 4 }, () => scanCpuMs(g, s)));
      const s = best(small, quarterMs);
      const l = best(text, ms);
      const growth = l / Math.max(s, 0.05);
      if (l >= rule.noiseMs && growth > rule.maxGrowth) {
        return { ok: false, kind: input.kind, reason: `${s.toFixed(1)} ms at ${small.length} chars, ${l.toFixed(1)} ms at ${size}: x${growth.toFixed(1)} for x4 the input (super-linear)` };
      }
    }
  }
  return { ok: true, kind: input.kind };
}
