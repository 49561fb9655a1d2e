/**
 * One worker (worker.ts) that times patterns in turn; a pattern that runs past its time limit
 * fails naming the input it was on, and the worker is replaced for the next one.
 */
import { Worker } from 'node:worker_threads';
import type { BudgetRule, Verdict } from './timing.ts';
import type { Job, Message } from './worker.ts';

export class BudgetWorker {
  private worker: Worker | undefined;

  constructor(private readonly limitMs: number) {}

  /** The inputs a pattern failed on (empty when it kept its budget on all of them). */
  judge(re: RegExp, rule: BudgetRule): Promise<Verdict[]> {
    const worker = (this.worker ??= new Worker(new URL('./worker.ts', import.meta.url)));
    return new Promise((resolve, reject) => {
      let current = '(building the inputs)';
      const done = (result: Verdict[]) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError);
        resolve(result);
      };
      const onMessage = (m: Message) => {
        if (m.type === 'input') current = m.kind;
        else done(m.failures);
      };
      const onError = (e: Error) => { clearTimeout(timer); this.worker = undefined; reject(e); };
      const timer = setTimeout(() => {
        this.worker = undefined;
        void worker.terminate();
        done([{ ok: false, kind: current, reason: `still running after ${this.limitMs} ms (catastrophic backtracking)` }]);
      }, this.limitMs);
      worker.on('message', onMessage).on('error', onError);
      worker.postMessage({ source: re.source, flags: re.flags, rule } satisfies Job);
    });
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = undefined;
  }
}
