import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '../aws/dynamo-commands.ts';
import { documentClient as db } from '../aws/dynamo.ts';
import { config } from '../config.ts';
import { keys, stripKeys } from './keys.ts';
import type { EventRecord } from './records.ts';

const TableName = config.tableName;
/** Events are kept a week: long past the last retry (3.3 minutes) and any redelivery. */
export const EVENT_TTL_SECONDS = 7 * 86400;
/** Payloads larger than this go to the bucket; the item stays far below DynamoDB's 400 KB. */
export const MAX_INLINE_PAYLOAD_BYTES = 200 * 1024;

/**
 * The event item for a transaction (outbox): written with the change it announces, so an event
 * exists exactly when its change does. It carries the sparse "pending" index until dispatched.
 */
export function eventPut(e: EventRecord) {
  return { Put: { TableName, Item: {
    ...keys.event(e.event_id), ...keys.pendingEventIndex(e.timestamp, e.event_id),
    // The account's events in order: what a stream subscriber that reconnects has missed.
    ...keys.accountEventIndex(e.account_id, e.event_id), entity: 'event', ...e,
    ttl: Math.floor(Date.parse(e.timestamp) / 1000) + EVENT_TTL_SECONDS,
  }, ConditionExpression: 'attribute_not_exists(pk)' } };
}

export async function getEvent(eventId: string): Promise<EventRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: keys.event(eventId) }));
  return Item ? (stripKeys(Item) as unknown as EventRecord) : undefined;
}

/** Leaves the pending index; false when already dispatched (another caller did it). */
export async function markDispatched(eventId: string): Promise<boolean> {
  try {
    await db.send(new UpdateCommand({ TableName, Key: keys.event(eventId),
      UpdateExpression: 'SET dispatched = :t REMOVE gsi3pk, gsi3sk', ConditionExpression: 'dispatched = :f',
      ExpressionAttributeValues: { ':t': true, ':f': false } }));
    return true;
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') return false;
    throw e;
  }
}

/** Events written but not dispatched before `olderThan` (the sweeper's work). */
export async function pendingEvents(olderThan: string, limit = 100): Promise<EventRecord[]> {
  const res = await db.send(new QueryCommand({ TableName, IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :p AND gsi3sk < :t',
    ExpressionAttributeValues: { ':p': keys.pendingEventsPartition, ':t': olderThan }, Limit: limit }));
  return (res.Items ?? []).map((i) => stripKeys(i) as unknown as EventRecord);
}

/** An event with no other change to commit with (webhook.unhealthy, test events). */
export async function putEvent(e: EventRecord) {
  const { Put } = eventPut(e);
  await db.send(new PutCommand(Put));
}
