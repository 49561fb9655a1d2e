/**
 * The Python SDK (sdk/python) against the local stack: its own unittest suite, one module per
 * test here (run side by side: most of each is waiting on mail), told the stack through
 * MAILROOM_TEST_* variables; and the documented install path — `pip install ./sdk/python` into a
 * fresh virtualenv, offline — with the README's agent example run as written.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pythonExecutable } from '../../../lib/local/python.ts';
import { target } from '../../../test/e2e/client.ts';
import { closeMail, sendMail } from '../../../test/e2e/mail.ts';

const PY_ROOT = resolve(import.meta.dirname, '../../python');
const TESTS = join(PY_ROOT, 'tests');
/** The interpreter the preflight requires (PYTHON, else the project's .venv, else python3). */
const PYTHON = pythonExecutable();

afterAll(() => closeMail());

interface Run { code: number | null; stdout: string; stderr: string }

/** Runs a command to its end (or kills it after timeoutMs); `onStdout` sees the output as it comes. */
function run(cmd: string, args: string[], o: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; onStdout?: (all: string) => void } = {}): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, { cwd: o.cwd, env: o.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? 100_000);
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); o.onStdout?.(stdout); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('error', fail);
    child.on('close', (code) => { clearTimeout(timer); done({ code, stdout, stderr }); });
  });
}

/** The environment the Python tests read the stack from; no MAILROOM_API_* of the developer's leaks in. */
function pythonEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const t = target();
  const { MAILROOM_API_URL: _url, MAILROOM_API_KEY: _key, PYTHONPATH: _path, ...env } = process.env;
  return {
    ...env,
    PYTHONDONTWRITEBYTECODE: '1',
    PYTHONUNBUFFERED: '1',
    MAILROOM_TEST_API_URL: t.apiUrl,
    MAILROOM_TEST_SMTP_HOST: t.smtpHost,
    MAILROOM_TEST_SMTP_PORT: String(t.smtpPort),
    ...extra,
  };
}

const modules = readdirSync(TESTS).filter((f) => /^test_\w+\.py$/.test(f)).map((f) => f.slice(0, -3)).sort();

describe.concurrent('the Python SDK\'s unittest suite (sdk/python/tests)', () => {
  it('has test modules to run', () => {
    expect(modules).toEqual(expect.arrayContaining(['test_async', 'test_claims', 'test_connections', 'test_errors', 'test_paging', 'test_retry', 'test_stream', 'test_wait', 'test_webhooks']));
  });

  for (const module of modules) {
    it(`${module} passes`, async () => {
      const r = await run(PYTHON, ['-W', 'error::ResourceWarning', '-m', 'unittest', '-v', module], { cwd: TESTS, env: pythonEnv() });
      // unittest reports on stderr: on failure, that report (each failing test's traceback) is the message.
      expect(r.code, `${PYTHON} -m unittest ${module} failed:\n${r.stderr}\n${r.stdout}`).toBe(0);
      expect(r.stderr).toMatch(/\nOK\b/);
    }, 120_000);
  }
});

describe('installing the Python SDK as its README says', () => {
  it('`pip install ./sdk/python` works offline into a fresh virtualenv, and the README\'s agent example runs as written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailroom-py-'));
    try {
      const venv = join(dir, 'venv');
      const made = await run(PYTHON, ['-m', 'venv', venv]);
      expect(made.code, made.stderr).toBe(0);
      const python = join(venv, 'bin', 'python');
      // --no-index: nothing may come from a package index (the build backend is in the package).
      const installed = await run(python, ['-m', 'pip', 'install', '--no-index', '--disable-pip-version-check', '--quiet', PY_ROOT], { env: pythonEnv() });
      expect(installed.code, installed.stderr + installed.stdout).toBe(0);
      // From another directory, so the import is the installed package, not the source tree.
      const imported = await run(python, ['-c', 'import importlib.metadata as m, mailroom; print(mailroom.__file__, m.version("mailroom"), mailroom.__version__)'], { cwd: dir, env: pythonEnv() });
      expect(imported.code, imported.stderr).toBe(0);
      const [file, version, declared] = imported.stdout.trim().split(' ');
      expect(file!.startsWith(venv)).toBe(true);
      expect(version).toBe(declared);

      const readme = readFileSync(join(PY_ROOT, 'README.md'), 'utf8');
      const example = /## An agent that signs up somewhere[\s\S]*?```python\n([\s\S]*?)```/.exec(readme)?.[1];
      expect(example, 'the README\'s agent example').toBeDefined();
      expect(example!.trim().split('\n').length).toBeLessThanOrEqual(12);
      // The example prints the address it signs up with; the "service" then mails it a code.
      let delivered: Promise<unknown> | undefined;
      const agent = await run(python, ['-c', example!], {
        cwd: dir,
        env: pythonEnv({ MAILROOM_API_URL: target().apiUrl }),
        timeoutMs: 60_000,
        onStdout: (out) => {
          const address = /Sign up with (\S+@\S+)/.exec(out)?.[1];
          if (address && !delivered) delivered = sendMail({ to: address, subject: 'Confirm your account', text: 'Your verification code is 583920. It expires in 10 minutes.' });
        },
      });
      await delivered;
      expect(agent.code, agent.stderr).toBe(0);
      expect(agent.stdout).toMatch(/Sign up with \S+@/);
      expect(agent.stdout).toContain('Verification code: 583920');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
