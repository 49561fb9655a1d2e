/** What the CLI prints: results on stdout (JSON with --json), progress and errors on stderr. */
import { MailroomError, WaitTimeoutError } from '../errors.js';

/** Exit codes scripts can rely on. */
export const EXIT = { ok: 0, api: 1, usage: 2, timeout: 3 } as const;

/** A mistake in how the command was called (exit 2), found after parsing. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const printJson = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
export const println = (line = '') => process.stdout.write(`${line}\n`);
export const note = (line: string) => process.stderr.write(`${line}\n`);

/** Left-aligned columns for list output. */
export function table(rows: string[][]) {
  if (!rows.length) return;
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  for (const r of rows) println(r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd());
}

/** Prints the error the way the output mode asks and returns the exit code it maps to. */
export function report(err: unknown, json: boolean): number {
  if (err instanceof UsageError) {
    note(`error: ${err.message}`);
    return EXIT.usage;
  }
  if (err instanceof MailroomError) {
    if (json) process.stderr.write(`${JSON.stringify(err.toJSON())}\n`);
    else {
      note(`error: ${err.code}${err.status ? ` (${err.status})` : ''}: ${err.message}`);
      for (const step of err.next_steps) note(`  → ${step}`);
    }
    return err instanceof WaitTimeoutError ? EXIT.timeout : EXIT.api;
  }
  note(`error: ${err instanceof Error ? err.message : String(err)}`);
  return EXIT.api;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/**
 * A one-line spinner with the elapsed seconds, on stderr and only when stderr is a terminal, so
 * `CODE=$(mailroom wait --code)` and logs stay clean. Hand-written: ten lines, not a dependency.
 */
export function spinner(text: string) {
  if (!process.stderr.isTTY) return { stop: () => undefined };
  const started = Date.now();
  let i = 0;
  const draw = () => process.stderr.write(`\r\x1b[2K${FRAMES[i++ % FRAMES.length]} ${text} (${Math.floor((Date.now() - started) / 1000)}s)`);
  draw();
  const timer = setInterval(draw, 100);
  return { stop: () => { clearInterval(timer); process.stderr.write('\r\x1b[2K'); } };
}
