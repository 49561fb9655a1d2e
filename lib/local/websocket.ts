/**
 * The API Gateway WebSocket API stand-in (issue 16), on the API port: upgrade requests to
 * LOCAL_STREAM_PATH become $connect invocations of the stream function (a non-2xx answer refuses
 * the handshake with that status), each text message is routed by its "type" (subscribe, ping,
 * else $default) and a close is $disconnect — the event shapes API Gateway sends. The Management
 * API (POST/GET/DELETE <path>/@connections/{id}) is served here over HTTP, so the functions'
 * signed Management API calls post frames exactly as deployed. Like API Gateway it closes a
 * connection after 2 hours, and after 10 minutes without a message either way.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { CONNECTION_IDLE_SECONDS, CONNECTION_MAX_SECONDS, MAX_FRAME_BYTES } from '../../lambdas/events/stream-protocol.ts';

/** The message routes of the deployed API (lib/constructs/stream.ts: STREAM_MESSAGE_ROUTES). */
const MESSAGE_ROUTES = new Set(['subscribe', 'ping']);

export interface SocketResult { statusCode?: number; body?: string }
export type SocketInvoke = (event: unknown) => Promise<SocketResult | undefined>;

export interface WebSocketStandInOptions {
  path: string;
  invoke: SocketInvoke;
  /**
   * Access key ids allowed to call the Management API (the functions whose needs include
   * streamPost); undefined when the emulator does not enforce IAM either.
   */
  allowedKeyIds?: ReadonlySet<string>;
  /** Tests may shorten API Gateway's limits; defaults are the deployed ones. */
  maxSeconds?: number;
  idleSeconds?: number;
}

interface Live { socket: WebSocket; connectedAt: number; lastActiveAt: number; sourceIp: string; userAgent: string; timers: NodeJS.Timeout[] }

const log = (level: string, message: string, fields: Record<string, unknown> = {}) =>
  console.error(JSON.stringify({ level, message, ...fields }));

export function createWebSocketStandIn(o: WebSocketStandInOptions) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const live = new Map<string, Live>();
  const requestContext = (routeKey: string, connectionId: string, eventType: string, extra: Record<string, unknown> = {}) => ({
    routeKey, eventType, connectionId, requestId: randomUUID(), apiId: 'local', stage: 'local', domainName: 'localhost',
    requestTimeEpoch: Date.now(), connectedAt: live.get(connectionId)?.connectedAt ?? Date.now(), ...extra,
  });

  const idle = (id: string) => {
    const c = live.get(id);
    if (!c) return;
    c.lastActiveAt = Date.now();
    clearTimeout(c.timers[1]);
    c.timers[1] = setTimeout(() => c.socket.close(1001, 'Going away'), (o.idleSeconds ?? CONNECTION_IDLE_SECONDS) * 1000);
  };

  async function onMessage(id: string, data: Buffer) {
    idle(id);
    const body = data.toString('utf8');
    let type: unknown;
    try { type = (JSON.parse(body) as { type?: unknown })?.type; } catch { type = undefined; }
    const routeKey = typeof type === 'string' && MESSAGE_ROUTES.has(type) ? type : '$default';
    try {
      await o.invoke({ requestContext: requestContext(routeKey, id, 'MESSAGE', { messageId: randomUUID() }), body, isBase64Encoded: false });
    } catch (e) {
      // What API Gateway answers on the socket when the integration fails.
      log('error', 'stream function failed', { route: routeKey, error: String(e) });
      live.get(id)?.socket.send(JSON.stringify({ message: 'Internal server error', connectionId: id, requestId: randomUUID() }));
    }
  }

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== o.path) return false;
    const id = randomBytes(12).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
    const query = Object.fromEntries(url.searchParams);
    const refuse = (status: number, body: string) => {
      socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : 'Error'}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
    };
    void (async () => {
      let out: SocketResult | undefined;
      try {
        out = await o.invoke({ requestContext: requestContext('$connect', id, 'CONNECT'), headers, multiValueHeaders: {}, ...(Object.keys(query).length ? { queryStringParameters: query } : {}), isBase64Encoded: false });
      } catch (e) {
        log('error', 'stream $connect failed', { error: String(e) });
        refuse(500, JSON.stringify({ message: 'Internal server error' }));
        return;
      }
      const status = out?.statusCode ?? 200;
      if (status < 200 || status > 299) { refuse(status, out?.body ?? ''); return; }
      wss.handleUpgrade(req, socket, head, (ws) => {
        const c: Live = { socket: ws, connectedAt: Date.now(), lastActiveAt: Date.now(), sourceIp: (req.socket.remoteAddress ?? '').replace(/^::ffff:/, ''),
          userAgent: headers['user-agent'] ?? '', timers: [] };
        c.timers[0] = setTimeout(() => ws.close(1001, 'Going away'), (o.maxSeconds ?? CONNECTION_MAX_SECONDS) * 1000);
        live.set(id, c);
        idle(id);
        ws.on('message', (data: Buffer) => void onMessage(id, data));
        ws.on('close', () => {
          for (const t of c.timers) clearTimeout(t);
          live.delete(id);
          o.invoke({ requestContext: requestContext('$disconnect', id, 'DISCONNECT', { disconnectStatusCode: 1000 }), headers, isBase64Encoded: false })
            .catch((e) => log('error', 'stream $disconnect failed', { error: String(e) }));
        });
        ws.on('error', () => ws.terminate());
      });
    })();
    return true;
  }

  /** The Management API: POST (send), GET (describe), DELETE (close) <path>/@connections/{id}. */
  function handleManagement(req: IncomingMessage, res: ServerResponse): boolean {
    const url = new URL(req.url ?? '/', 'http://local');
    const prefix = `${o.path}/@connections/`;
    if (!url.pathname.startsWith(prefix)) return false;
    const answer = (status: number, body: unknown, errorType?: string) => {
      res.writeHead(status, { 'content-type': 'application/json', ...(errorType ? { 'x-amzn-errortype': errorType } : {}) });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };
    // Which identity signed (SigV4 Credential=<key id>/…): only those of the functions granted ManageConnections.
    const keyId = /Credential=([^/,\s]+)\//.exec(req.headers.authorization ?? '')?.[1];
    if (o.allowedKeyIds && (!keyId || !o.allowedKeyIds.has(keyId))) {
      answer(403, { message: `User ${keyId ?? '(anonymous)'} is not authorized to perform: execute-api:ManageConnections` }, 'ForbiddenException');
      return true;
    }
    const id = decodeURIComponent(url.pathname.slice(prefix.length));
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const c = live.get(id);
      if (!c) { answer(410, { message: null }, 'GoneException'); return; }
      const method = req.method ?? 'GET';
      if (method === 'POST') {
        const data = Buffer.concat(chunks);
        if (data.length > MAX_FRAME_BYTES) { answer(413, { message: 'Message too long' }, 'PayloadTooLargeException'); return; }
        c.socket.send(data.toString('utf8'), (err) => {
          if (err) answer(410, { message: null }, 'GoneException');
          else { idle(id); answer(200, undefined); }
        });
        return;
      }
      if (method === 'DELETE') { c.socket.close(1000); answer(204, undefined); return; }
      answer(200, { ConnectedAt: new Date(c.connectedAt).toISOString(), LastActiveAt: new Date(c.lastActiveAt).toISOString(),
        Identity: { SourceIp: c.sourceIp, UserAgent: c.userAgent } });
    });
    return true;
  }

  return {
    handleUpgrade,
    handleManagement,
    /** Live connections (the stand-in's own view, like API Gateway's). */
    connectionCount: () => live.size,
    close: async () => {
      for (const c of live.values()) { for (const t of c.timers) clearTimeout(t); c.socket.terminate(); }
      live.clear();
      await new Promise<void>((r) => wss.close(() => r()));
    },
  };
}
