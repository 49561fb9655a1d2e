import { BatchGetCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '../aws/dynamo-commands.ts';
import { documentClient as db } from '../aws/dynamo.ts';
import { config } from '../config.ts';
import { keys, stripKeys } from './keys.ts';
import type { DeliveryLogRecord, EventRecord, WebhookRecord } from './records.ts';

const TableName = config.tableName;
/** Delivery logs are kept 30 days (GET /v1/webhooks/{id}/logs). */
const LOG_TTL_SECONDS = 30 * 86400;
/** A delivered (event, webhook) pair is remembered a week: far beyond any retry or redelivery. */
const DELIVERED_TTL_SECONDS = 7 * 86400;

const isConditionFailure = (e: unknown) => (e as Error).name === 'ConditionalCheckFailedException';

export async function listWebhooks(accountId: string): Promise<WebhookRecord[]> {
  const out: WebhookRecord[] = [];
  let ExclusiveStartKey: Record<string, any> | undefined;
  do {
    const page = await db.send(new QueryCommand({ TableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.account(accountId).pk, ':p': keys.webhookPrefix }, ExclusiveStartKey }));
    for (const i of page.Items ?? []) out.push(stripKeys(i) as unknown as WebhookRecord);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}

export async function getWebhook(accountId: string, webhookId: string): Promise<WebhookRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: keys.webhook(accountId, webhookId) }));
  return Item ? (stripKeys(Item) as unknown as WebhookRecord) : undefined;
}

export async function putWebhook(w: WebhookRecord) {
  await db.send(new PutCommand({ TableName, Item: { ...keys.webhook(w.account_id, w.id), entity: 'webhook', ...w },
    ConditionExpression: 'attribute_not_exists(pk)' }));
}

/** Applies `changes` if the webhook still exists; returns the new record. */
export async function updateWebhook(accountId: string, webhookId: string, changes: Partial<WebhookRecord>, opts: { bumpGeneration?: boolean } = {}): Promise<WebhookRecord | undefined> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(changes).map(([k, v], i) => { names[`#f${i}`] = k; values[`:v${i}`] = v; return `#f${i} = :v${i}`; });
  const add = opts.bumpGeneration ? ' ADD generation :one' : '';
  if (opts.bumpGeneration) values[':one'] = 1;
  try {
    const { Attributes } = await db.send(new UpdateCommand({ TableName, Key: keys.webhook(accountId, webhookId),
      UpdateExpression: `SET ${sets.join(', ')}${add}`, ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names, ExpressionAttributeValues: values, ReturnValues: 'ALL_NEW' }));
    return stripKeys(Attributes!) as unknown as WebhookRecord;
  } catch (e) {
    if (isConditionFailure(e)) return undefined;
    throw e;
  }
}

export async function deleteWebhook(accountId: string, webhookId: string): Promise<boolean> {
  try {
    await db.send(new DeleteCommand({ TableName, Key: keys.webhook(accountId, webhookId), ConditionExpression: 'attribute_exists(pk)' }));
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

/** What a delivery needs, in one round trip: the webhook, the event, and whether it was delivered. */
export async function loadDelivery(accountId: string, webhookId: string, eventId: string, attempt: number) {
  const wanted = [keys.webhook(accountId, webhookId), keys.event(eventId), keys.delivered(eventId, webhookId), keys.attemptHandled(eventId, webhookId, attempt)];
  let pending: Record<string, any>[] | undefined = wanted;
  const items: Record<string, any>[] = [];
  for (let attempt = 0; pending?.length && attempt < 5; attempt++) {
    const res = await db.send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: pending } } }));
    items.push(...(res.Responses?.[TableName] ?? []));
    pending = res.UnprocessedKeys?.[TableName]?.Keys as Record<string, any>[] | undefined;
  }
  if (pending?.length) throw new Error('BatchGet left keys unprocessed');
  const find = (k: { pk: string; sk: string }) => items.find((i) => i.pk === k.pk && i.sk === k.sk);
  const w = find(wanted[0]!);
  const e = find(wanted[1]!);
  return {
    webhook: w ? (stripKeys(w) as unknown as WebhookRecord) : undefined,
    event: e ? (stripKeys(e) as unknown as EventRecord) : undefined,
    delivered: !!find(wanted[2]!),
    attemptHandled: !!find(wanted[3]!),
  };
}

/**
 * A failed attempt whose follow-up (the next attempt, or giving up) is recorded: a redelivery of
 * the same job after a crash is then dropped instead of starting a second retry sequence.
 */
export async function markAttemptHandled(eventId: string, webhookId: string, attempt: number, at: string) {
  await db.send(new PutCommand({ TableName, Item: { ...keys.attemptHandled(eventId, webhookId, attempt), entity: 'attempt', handled_at: at,
    ttl: Math.floor(Date.parse(at) / 1000) + DELIVERED_TTL_SECONDS } }));
}

/** Records the success; false when another delivery of the same pair got there first. */
export async function markDelivered(eventId: string, webhookId: string, at: string): Promise<boolean> {
  try {
    await db.send(new PutCommand({ TableName, Item: { ...keys.delivered(eventId, webhookId), entity: 'delivered', delivered_at: at,
      ttl: Math.floor(Date.parse(at) / 1000) + DELIVERED_TTL_SECONDS }, ConditionExpression: 'attribute_not_exists(pk)' }));
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

/** A success resets the consecutive-failure count (only for the generation that delivered). */
export async function recordWebhookSuccess(w: WebhookRecord, at: string) {
  try {
    await db.send(new UpdateCommand({ TableName, Key: keys.webhook(w.account_id, w.id),
      UpdateExpression: 'SET failure_count = :zero, last_success_at = :at',
      ConditionExpression: 'attribute_exists(pk) AND generation = :g',
      ExpressionAttributeValues: { ':zero': 0, ':at': at, ':g': w.generation } }));
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
}

/** Counts one failed attempt; returns the consecutive count, or undefined if the webhook changed. */
export async function recordWebhookFailure(w: WebhookRecord, error: string, at: string): Promise<number | undefined> {
  try {
    const { Attributes } = await db.send(new UpdateCommand({ TableName, Key: keys.webhook(w.account_id, w.id),
      UpdateExpression: 'ADD failure_count :one SET last_error = :err, last_failure_at = :at',
      ConditionExpression: 'attribute_exists(pk) AND generation = :g',
      ExpressionAttributeValues: { ':one': 1, ':err': error, ':at': at, ':g': w.generation }, ReturnValues: 'UPDATED_NEW' }));
    return Number(Attributes?.failure_count ?? 0);
  } catch (e) {
    if (isConditionFailure(e)) return undefined;
    throw e;
  }
}

/** active → unhealthy once: true only for the caller that made the change (emits the event). */
export async function markWebhookUnhealthy(w: WebhookRecord, at: string): Promise<boolean> {
  try {
    await db.send(new UpdateCommand({ TableName, Key: keys.webhook(w.account_id, w.id),
      UpdateExpression: 'SET #status = :u, updated_at = :at, unhealthy_at = :at',
      ConditionExpression: '#status = :active AND generation = :g',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':u': 'unhealthy', ':active': 'active', ':at': at, ':g': w.generation } }));
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

export async function putDeliveryLog(l: DeliveryLogRecord) {
  await db.send(new PutCommand({ TableName, Item: { ...keys.deliveryLog(l.webhook_id, l.attempted_at, l.event_id, l.retry_count), entity: 'delivery-log', ...l,
    ttl: Math.floor(Date.parse(l.attempted_at) / 1000) + LOG_TTL_SECONDS } }));
}

export async function listDeliveryLogs(webhookId: string, limit: number, offset: number) {
  const res = await db.send(new QueryCommand({ TableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': keys.deliveryLogPartition(webhookId), ':p': keys.deliveryLogPrefix },
    ScanIndexForward: false, Limit: Math.min(1000, offset + limit) }));
  const all = (res.Items ?? []).map((i) => stripKeys(i) as unknown as DeliveryLogRecord);
  return { logs: all.slice(offset, offset + limit), total: all.length };
}
