/**
 * Local data survives a restart: `npm start` keeps the emulator's state and the mail it accepted in
 * its data directory. Each test runs its own `tsx bin/local.ts` processes (its own emulator and
 * data directory), stops them the way a user would — Ctrl-C, or kill -9 of the whole process
 * group — and starts them again on the same directory.
 */
import { createTransport } from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { api, uniqueUsername } from './client.ts';
import { interrupt, killHard, newDataDir, startLocal, stopAll, type LocalProcess } from './local-process.ts';

const ENV = { MAIL_DOMAIN: 'restart.mailroom.localhost', FREE_INBOX_CREATES_PER_IP_PER_HOUR: '1000' };

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

afterAll(stopAll);

describe('local data survives a restart', () => {
  it('after Ctrl-C, the next start has the same inboxes, keys and mail', async () => {
    const dir = newDataDir('mailroom-restart-');
    let stack = await startLocal(dir, ENV);
    const inbox = await createInbox(stack);
    const smtp = createTransport({ host: '127.0.0.1', port: stack.smtpPort, secure: false, ignoreTLS: true });
    await smtp.sendMail({ from: 'alice@example.org', to: inbox.address, subject: 'before restart', text: 'kept' });
    smtp.close();
    await interrupt(stack);

    stack = await startLocal(dir, ENV);
    const account = await api('GET', '/v1/inboxes', { baseUrl: stack.apiUrl, key: inbox.account_api_key });
    expect(account.status, account.text).toBe(200);
    expect(account.body.result.inboxes.map((i: { id: string }) => i.id)).toContain(inbox.id);
    expect(await subjects(stack, inbox)).toEqual(['before restart']);
    await interrupt(stack);
  }, 240_000);

  it('a kill -9 during a burst of SMTP mail loses nothing the SMTP server acknowledged', async () => {
    const dir = newDataDir('mailroom-restart-');
    let stack = await startLocal(dir, ENV);
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

    stack = await startLocal(dir, ENV);
    const stored = await subjects(stack, inbox);
    for (const s of acknowledged) expect(stored, `${s} was acknowledged before the kill`).toContain(s);
    await interrupt(stack);
  }, 240_000);

  it('--fresh starts empty, and an old key then says why it is unknown', async () => {
    const dir = newDataDir('mailroom-restart-');
    let stack = await startLocal(dir, ENV);
    const inbox = await createInbox(stack);
    await interrupt(stack);

    stack = await startLocal(dir, ENV, ['--fresh']);
    const r = await api('GET', `/v1/inboxes/${inbox.id}`, { baseUrl: stack.apiUrl, key: inbox.api_key });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('INVALID_API_KEY');
    expect(r.body.next_steps.join(' ')).toMatch(/--fresh/);
    await interrupt(stack);
  }, 240_000);
});
