import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { pythonExecutable } from './python.ts';

/**
 * Ports this process handed out: the OS may give a released port again at once, and a stack takes
 * several (API, SMTP, the emulator) before it listens on any of them.
 */
const handedOut = new Set<number>();

export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = createServer();
      srv.unref();
      srv.on('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const addr = srv.address();
        srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

export interface Emulator {
  endpoint: string;
  /** Writes the emulator's state now (with a state file); resolves to when it was taken (epoch ms). */
  snapshot(): Promise<number>;
  stop(): Promise<void>;
}

export interface MotoOptions {
  port?: number;
  /** Keep the emulator's state in this file: loaded at start, written after changes and at exit. */
  stateFile?: string;
  /** At most how often (seconds) a changed state is written; what a kill -9 can lose. */
  snapshotIntervalSeconds?: number;
}

/** What a kill -9 of the whole local stack can lose at most, besides mail (which the SMTP spool keeps). */
export const DEFAULT_SNAPSHOT_INTERVAL_SECONDS = 1;

/**
 * Starts moto in server mode (the AWS emulator) and waits until it answers. Fails with a clear
 * message when moto is not installed, rather than letting every AWS call time out later.
 */
export async function startMoto(o: MotoOptions = {}): Promise<Emulator> {
  const p = o.port ?? (await freePort());
  const python = pythonExecutable();
  // moto_server.py is moto.server with isolated transactions and a state file (see the file).
  const script = fileURLToPath(new URL('./moto_server.py', import.meta.url));
  const args = [script, '-H', '127.0.0.1', '-p', String(p)];
  if (o.stateFile) {
    args.push('--state-file', o.stateFile, '--snapshot-interval', String(o.snapshotIntervalSeconds ?? DEFAULT_SNAPSHOT_INTERVAL_SECONDS));
  }
  const child: ChildProcess = spawn(python, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, MOTO_CALL_RESET_API: 'false' },
  });
  let stderr = '';
  child.stderr?.on('data', (d) => { stderr = (stderr + d.toString()).slice(-4000); });
  // A missing python3 is an 'error' event, not an exit: report it the same clear way.
  child.once('error', (e) => { stderr += `\n${python}: ${e.message}`; });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(-1));
  });
  const endpoint = `http://127.0.0.1:${p}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const early = await Promise.race([exited, new Promise<'running'>((r) => setTimeout(() => r('running'), 150))]);
    if (early !== 'running') {
      throw new Error(`The AWS emulator (moto) exited with code ${early}. Is it installed? Run: npm run setup.\n${stderr}`);
    }
    try {
      const res = await fetch(`${endpoint}/moto-api/`);
      if (res.ok || res.status < 500) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) { child.kill('SIGKILL'); throw new Error(`moto did not start within 30 s.\n${stderr}`); }
  }
  return {
    endpoint,
    snapshot: async () => {
      const res = await fetch(`${endpoint}/_mailroom/snapshot`, { method: 'POST' });
      if (!res.ok) throw new Error(`emulator snapshot failed: ${res.status} ${await res.text()}`);
      return Math.floor(((await res.json()) as { snapshot_at: number }).snapshot_at * 1000);
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      // SIGTERM: the emulator writes its state file before it exits.
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(t);
    },
  };
}
