import { DeleteCommand, GetCommand, PutCommand } from '../aws/dynamo-commands.ts';
import { documentClient as db } from '../aws/dynamo.ts';
import { config } from '../config.ts';
import * as entities from './idempotency.entities.ts';
import { applied } from './conditional.ts';

export { idempotencyScope, type IdempotentOperation } from './idempotency.entities.ts';

/** `scope` is idempotencyScope(operation, …): the operation and the inbox or account it is for. */
export async function claimIdempotency(scope: string, clientId: string, resourceId: string): Promise<{ ok: boolean }> {
  return (await applied(db.send(new PutCommand({ TableName: config.tableName,
    Item: entities.idempotency.item({ resource_id: resourceId, created_at: new Date().toISOString() }, { scope, clientId }),
    ConditionExpression: 'attribute_not_exists(pk)' })))) ? { ok: true } : { ok: false };
}

export async function releaseIdempotency(scope: string, clientId: string) {
  await db.send(new DeleteCommand({ TableName: config.tableName, Key: entities.idempotencyKey(scope, clientId) })).catch(() => undefined);
}

export async function getIdempotentResource(scope: string, clientId: string): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: entities.idempotencyKey(scope, clientId) }));
  return Item?.resource_id as string | undefined;
}

/** What an item written before per-operation keys says `clientId` made (entities.legacyIdempotency). */
export async function getLegacyIdempotentResource(legacyScope: string, clientId: string): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: entities.legacyIdempotency(legacyScope, clientId) }));
  return Item?.resource_id as string | undefined;
}

/** Points a claim we hold at the resource an earlier (legacy) item names, so concurrent repeats read that one. */
export async function repointIdempotency(scope: string, clientId: string, claimedId: string, resourceId: string) {
  await applied(db.send(new PutCommand({ TableName: config.tableName,
    Item: entities.idempotency.item({ resource_id: resourceId, created_at: new Date().toISOString() }, { scope, clientId }),
    ConditionExpression: 'resource_id = :claimed', ExpressionAttributeValues: { ':claimed': claimedId } })));
}
