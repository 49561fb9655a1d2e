/**
 * An account's concurrent-wait slots (issue #23, fair shares): N slot items per account, each a
 * lease. A wait takes a free slot with one conditional write (free = absent, or its lease lapsed)
 * and deletes it when it ends; a function that crashed or was killed mid-wait never deletes it,
 * and its lease lapses on its own. No counter to drift, no sweeper.
 *
 * Round trips: one conditional Put on a random slot, which an account below its cap mostly wins;
 * when that slot is held, a strongly consistent Query of the account's slots (at most N small
 * items) and a Put on a free one. A full account costs the Put and the Query, which gives the
 * rate-limit refusal its count.
 */
import { DeleteCommand, PutCommand, QueryCommand } from '../platform/aws/dynamo-commands.ts';
import { documentClient as db } from '../platform/aws/dynamo.ts';
import { config } from '../platform/config.ts';
import { applied } from '../platform/dynamo/conditional.ts';
import * as entities from './messages.entities.ts';

const TableName = config.tableName;
/** Slot races lost before the caller is told the account is full (each loss means another wait just took one). */
const TAKE_ATTEMPTS = 3;

export interface HeldSlot { slot: number; holder: string; expiresAt: number }

export type TakeOutcome =
  | { ok: true; held: HeldSlot }
  /** Every slot is held: how many, and when the first lease lapses (epoch ms). */
  | { ok: false; inUse: number; firstExpiry: number };

/** Live leases of the account's slots (slot number → lease end, epoch ms). */
async function liveSlots(accountId: string, now: number): Promise<Map<number, number>> {
  const res = await db.send(new QueryCommand({ TableName, ConsistentRead: true, KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': entities.waitSlotsPartition(accountId) } }));
  const live = new Map<number, number>();
  for (const i of res.Items ?? []) {
    const expires = Number(i.expires_at);
    if (expires > now) live.set(Number(String(i.sk).slice('SLOT#'.length)), expires);
  }
  return live;
}

/**
 * Takes one of the account's `cap` slots until `leaseMs` from now, or says that all are held.
 * Only the holder's own release deletes it (a lease taken over after lapsing belongs to the new holder).
 */
export async function takeWaitSlot(accountId: string, cap: number, holder: string, leaseMs: number): Promise<TakeOutcome> {
  const take = async (slot: number) => {
    const now = Date.now();
    const lease = { holder, taken_at: new Date(now).toISOString(), expires_at: now + leaseMs };
    const ok = await applied(db.send(new PutCommand({ TableName, Item: entities.waitSlot.item(lease, { accountId, slot }),
      ConditionExpression: 'attribute_not_exists(pk) OR expires_at <= :now', ExpressionAttributeValues: { ':now': now } })));
    return ok ? { ok: true as const, held: { slot, holder, expiresAt: lease.expires_at } } : undefined;
  };
  // An account below its cap (the usual case) mostly finds a random slot free: one write, no read.
  const first = await take(Math.floor(Math.random() * cap));
  if (first) return first;
  let live = new Map<number, number>();
  for (let attempt = 0; attempt < TAKE_ATTEMPTS; attempt++) {
    live = await liveSlots(accountId, Date.now());
    const free = Array.from({ length: cap }, (_, k) => k).filter((k) => !live.has(k));
    if (!free.length) break;
    // A random free slot: concurrent waits of one account rarely pick the same one.
    const taken = await take(free[Math.floor(Math.random() * free.length)]!);
    if (taken) return taken;
  }
  const inUse = Math.min(cap, [...live.keys()].filter((k) => k < cap).length) || cap;
  return { ok: false, inUse, firstExpiry: live.size ? Math.min(...live.values()) : Date.now() + 1000 };
}

/** Gives the slot back (only if this holder still has it). */
export async function releaseWaitSlot(accountId: string, held: HeldSlot): Promise<void> {
  await applied(db.send(new DeleteCommand({ TableName, Key: entities.waitSlotKey(accountId, held.slot),
    ConditionExpression: 'holder = :me', ExpressionAttributeValues: { ':me': held.holder } })));
}
