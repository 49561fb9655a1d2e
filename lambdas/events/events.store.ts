import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '../platform/aws/dynamo-commands.ts';
import { documentClient as db } from '../platform/aws/dynamo.ts';
import { config } from '../platform/config.ts';
import { batchGet } from '../platform/dynamo/batch.ts';
import * as entities from './events.entities.ts';
import type { EventRecord } from './events.entities.ts';
import { applied } from '../platform/dynamo/conditional.ts';

const TableName = config.tableName;
/** Payloads larger than this go to the bucket; the item stays far below DynamoDB's 400 KB. */
export const MAX_INLINE_PAYLOAD_BYTES = 200 * 1024;

/**
 * The event item for a transaction (outbox): written with the change it announces, so an event
 * exists exactly when its change does. It carries the sparse "pending" index until dispatched.
 */
export function eventPut(e: EventRecord) {
  return { Put: { TableName, Item: entities.event.item(e), ConditionExpression: 'attribute_not_exists(pk)' } };
}

export async function getEvent(eventId: string): Promise<EventRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.eventKey(eventId) }));
  return Item ? entities.event.record(Item) : undefined;
}

/** Events by id (missing ones, past their TTL, left out), in one round trip per 100. */
export async function getEvents(eventIds: string[]): Promise<EventRecord[]> {
  return (await batchGet([...new Set(eventIds)].map((id) => entities.eventKey(id)), true)).map(entities.event.record);
}

/** Leaves the pending index; false when already dispatched (another caller did it). */
export async function markDispatched(eventId: string): Promise<boolean> {
  return applied(db.send(new UpdateCommand({ TableName, Key: entities.eventKey(eventId),
      UpdateExpression: 'SET dispatched = :t REMOVE gsi3pk, gsi3sk', ConditionExpression: 'dispatched = :f',
      ExpressionAttributeValues: { ':t': true, ':f': false } })));
}

/**
 * A page of the events written but not dispatched before `olderThan` (the sweeper's work), oldest
 * first; `next` continues after it (the pending index is sparse: dispatched events leave it).
 */
export async function pendingEvents(olderThan: string, limit = 100, start?: Record<string, unknown>): Promise<{ events: EventRecord[]; next?: Record<string, unknown> }> {
  const res = await db.send(new QueryCommand({ TableName, IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :p AND gsi3sk < :t',
    ExpressionAttributeValues: { ':p': entities.pendingEventsPartition, ':t': olderThan }, Limit: limit, ExclusiveStartKey: start }));
  return { events: (res.Items ?? []).map(entities.event.record), next: res.LastEvaluatedKey };
}

/** An event with no other change to commit with (webhook.unhealthy, test events). */
export async function putEvent(e: EventRecord) {
  const { Put } = eventPut(e);
  await db.send(new PutCommand(Put));
}
