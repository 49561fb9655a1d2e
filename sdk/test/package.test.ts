/**
 * The package as a user installs it: tsc builds it, its exports and bin exist, and the CLI
 * answers --help, usage mistakes and `config` the way scripts expect — no API needed for these.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSdk, runCli, SDK_ROOT, type BuiltSdk } from './build.ts';

let sdk: BuiltSdk;
const home = mkdtempSync(join(tmpdir(), 'mailroom-cli-home-'));
/** A config directory of this test's own (env-paths honours XDG_CONFIG_HOME). */
const env = { XDG_CONFIG_HOME: join(home, 'config') };

beforeAll(async () => { sdk = await buildSdk(); }, 180_000);
afterAll(() => { sdk?.remove(); rmSync(home, { recursive: true, force: true }); });

describe('the built package', () => {
  const pkg = JSON.parse(readFileSync(join(SDK_ROOT, 'package.json'), 'utf8'));

  it('is @mailroom/sdk, ESM, with types, and every file its exports and bin name exists after tsc', () => {
    expect(pkg.name).toBe('@mailroom/sdk');
    expect(pkg.type).toBe('module');
    expect(pkg.private).toBeUndefined();
    for (const rel of [pkg.exports['.'].types, pkg.exports['.'].default, pkg.bin.mailroom]) {
      expect(existsSync(join(sdk.dir, rel)), rel).toBe(true);
    }
    expect(readFileSync(sdk.bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(readFileSync(join(sdk.dir, 'dist/index.d.ts'), 'utf8')).toContain('export type * from \'./generated/schema.js\'');
  });

  it('declares, pinned, the runtime dependencies its built code imports (and the root installs the same versions)', () => {
    const root = JSON.parse(readFileSync(join(SDK_ROOT, '../package.json'), 'utf8'));
    const built = [...readFileSync(join(sdk.dir, 'dist/client.js'), 'utf8').matchAll(/from '([^.'][^']*)'/g),
      ...readFileSync(join(sdk.dir, 'dist/cli/program.js'), 'utf8').matchAll(/from '([^.'][^']*)'/g),
      ...readFileSync(join(sdk.dir, 'dist/cli/mcp.js'), 'utf8').matchAll(/from '([^.'][^']*)'/g),
      ...readFileSync(join(sdk.dir, 'dist/cli/config.js'), 'utf8').matchAll(/from '([^.'][^']*)'/g)]
      .map((m) => m[1]!).filter((s) => !s.startsWith('node:'))
      .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!));
    expect(Object.keys(pkg.dependencies).sort()).toEqual([...new Set(built)].sort());
    for (const [name, version] of Object.entries<string>(pkg.dependencies)) {
      expect(version, name).toMatch(/^\d+\.\d+\.\d+$/);
      expect(root.dependencies[name], `root package.json pins ${name}`).toBe(version);
    }
  });

  it('its .d.ts type a user\'s code: named resource types, typed query parameters, typed results', async () => {
    writeFileSync(join(sdk.dir, 'consumer.ts'), [
      "import { Mailroom, type Message, type WaitResult } from './dist/index.js';",
      'const m = new Mailroom();',
      'export async function f(): Promise<string | null> {',
      "  const r: WaitResult = await m.waitForMessage('inb_1', { has: 'code' });",
      '  const msg: Message | null = r.message;',
      "  const page = await m.messages.list('inb_1', { unread_only: true, limit: 5 });",
      '  // @ts-expect-error: a query boolean is a boolean',
      "  await m.messages.list('inb_1', { read: 'true' });",
      '  // @ts-expect-error: a message has no such field',
      '  void page.messages[0]?.bogus;',
      '  return msg ? msg.subject + String(page.total) : r.verification_code;',
      '}',
    ].join('\n'));
    const tsc = join(SDK_ROOT, '../node_modules/typescript/bin/tsc');
    const out = await new Promise<string>((resolve) => {
      execFile(process.execPath, [tsc, '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022',
        '--types', 'node', '--typeRoots', join(SDK_ROOT, '../node_modules/@types'), join(sdk.dir, 'consumer.ts')],
      (err, stdout, stderr) => resolve(err ? `${stdout}${stderr}` : 'ok'));
    });
    expect(out).toBe('ok');
  }, 120_000);

  it('packs into a tarball that installs into an empty project, whose mailroom bin and import work on their own', async () => {
    for (const f of ['README.md', 'openapi.json']) copyFileSync(join(SDK_ROOT, f), join(sdk.dir, f));
    const project = mkdtempSync(join(tmpdir(), 'mailroom-sdk-consumer-'));
    try {
      const npm = (args: string[], cwd: string) => promisify(execFile)('npm', args, { cwd, env: { ...process.env, npm_config_update_notifier: 'false' }, maxBuffer: 16 * 1024 * 1024 });
      // What `npm pack` in sdk/ makes after its prepack (tsc): package.json, dist/, README.md, openapi.json.
      const packed = JSON.parse((await npm(['pack', '--json', '--ignore-scripts', '--pack-destination', project], sdk.dir)).stdout) as { filename: string; files: { path: string }[] }[];
      const files = packed[0]!.files.map((f) => f.path);
      expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'openapi.json', 'dist/index.js', 'dist/cli/main.js']));
      expect(files.filter((f) => !/^(package\.json|README\.md|openapi\.json|dist\/.*)$/.test(f))).toEqual([]);
      writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
      await npm(['install', '--prefer-offline', '--no-audit', '--no-fund', `./${packed[0]!.filename}`], project);
      const help = await runCli(join(project, 'node_modules/.bin/mailroom'), ['--help']);
      expect(help.code, help.stderr).toBe(0);
      expect(help.stdout).toMatch(/Commands:[\s\S]*inbox[\s\S]*wait/);
      writeFileSync(join(project, 'use.js'), "import { Mailroom } from '@mailroom/sdk';\nconsole.log(typeof new Mailroom({ apiKey: 'k' }).inboxes.create);\n");
      expect((await promisify(execFile)(process.execPath, ['use.js'], { cwd: project })).stdout.trim()).toBe('function');
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }, 180_000);

  it('exports the client, the errors and the webhook verifier', async () => {
    const mod = await import(sdk.entry);
    for (const name of ['Mailroom', 'MailroomError', 'WaitTimeoutError', 'verifyWebhook', 'WebhookVerificationError', 'paginate', 'withClientId', 'clientIdFrom', 'newClientId']) {
      expect(mod[name], name).toBeTypeOf('function');
    }
  });
});

describe('in a clone of the repository, after npm install', () => {
  it('npx mailroom runs the checkout\'s own CLI, with no build step and no network', async () => {
    const r = await promisify(execFile)('npx', ['--no', '--offline', 'mailroom', '--help'], { cwd: join(SDK_ROOT, '..') });
    expect(r.stdout).toMatch(/^Usage: mailroom /);
    for (const command of ['inbox', 'messages', 'wait', 'claim', 'mcp']) expect(r.stdout).toContain(`\n  ${command}`);
  }, 60_000);
});

describe('the mailroom CLI without an API', () => {
  it('--help lists the commands with examples and the exit codes (exit 0)', async () => {
    const r = await runCli(sdk.bin, ['--help'], { env });
    expect(r.code).toBe(0);
    for (const cmd of ['config', 'inbox', 'messages', 'threads', 'wait', 'send', 'reply', 'drafts', 'webhooks', 'capabilities', 'mcp']) {
      expect(r.stdout).toMatch(new RegExp(`^  ${cmd}\\b`, 'm'));
    }
    expect(r.stdout).toContain('Examples:');
    expect(r.stdout).toContain('0 ok, 1 API error, 2 usage, 3 timeout');
  });

  it('every command\'s --help shows examples or usage, and --json is accepted after the command', async () => {
    const wait = await runCli(sdk.bin, ['wait', '--help'], { env });
    expect(wait.code).toBe(0);
    expect(wait.stdout).toContain('CODE=$(mailroom wait --code');
    expect(wait.stdout).toContain('--timeout <seconds>');
    const show = await runCli(sdk.bin, ['config', 'show', '--json'], { env });
    expect(show.code).toBe(0);
    expect(JSON.parse(show.stdout)).toMatchObject({ api_url: 'http://localhost:3000', api_key: null });
  });

  it.each([
    [['inbox', 'frobnicate'], /unknown command/],
    [['wait', '--timeout', 'soon'], /--timeout must be a whole number/],
    [['wait', '--code', '--link', '--inbox', 'inb_x'], /cannot be used with/],
    [['send', '--subject', 'x', '--body', 'y', '--inbox', 'inb_x'], /--to/],
    [['messages', 'list'], /no inbox: pass --inbox/],
  ])('usage mistakes exit 2 with a message on stderr: %j', async (args, message) => {
    const r = await runCli(sdk.bin, args, { env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });

  it('no answer from the API is exit 1, with the error code on stderr as JSON under --json', async () => {
    const r = await runCli(sdk.bin, ['capabilities', '--json', '--api-url', 'http://127.0.0.1:9'], { env: { ...env, MAILROOM_API_KEY: 'mr_free_0' } });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr)).toMatchObject({ error: 'NETWORK_ERROR', status: 0 });
  }, 30_000);

  it('config set writes a file only the user can read (0600, in a 0700 directory); the key is masked when shown', async () => {
    const key = 'mr_free_0123456789abcdef0123456789abcdef';
    const set = await runCli(sdk.bin, ['config', 'set', '--url', 'http://127.0.0.1:3999', '--key', '-', '--inbox', 'inb_cfg'], { env, input: `${key}\n` });
    expect(set.code).toBe(0);
    const file = (await runCli(sdk.bin, ['config', 'path'], { env })).stdout.trim();
    expect(file).toBe(join(env.XDG_CONFIG_HOME, 'mailroom', 'config.json'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(env.XDG_CONFIG_HOME, 'mailroom')).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ api_url: 'http://127.0.0.1:3999', api_key: key, inbox: 'inb_cfg' });

    const shown = await runCli(sdk.bin, ['config', 'show', '--json'], { env });
    expect(shown.stdout).not.toContain(key);
    expect(JSON.parse(shown.stdout)).toMatchObject({ api_url: 'http://127.0.0.1:3999', inbox: 'inb_cfg', sources: { apiUrl: 'file', apiKey: 'file', inbox: 'file' } });
    // The environment overrides the file.
    const overridden = await runCli(sdk.bin, ['config', 'show', '--json'], { env: { ...env, MAILROOM_API_URL: 'http://127.0.0.1:4000' } });
    expect(JSON.parse(overridden.stdout)).toMatchObject({ api_url: 'http://127.0.0.1:4000', sources: { apiUrl: 'env' } });

    expect((await runCli(sdk.bin, ['config', 'unset', 'key'], { env })).code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ api_url: 'http://127.0.0.1:3999', inbox: 'inb_cfg' });
  });
});

describe('the wait spinner', () => {
  it('shows the elapsed seconds on a terminal\'s stderr (and nothing off a terminal, see the e2e tests)', async () => {
    // A stand-in API whose wait calls time out after 1.2 s, so the spinner runs for a while.
    const server = createServer((req, res) => {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ result: { message: null, verification_code: null, cta: null, timed_out: true }, next_steps: [] }));
      }, 1200);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      // script(1) gives the command a pseudo-terminal and copies what it shows to our stdout.
      const command = [process.execPath, sdk.bin, 'wait', '--code', '--inbox', 'inb_tty', '--timeout', '3', '--api-url', url].map((a) => `'${a}'`).join(' ');
      const shown = await new Promise<{ code: number; out: string }>((resolve) => {
        execFile('script', ['-qec', command, '/dev/null'], { env: { ...process.env, ...env }, timeout: 30_000 }, (err, stdout) => {
          resolve({ code: err ? Number((err as { code?: number }).code) : 0, out: stdout });
        });
      });
      expect(shown.code).toBe(3);
      expect(shown.out).toMatch(/waiting for a verification code in inb_tty \(1s\)/);
      expect(shown.out).toMatch(/WAIT_TIMEOUT/);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  }, 60_000);
});
