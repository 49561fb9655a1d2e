import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { spawnLocalStack, type LocalStackProcess } from '../local-stack.ts';
import { startDnsServer } from './dns-server.ts';

export interface MailroomTarget {
  apiUrl: string;
  siteUrl: string;
  mailDomain: string;
  /** SMTP endpoint that accepts mail for mailDomain (the local SES stand-in). */
  smtpHost: string;
  smtpPort: number;
  /** The stack's AWS emulator, for tests that read or seed the store directly. */
  awsEndpoint: string;
  /** Keys for talking to that emulator directly when it enforces IAM (the admin identity's); absent when it does not. */
  awsCredentials?: { accessKeyId: string; secretAccessKey: string };
  /** The directory the suite's DNS server serves zones from (test/e2e/dns-server.ts). */
  dnsZoneDir: string;
  /** The stack's table, for tests that seed through the store directly. */
  tableName: string;
}

declare module 'vitest' {
  export interface ProvidedContext { mailroom: MailroomTarget }
}

let stack: LocalStackProcess | undefined;
let dns: Awaited<ReturnType<typeof startDnsServer>> | undefined;
let dnsZoneDir: string | undefined;

/**
 * The end-to-end suite drives a real stack over HTTP and SMTP: the local stack — moto included —
 * started here, and it refuses to run if that fails. Deployed stacks are test/sandbox's (npm run test:sandbox).
 */
export async function setup(project: TestProject) {
  // Custom domains' DNS checks ask this server (MAILROOM_DNS_SERVERS); tests publish zones as files.
  dnsZoneDir = mkdtempSync(join(tmpdir(), 'mailroom-e2e-dns-'));
  dns = await startDnsServer(dnsZoneDir);
  // In memory: snapshots of a store that the whole suite fills would only slow it down;
  // test/e2e/restart.test.ts runs its own stacks with a data directory.
  stack = await spawnLocalStack({
    args: ['--in-memory'],
    timeoutMs: 90_000,
    echoStderr: Boolean(process.env.E2E_VERBOSE),
    env: {
      MAIL_DOMAIN: 'e2e.mailroom.localhost',
      // One IP (127.0.0.1) creates hundreds of accounts here; raise the per-IP and API limits.
      FREE_INBOX_CREATES_PER_IP_PER_HOUR: process.env.FREE_INBOX_CREATES_PER_IP_PER_HOUR ?? '100000',
      API_RATE_LIMIT_MULTIPLIER: process.env.API_RATE_LIMIT_MULTIPLIER ?? '1000',
      WEBHOOK_RETRY_DELAYS: process.env.WEBHOOK_RETRY_DELAYS ?? '0,1,1,1,1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
      MAILROOM_DNS_SERVERS: `127.0.0.1:${dns.port}`,
    },
  });
  const { ready } = stack;
  project.provide('mailroom', {
    apiUrl: ready.apiUrl,
    siteUrl: ready.siteUrl,
    mailDomain: ready.mailDomain,
    smtpHost: '127.0.0.1',
    smtpPort: ready.smtpPort,
    awsEndpoint: ready.awsEndpoint,
    awsCredentials: ready.awsCredentials ?? undefined,
    tableName: ready.tableName,
    dnsZoneDir,
  });
}

export async function teardown() {
  await stack?.stop();
  await dns?.close();
  if (dnsZoneDir) rmSync(dnsZoneDir, { recursive: true, force: true });
}
