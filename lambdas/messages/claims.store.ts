/**
 * The claim queue's reads and writes (claims.entities.ts says the layout). Every write is
 * conditional on the lease it replaces, so two claimers racing for one message cannot both win,
 * and an ack or release with a lease that has moved on changes nothing.
 */
import { DeleteCommand, GetCommand, QueryCommand } from '../platform/aws/dynamo-commands.ts';
import { documentClient as db } from '../platform/aws/dynamo.ts';
import { config } from '../platform/config.ts';
import { applied, transact, type TransactItem } from '../platform/dynamo/conditional.ts';
import { queryPage } from '../platform/dynamo/paging.ts';
import * as entities from './claims.entities.ts';
import * as messagesEntities from './messages.entities.ts';
import type { ClaimFilterFields, ClaimQueueRecord, DeadLetterRecord } from './claims.entities.ts';
import type { MessageRecord } from './messages.entities.ts';

const TableName = config.tableName;

/** What a claim filters on, from the stored message. */
export function claimFilterFields(m: Pick<MessageRecord, 'from' | 'subject' | 'verification_codes' | 'cta_links' | 'authentication' | 'security'>): ClaimFilterFields {
  return {
    from: m.from, subject: m.subject, has_code: m.verification_codes.length > 0, has_link: m.cta_links.length > 0,
    verified: m.authentication?.sender_verified ?? false, risk: m.security?.risk ?? 'unassessed',
    impersonation: (m.security?.flags ?? []).some((f) => f.type === 'spoofed_sender' || f.type === 'lookalike_domain'),
  };
}

/** The queue item of a message being stored: one item of the storing transaction, ready at its arrival. */
export function claimQueuePut(m: MessageRecord): TransactItem {
  const r: ClaimQueueRecord = { message_id: m.id, inbox_id: m.inbox_id, ready_at: m.received_at, received_at: m.received_at, delivery_count: 0, ...claimFilterFields(m) };
  return { Put: { TableName, Item: entities.claimQueueItem.item(r), ConditionExpression: 'attribute_not_exists(pk)' } };
}

/**
 * Mail stored before claims existed (no queued_at): its queue item, ready now, written with
 * queued_at under the condition that it is still unset, so a second run (or a race with another)
 * never queues a message twice nor brings back one that was acked.
 */
export async function queueStoredMessage(m: MessageRecord, nowIso: string): Promise<boolean> {
  const r: ClaimQueueRecord = { message_id: m.id, inbox_id: m.inbox_id, ready_at: nowIso, received_at: m.received_at, delivery_count: 0, ...claimFilterFields(m) };
  const out = await transact([
    { Update: { TableName, Key: messagesEntities.messageKey(m.inbox_id, m.id), UpdateExpression: 'SET queued_at = :now',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(queued_at)', ExpressionAttributeValues: { ':now': nowIso } } },
    { Put: { TableName, Item: entities.claimQueueItem.item(r), ConditionExpression: 'attribute_not_exists(pk)' } },
  ]);
  return out.ok;
}

/** Items ready at `nowIso` (never claimed, released, or whose lease ended), oldest first, one page. */
export async function readyPage(inboxId: string, nowIso: string, limit: number, start?: Record<string, unknown>): Promise<{ items: ClaimQueueRecord[]; next?: Record<string, unknown> }> {
  const res = await db.send(new QueryCommand({
    TableName, ConsistentRead: true, Limit: limit, ...(start ? { ExclusiveStartKey: start } : {}),
    // "#" sorts before every character of a message id, "~" after: every item ready up to now.
    KeyConditionExpression: 'pk = :pk AND sk <= :now',
    ExpressionAttributeValues: { ':pk': entities.claimQueuePartition(inboxId), ':now': `${nowIso}#~` },
  }));
  return { items: (res.Items ?? []).map(entities.claimQueueItem.record), ...(res.LastEvaluatedKey ? { next: res.LastEvaluatedKey } : {}) };
}

/** The condition that the item is still the one read: the same lease (or still none). */
function stillHeldBy(claimId: string | undefined): Pick<NonNullable<TransactItem['Delete']>, 'ConditionExpression' | 'ExpressionAttributeValues'> {
  return claimId === undefined
    ? { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(claim_id)' }
    : { ConditionExpression: 'claim_id = :held', ExpressionAttributeValues: { ':held': claimId } };
}

const moveItems = (from: ClaimQueueRecord, to: ClaimQueueRecord): TransactItem[] => [
  { Delete: { TableName, Key: entities.claimQueueItem.key(from), ...stillHeldBy(from.claim_id) } },
  { Put: { TableName, Item: entities.claimQueueItem.item(to), ConditionExpression: 'attribute_not_exists(pk)' } },
];

export type LeaseOutcome = 'taken' | 'lost' | 'consumed';

/**
 * Hands `item` out under a new lease: moved to the end of the lease with the new claim id and one
 * more delivery. With `consume`, the message's code or link is taken in the same transaction
 * (consumed_at set where it was not): 'consumed' when another caller had taken it already.
 */
export async function takeLease(item: ClaimQueueRecord, lease: { claimId: string; expiresAt: string }, consume?: { at: string }): Promise<LeaseOutcome> {
  const next: ClaimQueueRecord = { ...item, ready_at: lease.expiresAt, claim_id: lease.claimId, lease_expires_at: lease.expiresAt, delivery_count: item.delivery_count + 1 };
  const items = moveItems(item, next);
  if (consume) {
    items.push({ Update: { TableName, Key: messagesEntities.messageKey(item.inbox_id, item.message_id),
      UpdateExpression: 'SET consumed_at = :at', ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(consumed_at)',
      ExpressionAttributeValues: { ':at': consume.at } } });
  }
  const out = await transact(items);
  if (out.ok) return 'taken';
  return consume && out.failed === 2 ? 'consumed' : 'lost';
}

/** A message delivered too often moves to the inbox's dead letters (under the same lease condition). */
export async function moveToDeadLetters(item: ClaimQueueRecord, nowIso: string): Promise<boolean> {
  const { ready_at: _r, claim_id: _c, lease_expires_at: _l, ...rest } = item;
  const dead: DeadLetterRecord = { ...rest, dead_at: nowIso };
  const out = await transact([
    { Delete: { TableName, Key: entities.claimQueueItem.key(item), ...stillHeldBy(item.claim_id) } },
    { Put: { TableName, Item: entities.deadLetter.item(dead) } },
  ]);
  return out.ok;
}

/** The queue item a claim id names (its lease end is in the id), when that lease still holds it. */
export async function heldItem(inboxId: string, messageId: string, leaseEnd: string, claimId: string): Promise<ClaimQueueRecord | undefined> {
  const res = await db.send(new GetCommand({ TableName, ConsistentRead: true, Key: entities.claimQueueKey(inboxId, leaseEnd, messageId) }));
  const r = res.Item ? entities.claimQueueItem.record(res.Item) : undefined;
  return r && r.claim_id === claimId ? r : undefined;
}

/** Done: the item goes, if the lease still holds it. */
export async function ack(inboxId: string, messageId: string, leaseEnd: string, claimId: string): Promise<boolean> {
  return applied(db.send(new DeleteCommand({ TableName, Key: entities.claimQueueKey(inboxId, leaseEnd, messageId), ...stillHeldBy(claimId) })));
}

/** Back to the queue, ready at `readyAt`, if the lease still holds it (delivery_count kept). */
export async function release(item: ClaimQueueRecord, readyAt: string): Promise<boolean> {
  const { claim_id: _c, lease_expires_at: _l, ...rest } = item;
  return (await transact(moveItems(item, { ...rest, ready_at: readyAt }))).ok;
}

/** An inbox's dead letters, one page by cursor (message id order). */
export async function listDeadLetters(inboxId: string, limit: number, cursor?: string) {
  const pk = entities.deadLetterPartition(inboxId);
  const page = await queryPage({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ScanIndexForward: true, keyNames: ['pk', 'sk'], fixed: { pk } },
    { limit, offset: 0, cursor });
  return { rows: page.items.map(entities.deadLetter.record), next_cursor: page.next_cursor };
}

/** A dead letter back in the queue, ready now, its deliveries counted afresh. */
export async function requeue(inboxId: string, messageId: string, nowIso: string): Promise<boolean> {
  const res = await db.send(new GetCommand({ TableName, ConsistentRead: true, Key: { pk: entities.deadLetterPartition(inboxId), sk: messageId } }));
  if (!res.Item) return false;
  const dead = entities.deadLetter.record(res.Item);
  const { dead_at: _d, ...d } = dead;
  const out = await transact([
    { Delete: { TableName, Key: entities.deadLetter.key(dead), ConditionExpression: 'attribute_exists(pk)' } },
    { Put: { TableName, Item: entities.claimQueueItem.item({ ...d, ready_at: nowIso, delivery_count: 0 }), ConditionExpression: 'attribute_not_exists(pk)' } },
  ]);
  return out.ok;
}
