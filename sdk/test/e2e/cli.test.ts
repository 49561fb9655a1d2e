/**
 * The real `mailroom` binary (built by tsc, run as a child process) against the local stack:
 * first inbox with no key, `wait --code` printing exactly the code of a real SMTP mail, the
 * exit codes scripts rely on, sending and webhooks, and `mailroom mcp` as a stdio MCP server
 * driven by the MCP SDK's own Client.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newAccount, target, uniqueUsername } from '../../../test/e2e/client.ts';
import { closeMail, letterTag, sendMail } from '../../../test/e2e/mail.ts';
import { startReceiver, type Receiver } from '../../../test/e2e/receiver.ts';
import { buildSdk, runCli, SDK_ROOT, type BuiltSdk, type CliRun } from '../build.ts';

let sdk: BuiltSdk;
const home = mkdtempSync(join(tmpdir(), 'mailroom-cli-e2e-'));
const receivers: Receiver[] = [];
const mcpClients: Client[] = [];

beforeAll(async () => { sdk = await buildSdk(); }, 180_000);
afterAll(async () => {
  closeMail();
  for (const c of mcpClients) await c.close().catch(() => undefined);
  await Promise.all(receivers.map((r) => r.close()));
  sdk?.remove();
  rmSync(home, { recursive: true, force: true });
});

let dirs = 0;
/** A fresh config directory: each test is a user with their own machine. */
const freshUser = () => ({ XDG_CONFIG_HOME: join(home, `user${++dirs}`), MAILROOM_API_URL: target().apiUrl });

const cli = (args: string[], env: Record<string, string>, input?: string) => runCli(sdk.bin, args, { env, ...(input !== undefined ? { input } : {}) });
const json = (r: CliRun) => {
  expect(r.code, `exit ${r.code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`).toBe(0);
  return JSON.parse(r.stdout);
};

/** Starts the binary and returns its completion, so mail can be sent while it waits. */
function startCli(args: string[], env: Record<string, string>): Promise<CliRun & { ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [sdk.bin, ...args], { env: { PATH: process.env.PATH ?? '', HOME: home, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

describe('first steps: an inbox, then wait for a code', () => {
  it('`inbox create` with no key creates the account and keeps its key in a 0600 config file', async () => {
    const env = freshUser();
    const username = uniqueUsername('cli');
    const created = json(await cli(['inbox', 'create', username, '--json'], env));
    expect(created).toMatchObject({ address: `${username}@${target().mailDomain}`, api_key: expect.stringMatching(/^mr_free_/), account_api_key: expect.stringMatching(/^mr_free_/) });
    const file = join(env.XDG_CONFIG_HOME, 'mailroom', 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      api_url: target().apiUrl, api_key: created.account_api_key, inbox: created.id, inbox_keys: { [created.id]: created.api_key },
    });

    // The saved settings are enough for the next commands.
    const shown = json(await cli(['inbox', 'list', '--json'], env));
    expect(shown.inboxes.map((i: { id: string }) => i.id)).toEqual([created.id]);
  });

  it('in a clone after npm install, `npx mailroom inbox create --json` (no name given) creates an inbox named agent-…', async () => {
    const env = freshUser();
    const r = await promisify(execFile)('npx', ['--no', '--offline', 'mailroom', 'inbox', 'create', '--json'], {
      cwd: join(SDK_ROOT, '..'), env: { PATH: process.env.PATH ?? '', HOME: home, ...env },
    });
    const created = JSON.parse(r.stdout);
    expect(created).toMatchObject({ address: expect.stringMatching(new RegExp(`^agent-[a-z0-9]{8}@${target().mailDomain.replace(/\./g, '\\.')}$`)), api_key: expect.stringMatching(/^mr_free_/) });
    expect((await api('GET', `/v1/inboxes/${created.id}`, { key: created.api_key })).status).toBe(200);
  });

  it('`CODE=$(mailroom wait --code)`: stdout is exactly the code of a real SMTP mail, stderr is quiet off a terminal', async () => {
    const env = freshUser();
    const inbox = json(await cli(['inbox', 'create', uniqueUsername('code'), '--json'], env));
    const waiting = startCli(['wait', '--code', '--timeout', '60'], env);
    await new Promise((r) => setTimeout(r, 2000));
    await sendMail({ to: inbox.address, subject: 'Confirm your sign-up', text: 'Welcome aboard!\n\nYour verification code is 918273.\n\nIt expires in 10 minutes.' });
    const r = await waiting;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('918273\n');
    expect(r.stderr).toBe('');
  });

  it('`wait --link --from --subject` prints only the link of the matching mail, not of an earlier other one', async () => {
    const env = freshUser();
    const inbox = json(await cli(['inbox', 'create', uniqueUsername('link'), '--json'], env));
    const waiting = startCli(['wait', '--link', '--from', 'example.org', '--subject', 'verify', '--timeout', '60'], env);
    await new Promise((r) => setTimeout(r, 1500));
    await sendMail({ to: inbox.address, subject: 'Newsletter', html: '<a href="https://example.org/news">Read the news</a>' });
    await sendMail({ to: inbox.address, subject: 'Please verify your email', html: '<p>One step left.</p><a href="https://example.org/verify?token=tok_42">Verify email address</a>' });
    const r = await waiting;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('https://example.org/verify?token=tok_42\n');
  });

  it('nothing arrives: exit 3 after --timeout, nothing on stdout', async () => {
    const env = freshUser();
    json(await cli(['inbox', 'create', uniqueUsername('idle'), '--json'], env));
    const r = await startCli(['wait', '--code', '--timeout', '2'], env);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/WAIT_TIMEOUT/);
    expect(r.ms).toBeGreaterThanOrEqual(2000);
  });
});

describe('reading mail', () => {
  it('messages, threads and capabilities, readable and as JSON', async () => {
    const env = freshUser();
    const inbox = json(await cli(['inbox', 'create', uniqueUsername('read'), '--json'], env));
    const subject = `Invoice ${letterTag()}`;
    await sendMail({ to: inbox.address, subject, text: 'Your one-time code: 552211' });

    const list = json(await cli(['messages', 'list', '--json', '--limit', '5'], env));
    expect(list.messages.map((m: { subject: string }) => m.subject)).toEqual([subject]);
    const id = list.messages[0].id;
    const human = await cli(['messages', 'show', id], env);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(`Subject:  ${subject}`);
    expect(human.stdout).toContain('Code:     552211');

    const threads = json(await cli(['threads', 'list', '--json'], env));
    expect(threads.threads[0]).toMatchObject({ subject, message_count: 1 });
    const thread = json(await cli(['threads', 'show', threads.threads[0].id, '--json'], env));
    expect(thread.messages.map((m: { id: string }) => m.id)).toEqual([id]);

    const caps = json(await cli(['capabilities', '--json'], env));
    expect(caps.tier).toBe('free');
    const text = await cli(['capabilities'], env);
    expect(text.stdout).toMatch(/^tier: free$/m);
  });

  it('an API error is exit 1 with the API\'s code and next steps on stderr', async () => {
    const env = { ...freshUser(), MAILROOM_API_KEY: `mr_free_${'0'.repeat(32)}` };
    const r = await cli(['inbox', 'show', 'inb_x'], env);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/INVALID_API_KEY \(401\)/);
    expect(r.stderr).toMatch(/→ /);
  });
});

describe('sending, drafts and webhooks (paid tier)', () => {
  it('send, wait in the other inbox, reply, drafts create/list/send, inbox delete', async () => {
    const env = freshUser();
    const me = json(await cli(['inbox', 'create', uniqueUsername('sender'), '--json'], env));
    const up = await api('POST', '/v1/account/upgrade', { key: me.account_api_key, body: { tier: 'developer', payment_method: 'pm_card_visa' } });
    expect(up.status, up.text).toBe(200);
    const other = await newAccount();
    const otherEnv = { ...freshUser(), MAILROOM_API_KEY: other.api_key, MAILROOM_INBOX: other.id };

    const subject = `Hello ${letterTag()}`;
    const arrival = startCli(['wait', '--subject', subject, '--timeout', '60', '--json'], otherEnv);
    const sent = json(await cli(['send', '--to', other.address, '--subject', subject, '--body-file', '-', '--json'], env, 'Hi from the CLI.\nCode 424242.\n'));
    expect(sent).toMatchObject({ status: 'queued', id: expect.stringMatching(/^msg_/) });
    const got = await arrival;
    expect(got.code, got.stderr).toBe(0);
    const arrived = JSON.parse(got.stdout);
    expect(arrived.message).toMatchObject({ subject, from: me.address });
    expect(arrived.message.body_text).toContain('Hi from the CLI.');

    // A free account cannot reply (exit 1, the API's code); once upgraded it can, and the reply
    // comes back to the sender in the same thread.
    const refused = await cli(['reply', arrived.message.id, '--body', 'Got it, thanks.'], otherEnv);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/SEND_REQUIRES_PAID \(402\)/);
    expect((await api('POST', '/v1/account/upgrade', { key: other.account_api_key, body: { tier: 'developer', payment_method: 'pm_card_visa' } })).status).toBe(200);
    const back = startCli(['wait', '--subject', `Re: ${subject}`, '--timeout', '60', '--json'], env);
    const replied = json(await cli(['reply', arrived.message.id, '--body', 'Got it, thanks.', '--json'], otherEnv));
    expect(replied.status).toBe('queued');
    const reply = JSON.parse((await back).stdout);
    expect(reply.message).toMatchObject({ subject: `Re: ${subject}`, from: other.address, thread_id: sent.thread_id });

    const draft = json(await cli(['drafts', 'create', '--to', other.address, '--subject', 'Later', '--body', 'draft body', '--json'], env));
    expect(draft).toMatchObject({ status: 'draft', subject: 'Later' });
    const drafts = json(await cli(['drafts', 'list', '--json'], env));
    expect(drafts.drafts.map((d: { id: string }) => d.id)).toContain(draft.id);
    const sentDraft = json(await cli(['drafts', 'send', draft.id, '--json'], env));
    expect(sentDraft.status).toBe('queued');

    const extra = json(await cli(['inbox', 'create', uniqueUsername('extra'), '--json'], env));
    const deleted = json(await cli(['inbox', 'delete', extra.id, '--json'], env));
    expect(deleted).toMatchObject({ id: extra.id, status: 'deleted' });
  });

  it('webhooks create, test (a real POST to a receiver), list and logs', async () => {
    const env = freshUser();
    json(await cli(['inbox', 'create', uniqueUsername('hooks'), '--json'], env));
    const receiver = await startReceiver('cli-hooks');
    receivers.push(receiver);
    const hook = json(await cli(['webhooks', 'create', receiver.url, '--events', 'message.received', '--json'], env));
    expect(hook.secret).toMatch(/^whsec_/);
    const tested = json(await cli(['webhooks', 'test', hook.id, '--json'], env));
    expect(tested).toMatchObject({ status: 'success', response_code: 200 });
    expect(receiver.requests.length).toBeGreaterThanOrEqual(1);
    const listed = json(await cli(['webhooks', 'list', '--json'], env));
    expect(listed.webhooks.map((w: { id: string }) => w.id)).toEqual([hook.id]);
    expect(JSON.stringify(listed)).not.toContain(hook.secret);
    const logs = json(await cli(['webhooks', 'logs', hook.id, '--json'], env));
    expect(logs).toHaveProperty('logs');
  });
});

describe('test mode: simulate and bins', () => {
  it('`mailroom simulate` delivers a mail that `mailroom wait --code` then prints; bounce needs a sent mail', async () => {
    const env = freshUser();
    json(await cli(['inbox', 'create', uniqueUsername('sim'), '--json'], env));
    const waiting = startCli(['wait', '--code', '--timeout', '20'], env);
    await new Promise((r) => setTimeout(r, 800));
    const sim = await cli(['simulate', '--scenario', 'verification_code', '--code', '640213'], env);
    expect(sim.code, sim.stderr).toBe(0);
    expect(sim.stdout).toMatch(/^delivered msg_\S+ code=640213\n$/);
    const r = await waiting;
    expect([r.code, r.stdout]).toEqual([0, '640213\n']);
    const usage = await cli(['simulate'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--scenario <name> or --raw-file <path>/);
  });

  it('`mailroom claim --exec` runs the command on each message (JSON on stdin): exit 0 acks it, another exit releases it', async () => {
    const env = freshUser();
    json(await cli(['inbox', 'create', uniqueUsername('claim'), '--json'], env));
    for (const code of ['300001', '300002']) expect((await cli(['simulate', '--scenario', 'verification_code', '--code', code], env)).code).toBe(0);
    const out = join(home, `claimed-${dirs}.txt`);
    // The first message fails once (exit 1), then every message is appended and acked.
    const script = `read -r m; id=$MAILROOM_MESSAGE_ID; if [ ! -e "${out}.failed" ]; then touch "${out}.failed"; exit 1; fi; case "$m" in *'"id":"'$id'"'*) echo "$id" >> "${out}";; *) exit 2;; esac`;
    const r = await cli(['claim', '--exec', script, '--max', '3', '--idle', '5', '--json'], env);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { message_id: string; exit_code: number; outcome: string });
    expect(lines.map((l) => l.outcome)).toEqual(['released', 'acked', 'acked']);
    const written = readFileSync(out, 'utf8').trim().split('\n');
    expect(written).toHaveLength(2);
    expect(new Set(written).size).toBe(2);
    expect(written.sort()).toEqual(lines.filter((l) => l.outcome === 'acked').map((l) => l.message_id).sort());
    // Both acked: another run finds nothing to do and stops when idle.
    const left = await cli(['claim', '--exec', 'true', '--idle', '1', '--json'], env);
    expect([left.code, left.stdout]).toEqual([0, '']);
  });

  it('`mailroom wait` keeps stdout for the mail and warns on stderr when it is flagged; --safe-only skips it', async () => {
    const env = freshUser();
    json(await cli(['inbox', 'create', uniqueUsername('warn'), '--json'], env));
    expect((await cli(['simulate', '--scenario', 'spoofed_sender'], env)).code).toBe(0);
    const r = await startCli(['wait', '--since', new Date(Date.now() - 60_000).toISOString(), '--timeout', '5'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^msg_\S+\tsecurity@bank\.example\.com\t/);
    expect(r.stderr).toMatch(/^warning: msg_\S+ is flagged [a-z_, ]*spoofed_sender[a-z_, ]* \(risk (medium|high)\)/m);
    const skipped = await startCli(['wait', '--since', new Date(Date.now() - 60_000).toISOString(), '--timeout', '2', '--safe-only'], env);
    expect(skipped.code).toBe(3);
  });

  it('`mailroom bins`: a webhook pointed at a bin answering 500 is retried, and delivered once the bin answers 200', async () => {
    const env = freshUser();
    json(await cli(['inbox', 'create', uniqueUsername('bin'), '--json'], env));
    const bin = json(await cli(['bins', 'create', '--status', '500', '--json'], env));
    expect(bin).toMatchObject({ id: expect.stringMatching(/^bin_/), respond: { status: 500, delay_ms: 0 } });
    json(await cli(['webhooks', 'create', bin.url, '--events', 'message.received', '--json'], env));
    expect((await cli(['simulate', '--scenario', 'magic_link'], env)).code).toBe(0);
    const answered = async (status: number) => {
      for (const until = Date.now() + 20_000; Date.now() < until; await new Promise((r) => setTimeout(r, 300))) {
        const got = json(await cli(['bins', 'requests', bin.id, '--json'], env)).requests as { answered_status: number }[];
        if (got.some((q) => q.answered_status === status)) return got;
      }
      throw new Error(`no request answered ${status} in the bin`);
    };
    await answered(500);
    const updated = await cli(['bins', 'update', bin.id, '--status', '200'], env);
    expect(updated.stdout).toBe(`${bin.id} answers 200 after 0 ms\n`);
    await answered(200);
    const listed = await cli(['bins', 'list'], env);
    expect(listed.stdout).toContain(bin.id);
    expect((await cli(['bins', 'delete', bin.id], env)).stdout).toBe(`deleted ${bin.id}\n`);
    expect((await fetch(bin.url, { method: 'POST', body: 'x' })).status).toBe(404);
  });
});

describe('`mailroom mcp`: the hosted MCP server over stdio', () => {
  const texts = (r: CallToolResult) => r.content.filter((c) => c.type === 'text').map((c) => (c as { text: string }).text);

  async function stdioClient(env: Record<string, string>) {
    const client = new Client({ name: 'cli-e2e', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [sdk.bin, 'mcp'], env: { PATH: process.env.PATH ?? '', HOME: home, ...env }, stderr: 'pipe' }));
    mcpClients.push(client);
    return client;
  }

  it('lists the same tools as the hosted endpoint, and wait_for_message returns a real mail\'s code', async () => {
    const inbox = await newAccount();
    const client = await stdioClient({ MAILROOM_API_URL: target().apiUrl, MAILROOM_API_KEY: inbox.api_key, XDG_CONFIG_HOME: join(home, 'mcp') });
    const viaStdio = await client.listTools();

    const direct = new Client({ name: 'cli-e2e-direct', version: '1.0.0' });
    await direct.connect(new StreamableHTTPClientTransport(new URL(`${target().apiUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${inbox.api_key}` } } }));
    mcpClients.push(direct);
    expect(viaStdio.tools).toEqual((await direct.listTools()).tools);
    expect(viaStdio.tools.map((t) => t.name)).toContain('wait_for_message');

    const waiting = client.callTool({ name: 'wait_for_message', arguments: { inbox_id: inbox.id, has: 'code', timeout: 20 } }) as Promise<CallToolResult>;
    await new Promise((r) => setTimeout(r, 1500));
    await sendMail({ to: inbox.address, subject: 'Your sign-in code', text: 'Use 736251 to sign in.' });
    const result = await waiting;
    expect(result.isError, texts(result).join('\n')).toBeFalsy();
    const block = texts(result).find((t) => t.startsWith('<untrusted-mail-content'))!;
    const json = JSON.parse(block.slice(block.indexOf('\n') + 1, block.lastIndexOf('\n')));
    expect(json).toMatchObject({ timed_out: false, verification_code: '736251' });
  });

  it('a REST error comes through as the hosted server\'s tool error (here: another inbox\'s key)', async () => {
    const mine = await newAccount();
    const theirs = await newAccount();
    const client = await stdioClient({ MAILROOM_API_URL: target().apiUrl, MAILROOM_API_KEY: mine.api_key, XDG_CONFIG_HOME: join(home, 'mcp2') });
    const r = await client.callTool({ name: 'list_messages', arguments: { inbox_id: theirs.id } }) as CallToolResult;
    expect(r.isError).toBe(true);
    expect(JSON.parse(texts(r)[0]!)).toMatchObject({ error: 'INVALID_API_KEY' });
  });

  it('an unreachable API answers each request with a JSON-RPC error instead of hanging', async () => {
    const client = new Client({ name: 'cli-e2e-down', version: '1.0.0' });
    const transport = new StdioClientTransport({ command: process.execPath, args: [sdk.bin, 'mcp'], env: { PATH: process.env.PATH ?? '', HOME: home, MAILROOM_API_URL: 'http://127.0.0.1:9', XDG_CONFIG_HOME: join(home, 'mcp3') }, stderr: 'pipe' });
    const err = await client.connect(transport).catch((e: unknown) => e);
    await transport.close().catch(() => undefined);
    expect(String(err)).toMatch(/127\.0\.0\.1:9\/mcp/);
  });
});
