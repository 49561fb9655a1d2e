/**
 * WebSocket stream connections (issue 16). A connection lives in two items: the full record in
 * its account's partition (so the dispatcher lists an account's live connections with one
 * strongly consistent query) and a pointer by connection id (the WebSocket routes only know the
 * id). Per connection, SENT#<evt> items make each event go out at most once, and HELD#<evt>
 * items keep live events that arrive while a replay is running. Everything carries a TTL.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '../platform/aws/dynamo-commands.ts';
import { documentClient as db } from '../platform/aws/dynamo.ts';
import { config } from '../platform/config.ts';
import * as accountsEntities from '../accounts/accounts.entities.ts';
import * as entities from './events.entities.ts';
import type { ConnectionMode, ConnectionRecord, EventRecord } from './events.entities.ts';
import { applied, transact } from '../platform/dynamo/conditional.ts';

const TableName = config.tableName;




export async function putConnection(c: ConnectionRecord) {
  await db.send(new TransactWriteCommand({ TransactItems: [
    { Put: { TableName, Item: entities.connection.item(c) } },
    { Put: { TableName, Item: entities.connectionPointer.item({ account_id: c.account_id }, c) } },
  ] }));
}

export async function getConnection(connectionId: string): Promise<ConnectionRecord | undefined> {
  const { Item: pointer } = await db.send(new GetCommand({ TableName, Key: entities.connectionPointerKey(connectionId), ConsistentRead: true }));
  if (!pointer) return undefined;
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.connectionKey(pointer.account_id as string, connectionId), ConsistentRead: true }));
  return Item ? entities.connection.record(Item) : undefined;
}

/** The account's connections, read consistently: a subscription written before this call is seen. */
export async function listConnections(accountId: string): Promise<ConnectionRecord[]> {
  const out: ConnectionRecord[] = [];
  let ExclusiveStartKey: Record<string, any> | undefined;
  const now = Math.floor(Date.now() / 1000);
  do {
    const page = await db.send(new QueryCommand({ TableName, ConsistentRead: true, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': accountsEntities.accountKey(accountId).pk, ':p': entities.connectionPrefix }, ExclusiveStartKey }));
    // TTL deletion lags by up to days: an expired item is a closed connection.
    for (const i of page.Items ?? []) if (typeof i.ttl !== 'number' || i.ttl > now) out.push(entities.connection.record(i));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}

/** The account's live connections, counted (keys only, at most `max`): the stream cap's check at connect. */
export async function countConnections(accountId: string, max: number): Promise<number> {
  let n = 0;
  let ExclusiveStartKey: Record<string, any> | undefined;
  do {
    const page = await db.send(new QueryCommand({ TableName, ConsistentRead: true, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      // TTL deletion lags: an expired item is a closed connection.
      FilterExpression: '#ttl > :now', ExpressionAttributeNames: { '#ttl': 'ttl' }, Select: 'COUNT',
      ExpressionAttributeValues: { ':pk': accountsEntities.accountKey(accountId).pk, ':p': entities.connectionPrefix, ':now': Math.floor(Date.now() / 1000) }, ExclusiveStartKey }));
    n += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && n < max);
  return n;
}

/** Sets the filters and mode of a subscribe; false when the connection is gone meanwhile. */
export async function setSubscription(c: ConnectionRecord, s: { event_types: string[] | null; inbox_ids: string[] | null; mode: ConnectionMode }) {
  return applied(db.send(new UpdateCommand({ TableName, Key: entities.connectionKey(c.account_id, c.connection_id),
      UpdateExpression: 'SET event_types = :t, inbox_ids = :i, #m = :m', ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#m': 'mode' }, ExpressionAttributeValues: { ':t': s.event_types, ':i': s.inbox_ids, ':m': s.mode } })));
}

export async function setMode(c: ConnectionRecord, mode: ConnectionMode) {
  // A connection already gone has no mode to set.
  await applied(db.send(new UpdateCommand({ TableName, Key: entities.connectionKey(c.account_id, c.connection_id),
    UpdateExpression: 'SET #m = :m', ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#m': 'mode' }, ExpressionAttributeValues: { ':m': mode } })));
}

/** Removes a connection and its pointer, together; the SENT/HELD items go by TTL. */
export async function deleteConnection(connectionId: string, accountId?: string) {
  let account = accountId;
  if (!account) {
    const { Item } = await db.send(new GetCommand({ TableName, Key: entities.connectionPointerKey(connectionId), ConsistentRead: true }));
    account = Item?.account_id as string | undefined;
  }
  if (!account) {
    await db.send(new DeleteCommand({ TableName, Key: entities.connectionPointerKey(connectionId) }));
    return;
  }
  await db.send(new TransactWriteCommand({ TransactItems: [
    { Delete: { TableName, Key: entities.connectionKey(account, connectionId) } },
    { Delete: { TableName, Key: entities.connectionPointerKey(connectionId) } },
  ] }));
}

/** Claims "event sent on this connection"; false when it was claimed before (a duplicate). */
export async function claimSend(c: ConnectionRecord, eventId: string): Promise<boolean> {
  return applied(db.send(new PutCommand({ TableName, Item: entities.connectionSent.item({ event_id: eventId }, c),
      ConditionExpression: 'attribute_not_exists(pk)' })));
}

/** Undoes a claim whose post failed for a reason worth retrying. */
export async function releaseSend(c: ConnectionRecord, eventId: string) {
  await db.send(new DeleteCommand({ TableName, Key: entities.connectionSentKey(c.connection_id, eventId) }));
}

/**
 * Holds an event for a connection that is replaying, in one transaction with the check that it
 * still is: either the replay's final drain sees this item, or (already live) the caller posts.
 */
export async function holdIfReplaying(c: ConnectionRecord, eventId: string): Promise<boolean> {
  return (await transact([
      { ConditionCheck: { TableName, Key: entities.connectionKey(c.account_id, c.connection_id), ConditionExpression: '#m = :r',
        ExpressionAttributeNames: { '#m': 'mode' }, ExpressionAttributeValues: { ':r': 'replaying' } } },
      { Put: { TableName, Item: entities.connectionHeld.item({ event_id: eventId }, c) } },
    ])).ok;
}

/** Event ids held for a connection, oldest first (ids are uuidv7: time order). */
export async function heldEvents(connectionId: string): Promise<string[]> {
  const out: string[] = [];
  let ExclusiveStartKey: Record<string, any> | undefined;
  do {
    const page = await db.send(new QueryCommand({ TableName, ConsistentRead: true, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': entities.connectionPartition(connectionId), ':p': entities.connectionHeldPrefix }, ExclusiveStartKey }));
    for (const i of page.Items ?? []) out.push(i.event_id as string);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out.sort();
}

export async function releaseHeld(connectionId: string, eventId: string) {
  await db.send(new DeleteCommand({ TableName, Key: entities.connectionHeldKey(connectionId, eventId) }));
}

/** The account's events after `afterEventId`, oldest first (the replay of a reconnect). */
export async function eventsAfter(accountId: string, afterEventId: string, limit: number): Promise<EventRecord[]> {
  const res = await db.send(new QueryCommand({ TableName, IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :p AND gsi2sk > :after',
    ExpressionAttributeValues: { ':p': entities.accountEventsPartition(accountId), ':after': afterEventId }, Limit: limit }));
  return (res.Items ?? []).map((i) => entities.event.record(i));
}
