/**
 * `npm start`: the whole Mailroom service on this machine. See README "Run it locally".
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startLocalStack } from '../lib/local/stack.ts';
import { DEFAULT_SNAPSHOT_INTERVAL_SECONDS } from '../lib/local/moto.ts';
import { TEST_KNOBS } from '../lambdas/functions.ts';
import { routeKey, routes } from '../lambdas/routes.ts';

const USAGE = `Usage: npm start [-- --fresh] [-- --in-memory] [-- --sandbox | --no-test-mode]

  --fresh         start with no data (deletes the data directory first)
  --in-memory     keep nothing on disk: everything is gone at stop
  --sandbox       as a deployed sandbox: test mode plus its test knobs (${Object.entries(TEST_KNOBS).map(([, k]) => `${k.env}=${k.sandbox}`).join(', ')}; the environment's win)
  --no-test-mode  as a production stack: the test-mode routes answer 404 and the test knobs are refused

Environment: PORT (3000), SMTP_PORT (2525), HOST (127.0.0.1), MAIL_DOMAIN (mailroom.localhost),
SITE_URL, MAILROOM_DATA_DIR (.mailroom), AWS_ENDPOINT_URL (use your own emulator), LOG_LEVEL,
INGEST_RETRY_DELAYS (1,2: seconds before each retry of a failed ingest); in test mode (the default)
the test knobs ${Object.values(TEST_KNOBS).map((k) => k.env).join(', ')}.`;

const int = (name: string, fallback: number) => {
  const v = process.env[name];
  if (!v) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, got "${v}"`);
  return n;
};

async function main() {
  const { values: flags } = parseArgs({ options: {
    fresh: { type: 'boolean' }, 'in-memory': { type: 'boolean' }, sandbox: { type: 'boolean' }, 'no-test-mode': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  } });
  if (flags.help) { console.log(USAGE); return; }
  // Data lives in .mailroom/ of the checkout unless told otherwise; an external emulator keeps its own.
  const dataDir = flags['in-memory'] || process.env.AWS_ENDPOINT_URL ? undefined : resolve(process.env.MAILROOM_DATA_DIR || '.mailroom');
  if (dataDir && flags.fresh) rmSync(dataDir, { recursive: true, force: true });
  const port = int('PORT', 3000);
  const smtpPort = int('SMTP_PORT', 2525);
  const host = process.env.HOST || '127.0.0.1';
  const mailDomain = (process.env.MAIL_DOMAIN || 'mailroom.localhost').toLowerCase();
  process.env.LOG_LEVEL ??= 'warn';
  const started = Date.now();
  const ownEmulator = !process.env.AWS_ENDPOINT_URL;
  const stack = await startLocalStack({
    port, host, smtpPort, mailDomain,
    siteUrl: process.env.SITE_URL || undefined,
    awsEndpoint: process.env.AWS_ENDPOINT_URL || undefined,
    namePrefix: process.env.MAILROOM_NAME_PREFIX || 'mailroom-local',
    dataDir,
    testMode: !flags['no-test-mode'],
    sandbox: flags.sandbox,
  });

  // Ready means the API answers, exactly what a client would check.
  const res = await fetch(`${stack.apiUrl}/openapi.json`);
  if (!res.ok) throw new Error(`GET /openapi.json answered ${res.status}`);

  console.log([
    '',
    `Mailroom is running locally (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    `  API            ${stack.apiUrl}/v1   (OpenAPI: ${stack.apiUrl}/openapi.json)`,
    `  Pages          ${stack.siteUrl}   (llms.txt: ${stack.siteUrl}/llms.txt)`,
    `  Mail domain    ${mailDomain}   (SMTP: ${host}:${smtpPort}, the SES receiving stand-in)`,
    `  AWS emulator   ${stack.awsEndpoint}${ownEmulator ? ' (moto, started by this process)' : ' (yours)'}`,
    stack.identities
      ? `  IAM            enforced: each function signs as its own IAM user in moto, allowed only its needs (admin keys for you: ${stack.identities.admin.accessKeyId} / ${stack.identities.admin.secretAccessKey})`
      : '  IAM            not enforced (your emulator, or functions in-process)',
    `  Table          ${stack.resources.tableName}`,
    `  Bucket         ${stack.resources.bucketName}`,
    `  Ingest DLQ     ${stack.resources.ingestDlqUrl}   (mail whose ingest failed its retries${dataDir ? '; npm run replay -- --local' : ''})`,
    `  Payments       ${process.env.PAYMENT_PROVIDER || 'sandbox'} (pm_card_visa succeeds, pm_card_chargeDeclined is declined)`,
    stack.testMode
      ? `  Test mode      on (routed: ${routes.filter((r) => r.testMode).map(routeKey).join(', ') || 'no test-mode routes'}); knobs ${Object.entries(stack.testKnobs).map(([k, v]) => `${k}=${v}`).join(', ') || 'none'}${flags.sandbox ? ' (--sandbox)' : ''}; --no-test-mode turns it off`
      : '  Test mode      off (--no-test-mode): test-mode routes answer 404, as on a production stack',
    dataDir
      ? `  Data           ${dataDir} (kept across restarts; a kill -9 loses at most the changes since the last snapshot, about ${DEFAULT_SNAPSHOT_INTERVAL_SECONDS} s, never accepted mail; --fresh starts empty)`
      : '  Data           in memory only: gone at stop',
    ...(stack.replayedMail ? [`  Recovered      ${stack.replayedMail} message(s) accepted before the last stop were ingested now`] : []),
    '',
    `Try: curl -s -X POST ${stack.apiUrl}/v1/inboxes -H 'content-type: application/json' -d '{"username":"my-agent"}'`,
    'Press Ctrl-C to stop.',
    '',
  ].join('\n'));
  console.log('MAILROOM_READY ' + JSON.stringify({ apiUrl: stack.apiUrl, siteUrl: stack.siteUrl, smtpPort, mailDomain, awsEndpoint: stack.awsEndpoint, tableName: stack.resources.tableName, ingestDlqUrl: stack.resources.ingestDlqUrl, dataDir: dataDir ?? null, testMode: stack.testMode, awsCredentials: stack.identities?.admin ?? null }));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping Mailroom…`);
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e) => {
  console.error(`Mailroom could not start: ${(e as Error).message}`);
  process.exit(1);
});
