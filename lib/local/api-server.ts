import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { routeKey } from '../../lambdas/routes.ts';
import { matchRoute } from '../../lambdas/api/route-match.ts';
import { nextStepsForError } from '../../lambdas/platform/http/next-steps.ts';
import { LAMBDA_SYNC_PAYLOAD_BYTES, LARGEST_BODY_A_FUNCTION_RECEIVES } from '../../lambdas/platform/payload-limits.ts';
import type { FunctionName } from '../../lambdas/functions.ts';
import { lambdaContext } from './lambda-context.ts';
import type { LambdaInvokeStandIn } from './lambda-invoke.ts';

/** API Gateway's payload limit; larger requests never reach a function. */
const API_GATEWAY_MAX_BODY_BYTES = 10 * 1024 * 1024;

export type HttpLambda = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
export type FunctionLoader = (name: FunctionName) => Promise<HttpLambda>;
/** The WebSocket API stand-in's two doors on this port: upgrades and the Management API. */
export interface ApiSocketStandIn {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  handleManagement(req: IncomingMessage, res: ServerResponse): boolean;
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > API_GATEWAY_MAX_BODY_BYTES) { tooLarge = true; chunks.length = 0; return; }
      if (!tooLarge) chunks.push(c);
    });
    req.on('end', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** What the local API routes, as a deployed stack's API Gateway would. */
export interface ApiRouting {
  /** The route table's testMode rows are routed (a stack in test mode); otherwise they fall to $default, a 404. */
  testMode: boolean;
  /** The Lambda Invoke API stand-in (lib/local/lambda-invoke.ts), served on the same port. */
  lambdaInvoke?: LambdaInvokeStandIn;
}

/** Turns a Node request into the HTTP API (payload 2.0) event, routed like API Gateway. */
export function toApiGatewayEvent(req: IncomingMessage, body: Buffer, sourceIp: string, routing: ApiRouting): { event: APIGatewayProxyEventV2; fn: FunctionName } {
  // Resolve against the origin, not as a reference: "//x/path" must stay a path (API Gateway
  // routes on the raw path), not become host "x" with path "/path".
  const raw = req.url ?? '/';
  const url = new URL(raw.startsWith('/') ? `http://local${raw}` : raw, 'http://local');
  const method = (req.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
  headers['x-forwarded-proto'] ??= 'http';
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const m = matchRoute(method, url.pathname, { testMode: routing.testMode });
  // API Gateway matches the path exactly (no trailing-slash folding); anything else is $default.
  const exact = m.kind === 'found' && !(url.pathname.length > 1 && url.pathname.endsWith('/'));
  const now = new Date();
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || /json|text|xml|x-www-form-urlencoded/i.test(contentType) || contentType === '';
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: exact ? routeKey(m.route) : '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(exact && Object.keys(m.params).length ? { pathParameters: m.params } : {}),
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !isText,
    requestContext: {
      accountId: '000000000000', apiId: 'local', domainName: headers.host ?? 'localhost', domainPrefix: 'localhost',
      http: { method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp, userAgent: headers['user-agent'] ?? '' },
      requestId: randomUUID(), routeKey: exact ? routeKey(m.route) : '$default', stage: '$default',
      time: now.toUTCString(), timeEpoch: now.getTime(),
    },
  };
  return { event, fn: exact ? m.route.fn : 'discovery' };
}

/**
 * 413 for a request API Gateway refuses: over its 10 MB payload quota, or one whose event is over
 * Lambda's 6 MB invocation quota (API Gateway's HTTP API answers 413 {"message":"Request Entity Too
 * Large"} when Lambda refuses the invoke as too large). Deployed, that bare message is all; locally
 * the error envelope, keeping that message key (README: local emulation limits).
 */
function requestTooLarge(res: ServerResponse, maxBytes: number): void {
  res.writeHead(413, { 'content-type': 'application/json' });
  res.end(JSON.stringify({
    error: 'PAYLOAD_TOO_LARGE', message: 'Request Entity Too Large',
    details: { max_bytes: maxBytes }, next_steps: nextStepsForError('PAYLOAD_TOO_LARGE'),
  }));
}

/** The JSON size of an invocation payload, as Lambda counts it against its quota. */
const payloadBytes = (payload: unknown) => Buffer.byteLength(JSON.stringify(payload) ?? '');

/**
 * The API Gateway stand-in: same routes (lambdas/routes.ts), same event shape, same functions.
 * Test mode is on unless `routing` says otherwise (a local stack is a sandbox by nature).
 */
// moto's transactions are isolated by lib/local/moto_server.py, for every client of the emulator.
export async function startApiServer(port: number, host: string, load: FunctionLoader, socket?: ApiSocketStandIn,
  routing: ApiRouting = { testMode: true }): Promise<Server> {
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    if (socket?.handleManagement(req, res)) return;
    if (routing.lambdaInvoke?.handle(req, res)) return;
    try {
      const body = await readBody(req);
      if (body === 'too-large') { requestTooLarge(res, API_GATEWAY_MAX_BODY_BYTES); return; }
      const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
      const { event, fn } = toApiGatewayEvent(req, body, sourceIp, routing);
      // Lambda refuses an event over its quota before the function runs. The event's size depends
      // on the body's type (base64 for binary), so the 413 names the largest body that always fits.
      if (payloadBytes(event) > LAMBDA_SYNC_PAYLOAD_BYTES) { requestTooLarge(res, LARGEST_BODY_A_FUNCTION_RECEIVES); return; }
      const handler = await load(fn);
      const out = await handler(event, lambdaContext(fn, { requestId: event.requestContext.requestId }));
      // A response over the quota fails the invocation (Function.ResponseSizeTooLarge), after the
      // function ran: API Gateway answers 500, as for a crash, and never sends the oversized body.
      const outBytes = payloadBytes(out);
      if (outBytes > LAMBDA_SYNC_PAYLOAD_BYTES) {
        console.error(JSON.stringify({ level: 'error', message: 'function response over the Lambda payload quota', function: fn, bytes: outBytes, max_bytes: LAMBDA_SYNC_PAYLOAD_BYTES }));
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Internal Server Error' }));
        return;
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(out.headers ?? {})) headers[k] = String(v);
      const payload = out.body === undefined ? '' : out.isBase64Encoded ? Buffer.from(out.body, 'base64') : out.body;
      res.writeHead(out.statusCode ?? 200, headers);
      res.end(payload);
    } catch (e) {
      // API Gateway answers 500 {"message":"Internal Server Error"} when a function crashes.
      console.error(JSON.stringify({ level: 'error', message: 'function crashed', error: String((e as Error)?.stack ?? e) }));
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Internal Server Error' }));
    }
  });
  // The WebSocket API stand-in shares the port (lib/local/websocket.ts); other upgrades are refused.
  server.on('upgrade', (req, sock: Duplex, head: Buffer) => {
    if (!socket?.handleUpgrade(req, sock, head)) sock.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\n\r\n');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
