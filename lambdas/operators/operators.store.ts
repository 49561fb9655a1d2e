import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '../platform/aws/dynamo-commands.ts';
import { documentClient as db } from '../platform/aws/dynamo.ts';
import { config } from '../platform/config.ts';
import { applied, ifApplied, transact } from '../platform/dynamo/conditional.ts';
import * as entities from './operators.entities.ts';
import type { LinkUse, NotificationRecord, NotificationStatus } from './operators.entities.ts';

const TableName = config.tableName;

// ---------------------------------------------------------------------------------------------
// Single-use links. A link's jti is claimed before the processor is asked for money (so two
// clicks cannot both pay), released if the payment fails (a declined card leaves the link
// usable), and marked used once the upgrade is done. A claim left by a crashed request goes
// stale after CLAIM_STALE_MS and may be taken again; the processor's idempotency key makes the
// retried charge the same charge.
// ---------------------------------------------------------------------------------------------

export const CLAIM_STALE_MS = 2 * 60_000;


export async function getLinkUse(jti: string): Promise<LinkUse | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.linkUseKey(jti), ConsistentRead: true }));
  return Item ? entities.linkUse.record(Item) : undefined;
}

export type ClaimOutcome = 'claimed' | 'used' | 'busy';

export async function claimLink(jti: string, accountId: string, linkExp: number, now = Date.now()): Promise<ClaimOutcome> {
  const claimed = await applied(db.send(new PutCommand({
    TableName,
    Item: entities.linkUse.item({ state: 'claimed', claimed_at: now, account_id: accountId }, { jti, linkExpiresAt: linkExp }),
    ConditionExpression: 'attribute_not_exists(pk) OR (#state = :claimed AND claimed_at < :stale)',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: { ':claimed': 'claimed', ':stale': now - CLAIM_STALE_MS },
  })));
  if (claimed) return 'claimed';
  const use = await getLinkUse(jti);
  return use?.state === 'used' ? 'used' : 'busy';
}

/** Gives a claimed link back (the payment did not go through). */
export async function releaseLink(jti: string): Promise<void> {
  // Not claimed (any more): nothing to give back.
  await applied(db.send(new DeleteCommand({
    TableName, Key: entities.linkUseKey(jti),
    ConditionExpression: '#state = :claimed', ExpressionAttributeNames: { '#state': 'state' }, ExpressionAttributeValues: { ':claimed': 'claimed' },
  })));
}

/** The link has done its job: every later use is "already used". */
export async function markLinkUsed(jti: string, accountId: string, linkExp: number, now = new Date().toISOString()): Promise<void> {
  await db.send(new PutCommand({
    TableName,
    Item: entities.linkUse.item({ state: 'used', used_at: now, account_id: accountId }, { jti, linkExpiresAt: linkExp }),
  }));
}




export type CreateNotificationOutcome = { ok: true; count: number } | { ok: false; reason: 'rate_limited' };

/**
 * Counts the request in the account's hourly window and stores the notification in one
 * transaction: past `max` in the window nothing is written (refusals do not count).
 */
export async function createNotification(n: NotificationRecord, window: { start: number; seconds: number; max: number }): Promise<CreateNotificationOutcome> {
  const w = { accountId: n.account_id, windowStart: window.start, windowSeconds: window.seconds };
  const outcome = await transact([
      { Update: {
        TableName, Key: entities.notifyWindow.key(w),
        UpdateExpression: 'ADD #count :one SET #ttl = if_not_exists(#ttl, :ttl)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':max': window.max, ':ttl': entities.notifyWindow.expiresAt(w) },
      } },
      { Put: {
        TableName,
        Item: entities.notification.item(n),
        ConditionExpression: 'attribute_not_exists(pk)',
      } },
  ]);
  // Cancelled by the window's limit, or by a concurrent request on the same window: either way a refusal.
  if (!outcome.ok) return { ok: false, reason: 'rate_limited' };
  return { ok: true, count: await notifyWindowCount(n.account_id, window.start) };
}

export async function notifyWindowCount(accountId: string, windowStart: number): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.notifyWindowKey(accountId, windowStart), ConsistentRead: true }));
  return Number(Item?.count ?? 0);
}

export async function getNotification(accountId: string, notificationId: string): Promise<NotificationRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.notificationKey(accountId, notificationId), ConsistentRead: true }));
  return Item ? entities.notification.record(Item) : undefined;
}

/** Records the operator's answer once; undefined when it was already answered (or is gone). */
export async function respondToNotification(accountId: string, notificationId: string, status: Exclude<NotificationStatus, 'pending'>,
  note: string | null, now: string): Promise<NotificationRecord | undefined> {
  const updated = await ifApplied(db.send(new UpdateCommand({
    TableName, Key: entities.notificationKey(accountId, notificationId),
    UpdateExpression: 'SET #status = :s, response_note = :note, responded_at = :now',
    ConditionExpression: 'attribute_exists(pk) AND #status = :pending',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':s': status, ':note': note, ':now': now, ':pending': 'pending' },
    ReturnValues: 'ALL_NEW',
  })));
  return updated?.Attributes ? entities.notification.record(updated.Attributes) : undefined;
}
