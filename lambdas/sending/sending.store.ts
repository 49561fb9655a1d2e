import { GetCommand, UpdateCommand } from '../platform/aws/dynamo-commands.ts';
import { documentClient as db } from '../platform/aws/dynamo.ts';
import { config } from '../platform/config.ts';
import { batchGet } from '../platform/dynamo/batch.ts';
import * as messagesEntities from '../messages/messages.entities.ts';
import * as entities from './sending.entities.ts';
import type { EventRecord } from '../events/events.entities.ts';
import type { MessageRecord } from '../messages/messages.entities.ts';
import { applied, transact, type TransactItem } from '../platform/dynamo/conditional.ts';
import { eventPut } from '../events/events.store.ts';

/** DynamoDB's limit of items in one TransactWriteItems. */
const MAX_TRANSACTION_ITEMS = 100;

const TableName = config.tableName;

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface SendLimits { perDay: number; perMinute: number; concurrent: number }
export type ReserveOutcome = { ok: true } | { ok: false; reason: 'daily' | 'burst' | 'concurrent' };

/**
 * Reserves one send against the daily quota, the per-minute burst and the in-flight count, all
 * or nothing. Call releaseSend when the send finished (and refund it if it never left).
 */
export async function reserveSend(accountId: string, l: SendLimits, nowMs: number): Promise<ReserveOutcome> {
  const day = { accountId, day: utcDay(nowMs) };
  const burst = { accountId, minute: Math.floor(nowMs / 60_000) };
  const counter = (Key: Record<string, string>, max: number, ttl?: number) => ({ Update: { TableName, Key,
    UpdateExpression: `ADD #c :one${ttl ? ' SET #ttl = :ttl' : ''}`,
    ConditionExpression: 'attribute_not_exists(#c) OR #c < :max',
    ExpressionAttributeNames: { '#c': 'count', ...(ttl ? { '#ttl': 'ttl' } : {}) },
    ExpressionAttributeValues: { ':one': 1, ':max': max, ...(ttl ? { ':ttl': ttl } : {}) } } });
  const items = [
    counter(entities.dailySends.key(day), l.perDay, entities.dailySends.expiresAt(day)),
    counter(entities.sendBurst.key(burst), l.perMinute, entities.sendBurst.expiresAt(burst)),
    counter(entities.sendsInFlight(accountId), l.concurrent),
  ];
  const outcome = await transact(items);
  if (outcome.ok) return { ok: true };
  if (outcome.failed === 0) return { ok: false, reason: 'daily' };
  if (outcome.failed === 2) return { ok: false, reason: 'concurrent' };
  // The burst limit, or a conflict with a concurrent reservation: burst, so the caller retries shortly.
  return { ok: false, reason: 'burst' };
}

/** Ends an in-flight send; `refund` also gives the daily and burst slots back (nothing left). */
export async function releaseSend(accountId: string, reservedAtMs: number, refund: boolean) {
  const dec = (Key: Record<string, string>) => db.send(new UpdateCommand({ TableName, Key, UpdateExpression: 'ADD #c :m',
    ConditionExpression: '#c > :zero', ExpressionAttributeNames: { '#c': 'count' }, ExpressionAttributeValues: { ':m': -1, ':zero': 0 } }))
    .catch(() => undefined);
  await dec(entities.sendsInFlight(accountId));
  if (refund) {
    await dec(entities.dailySendsKey(accountId, utcDay(reservedAtMs)));
    await dec(entities.sendBurstKey(accountId, Math.floor(reservedAtMs / 60_000)));
  }
}

export async function sendsToday(accountId: string, nowMs = Date.now()): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.dailySendsKey(accountId, utcDay(nowMs)) }));
  return Number(Item?.count ?? 0);
}

/** Recipients this account may no longer send to (hard bounce or complaint), with why. */
export async function suppressedAmong(accountId: string, addresses: string[]): Promise<{ address: string; reason: string }[]> {
  if (!addresses.length) return [];
  const found = await batchGet([...new Set(addresses)].map((a) => entities.suppressedKey(accountId, a)));
  return found.map((i) => ({ address: i.address as string, reason: i.reason as string }));
}

const suppressedPut = (accountId: string, address: string, reason: string, at: string) =>
  ({ Put: { TableName, Item: entities.suppressed.item({ address, reason, suppressed_at: at }, { accountId }) } });

const sesLinkPut = (sesMessageId: string, m: Pick<MessageRecord, 'id' | 'inbox_id' | 'account_id'>) =>
  ({ Put: { TableName, Item: entities.sesMessage.item({ message_id: m.id, inbox_id: m.inbox_id, account_id: m.account_id }, { sesMessageId, now: Date.now() }) } });

export async function messageForSesId(sesMessageId: string): Promise<{ message_id: string; inbox_id: string; account_id: string } | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.sesMessageKey(sesMessageId) }));
  return Item ? entities.sesMessage.record(Item) : undefined;
}

/** Moves delivery_status forward; a later event never moves it back (delivered stays delivered). */
const STATUS_RANK: Record<string, number> = { queued: 0, sent: 1, delivered: 2, failed: 3, bounced: 3 };

/** The status change as a transaction item: only from a lower rank, only on a stored message. */
function statusUpdate(inboxId: string, messageId: string, status: string, extra: Record<string, unknown> = {}): TransactItem {
  const lower = Object.entries(STATUS_RANK).filter(([, r]) => r < STATUS_RANK[status]!).map(([s]) => s);
  const names: Record<string, string> = { '#s': 'delivery_status' };
  const values: Record<string, unknown> = { ':s': status };
  const sets = ['#s = :s'];
  Object.entries(extra).forEach(([k, v], i) => { names[`#e${i}`] = k; values[`:e${i}`] = v; sets.push(`#e${i} = :e${i}`); });
  lower.forEach((s, i) => { values[`:l${i}`] = s; });
  return { Update: { TableName, Key: messagesEntities.messageKey(inboxId, messageId), UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: `attribute_exists(pk)${lower.length ? ` AND #s IN (${lower.map((_, i) => `:l${i}`).join(', ')})` : ''}`,
    ExpressionAttributeNames: names, ExpressionAttributeValues: values } };
}

export async function setDeliveryStatus(inboxId: string, messageId: string, status: string, extra: Record<string, unknown> = {}): Promise<boolean> {
  return applied(db.send(new UpdateCommand(statusUpdate(inboxId, messageId, status, extra).Update!)));
}

/**
 * What a delivery outcome changes, committed with the events that announce it (outbox): the
 * message's status (if it moves forward), suppressed recipients, events. When the status cannot
 * move (a later status is already stored), the rest is still written. Per recipient, its
 * suppression and its event go together; DynamoDB's 100 items per transaction split a very long
 * recipient list over several transactions.
 */
export async function recordDeliveryOutcome(o: {
  status?: { inboxId: string; messageId: string; status: string; extra?: Record<string, unknown> };
  /** Extra items of the first transaction (e.g. the SES id link of a sent message). */
  with?: TransactItem[];
  perRecipient: { suppress?: { accountId: string; address: string; reason: string; at: string }; event?: EventRecord }[];
}): Promise<{ statusChanged: boolean }> {
  const groups = o.perRecipient.map((r) => [
    ...(r.suppress ? [suppressedPut(r.suppress.accountId, r.suppress.address, r.suppress.reason, r.suppress.at)] : []),
    ...(r.event ? [eventPut(r.event)] : []),
  ]);
  const head = [...(o.with ?? [])];
  const batches: TransactItem[][] = [head];
  for (const g of groups) {
    const last = batches[batches.length - 1]!;
    if (last.length + g.length > MAX_TRANSACTION_ITEMS - 1) batches.push([...g]);
    else last.push(...g);
  }
  let statusChanged = false;
  for (const [i, batch] of batches.entries()) {
    if (i === 0 && o.status) {
      const st = o.status;
      const outcome = await transact([statusUpdate(st.inboxId, st.messageId, st.status, st.extra), ...batch]);
      if (outcome.ok) { statusChanged = true; continue; }
      if (outcome.failed < 0) throw new Error(`recording ${st.status} for ${st.messageId} conflicted with a concurrent write; retry`);
      // failed > 0: an event of this batch is already written (a repeat): nothing more to do.
      if (outcome.failed > 0) continue;
      // failed 0: the status is already further along; the rest still stands.
    }
    if (!batch.length) continue;
    const outcome = await transact(batch);
    // A repeated SES notification finds its events already written: nothing more to do.
    if (!outcome.ok && outcome.failed < 0) throw new Error('recording a delivery outcome conflicted with a concurrent write; retry');
  }
  return { statusChanged };
}

/** An accepted send: the SES id link, `sent` and message.sent, in one transaction. */
export async function recordSent(m: Pick<MessageRecord, 'id' | 'inbox_id' | 'account_id'>, sesMessageId: string, sentAt: string, event: EventRecord) {
  await recordDeliveryOutcome({
    status: { inboxId: m.inbox_id, messageId: m.id, status: 'sent', extra: { ses_message_id: sesMessageId, sent_at: sentAt } },
    with: [sesLinkPut(sesMessageId, m)],
    perRecipient: [{ event }],
  });
}
