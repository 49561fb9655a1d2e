import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { bearerToken } from '../accounts/api-keys.ts';
import { errorResponse } from '../platform/http/envelope.ts';
import { httpHandler } from '../api/http-handler.ts';
import { log, setLogContext } from '../platform/log.ts';
import { flushMetrics } from '../platform/metrics.ts';
import * as stream from './stream.ts';

/** What API Gateway's WebSocket API hands a function (routes $connect, $disconnect, subscribe, ping, $default). */
export interface WebSocketEvent {
  requestContext: { routeKey: string; connectionId: string; requestId?: string; eventType?: string };
  headers?: Record<string, string | undefined>;
  queryStringParameters?: Record<string, string | undefined> | null;
  body?: string;
  isBase64Encoded?: boolean;
}

const http = await httpHandler('stream', {
  getStream: async () => ({ result: stream.streamInfo(), nextSteps: [
    'Connect to url with Authorization: Bearer <key> (or ?key=<key>), then send {"type":"subscribe"}; add last_event_id after a reconnect.',
  ] }),
});

const isWebSocket = (e: unknown): e is WebSocketEvent => typeof (e as WebSocketEvent)?.requestContext?.connectionId === 'string';

function header(e: WebSocketEvent, name: string) {
  for (const [k, v] of Object.entries(e.headers ?? {})) if (k.toLowerCase() === name) return v;
  return undefined;
}

async function onSocket(e: WebSocketEvent): Promise<APIGatewayProxyStructuredResultV2> {
  const id = e.requestContext.connectionId;
  setLogContext({ request_id: e.requestContext.requestId ?? id, connection_id: id });
  switch (e.requestContext.routeKey) {
    case '$connect': {
      const key = bearerToken(header(e, 'authorization')) || e.queryStringParameters?.key || undefined;
      try {
        await stream.connect(id, key);
        return { statusCode: 200 };
      } catch (err) {
        // A refused handshake answers the API's error envelope (status, retry-after, next_steps).
        return errorResponse(err, e.requestContext.requestId ?? id);
      }
    }
    case '$disconnect':
      await stream.disconnect(id);
      return { statusCode: 200 };
    case 'subscribe': {
      let message: unknown;
      try { message = JSON.parse(e.isBase64Encoded ? Buffer.from(e.body ?? '', 'base64').toString('utf8') : e.body ?? ''); } catch { message = undefined; }
      const r = await stream.subscribe(id, message);
      log.info('stream subscribe', { replayed: r.replayed, gone: r.gone });
      return { statusCode: 200 };
    }
    case 'ping':
      await stream.ping(id);
      return { statusCode: 200 };
    default:
      await stream.unknownMessage(id);
      return { statusCode: 200 };
  }
}

/** The WebSocket API's routes and GET /v1/stream share this function (both need STREAM_URL). */
export async function handler(event: APIGatewayProxyEventV2 | WebSocketEvent, context: Context) {
  if (!isWebSocket(event)) return http(event as APIGatewayProxyEventV2, context);
  try {
    return await onSocket(event);
  } finally {
    await flushMetrics();
  }
}
