/**
 * The realtime stream (WebSocket) on the local stack: how long after the SMTP 250 a subscribed
 * client gets the message.received frame (dispatch → webhook queue → webhook-deliver → the
 * Management API → the socket), and how long a reconnect takes to replay missed events. A real
 * `ws` client; latencies are moto's and this machine's (the local SQS poller long-polls moto).
 */
import { randomBytes } from 'node:crypto';
import { createTransport } from 'nodemailer';
import WebSocket from 'ws';
import { median, percentile, round } from '../lib/stats.ts';
import type { BenchContext, Row, Section, SectionResult } from '../lib/types.ts';

/** Mails each timed from SMTP 250 to its frame. */
const LATENCY_RUNS = 15;
/** Events missed while disconnected, then replayed by one subscribe. */
const REPLAY_EVENTS = 10;

type Frame = Record<string, any>;

function open(url: string, key: string): Promise<{ ws: WebSocket; next: (pred: (f: Frame) => boolean, ms?: number) => Promise<{ f: Frame; at: number }> }> {
  const ws = new WebSocket(url, { headers: { authorization: `Bearer ${key}` } });
  const waiters: { pred: (f: Frame) => boolean; resolve: (v: { f: Frame; at: number }) => void }[] = [];
  ws.on('message', (d) => {
    const at = performance.now();
    const f = JSON.parse(d.toString()) as Frame;
    for (const w of [...waiters]) if (w.pred(f)) { waiters.splice(waiters.indexOf(w), 1); w.resolve({ f, at }); }
  });
  const next = (pred: (f: Frame) => boolean, ms = 30_000) => new Promise<{ f: Frame; at: number }>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`stream bench: no frame in ${ms} ms`)), ms);
    waiters.push({ pred, resolve: (v) => { clearTimeout(t); resolve(v); } });
  });
  return new Promise((resolve, reject) => { ws.once('open', () => resolve({ ws, next })); ws.once('error', reject); });
}

async function run(ctx: BenchContext): Promise<SectionResult> {
  const stack = await ctx.stack();
  const created = await stack.call({ method: 'POST', path: '/v1/inboxes', body: { username: `bench-stream-${randomBytes(4).toString('hex')}` } });
  if (created.status !== 201) throw new Error(`POST /v1/inboxes answered ${created.status}: ${created.text.slice(0, 300)}`);
  const inbox = created.json.result as { id: string; address: string; api_key: string };
  const info = await stack.call({ method: 'GET', path: '/v1/stream', key: inbox.api_key });
  const url = info.json?.result?.url as string;
  if (info.status !== 200 || !url) throw new Error(`GET /v1/stream answered ${info.status}: ${info.text.slice(0, 300)}`);
  const smtp = createTransport({ host: stack.running.smtpHost, port: stack.running.smtpPort, secure: false, ignoreTLS: true });
  const rows: Row[] = [];
  try {
    ctx.progress(`stream: ${LATENCY_RUNS} mails, each to a subscribed socket`);
    const c = await open(url, inbox.api_key);
    const subscribed = c.next((f) => f.type === 'subscribed');
    c.ws.send(JSON.stringify({ type: 'subscribe', event_types: ['message.received'] }));
    await subscribed;
    const latencies: number[] = [];
    let lastEventId = '';
    for (let i = 0; i < LATENCY_RUNS; i++) {
      const subject = `stream-${i}-${randomBytes(3).toString('hex')}`;
      const frame = c.next((f) => f.message?.subject === subject);
      await smtp.sendMail({ from: 'a@example.org', to: inbox.address, subject, text: `mail ${i}` });
      const accepted = performance.now();
      const { f, at } = await frame;
      latencies.push(at - accepted);
      lastEventId = f.event_id as string;
    }
    c.ws.close();
    rows.push({ measure: 'SMTP accepted → message.received frame (ms)', n: latencies.length, p50: round(median(latencies), 1),
      p95: round(percentile(latencies, 95), 1), max: round(Math.max(...latencies), 1) });

    ctx.progress(`stream: ${REPLAY_EVENTS} mails while disconnected, then a resuming subscribe`);
    for (let i = 0; i < REPLAY_EVENTS; i++) await smtp.sendMail({ from: 'a@example.org', to: inbox.address, subject: `missed-${i}`, text: 'missed' });
    const again = await open(url, inbox.api_key);
    const replayed = again.next((f) => f.type === 'replayed');
    const t0 = performance.now();
    again.ws.send(JSON.stringify({ type: 'subscribe', event_types: ['message.received'], last_event_id: lastEventId }));
    const { f, at } = await replayed;
    again.ws.close();
    if (f.count !== REPLAY_EVENTS) throw new Error(`replayed ${f.count} events, expected ${REPLAY_EVENTS}`);
    rows.push({ measure: `subscribe with last_event_id → ${REPLAY_EVENTS} missed events replayed (ms)`, n: 1, p50: round(at - t0, 1), p95: null, max: null });
  } finally {
    smtp.close();
  }
  return {
    columns: [
      { key: 'measure', label: 'measure' }, { key: 'n', label: 'n' },
      { key: 'p50', label: 'median', digits: 1 }, { key: 'p95', label: 'p95', digits: 1 }, { key: 'max', label: 'max', digits: 1 },
    ],
    rows,
    notes: [
      'Locally SMTP answers 250 after ingest has stored the mail and dispatched its events, so the latency is the fan-out: the stream job through the webhook queue (moto, polled by the local event source stand-in), webhook-deliver, then PostToConnection on the WebSocket stand-in.',
      'The replay includes the subscribe handler\'s settle pause (it re-reads the event index once, which is eventually consistent in DynamoDB).',
    ],
    data: { latencyRuns: LATENCY_RUNS, replayEvents: REPLAY_EVENTS },
  };
}

export const streamSection: Section = {
  name: 'stream',
  title: 'Realtime stream (WebSocket): SMTP accepted → frame, and replay on reconnect (local stack)',
  description: 'a subscribed ws client receives real SMTP mail; a resuming subscribe replays missed events',
  run,
};
