/**
 * A local stack of a test's own: `tsx bin/local.ts` (its own emulator, data directory, ports and
 * mail domain) in a detached process group, so a test can kill -9 all of it — the API process and
 * moto alike — and start it again on the same directory, as test/e2e/restart.test.ts does.
 * `stopAll()` in afterAll takes down whatever is still running, even when a test failed midway.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../lib/local/moto.ts';

const root = resolve(import.meta.dirname, '../..');

export interface LocalProcess {
  apiUrl: string;
  smtpPort: number;
  child: ChildProcess;
  /** What it wrote to stdout and stderr so far (errors only at LOG_LEVEL=error). */
  output: () => string;
  exited: Promise<void>;
}

const running = new Set<LocalProcess>();
const dirs: string[] = [];

export function newDataDir(prefix = 'mailroom-local-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
}

/** Starts the stack on `dataDir` and resolves once it prints MAILROOM_READY (mail spooled by an earlier run is ingested by then). */
export async function startLocal(dataDir: string, env: Record<string, string>): Promise<LocalProcess> {
  const [port, smtpPort] = [await freePort(), await freePort()];
  const base: Record<string, string> = {};
  // Its own emulator: not the suite's.
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'AWS_ENDPOINT_URL') base[k] = v;
  const child = spawn(resolve(root, 'node_modules/.bin/tsx'), ['bin/local.ts'], {
    cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...base, LOG_LEVEL: 'error', ...env, PORT: String(port), SMTP_PORT: String(smtpPort), HOST: '127.0.0.1', MAILROOM_DATA_DIR: dataDir },
  });
  let output = '';
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const p: LocalProcess = { apiUrl: '', smtpPort, child, output: () => output, exited };
  running.add(p);
  const ready = await new Promise<{ apiUrl: string }>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`local stack not ready in 120 s:\n${output.slice(-3000)}`)), 120_000);
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const m = /MAILROOM_READY (\{.*\})/.exec(output);
      if (m) { clearTimeout(timer); resolveReady(JSON.parse(m[1]!)); }
    });
    child.stderr!.on('data', (d: Buffer) => { output += d.toString(); });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`local stack exited (${code}):\n${output.slice(-3000)}`)); });
  });
  p.apiUrl = ready.apiUrl;
  return p;
}

/** kill -9 of the whole process group: the API process and the emulator. */
export async function killHard(p: LocalProcess) {
  try { process.kill(-p.child.pid!, 'SIGKILL'); } catch { /* already gone */ }
  await p.exited;
  running.delete(p);
  // The emulator is a child in the same group; give the kernel a moment to reap it.
  await new Promise((r) => setTimeout(r, 300));
}

/** Ctrl-C: SIGINT to the process group, as a terminal sends it; kill -9 if it has not stopped in 20 s. */
export async function interrupt(p: LocalProcess) {
  try { process.kill(-p.child.pid!, 'SIGINT'); } catch { /* already gone */ }
  const t = setTimeout(() => { try { process.kill(-p.child.pid!, 'SIGKILL'); } catch { /* gone */ } }, 20_000);
  await p.exited;
  clearTimeout(t);
  running.delete(p);
}

/** Whatever is still running is killed, and the data directories removed. */
export async function stopAll() {
  for (const p of [...running]) await killHard(p);
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}
