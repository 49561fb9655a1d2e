import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { pythonExecutable } from './python.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export interface Emulator { endpoint: string; stop(): Promise<void> }

/**
 * Starts moto in server mode (the AWS emulator) and waits until it answers. Fails with a clear
 * message when moto is not installed, rather than letting every AWS call time out later.
 */
export async function startMoto(port?: number): Promise<Emulator> {
  const p = port ?? (await freePort());
  const python = pythonExecutable();
  // moto_server.py is moto.server with item-level transaction rollback (see the file).
  const script = fileURLToPath(new URL('./moto_server.py', import.meta.url));
  const child: ChildProcess = spawn(python, [script, '-H', '127.0.0.1', '-p', String(p)], {
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
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(t);
    },
  };
}
