import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '../platform/aws/dynamo-commands.ts';
import { documentClient as db } from '../platform/aws/dynamo.ts';
import { config } from '../platform/config.ts';
import { batchGet } from '../platform/dynamo/batch.ts';
import * as accountsEntities from '../accounts/accounts.entities.ts';
import * as entities from './events.entities.ts';
import type { DeliveryLogRecord, EventRecord, WebhookRecord } from './events.entities.ts';
import { applied, ifApplied, transact } from '../platform/dynamo/conditional.ts';
import { eventPut } from './events.store.ts';
import { countQuery, counterUpdate, type ListQuery, type PageRequest, queryPage, readCounters } from '../platform/dynamo/paging.ts';
import type { Lane, Pace } from './webhook-lanes.ts';

const TableName = config.tableName;
/** The logs' total counts at most this many attempts (keys only), as it always has: pages go further by cursor. */
const LOG_TOTAL_CAP = 1000;


export async function listWebhooks(accountId: string): Promise<WebhookRecord[]> {
  const out: WebhookRecord[] = [];
  let ExclusiveStartKey: Record<string, any> | undefined;
  do {
    const page = await db.send(new QueryCommand({ TableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': accountsEntities.accountKey(accountId).pk, ':p': entities.webhookPrefix }, ExclusiveStartKey }));
    for (const i of page.Items ?? []) out.push(entities.webhook.record(i));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}

/** Counter names on the account's webhook counter item: every webhook, and each inbox's. */
const ALL = 'all';
const inboxCounter = (inboxId: string) => `i#${inboxId}`;
const countersOf = (w: Pick<WebhookRecord, 'inbox_id'>) => [ALL, ...(w.inbox_id ? [inboxCounter(w.inbox_id)] : [])];

/** The account's webhooks (base partition), or one inbox's (its gsi1 partition), oldest (lowest id) first. */
function webhookListQuery(accountId: string, inboxId: string | undefined): ListQuery {
  if (inboxId !== undefined) {
    const p = entities.inboxWebhooksPartition(inboxId);
    return { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': p }, ScanIndexForward: true,
      keyNames: ['pk', 'sk', 'gsi1pk', 'gsi1sk'], fixed: { pk: accountsEntities.accountKey(accountId).pk, gsi1pk: p } };
  }
  const pk = accountsEntities.accountKey(accountId).pk;
  return { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': entities.webhookPrefix },
    ScanIndexForward: true, keyNames: ['pk', 'sk'], fixed: { pk } };
}

export async function pageWebhooks(accountId: string, inboxId: string | undefined, page: PageRequest) {
  const res = await queryPage(webhookListQuery(accountId, inboxId), page);
  return { webhooks: res.items.map((i) => entities.webhook.record(i)), has_more: res.has_more, next_cursor: res.next_cursor };
}

/** Webhooks in the list: the account's counters, or a keys-only count for accounts stored before them. */
export async function countWebhooks(accountId: string, inboxId: string | undefined): Promise<number> {
  const counters = await readCounters(entities.webhookCounts(accountId));
  if (counters) return counters[inboxId === undefined ? ALL : inboxCounter(inboxId)] ?? 0;
  return countQuery(webhookListQuery(accountId, inboxId));
}

export async function getWebhook(accountId: string, webhookId: string): Promise<WebhookRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.webhookKey(accountId, webhookId) }));
  return Item ? entities.webhook.record(Item) : undefined;
}

export async function putWebhook(w: WebhookRecord) {
  await db.send(new TransactWriteCommand({ TransactItems: [
    { Put: { TableName, Item: entities.webhook.item(w),
      ConditionExpression: 'attribute_not_exists(pk)' } },
    counterUpdate(entities.webhookCounts(w.account_id), countersOf(w), 1),
  ] }));
}

/** Applies `changes` if the webhook still exists; returns the new record. */
export async function updateWebhook(accountId: string, webhookId: string, changes: Partial<WebhookRecord>, opts: { bumpGeneration?: boolean } = {}): Promise<WebhookRecord | undefined> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(changes).map(([k, v], i) => { names[`#f${i}`] = k; values[`:v${i}`] = v; return `#f${i} = :v${i}`; });
  const add = opts.bumpGeneration ? ' ADD generation :one' : '';
  if (opts.bumpGeneration) values[':one'] = 1;
  const updated = await ifApplied(db.send(new UpdateCommand({ TableName, Key: entities.webhookKey(accountId, webhookId),
    UpdateExpression: `SET ${sets.join(', ')}${add}`, ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: names, ExpressionAttributeValues: values, ReturnValues: 'ALL_NEW' })));
  return updated ? entities.webhook.record(updated.Attributes!) : undefined;
}

/** Deletes the webhook and counts it out (its inbox_id never changes, so `w` as read names its counters). */
export async function deleteWebhook(w: WebhookRecord): Promise<boolean> {
  return (await transact([
      { Delete: { TableName, Key: entities.webhookKey(w.account_id, w.id), ConditionExpression: 'attribute_exists(pk)' } },
      counterUpdate(entities.webhookCounts(w.account_id), countersOf(w), -1),
  ])).ok;
}

/**
 * What a delivery needs, in one round trip: the webhook, the event, whether it was delivered, and
 * the pair's claim. Read strongly consistent: a marker written just before must be seen.
 */
export async function loadDelivery(accountId: string, webhookId: string, eventId: string, attempt: number) {
  const wanted = [entities.webhookKey(accountId, webhookId), entities.eventKey(eventId), entities.deliveredKey(eventId, webhookId), entities.attemptHandledKey(eventId, webhookId, attempt),
    entities.deliveryClaimKey(eventId, webhookId)];
  const items = await batchGet(wanted, true);
  const find = (k: { pk: string; sk: string }) => items.find((i) => i.pk === k.pk && i.sk === k.sk);
  const w = find(wanted[0]!);
  const e = find(wanted[1]!);
  const c = find(wanted[4]!);
  return {
    webhook: w ? entities.webhook.record(w) : undefined,
    event: e ? entities.event.record(e) : undefined,
    delivered: !!find(wanted[2]!),
    attemptHandled: !!find(wanted[3]!),
    /** The pair's claim: an attempt in flight while `expires_at` (epoch ms) is ahead. */
    claim: c ? entities.deliveryClaim.record(c) : undefined,
  };
}

type DeliveryClaim = { ok: true; expiresAt: number } | { ok: false; heldForMs: number };

/**
 * Claims the delivery of (event, webhook) for `forMs`, unless another attempt holds a live claim
 * (then: how long it still holds it). A claim that lapsed (its holder died) is taken over.
 */
export async function claimDelivery(eventId: string, webhookId: string, attemptId: string, forMs: number, now = Date.now()): Promise<DeliveryClaim> {
  const expiresAt = now + forMs;
  const claim = { attempt_id: attemptId, claimed_at: new Date(now).toISOString(), expires_at: expiresAt };
  if (await applied(db.send(new PutCommand({ TableName, Item: entities.deliveryClaim.item(claim, { eventId, webhookId }),
    ConditionExpression: 'attribute_not_exists(pk) OR expires_at < :now', ExpressionAttributeValues: { ':now': now } })))) {
    return { ok: true, expiresAt };
  }
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.deliveryClaimKey(eventId, webhookId), ConsistentRead: true }));
  return { ok: false, heldForMs: Item ? Math.max(0, Number(Item.expires_at) - now) : 0 };
}

/** Gives the claim up (only this attempt's own): the next attempt may start at once. */
export async function releaseDelivery(eventId: string, webhookId: string, attemptId: string) {
  await applied(db.send(new DeleteCommand({ TableName, Key: entities.deliveryClaimKey(eventId, webhookId),
    ConditionExpression: 'attempt_id = :me', ExpressionAttributeValues: { ':me': attemptId } })));
}

/**
 * A failed attempt whose follow-up (the next attempt, or giving up) is recorded: a redelivery of
 * the same job after a crash is then dropped instead of starting a second retry sequence.
 */
export async function markAttemptHandled(eventId: string, webhookId: string, attempt: number, at: string) {
  await db.send(new PutCommand({ TableName, Item: entities.attemptHandled.item({ handled_at: at }, { eventId, webhookId, attempt }) }));
}

/** Records the success; false when another delivery of the same pair got there first. */
export async function markDelivered(eventId: string, webhookId: string, at: string): Promise<boolean> {
  return applied(db.send(new PutCommand({ TableName, Item: entities.delivered.item({ delivered_at: at }, { eventId, webhookId }),
    ConditionExpression: 'attribute_not_exists(pk)' })));
}

/** An attempt's duration moves the streaks in the same update: a slow one adds to slow_streak and zeroes fast_streak, and the reverse. */
const paceParts = (slow: boolean) => ({ add: slow ? 'slow_streak :one' : 'fast_streak :one', set: slow ? 'fast_streak = :zero' : 'slow_streak = :zero' });
const paceOf = (a: Record<string, unknown> | undefined): Pace => ({
  slow_streak: Number(a?.slow_streak ?? 0), fast_streak: Number(a?.fast_streak ?? 0), ...(a?.lane === 'slow' ? { lane: 'slow' as const } : {}),
});

/**
 * A success resets the consecutive-failure count (only for the generation that delivered) and
 * counts the attempt's pace; returns the streaks (undefined when the webhook changed).
 */
export async function recordWebhookSuccess(w: WebhookRecord, at: string, slow = false): Promise<Pace | undefined> {
  // Another generation (re-enabled, deleted) keeps its own count.
  const p = paceParts(slow);
  const updated = await ifApplied(db.send(new UpdateCommand({ TableName, Key: entities.webhookKey(w.account_id, w.id),
    UpdateExpression: `SET failure_count = :zero, last_success_at = :at, ${p.set} ADD ${p.add}`,
    ConditionExpression: 'attribute_exists(pk) AND generation = :g',
    ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':at': at, ':g': w.generation }, ReturnValues: 'ALL_NEW' })));
  return updated ? paceOf(updated.Attributes) : undefined;
}

/** Counts one failed attempt and its pace; returns the consecutive failures and the streaks, or undefined if the webhook changed. */
export async function recordWebhookFailure(w: WebhookRecord, error: string, at: string, slow = false): Promise<{ failures: number; pace: Pace } | undefined> {
  const p = paceParts(slow);
  const updated = await ifApplied(db.send(new UpdateCommand({ TableName, Key: entities.webhookKey(w.account_id, w.id),
    UpdateExpression: `ADD failure_count :one, ${p.add} SET last_error = :err, last_failure_at = :at, ${p.set}`,
    ConditionExpression: 'attribute_exists(pk) AND generation = :g',
    ExpressionAttributeValues: { ':one': 1, ':zero': 0, ':err': error, ':at': at, ':g': w.generation }, ReturnValues: 'ALL_NEW' })));
  return updated ? { failures: Number(updated.Attributes?.failure_count ?? 0), pace: paceOf(updated.Attributes) } : undefined;
}

/** Moves the webhook to the slow lane or back; false when another attempt did it first (or the webhook is gone). */
export async function setWebhookLane(w: Pick<WebhookRecord, 'account_id' | 'id'>, lane: Lane): Promise<boolean> {
  return applied(db.send(new UpdateCommand({ TableName, Key: entities.webhookKey(w.account_id, w.id),
    ...(lane === 'slow'
      ? { UpdateExpression: 'SET #lane = :slow', ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#lane) OR #lane <> :slow)' }
      : { UpdateExpression: 'REMOVE #lane', ConditionExpression: 'attribute_exists(pk) AND #lane = :slow' }),
    ExpressionAttributeNames: { '#lane': 'lane' }, ExpressionAttributeValues: { ':slow': 'slow' } })));
}

/**
 * active → unhealthy once, with the webhook.unhealthy event in the same transaction (outbox):
 * true only for the caller that made the change.
 */
export async function markWebhookUnhealthy(w: WebhookRecord, at: string, event: EventRecord): Promise<boolean> {
  const outcome = await transact([
    { Update: { TableName, Key: entities.webhookKey(w.account_id, w.id),
      UpdateExpression: 'SET #status = :u, updated_at = :at, unhealthy_at = :at',
      ConditionExpression: '#status = :active AND generation = :g',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':u': 'unhealthy', ':active': 'active', ':at': at, ':g': w.generation } } },
    eventPut(event),
  ]);
  if (outcome.ok || outcome.failed >= 0) return outcome.ok;
  throw new Error(`marking webhook ${w.id} unhealthy conflicted with a concurrent write; retry`);
}

export async function putDeliveryLog(l: DeliveryLogRecord) {
  await db.send(new PutCommand({ TableName, Item: entities.deliveryLog.item(l) }));
}

/** A webhook's delivery log since `since` (the retention window: items past their TTL may linger until deleted). */
function deliveryLogQuery(webhookId: string, since: string): ListQuery {
  const pk = entities.deliveryLogPartition(webhookId);
  return { KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
    ExpressionAttributeValues: { ':pk': pk, ':lo': `${entities.deliveryLogPrefix}${since}`, ':hi': `${entities.deliveryLogPrefix}~` },
    ScanIndexForward: false, keyNames: ['pk', 'sk'], fixed: { pk } };
}

/**
 * One page of delivery attempts, newest first. The total is a keys-only count of the window (capped), not
 * a counter: attempts leave by TTL, a deletion no write of ours sees, so a counter would only grow.
 */
export async function pageDeliveryLogs(webhookId: string, page: PageRequest, now = Date.now()) {
  const q = deliveryLogQuery(webhookId, new Date(now - entities.DELIVERY_LOG_TTL_SECONDS * 1000).toISOString());
  const [res, total] = await Promise.all([queryPage(q, page), countQuery(q, LOG_TOTAL_CAP)]);
  return { logs: res.items.map((i) => entities.deliveryLog.record(i)), total, has_more: res.has_more, next_cursor: res.next_cursor };
}
