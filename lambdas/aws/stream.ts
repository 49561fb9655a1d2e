import { ApiGatewayManagementApiClient, DeleteConnectionCommand, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { requireEnv } from '../config.ts';

/**
 * The WebSocket API's Management API. STREAM_URL is the wss:// (locally ws://) address clients
 * connect to; the same address over https:// (http://) is the Management API endpoint, in AWS
 * and in the local stand-in alike (lib/local/websocket.ts).
 */
export const streamUrl = requireEnv('STREAM_URL').replace(/\/+$/, '');
const endpoint = streamUrl.replace(/^ws(s?):\/\//, 'http$1://');
const client = new ApiGatewayManagementApiClient({ endpoint });

/** Posts one frame; false when the connection is gone (410), the caller then forgets it. */
export async function postToConnection(connectionId: string, data: string): Promise<boolean> {
  try {
    await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(data) }));
    return true;
  } catch (e) {
    if (e instanceof GoneException || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410) return false;
    throw e;
  }
}

/** Closes a connection from the server side (a gone one is fine). */
export async function closeConnection(connectionId: string): Promise<void> {
  await client.send(new DeleteConnectionCommand({ ConnectionId: connectionId })).catch((e: Error) => {
    if (!(e instanceof GoneException)) throw e;
  });
}
