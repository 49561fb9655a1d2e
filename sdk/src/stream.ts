/**
 * The realtime event stream (WebSocket) as an async iterator: the same events as webhooks, for
 * agents with no public endpoint. It asks GET /v1/stream for the URL (which also checks the key:
 * a bad key throws MailroomError instead of reconnecting forever), subscribes, and after any
 * disconnect reconnects with backoff and resumes with `last_event_id` — the server sends what
 * was missed first, in order, so the iterator sees every event once.
 */
import { MailroomError } from './errors.js';
import type { WebhookEvent } from './webhooks.js';

export interface StreamOptions {
  /** Only these event types (e.g. ['message.received']); default all. */
  eventTypes?: string[];
  /** Only events of these inboxes; default every inbox the key may see (an inbox key: its own). */
  inboxIds?: string[];
  /** Resume after this event (an event_id from an earlier frame). */
  lastEventId?: string;
  /** Stops the stream (the iterator ends). */
  signal?: AbortSignal;
  /** Reconnect backoff: first delay and ceiling in ms (default 500 and 30 000, doubling, with jitter). */
  backoff?: { initialMs?: number; maxMs?: number };
  /**
   * How often to send {"type":"ping"} (default 5 minutes): API Gateway closes connections idle
   * for 10 minutes.
   */
  pingIntervalMs?: number;
  /** Called on each reconnect, with the attempt number and the delay before it. */
  onReconnect?: (info: { attempt: number; delayMs: number; lastEventId: string | undefined }) => void;
  /** A WebSocket constructor of your own; default globalThis.WebSocket (Node 22+, browsers). */
  WebSocket?: typeof globalThis.WebSocket;
}

/** One event: the webhook payload (event, event_id, timestamp, account_id, inbox_id, …). */
export type StreamEvent = WebhookEvent;

/** The server refused the subscription (a bad filter, or an inbox the key may not see). */
export class StreamSubscribeError extends Error {
  constructor(readonly code: string, message: string, readonly field?: string) { super(message); this.name = 'StreamSubscribeError'; }
}

export const DEFAULT_PING_INTERVAL_MS = 5 * 60_000;

type Item = { kind: 'event'; event: StreamEvent } | { kind: 'closed' } | { kind: 'error'; error: Error };

/** What the stream needs from the client: the URL (key checked) and the key itself. */
export interface StreamSource {
  streamUrl(): Promise<string>;
  apiKey: string | undefined;
}

export async function* eventStream(source: StreamSource, o: StreamOptions = {}): AsyncGenerator<StreamEvent, void, undefined> {
  const WS = o.WebSocket ?? globalThis.WebSocket;
  if (!WS) throw new Error('No WebSocket implementation: use Node 22+ or pass options.WebSocket');
  if (!source.apiKey) throw new MailroomError({ status: 401, code: 'UNAUTHORIZED', message: 'The stream needs an API key (apiKey or MAILROOM_API_KEY).' });
  const initial = o.backoff?.initialMs ?? 500;
  const max = o.backoff?.maxMs ?? 30_000;
  let lastEventId = o.lastEventId;
  let attempt = 0;
  while (!o.signal?.aborted) {
    // A bad key or a gone server throws here (MailroomError), which ends the iterator.
    const url = await source.streamUrl();
    const queue: Item[] = [];
    let wake: (() => void) | undefined;
    const push = (i: Item) => { queue.push(i); wake?.(); };
    const sep = url.includes('?') ? '&' : '?';
    const ws = new WS(`${url}${sep}key=${encodeURIComponent(source.apiKey)}`);
    let ping: ReturnType<typeof setInterval> | undefined;
    const onAbort = () => ws.close(1000);
    o.signal?.addEventListener('abort', onAbort, { once: true });
    ws.addEventListener('open', () => {
      ws.send(JSON.stringify({ type: 'subscribe', event_types: o.eventTypes, inbox_ids: o.inboxIds, ...(lastEventId ? { last_event_id: lastEventId } : {}) }));
      ping = setInterval(() => { if (ws.readyState === WS.OPEN) ws.send('{"type":"ping"}'); }, o.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS);
    });
    ws.addEventListener('message', (m: MessageEvent) => {
      let f: Record<string, any>;
      try { f = JSON.parse(typeof m.data === 'string' ? m.data : new TextDecoder().decode(m.data as ArrayBuffer)); } catch { return; }
      if (typeof f.event === 'string' && typeof f.event_id === 'string') push({ kind: 'event', event: f as StreamEvent });
      else if (f.type === 'subscribed') attempt = 0;
      else if (f.type === 'error' && f.error !== 'UNKNOWN_MESSAGE') push({ kind: 'error', error: new StreamSubscribeError(f.error, f.message, f.field) });
    });
    ws.addEventListener('close', () => push({ kind: 'closed' }));
    try {
      for (;;) {
        while (!queue.length) await new Promise<void>((r) => { wake = r; });
        const item = queue.shift()!;
        if (item.kind === 'error') throw item.error;
        if (item.kind === 'closed') break;
        lastEventId = item.event.event_id;
        yield item.event;
      }
    } finally {
      clearInterval(ping);
      o.signal?.removeEventListener('abort', onAbort);
      if (ws.readyState === WS.OPEN || ws.readyState === WS.CONNECTING) ws.close(1000);
    }
    if (o.signal?.aborted) return;
    attempt++;
    const delayMs = Math.min(max, initial * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);
    o.onReconnect?.({ attempt, delayMs, lastEventId });
    await new Promise<void>((r) => {
      const t = setTimeout(r, delayMs);
      o.signal?.addEventListener('abort', () => { clearTimeout(t); r(); }, { once: true });
    });
  }
}
