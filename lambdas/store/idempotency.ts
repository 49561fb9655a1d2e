import { DeleteCommand, PutCommand } from '../aws/dynamo-commands.ts';
import { documentClient as db } from '../aws/dynamo.ts';
import { config } from '../config.ts';
import * as entities from './entities.ts';
import * as keys from './keys.ts';
import { applied } from './conditional.ts';

/** Takes a client_id for a resource about to be made; false when someone already has. */
export async function claimIdempotency(scope: string, clientId: string, resourceId: string): Promise<{ ok: boolean }> {
  return (await applied(db.send(new PutCommand({ TableName: config.tableName,
    Item: entities.idempotency.item({ resource_id: resourceId, created_at: new Date().toISOString() }, { scope, clientId }),
    ConditionExpression: 'attribute_not_exists(pk)' })))) ? { ok: true } : { ok: false };
}

export async function releaseIdempotency(scope: string, clientId: string) {
  await db.send(new DeleteCommand({ TableName: config.tableName, Key: keys.idempotency(scope, clientId) })).catch(() => undefined);
}
