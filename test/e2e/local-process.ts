/**
 * A local stack of a test's own: `tsx bin/local.ts` (its own emulator, data directory, ports and
 * mail domain) in a detached process group, so a test can kill -9 all of it — the API process and
 * moto alike — or Ctrl-C it, and start it again on the same directory, as test/e2e/restart.test.ts
 * and test/e2e/burst-crash.test.ts do. `stopAll()` in afterAll takes down whatever is still
 * running, even when a test failed midway.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnLocalStack, type LocalStackProcess } from '../local-stack.ts';

export interface LocalProcess extends LocalStackProcess {
  apiUrl: string;
  smtpPort: number;
}

const running = new Set<LocalProcess>();
const dirs: string[] = [];

export function newDataDir(prefix = 'mailroom-local-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
}

/**
 * Starts the stack on `dataDir` with npm start's flags `args`, and resolves once it prints
 * MAILROOM_READY (mail spooled by an earlier run is ingested by then).
 */
export async function startLocal(dataDir: string, env: Record<string, string> = {}, args: readonly string[] = []): Promise<LocalProcess> {
  const stack = await spawnLocalStack({
    args,
    detached: true,
    // Its own emulator: not the suite's.
    env: { AWS_ENDPOINT_URL: undefined, LOG_LEVEL: 'error', ...env, MAILROOM_DATA_DIR: dataDir },
  });
  const p: LocalProcess = { ...stack, apiUrl: stack.ready.apiUrl, smtpPort: stack.ready.smtpPort };
  running.add(p);
  return p;
}

/** kill -9 of the whole process group: the API process and the emulator. */
export async function killHard(p: LocalProcess) {
  try { process.kill(-p.child.pid!, 'SIGKILL'); } catch { /* already gone */ }
  await p.exited;
  running.delete(p);
  // The emulator is a child in the same group; give the kernel a moment to reap it and free its port.
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
