/**
 * Mail paths end to end on the local stack: ingest per message over the shared MIME corpus,
 * webhook delivery (throughput and SMTP-accept → webhook-receipt latency), and send → arrive.
 * Latencies are moto's and this machine's, for comparing runs, not AWS figures.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createTransport } from 'nodemailer';
import { smtpReceiptEvent } from '../../lib/local/smtp.ts';
import { median, percentile, round } from '../lib/stats.ts';
import type { BenchStack } from '../lib/stack.ts';
import type { BenchContext, Section, SectionResult } from '../lib/types.ts';

const name = (p: string) => `${p}-${randomBytes(4).toString('hex')}`;

async function newInbox(stack: BenchStack, key?: string) {
  const r = await stack.call({ method: 'POST', path: '/v1/inboxes', key, body: { username: name('bench') } });
  if (r.status !== 201) throw new Error(`POST /v1/inboxes answered ${r.status}: ${r.text.slice(0, 300)}`);
  return r.json.result as { id: string; address: string; api_key: string; account_api_key: string };
}

const msRow = (what: string, xs: number[], extra: Record<string, string | number> = {}) =>
  ({ what, n: xs.length, p50: round(median(xs), 1), p99: round(percentile(xs, 99), 1), max: round(Math.max(...xs), 1), ...extra });

const columns = [
  { key: 'what', label: 'measure' }, { key: 'n', label: 'n' },
  { key: 'p50', label: 'median ms', digits: 1 }, { key: 'p99', label: 'p99 ms', digits: 1 }, { key: 'max', label: 'max ms', digits: 1 },
  { key: 'other', label: 'other' },
];

async function ingest(ctx: BenchContext): Promise<SectionResult> {
  const corpus = resolve(ctx.root, 'test/fixtures/corpora/mime');
  if (!existsSync(corpus)) throw new Error(`The MIME corpus is missing at ${corpus}`);
  const stack = await ctx.stack();
  const { handler } = await import('../../lambdas/ingest/ingest.handler.ts');
  const { countDynamoCalls } = await import('../../lambdas/platform/aws/dynamo.ts');
  const inbox = await newInbox(stack);
  const s3 = new S3Client({ forcePathStyle: true });
  const bucket = stack.running.resources.bucketName;
  const files = readdirSync(corpus).filter((f) => f.endsWith('.eml')).sort();
  ctx.progress(`ingest: ${files.length} messages`);
  const ms: number[] = [];
  const calls: number[] = [];
  const byCommand = new Map<string, number[]>();
  for (const f of files) {
    const raw = readFileSync(join(corpus, f));
    const id = randomBytes(20).toString('hex');
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: `inbound/${id}`, Body: raw }));
    const event = smtpReceiptEvent(id, 'sender@example.org', [inbox.address], raw, bucket);
    const t0 = performance.now();
    // The ingest's own calls: the queue consumer fanning out earlier messages runs meanwhile in this process.
    const { calls: own } = await countDynamoCalls(() => handler(event));
    ms.push(performance.now() - t0);
    calls.push(own.count);
    for (const [name, n] of Object.entries(own.byCommand)) byCommand.set(name, [...(byCommand.get(name) ?? []), n]);
  }
  const split = [...byCommand].map(([name, counts]) => `${name.replace(/Command$/, '')} ${(counts.reduce((a, b) => a + b, 0) / files.length).toFixed(2)}`).join(', ');
  return {
    columns: [...columns.slice(0, 5), { key: 'calls', label: 'ddb calls/msg (median, max)' }],
    rows: [msRow('ingest per message (parse + extract + thread + store + events)', ms, { calls: `${median(calls)}, ${Math.max(...calls)}` })],
    notes: [`Every .eml of test/fixtures/corpora/mime, raw bytes in the bucket, the ingest handler called in-process with the SES receipt event for one inbox.`,
      `DynamoDB calls per message by command (mean): ${split}.`],
    data: { files, ms: ms.map((x) => round(x, 2)), calls },
  };
}

function receiver(onEvent: (eventId: string, at: number, body: any) => void): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try { const body = JSON.parse(Buffer.concat(chunks).toString('utf8')); onEvent(body.event_id, performance.now(), body); } catch { /* ignored */ }
      res.writeHead(200).end('ok');
    });
  });
  return new Promise((r) => server.listen(0, '127.0.0.1', () => {
    const a = server.address();
    r({ server, url: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/hook` });
  }));
}

async function webhooks(ctx: BenchContext): Promise<SectionResult> {
  const stack = await ctx.stack();
  const inbox = await newInbox(stack);
  const arrivals = new Map<string, number>();
  const bySubject = new Map<string, number>();
  const rx = await receiver((_id, at, body) => { if (body?.message?.subject) bySubject.set(body.message.subject, at); arrivals.set(_id, at); });
  try {
    const w = await stack.call({ method: 'POST', path: '/v1/webhooks', key: inbox.account_api_key, body: { url: rx.url, events: ['message.received'] } });
    if (w.status !== 201) throw new Error(`POST /v1/webhooks answered ${w.status}: ${w.text.slice(0, 300)}`);
    const smtp = createTransport({ host: stack.running.smtpHost, port: stack.running.smtpPort, secure: false, ignoreTLS: true, pool: true, maxConnections: 4 });
    const waitFor = async (pred: () => boolean, ms: number) => {
      const end = Date.now() + ms;
      while (!pred()) { if (Date.now() > end) throw new Error('webhook deliveries did not all arrive in time'); await new Promise((r) => setTimeout(r, 5)); }
    };

    const N = 200;
    ctx.progress(`webhooks: throughput, ${N} mails`);
    const t0 = performance.now();
    const sends = [];
    for (let i = 0; i < N; i++) sends.push(smtp.sendMail({ from: 'a@example.org', to: inbox.address, subject: `tp-${i}`, text: 'hello' }));
    await Promise.all(sends);
    await waitFor(() => [...bySubject.keys()].filter((s) => s.startsWith('tp-')).length >= N, 120_000);
    const seconds = (Math.max(...[...bySubject.entries()].filter(([s]) => s.startsWith('tp-')).map(([, t]) => t)) - t0) / 1000;

    ctx.progress('webhooks: latency, 30 mails one at a time');
    const latency: number[] = [];
    for (let i = 0; i < 30; i++) {
      const subject = `lat-${i}`;
      const start = performance.now();
      await smtp.sendMail({ from: 'a@example.org', to: inbox.address, subject, text: 'hello' });
      await waitFor(() => bySubject.has(subject), 20_000);
      latency.push(bySubject.get(subject)! - start);
    }
    smtp.close();
    return {
      columns,
      rows: [
        { what: `throughput: ${N} mails over 4 SMTP connections → ${N} webhook deliveries`, n: N, p50: null, p99: null, max: null,
          other: `${round(N / seconds, 1)} events/s end to end (${round(seconds, 1)} s)` },
        msRow('SMTP accept → webhook receipt', latency),
      ],
      notes: ['Throughput includes ingest of each mail (the local SMTP stand-in answers 250 after ingest), the outbox dispatch, SQS (moto) and the deliver function (3 local pollers).'],
    };
  } finally {
    rx.server.close();
  }
}

async function send(ctx: BenchContext): Promise<SectionResult> {
  const stack = await ctx.stack();
  const sender = await newInbox(stack);
  const up = await stack.call({ method: 'POST', path: '/v1/account/upgrade', key: sender.account_api_key, body: { tier: 'growth', payment_method: 'pm_card_visa' } });
  if (up.status !== 200) throw new Error(`upgrade answered ${up.status}: ${up.text.slice(0, 300)}`);
  const recipient = await newInbox(stack);
  const latency: number[] = [];
  ctx.progress('send: 20 sends to a local inbox');
  for (let i = 0; i < 20; i++) {
    const subject = `send-${i}-${randomBytes(3).toString('hex')}`;
    const start = performance.now();
    const r = await stack.call({ method: 'POST', path: `/v1/inboxes/${sender.id}/send`, key: sender.api_key, body: { to: recipient.address, subject, body: 'hello' } });
    if (r.status !== 201) throw new Error(`send answered ${r.status}: ${r.text.slice(0, 300)}`);
    for (;;) {
      const l = await stack.call({ method: 'GET', path: `/v1/inboxes/${recipient.id}/messages?limit=5`, key: recipient.api_key });
      if (l.json?.result?.messages?.some((m: { subject: string }) => m.subject === subject)) break;
      if (performance.now() - start > 20_000) throw new Error('a sent message did not arrive in 20 s');
      await new Promise((res) => setTimeout(res, 10));
    }
    latency.push(performance.now() - start);
  }
  return {
    columns,
    rows: [msRow('POST /v1/inboxes/{id}/send → listed in the recipient inbox', latency)],
    notes: ['Locally SES (moto) accepts the mail and the stack delivers it to our own domain through the inbound path (SMTP → ingest), as MX would.'],
  };
}

export const ingestSection: Section = { name: 'ingest', title: 'Ingest per message over the MIME corpus', description: 'parse + extract + thread + store', run: ingest };
export const webhooksSection: Section = { name: 'webhooks', title: 'Webhook delivery through the local queue', description: 'throughput and latency', run: webhooks };
export const sendSection: Section = { name: 'send', title: 'Send → arrive in a local inbox', description: 'outbound through the local SES', run: send };
