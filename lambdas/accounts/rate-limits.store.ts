import { UpdateCommand } from '../platform/aws/dynamo-commands.ts';
import { documentClient as db } from '../platform/aws/dynamo.ts';
import { config } from '../platform/config.ts';
import * as entities from './accounts.entities.ts';

/**
 * Counts one request in a fixed window and returns the count so far. One UpdateItem: ADD is
 * atomic, so concurrent requests never under-count. The item expires after the window.
 */
export async function countRequest(subject: string, windowStart: number, windowSeconds: number): Promise<number> {
  const w = { subject, windowStart, windowSeconds };
  const { Attributes } = await db.send(new UpdateCommand({
    TableName: config.tableName,
    Key: entities.rateWindow.key(w),
    UpdateExpression: 'ADD #count :one SET #ttl = if_not_exists(#ttl, :ttl)',
    ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
    ExpressionAttributeValues: { ':one': 1, ':ttl': entities.rateWindow.expiresAt(w) },
    ReturnValues: 'UPDATED_NEW',
  }));
  return Number(Attributes?.count ?? 1);
}
