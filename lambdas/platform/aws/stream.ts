/**
 * The WebSocket API's Management API over aws4fetch (lambdas/platform/aws/fetch.ts) instead of
 * @aws-sdk/client-apigatewaymanagementapi (docs/decisions.md, "Bundles, AWS calls and observability"): two
 * signed calls, POST and DELETE <stage>/@connections/{id}. STREAM_URL is the wss:// (locally
 * ws://) address clients connect to. The Management API endpoint is STREAM_CALLBACK_URL, the
 * stage's execute-api URL (https://<api id>.execute-api.<region>.amazonaws.com/<stage>, also with
 * a custom stream domain); without it (the local stand-in, lib/local/websocket.ts), the same
 * address as STREAM_URL over https:// (http://).
 */
import { createHash } from 'node:crypto';
import { requireEnv } from '../config.ts';
import { awsFetch, jsonFailure } from './fetch.ts';

export const streamUrl = requireEnv('STREAM_URL').replace(/\/+$/, '');
const endpoint = (process.env.STREAM_CALLBACK_URL || streamUrl.replace(/^ws(s?):\/\//, 'http$1://')).replace(/\/+$/, '');

/** One Management API call; the answer's status (410: the connection is gone). */
async function manage(method: 'POST' | 'DELETE', connectionId: string, data?: Buffer): Promise<Response> {
  return awsFetch('execute-api', `${endpoint}/@connections/${encodeURIComponent(connectionId)}`, {
    method,
    headers: {
      ...(data ? { 'content-type': 'application/octet-stream' } : {}),
      'x-amz-content-sha256': createHash('sha256').update(data ?? '').digest('hex'),
    },
    body: data,
  });
}

/** Posts one frame; false when the connection is gone (410), the caller then forgets it. */
export async function postToConnection(connectionId: string, data: string): Promise<boolean> {
  const res = await manage('POST', connectionId, Buffer.from(data));
  if (res.status === 410) { await res.body?.cancel(); return false; }
  if (!res.ok) throw await jsonFailure(res, 'PostToConnection');
  await res.body?.cancel();
  return true;
}

/** Closes a connection from the server side (a gone one is fine). */
export async function closeConnection(connectionId: string): Promise<void> {
  const res = await manage('DELETE', connectionId);
  if (res.status === 410) { await res.body?.cancel(); return; }
  if (!res.ok) throw await jsonFailure(res, 'DeleteConnection');
  await res.body?.cancel();
}
