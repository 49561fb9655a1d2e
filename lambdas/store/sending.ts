import { BatchGetCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '../aws/dynamo-commands.ts';
import { documentClient as db } from '../aws/dynamo.ts';
import { config } from '../config.ts';
import { keys, stripKeys } from './keys.ts';
import type { MessageRecord } from './records.ts';

const TableName = config.tableName;

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface SendLimits { perDay: number; perMinute: number; concurrent: number }
export type ReserveOutcome = { ok: true } | { ok: false; reason: 'daily' | 'burst' | 'concurrent' };

/**
 * Reserves one send against the daily quota, the per-minute burst and the in-flight count, all
 * or nothing. Call releaseSend when the send finished (and refund it if it never left).
 */
export async function reserveSend(accountId: string, l: SendLimits, nowMs: number): Promise<ReserveOutcome> {
  const minute = Math.floor(nowMs / 60_000);
  const dayEnd = Math.floor(Date.parse(`${utcDay(nowMs)}T00:00:00Z`) / 1000) + 86400;
  const counter = (Key: Record<string, string>, max: number, ttl?: number) => ({ Update: { TableName, Key,
    UpdateExpression: `ADD #c :one${ttl ? ' SET #ttl = :ttl' : ''}`,
    ConditionExpression: 'attribute_not_exists(#c) OR #c < :max',
    ExpressionAttributeNames: { '#c': 'count', ...(ttl ? { '#ttl': 'ttl' } : {}) },
    ExpressionAttributeValues: { ':one': 1, ':max': max, ...(ttl ? { ':ttl': ttl } : {}) } } });
  const items = [
    counter(keys.dailySends(accountId, utcDay(nowMs)), l.perDay, dayEnd + 86400),
    counter(keys.sendBurst(accountId, minute), l.perMinute, minute * 60 + 120),
    counter(keys.sendsInFlight(accountId), l.concurrent),
  ];
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items }));
    return { ok: true };
  } catch (e) {
    if ((e as Error).name !== 'TransactionCanceledException') throw e;
    const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    const failed = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
    if (failed === 0) return { ok: false, reason: 'daily' };
    if (failed === 1) return { ok: false, reason: 'burst' };
    if (failed === 2) return { ok: false, reason: 'concurrent' };
    // A conflict with a concurrent reservation: report as burst so the caller retries shortly.
    return { ok: false, reason: 'burst' };
  }
}

/** Ends an in-flight send; `refund` also gives the daily and burst slots back (nothing left). */
export async function releaseSend(accountId: string, reservedAtMs: number, refund: boolean) {
  const dec = (Key: Record<string, string>) => db.send(new UpdateCommand({ TableName, Key, UpdateExpression: 'ADD #c :m',
    ConditionExpression: '#c > :zero', ExpressionAttributeNames: { '#c': 'count' }, ExpressionAttributeValues: { ':m': -1, ':zero': 0 } }))
    .catch(() => undefined);
  await dec(keys.sendsInFlight(accountId));
  if (refund) {
    await dec(keys.dailySends(accountId, utcDay(reservedAtMs)));
    await dec(keys.sendBurst(accountId, Math.floor(reservedAtMs / 60_000)));
  }
}

export async function sendsToday(accountId: string, nowMs = Date.now()): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: keys.dailySends(accountId, utcDay(nowMs)) }));
  return Number(Item?.count ?? 0);
}

/** Recipients this account may no longer send to (hard bounce or complaint), with why. */
export async function suppressedAmong(accountId: string, addresses: string[]): Promise<{ address: string; reason: string }[]> {
  if (!addresses.length) return [];
  const res = await db.send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: [...new Set(addresses)].slice(0, 100).map((a) => keys.suppressed(accountId, a)) } } }));
  return (res.Responses?.[TableName] ?? []).map((i) => ({ address: i.address as string, reason: i.reason as string }));
}

export async function suppressRecipient(accountId: string, address: string, reason: string, at: string) {
  await db.send(new PutCommand({ TableName, Item: { ...keys.suppressed(accountId, address), entity: 'suppressed', address, reason, suppressed_at: at } }));
}

/** Links SES's message id to ours, for configuration-set events. */
export async function linkSesMessage(sesMessageId: string, m: Pick<MessageRecord, 'id' | 'inbox_id' | 'account_id'>) {
  await db.send(new PutCommand({ TableName, Item: { ...keys.sesMessage(sesMessageId), entity: 'ses-message', message_id: m.id, inbox_id: m.inbox_id,
    account_id: m.account_id, ttl: Math.floor(Date.now() / 1000) + 30 * 86400 } }));
}

export async function messageForSesId(sesMessageId: string): Promise<{ message_id: string; inbox_id: string; account_id: string } | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: keys.sesMessage(sesMessageId) }));
  return Item ? (stripKeys(Item) as unknown as { message_id: string; inbox_id: string; account_id: string }) : undefined;
}

/** Moves delivery_status forward; a later event never moves it back (delivered stays delivered). */
const STATUS_RANK: Record<string, number> = { queued: 0, sent: 1, delivered: 2, failed: 3, bounced: 3 };
export async function setDeliveryStatus(inboxId: string, messageId: string, status: string, extra: Record<string, unknown> = {}): Promise<boolean> {
  const lower = Object.entries(STATUS_RANK).filter(([, r]) => r < STATUS_RANK[status]!).map(([s]) => s);
  const names: Record<string, string> = { '#s': 'delivery_status' };
  const values: Record<string, unknown> = { ':s': status };
  const sets = ['#s = :s'];
  Object.entries(extra).forEach(([k, v], i) => { names[`#e${i}`] = k; values[`:e${i}`] = v; sets.push(`#e${i} = :e${i}`); });
  lower.forEach((s, i) => { values[`:l${i}`] = s; });
  try {
    await db.send(new UpdateCommand({ TableName, Key: keys.message(inboxId, messageId), UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: `attribute_exists(pk)${lower.length ? ` AND #s IN (${lower.map((_, i) => `:l${i}`).join(', ')})` : ''}`,
      ExpressionAttributeNames: names, ExpressionAttributeValues: values }));
    return true;
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') return false;
    throw e;
  }
}
