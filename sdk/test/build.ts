/**
 * Builds the SDK package the way it is published (tsc -p sdk) into a directory of its own —
 * package.json beside dist/, as in the tarball — so concurrent test files never share output.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

export const SDK_ROOT = resolve(import.meta.dirname, '..');
const REPO_ROOT = resolve(SDK_ROOT, '..');

export interface BuiltSdk {
  /** The package directory: package.json and dist/. */
  dir: string;
  /** dist/cli/main.js: the `mailroom` bin. */
  bin: string;
  /** dist/index.js: the package's main export. */
  entry: string;
  remove(): void;
}

export async function buildSdk(): Promise<BuiltSdk> {
  const dir = join(SDK_ROOT, '.build', `${process.pid}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`);
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(SDK_ROOT, 'package.json'), join(dir, 'package.json'));
  const tsc = join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
  await promisify(execFile)(process.execPath, [tsc, '-p', SDK_ROOT, '--outDir', join(dir, 'dist')], { cwd: REPO_ROOT })
    .catch((e: { stdout?: string; stderr?: string; message: string }) => { throw new Error(`tsc -p sdk failed:\n${e.stdout ?? ''}${e.stderr ?? ''}${e.message}`); });
  return {
    dir,
    bin: join(dir, 'dist/cli/main.js'),
    entry: join(dir, 'dist/index.js'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface CliRun { code: number | null; stdout: string; stderr: string }

/**
 * Runs the built `mailroom` bin as a child process (Node 24, the repo's own), with only the
 * environment given plus PATH/HOME, so no MAILROOM_* of the caller leaks in.
 */
export function runCli(bin: string, args: string[], opts: { env?: Record<string, string>; input?: string; timeoutMs?: number } = {}): Promise<CliRun> {
  return new Promise((resolvePromise, reject) => {
    const child = execFile(process.execPath, [bin, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...opts.env },
      timeout: opts.timeoutMs ?? 60_000,
      maxBuffer: 16 * 1024 * 1024,
    }, (err, stdout, stderr) => {
      if (err && typeof (err as { code?: unknown }).code !== 'number') { reject(err); return; }
      resolvePromise({ code: err ? (err as { code: number }).code : 0, stdout, stderr });
    });
    child.stdin?.end(opts.input ?? '');
  });
}
