/**
 * A real webhook receiver for the end-to-end tests: a node:http server on 127.0.0.1 (local mode
 * accepts loopback http URLs) that records the raw body bytes and headers of every request, and
 * answers as the test programs it — per call (fail twice, then 200), per event, or slowly.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Reply {
  status: number;
  body?: string;
  /** Answer only after this many milliseconds. */
  delayMs?: number;
  /** A Location header (for redirects). */
  location?: string;
}

export interface Received {
  /** 1-based order of arrival at this receiver. */
  n: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The exact bytes the sender wrote: signatures are checked over these. */
  raw: Buffer;
  /** The body parsed as JSON (undefined when it is not JSON). */
  json: any;
  receivedAt: number;
  /** What this receiver answered (set once the answer is chosen). */
  reply: Reply;
  /** True once the answer was written to a connection the sender still held open. */
  answered: boolean;
}

export type Responder = (req: Received) => Reply | undefined;

export interface Receiver {
  /** http://127.0.0.1:<port>/hook/<name>: the webhook URL to register. */
  url: string;
  port: number;
  requests: Received[];
  /** Answers for the next calls, in order; afterwards the responder or the default answers. */
  queue(...replies: Reply[]): void;
  /**
   * Decides each answer (undefined falls through to the default); replaces any earlier one.
   * The request being decided is not yet in `requests`.
   */
  respondWith(r: Responder | undefined): void;
  /** The answer when nothing else decides: 200 "ok" unless changed. */
  setDefault(reply: Reply): void;
  /** Requests that carry this event type (body.event). */
  ofType(type: string): Received[];
  /** Requests for this event id (every attempt, failed ones included). */
  forEvent(eventId: string): Received[];
  /** Requests answered 2xx in time, i.e. deliveries the sender must count as done. */
  delivered(): Received[];
  /** Successful deliveries per event_id: every value must be 1 (receivers deduplicate on it). */
  deliveryCounts(): Map<string, number>;
  /** Waits (bounded) until `predicate` holds over the requests so far; returns them. */
  waitFor(predicate: (reqs: Received[]) => boolean, what: string, timeoutMs?: number): Promise<Received[]>;
  /** Waits for the first request matching `match`. */
  waitForRequest(match: (r: Received) => boolean, what: string, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
}

export const SIGNATURE_HEADER = 'x-service-signature';
export const EVENT_ID_HEADER = 'x-service-event-id';
export const TIMESTAMP_HEADER = 'x-service-timestamp';

/** What a receiver does: HMAC-SHA256(secret, raw body) in lowercase hex, compared in constant time. */
export function verifySignature(raw: Buffer, secret: string, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{64}$/.test(header)) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  const given = Buffer.from(header, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const STANDARD_ID_HEADER = 'webhook-id';
export const STANDARD_TIMESTAMP_HEADER = 'webhook-timestamp';
export const STANDARD_SIGNATURE_HEADER = 'webhook-signature';

/**
 * What a Standard Webhooks receiver does (written from that spec, not from the sender's code):
 * the timestamp is within `toleranceSeconds` of now, and one of the space-separated `v1,<base64>`
 * entries is HMAC-SHA256 of "webhook-id.webhook-timestamp.raw body", keyed with the base64 after
 * `whsec_` decoded to bytes. A replayed body with a fresh timestamp fails here.
 */
export function verifyStandardSignature(raw: Buffer, secret: string, headers: IncomingHttpHeaders, toleranceSeconds = 300): boolean {
  const id = headers[STANDARD_ID_HEADER];
  const timestamp = headers[STANDARD_TIMESTAMP_HEADER];
  const signatures = headers[STANDARD_SIGNATURE_HEADER];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string' || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(Buffer.concat([Buffer.from(`${id}.${timestamp}.`), raw])).digest();
  return signatures.split(' ').some((entry) => {
    const [version, sig] = entry.split(',');
    const given = Buffer.from(sig ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** The single-valued headers, as the Standard Webhooks libraries take them. */
export function plainHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** Polls `check` every 100 ms until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let serial = 0;

export async function startReceiver(name = `r${++serial}`): Promise<Receiver> {
  const requests: Received[] = [];
  const pending: Reply[] = [];
  let responder: Responder | undefined;
  let fallback: Reply = { status: 200, body: 'ok' };
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let json: any;
      try { json = JSON.parse(raw.toString('utf8')); } catch { json = undefined; }
      const r: Received = {
        n: requests.length + 1, method: req.method ?? '', path: req.url ?? '', headers: req.headers, raw, json,
        receivedAt: Date.now(), reply: fallback, answered: false,
      };
      r.reply = pending.shift() ?? responder?.(r) ?? fallback;
      requests.push(r);
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(r.reply.status, { 'content-type': 'text/plain', ...(r.reply.location ? { location: r.reply.location } : {}) });
        res.end(r.reply.body ?? '', () => { r.answered = true; });
      };
      if (r.reply.delayMs) {
        const t = setTimeout(() => { timers.delete(t); answer(); }, r.reply.delayMs);
        timers.add(t);
      } else answer();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  const self: Receiver = {
    url: `http://127.0.0.1:${port}/hook/${name}`,
    port,
    requests,
    queue: (...replies) => { pending.push(...replies); },
    respondWith: (r) => { responder = r; },
    setDefault: (reply) => { fallback = reply; },
    ofType: (type) => requests.filter((r) => r.json?.event === type),
    forEvent: (id) => requests.filter((r) => r.json?.event_id === id),
    delivered: () => requests.filter((r) => r.answered && r.reply.status >= 200 && r.reply.status < 300),
    deliveryCounts: () => {
      const m = new Map<string, number>();
      for (const r of self.delivered()) m.set(r.json?.event_id, (m.get(r.json?.event_id) ?? 0) + 1);
      return m;
    },
    waitFor: (predicate, what, timeoutMs) => eventually(() => (predicate(requests) ? [...requests] : undefined), what, timeoutMs),
    waitForRequest: (match, what, timeoutMs) => eventually(() => requests.find(match), what, timeoutMs),
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  return self;
}
