import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../lib/local/moto.ts';
import { startDnsServer } from './dns-server.ts';

export interface MailroomTarget {
  apiUrl: string;
  siteUrl: string;
  mailDomain: string;
  /** SMTP endpoint that accepts mail for mailDomain (the local SES stand-in). */
  smtpHost: string;
  smtpPort: number;
  /** True when the suite drives a stack it started itself. */
  local: boolean;
  awsEndpoint?: string;
  /** Keys for talking to that emulator directly: it enforces IAM, and these are the admin identity's. */
  awsCredentials?: { accessKeyId: string; secretAccessKey: string };
  /** The directory the suite's DNS server serves zones from (test/e2e/dns-server.ts); local stacks only. */
  dnsZoneDir?: string;
  /** The local stack's table, for tests that seed through the store directly. */
  tableName?: string;
}

declare module 'vitest' {
  export interface ProvidedContext { mailroom: MailroomTarget }
}

let child: ChildProcess | undefined;
let dns: Awaited<ReturnType<typeof startDnsServer>> | undefined;
let dnsZoneDir: string | undefined;

/**
 * The end-to-end suite drives a real stack over HTTP and SMTP. With MAILROOM_API_URL it targets
 * a deployed stack (README: testing against a deployed stack); otherwise it starts the local
 * stack — moto included — and refuses to run if that fails.
 */
export async function setup(project: TestProject) {
  if (process.env.MAILROOM_API_URL) {
    const apiUrl = process.env.MAILROOM_API_URL.replace(/\/+$/, '');
    const required = ['MAILROOM_MAIL_DOMAIN', 'MAILROOM_SMTP_HOST'];
    const missing = required.filter((n) => !process.env[n]);
    if (missing.length) throw new Error(`MAILROOM_API_URL is set, so the suite targets a deployed stack; also set ${missing.join(', ')}.`);
    project.provide('mailroom', {
      apiUrl,
      siteUrl: (process.env.MAILROOM_SITE_URL ?? apiUrl).replace(/\/+$/, ''),
      mailDomain: process.env.MAILROOM_MAIL_DOMAIN!,
      smtpHost: process.env.MAILROOM_SMTP_HOST!,
      smtpPort: Number(process.env.MAILROOM_SMTP_PORT ?? 25),
      local: false,
    });
    return;
  }

  const [port, smtpPort] = [await freePort(), await freePort()];
  const root = resolve(import.meta.dirname, '../..');
  // Custom domains' DNS checks ask this server (MAILROOM_DNS_SERVERS); tests publish zones as files.
  dnsZoneDir = mkdtempSync(join(tmpdir(), 'mailroom-e2e-dns-'));
  dns = await startDnsServer(dnsZoneDir);
  // In memory: snapshots of a store that the whole suite fills would only slow it down;
  // test/e2e/restart.test.ts runs its own stacks with a data directory.
  child = spawn(resolve(root, 'node_modules/.bin/tsx'), ['bin/local.ts', '--in-memory'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      SMTP_PORT: String(smtpPort),
      HOST: '127.0.0.1',
      MAIL_DOMAIN: 'e2e.mailroom.localhost',
      // One IP (127.0.0.1) creates hundreds of accounts here; raise the per-IP and API limits.
      FREE_INBOX_CREATES_PER_IP_PER_HOUR: process.env.FREE_INBOX_CREATES_PER_IP_PER_HOUR ?? '100000',
      API_RATE_LIMIT_MULTIPLIER: process.env.API_RATE_LIMIT_MULTIPLIER ?? '1000',
      WEBHOOK_RETRY_DELAYS: process.env.WEBHOOK_RETRY_DELAYS ?? '0,1,1,1,1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
      MAILROOM_DNS_SERVERS: `127.0.0.1:${dns.port}`,
    },
  });
  let output = '';
  const ready = await new Promise<Record<string, unknown>>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`The local stack did not become ready in 90 s:\n${output}`)), 90_000);
    child!.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const m = /MAILROOM_READY (\{.*\})/.exec(output);
      if (m) { clearTimeout(timer); resolveReady(JSON.parse(m[1]!)); }
    });
    child!.stderr!.on('data', (d: Buffer) => {
      output += d.toString();
      if (process.env.E2E_VERBOSE) process.stderr.write(d);
    });
    child!.once('exit', (code) => { clearTimeout(timer); reject(new Error(`The local stack exited (${code}) before it was ready:\n${output}`)); });
  });
  project.provide('mailroom', {
    apiUrl: ready.apiUrl as string,
    siteUrl: ready.siteUrl as string,
    mailDomain: ready.mailDomain as string,
    smtpHost: '127.0.0.1',
    smtpPort: ready.smtpPort as number,
    awsEndpoint: ready.awsEndpoint as string,
    awsCredentials: (ready.awsCredentials as MailroomTarget['awsCredentials'] | null) ?? undefined,
    tableName: ready.tableName as string,
    local: true,
    dnsZoneDir,
  });
}

export async function teardown() {
  await stopChild();
  await dns?.close();
  if (dnsZoneDir) rmSync(dnsZoneDir, { recursive: true, force: true });
}

async function stopChild() {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child!.once('exit', r));
  child.kill('SIGTERM');
  const t = setTimeout(() => child?.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(t);
}
