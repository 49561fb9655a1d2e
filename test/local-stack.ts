/**
 * `tsx bin/local.ts` as a child process, ready once it prints MAILROOM_READY: how the e2e suite,
 * the sandbox suite and the tests that run stacks of their own (restart, crash, a second stack with
 * other settings) start the local service, exactly as `npm start` does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from '../lib/local/moto.ts';

const root = resolve(import.meta.dirname, '..');

/** What `npm start` prints after MAILROOM_READY (bin/local.ts). */
export interface LocalStackReady {
  apiUrl: string;
  siteUrl: string;
  smtpPort: number;
  mailDomain: string;
  awsEndpoint: string;
  tableName: string;
  ingestDlqUrl: string;
  dataDir: string | null;
  testMode: boolean;
  /** The emulator's admin keys when it enforces IAM. */
  awsCredentials: { accessKeyId: string; secretAccessKey: string } | null;
}

export interface LocalStackProcess {
  ready: LocalStackReady;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<void>;
  /** SIGTERM (Ctrl-C's clean stop), SIGKILL when it has not stopped in 5 s. */
  stop(): Promise<void>;
}

export interface SpawnOptions {
  /** npm start's flags (--in-memory, --sandbox, --no-test-mode, --fresh). */
  args?: readonly string[];
  /** Added to this process's environment; undefined removes a variable. PORT and SMTP_PORT default to free ports, HOST to 127.0.0.1. */
  env?: Record<string, string | undefined>;
  /** Its own process group, so kill -9 of the group takes the emulator down with it. */
  detached?: boolean;
  timeoutMs?: number;
  /** Its stderr, as it comes (E2E_VERBOSE). */
  echoStderr?: boolean;
}

/**
 * Starts the stack; when a port it picked was taken meanwhile by another process (EADDRINUSE
 * before it was ready), it starts again on other ports, up to three times.
 */
export async function spawnLocalStack(o: SpawnOptions = {}): Promise<LocalStackProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOnce(o);
    } catch (e) {
      if (attempt >= 3 || !/EADDRINUSE/.test((e as Error).message)) throw e;
    }
  }
}

async function spawnOnce(o: SpawnOptions): Promise<LocalStackProcess> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({
    ...process.env, PORT: String(await freePort()), SMTP_PORT: String(await freePort()), HOST: '127.0.0.1', ...o.env,
  })) if (v !== undefined) env[k] = v;
  const child = spawn(resolve(root, 'node_modules/.bin/tsx'), ['bin/local.ts', ...(o.args ?? [])], {
    cwd: root, detached: o.detached, stdio: ['ignore', 'pipe', 'pipe'], env,
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  let output = '';
  const timeoutMs = o.timeoutMs ?? 120_000;
  const ready = await new Promise<LocalStackReady>((resolveReady, reject) => {
    // Detached, the emulator is in its group: kill -9 of the group, or it would outlive the test.
    const kill = () => { try { if (o.detached) process.kill(-child.pid!, 'SIGKILL'); else child.kill('SIGKILL'); } catch { /* gone */ } };
    const timer = setTimeout(() => { kill(); reject(new Error(`the local stack was not ready in ${timeoutMs / 1000} s:\n${output.slice(-3000)}`)); }, timeoutMs);
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const m = /MAILROOM_READY (\{.*\})/.exec(output);
      if (m) { clearTimeout(timer); resolveReady(JSON.parse(m[1]!)); }
    });
    child.stderr!.on('data', (d: Buffer) => {
      output += d.toString();
      if (o.echoStderr) process.stderr.write(d);
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`the local stack exited (${code}) before it was ready:\n${output.slice(-3000)}`)); });
  });
  return {
    ready, child, exited, output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(t);
    },
  };
}
