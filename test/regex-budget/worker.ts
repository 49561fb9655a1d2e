/**
 * Runs one pattern's timings off the test's thread, so a pattern that backtracks for minutes
 * (exponential, or polynomial of high degree) can be stopped: pool.ts terminates this worker when
 * a pattern overruns its time and names the input it was on.
 */
import { parentPort } from 'node:worker_threads';
import { hostileInputs } from './inputs.ts';
import { judge, type BudgetRule, type Verdict } from './timing.ts';

export interface Job { source: string; flags: string; rule: BudgetRule }
export type Message = { type: 'input'; kind: string } | { type: 'done'; failures: Verdict[] };

/** A few failures name the problem; timing every other input of a broken pattern only adds minutes. */
const MAX_FAILURES = 3;

parentPort!.on('message', ({ source, flags, rule }: Job) => {
  const re = new RegExp(source, flags);
  const failures: Verdict[] = [];
  for (const input of hostileInputs(re)) {
    parentPort!.postMessage({ type: 'input', kind: input.kind } satisfies Message);
    const verdict = judge(re, input, rule);
    if (!verdict.ok && failures.push(verdict) >= MAX_FAILURES) break;
  }
  parentPort!.postMessage({ type: 'done', failures } satisfies Message);
});
