/**
 * Local data survives a restart: `npm start` keeps the emulator's state and the mail it accepted in
 * its data directory. Each test runs its own `tsx bin/local.ts` processes (its own emulator and
 * data directory), stops them the way a user would — Ctrl-C, or kill -9 of the whole process
 * group — and starts them again on the same directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTransport } from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../lib/local/moto.ts';
import { api, target, uniqueUsername } from './client.ts';

const root = resolve(import.meta.dirname, '../..');
const MAIL_DOMAIN = 'restart.mailroom.localhost';
const dirs: string[] = [];
const running = new Set<LocalProcess>();

interface LocalProcess {
  apiUrl: string;
  smtpPort: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
}

async function startLocal(dataDir: string, args: string[] = []): Promise<LocalProcess> {
  const [port, smtpPort] = [await freePort(), await freePort()];
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'AWS_ENDPOINT_URL') env[k] = v;
  // detached: its own process group, so kill -9 can take the emulator down with it.
  const child = spawn(resolve(root, 'node_modules/.bin/tsx'), ['bin/local.ts', ...args], {
    cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, PORT: String(port), SMTP_PORT: String(smtpPort), HOST: '127.0.0.1', MAIL_DOMAIN, MAILROOM_DATA_DIR: dataDir,
      LOG_LEVEL: 'error', FREE_INBOX_CREATES_PER_IP_PER_HOUR: '1000' },
  });
  let output = '';
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const ready = await new Promise<{ apiUrl: string }>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`local stack not ready in 90 s:\n${output}`)), 90_000);
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const m = /MAILROOM_READY (\{.*\})/.exec(output);
      if (m) { clearTimeout(timer); resolveReady(JSON.parse(m[1]!)); }
    });
    child.stderr!.on('data', (d: Buffer) => { output += d.toString(); });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`local stack exited (${code}):\n${output}`)); });
  });
  const p: LocalProcess = { apiUrl: ready.apiUrl, smtpPort, child, output: () => output, exited };
  running.add(p);
  return p;
}

/** Ctrl-C: SIGINT to the process group, as a terminal sends it. */
async function interrupt(p: LocalProcess) {
  process.kill(-p.child.pid!, 'SIGINT');
  await p.exited;
  running.delete(p);
}

/** kill -9 of everything the stack started: the API process and the emulator. */
async function killHard(p: LocalProcess) {
  process.kill(-p.child.pid!, 'SIGKILL');
  await p.exited;
  running.delete(p);
  // The emulator is a child in the same group; give the kernel a moment to reap it and free its port.
  await new Promise((r) => setTimeout(r, 300));
}

const newDataDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'mailroom-restart-'));
  dirs.push(d);
  return d;
};

async function createInbox(p: LocalProcess) {
  const r = await api('POST', '/v1/inboxes', { baseUrl: p.apiUrl, body: { username: uniqueUsername('restart') } });
  // The stack's own log (errors only) says what a 500 was.
  expect(r.status, `${r.text}\n--- the stack's log:\n${p.output().slice(-3000)}`).toBe(201);
  return r.body.result as { id: string; address: string; api_key: string; account_api_key: string };
}

async function subjects(p: LocalProcess, inbox: { id: string; api_key: string }): Promise<string[]> {
  const r = await api('GET', `/v1/inboxes/${inbox.id}/messages?limit=100`, { baseUrl: p.apiUrl, key: inbox.api_key });
  expect(r.status, r.text).toBe(200);
  return (r.body.result.messages as { subject: string }[]).map((m) => m.subject).sort();
}

afterAll(async () => {
  for (const p of running) { try { process.kill(-p.child.pid!, 'SIGKILL'); } catch { /* gone */ } await p.exited; }
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.runIf(target().local)('local data survives a restart', () => {
  it('after Ctrl-C, the next start has the same inboxes, keys and mail', async () => {
    const dir = newDataDir();
    let stack = await startLocal(dir);
    const inbox = await createInbox(stack);
    const smtp = createTransport({ host: '127.0.0.1', port: stack.smtpPort, secure: false, ignoreTLS: true });
    await smtp.sendMail({ from: 'alice@example.org', to: inbox.address, subject: 'before restart', text: 'kept' });
    smtp.close();
    await interrupt(stack);

    stack = await startLocal(dir);
    const account = await api('GET', '/v1/inboxes', { baseUrl: stack.apiUrl, key: inbox.account_api_key });
    expect(account.status, account.text).toBe(200);
    expect(account.body.result.inboxes.map((i: { id: string }) => i.id)).toContain(inbox.id);
    expect(await subjects(stack, inbox)).toEqual(['before restart']);
    await interrupt(stack);
  }, 240_000);

  it('a kill -9 during a burst of SMTP mail loses nothing the SMTP server acknowledged', async () => {
    const dir = newDataDir();
    let stack = await startLocal(dir);
    const inbox = await createInbox(stack);
    const acknowledged: string[] = [];
    const BURST = 40;
    const KILL_AFTER = 12;
    let killed: Promise<void> | undefined;
    // Four connections at once, as a busy sender would; the kill lands while mail is in flight.
    const transports = Array.from({ length: 4 }, () => createTransport({ host: '127.0.0.1', port: stack.smtpPort, secure: false, ignoreTLS: true }));
    const victim = stack;
    await Promise.all(transports.map(async (t, lane) => {
      for (let i = lane; i < BURST; i += transports.length) {
        const subject = `burst ${String(i).padStart(2, '0')}`;
        try {
          await t.sendMail({ from: 'alice@example.org', to: inbox.address, subject, text: `message ${i}` });
          acknowledged.push(subject);
          if (acknowledged.length === KILL_AFTER) killed = killHard(victim);
        } catch {
          return; // the server is gone: this lane's remaining mail was never accepted
        }
      }
    }));
    for (const t of transports) t.close();
    await killed;
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

    stack = await startLocal(dir);
    const stored = await subjects(stack, inbox);
    for (const s of acknowledged) expect(stored, `${s} was acknowledged before the kill`).toContain(s);
    await interrupt(stack);
  }, 240_000);

  it('--fresh starts empty, and an old key then says why it is unknown', async () => {
    const dir = newDataDir();
    let stack = await startLocal(dir);
    const inbox = await createInbox(stack);
    await interrupt(stack);

    stack = await startLocal(dir, ['--fresh']);
    const r = await api('GET', `/v1/inboxes/${inbox.id}`, { baseUrl: stack.apiUrl, key: inbox.api_key });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('INVALID_API_KEY');
    expect(r.body.next_steps.join(' ')).toMatch(/--fresh/);
    await interrupt(stack);
  }, 240_000);
});
