/**
 * The realtime stream as a client sees it, for the e2e and sandbox suites: a real WebSocket (the
 * `ws` package) that keeps every frame and waits for the next one matching a predicate.
 */
import WebSocket from 'ws';

export type Frame = Record<string, any>;

/** A connected socket with every frame it got, and a way to wait for the next matching one. */
export interface StreamClient {
  ws: WebSocket;
  frames: Frame[];
  /** The first frame matching pred, from frame number `since` on (frames already received count). */
  next(pred: (f: Frame) => boolean, timeoutMs?: number, what?: string, since?: number): Promise<Frame>;
  close(): Promise<void>;
}

const opened: WebSocket[] = [];

/** Ends every socket opened here (for afterAll): a test that failed midway leaves none open. */
export function terminateStreams(): void {
  for (const ws of opened.splice(0)) ws.terminate();
}

/**
 * Opens a socket with the key as a Bearer header (or, with `query`, as ?key=); rejects with the
 * HTTP status when the handshake is refused.
 */
export function connectStream(url: string, opts: { key?: string; query?: boolean } = {}): Promise<StreamClient> {
  const u = opts.query && opts.key ? `${url}?key=${encodeURIComponent(opts.key)}` : url;
  const ws = new WebSocket(u, { headers: !opts.query && opts.key ? { authorization: `Bearer ${opts.key}` } : {} });
  opened.push(ws);
  const frames: Frame[] = [];
  const waiters = new Set<{ pred: (f: Frame) => boolean; resolve: (f: Frame) => void }>();
  ws.on('message', (data) => {
    const f = JSON.parse(data.toString()) as Frame;
    frames.push(f);
    for (const w of waiters) if (w.pred(f)) { waiters.delete(w); w.resolve(f); }
  });
  const client: StreamClient = {
    ws, frames,
    next: (pred, timeoutMs = 20_000, what = 'a frame', since = 0) => new Promise((resolve, reject) => {
      const seen = frames.slice(since).find(pred);
      if (seen) { resolve(seen); return; }
      const w = { pred, resolve: (f: Frame) => { clearTimeout(t); resolve(f); } };
      const t = setTimeout(() => { waiters.delete(w); reject(new Error(`no ${what} in ${timeoutMs} ms; got ${JSON.stringify(frames)}`)); }, timeoutMs);
      waiters.add(w);
    }),
    close: () => new Promise((r) => { if (ws.readyState === WebSocket.CLOSED) r(); else { ws.once('close', () => r()); ws.close(); } }),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`handshake refused: ${res.statusCode}`), { status: res.statusCode })));
    ws.once('error', reject);
  });
}

/** Sends a subscribe message and waits for its answer (subscribed, or an error frame). */
export async function subscribe(c: StreamClient, msg: Record<string, unknown> = {}): Promise<Frame> {
  const since = c.frames.length;
  c.ws.send(JSON.stringify({ type: 'subscribe', ...msg }));
  return c.next((f) => f.type === 'subscribed' || f.type === 'error', 20_000, 'subscribe answer', since);
}
