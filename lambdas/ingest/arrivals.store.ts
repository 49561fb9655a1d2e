/**
 * The inbox's arrival order and counters, applied just after a message is stored (docs/decisions.md,
 * "Ingest without a hot item").
 *
 * Storing an inbound message writes only items of its own (the message, its thread when new, its
 * Message-ID claims, events, search words) and a PENDING entry in its inbox. The sequencer then
 * takes the inbox's pending entries, oldest first, a batch at a time, and in ONE transaction gives
 * them the next places (ARRIVAL#n items, the marker from n to n+k under the condition that it is
 * still at n), applies their counters (inbox, account, threads) and deletes the entries under the
 * condition that they still exist with the read flag it read. So each message's counters are
 * applied exactly once and the order stays gap-free, while a burst to one inbox costs one
 * marker write per batch instead of one contested write per message.
 *
 * A lease item lets one caller at a time do this per inbox (the others leave their message to it
 * and return); it only saves wasted transactions: correctness rests on the marker's and the
 * entries' conditions, so a holder whose lease ran out can never corrupt the order. After letting
 * go, the holder looks once more: a message stored while it held the lease (whose ingest saw the
 * lease taken) is never left behind. What a crashed caller leaves is taken by the next ingest of the inbox or the
 * one-minute sweep (sweepPendingArrivals).
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '../platform/aws/dynamo-commands.ts';
import { documentClient as db } from '../platform/aws/dynamo.ts';
import { config } from '../platform/config.ts';
import { applied, transact, type TransactItem } from '../platform/dynamo/conditional.ts';
import * as accountsEntities from '../accounts/accounts.entities.ts';
import * as inboxesEntities from '../inboxes/inboxes.entities.ts';
import * as entities from './ingest.entities.ts';
import * as messagesEntities from '../messages/messages.entities.ts';
import type { PendingArrival } from './ingest.entities.ts';

const TableName = config.tableName;

/** DynamoDB's limit of items in one TransactWriteItems. */
const MAX_TRANSACTION_ITEMS = 100;
/** Pending entries read per round: a batch never holds more (each needs 3 items, its thread 2 more). */
const BATCH_READ = 30;
/** A lease longer than any one round (a read and a transaction) with room for a slow emulator. */
const LEASE_MS = 10_000;
/** Pause after a lost round (the lease or the marker moved): random up to this, times the attempt, capped. */
const CONFLICT_PAUSE_MS = 40;
/** A pending entry older than this is the sweeper's: its ingest had ample time. */
export const SWEEP_PENDING_AFTER_MS = 30_000;

/** What the sequencer did in this process (the benchmark reads it). */
export const arrivalStats = { batches: 0, sequenced: 0, conflicts: 0 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The pending entry for a message being stored: one item of the storing transaction. */
export function pendingArrivalPut(inboxId: string, p: PendingArrival): TransactItem {
  return { Put: { TableName, Item: entities.pendingArrival.item(p, { inboxId }), ConditionExpression: 'attribute_not_exists(pk)' } };
}

async function pendingPage(inboxId: string, limit: number): Promise<PendingArrival[]> {
  const res = await db.send(new QueryCommand({ TableName, ConsistentRead: true, Limit: limit,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': inboxesEntities.inboxPartition(inboxId), ':p': entities.pendingArrivalPrefix } }));
  return (res.Items ?? []).map(entities.pendingArrival.record);
}

async function markerSeq(inboxId: string): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.arrivalMarker(inboxId), ConsistentRead: true, ProjectionExpression: 'seq' }));
  return Number(Item?.seq ?? 0);
}

/** Whether a message still waits for its place (strongly consistent). */
export async function isPending(inboxId: string, messageId: string): Promise<boolean> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.pendingArrivalKey(inboxId, messageId), ConsistentRead: true, ProjectionExpression: 'pk' }));
  return !!Item;
}

/**
 * A read change of a message not yet sequenced: the pending entry carries the flag the counters
 * will be applied with. False when the entry is gone (the message was sequenced meanwhile).
 */
export function pendingReadUpdate(inboxId: string, messageId: string, read: boolean): TransactItem {
  return { Update: { TableName, Key: entities.pendingArrivalKey(inboxId, messageId), UpdateExpression: 'SET #read = :r',
    ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeNames: { '#read': 'read' }, ExpressionAttributeValues: { ':r': read } } };
}

async function acquireLease(inboxId: string, owner: string): Promise<boolean> {
  const now = Date.now();
  return applied(db.send(new PutCommand({ TableName, Item: entities.sequencerLease.item({ owner, expires_at: now + LEASE_MS }, { inboxId }),
    ConditionExpression: 'attribute_not_exists(pk) OR expires_at < :now', ExpressionAttributeValues: { ':now': now } })));
}

async function releaseLease(inboxId: string, owner: string) {
  await applied(db.send(new DeleteCommand({ TableName, Key: entities.sequencerLeaseKey(inboxId),
    ConditionExpression: '#o = :o', ExpressionAttributeNames: { '#o': 'owner' }, ExpressionAttributeValues: { ':o': owner } })));
}

/**
 * One transaction for as many of `pending` (oldest first) as fit: their places after `seq`, the
 * counters, the threads, and the entries' deletion. The lease is renewed in it (or, for the last
 * batch, released), so a holder whose lease was taken over cannot commit. Returns what it
 * sequenced (none: the transaction lost) and whether it let the lease go.
 */
async function sequenceBatch(inboxId: string, seq: number, pending: PendingArrival[], lease: { owner: string; release: boolean }): Promise<{ batch: PendingArrival[]; released: boolean }> {
  const fixed = 4; // lease, marker, inbox counters, account thread count
  const batch: PendingArrival[] = [];
  const threads = new Set<string>();
  for (const p of pending) {
    const needed = fixed + 3 * (batch.length + 1) + 2 * (threads.size + (threads.has(p.thread_id) ? 0 : 1));
    if (needed > MAX_TRANSACTION_ITEMS) break;
    batch.push(p);
    threads.add(p.thread_id);
  }
  const { inbox, accountId } = await inboxOf(inboxId);
  const now = Date.now();
  const release = lease.release && batch.length === pending.length;
  const items: TransactItem[] = [release
    ? { Delete: { TableName, Key: entities.sequencerLeaseKey(inboxId),
      ConditionExpression: '#o = :o', ExpressionAttributeNames: { '#o': 'owner' }, ExpressionAttributeValues: { ':o': lease.owner } } }
    : { Update: { TableName, Key: entities.sequencerLeaseKey(inboxId), UpdateExpression: 'SET expires_at = :e',
      ConditionExpression: '#o = :o', ExpressionAttributeNames: { '#o': 'owner' }, ExpressionAttributeValues: { ':e': now + LEASE_MS, ':o': lease.owner } } },
  ];
  const last = batch[batch.length - 1]!;
  const lastReceived = batch.reduce((at, p) => (p.received_at > at ? p.received_at : at), batch[0]!.received_at);
  items.push({ Update: { TableName, Key: entities.arrivalMarker(inboxId),
    UpdateExpression: 'SET seq = :seq, last_message_id = :id, last_received_at = :at, entity = :e',
    ConditionExpression: seq === 0 ? 'attribute_not_exists(seq)' : 'seq = :prev',
    ExpressionAttributeValues: { ':seq': seq + batch.length, ':id': last.message_id, ':at': last.received_at, ':e': 'arrival-marker',
      ...(seq === 0 ? {} : { ':prev': seq }) } } });
  const unread = batch.filter((p) => !p.read).length;
  const newThreads = batch.filter((p) => p.new_thread).length;
  items.push({ Update: { TableName, Key: inboxesEntities.inboxKey(inboxId),
    UpdateExpression: `ADD listed_count :k, message_count :k${unread ? ', unread_listed_count :u' : ''}${newThreads ? ', thread_count :t' : ''} SET last_received_at = :at`,
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':k': batch.length, ':at': lastReceived, ...(unread ? { ':u': unread } : {}), ...(newThreads ? { ':t': newThreads } : {}) } } });
  if (newThreads) {
    items.push({ Update: { TableName, Key: accountsEntities.accountKey(accountId), UpdateExpression: 'ADD thread_count :t',
      ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':t': newThreads } } });
  }
  for (const [i, p] of batch.entries()) {
    items.push({ Put: { TableName, Item: entities.arrival.item({ seq: seq + i + 1, message_id: p.message_id, received_at: p.received_at }, { inboxId }),
      ConditionExpression: 'attribute_not_exists(pk)' } });
    items.push({ Update: { TableName, Key: messagesEntities.messageKey(inboxId, p.message_id), UpdateExpression: 'SET arrival_seq = :s',
      ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':s': seq + i + 1 } } });
    // Exactly once: the entry must still be here, with the read flag the counters above assume.
    items.push({ Delete: { TableName, Key: entities.pendingArrivalKey(inboxId, p.message_id),
      ConditionExpression: 'attribute_exists(pk) AND #read = :r', ExpressionAttributeNames: { '#read': 'read' }, ExpressionAttributeValues: { ':r': p.read } } });
  }
  // Each thread once: its counts, participants and latest message (the last of the batch in it).
  for (const threadId of threads) {
    const mine = batch.filter((p) => p.thread_id === threadId);
    const latest = mine[mine.length - 1]!;
    items.push(...threadGainItems(inboxId, accountId, threadId, {
      messages: mine.length, unread: mine.filter((p) => !p.read).length,
      participants: [inbox.address, ...mine.flatMap((p) => [p.from, ...p.participants])],
      latest: { id: latest.message_id, from_address: latest.from, preview: latest.preview, received_at: latest.received_at },
    }));
  }
  const outcome = await transact(items);
  if (!outcome.ok) return { batch: [], released: false };
  arrivalStats.batches += 1;
  arrivalStats.sequenced += batch.length;
  return { batch, released: release };
}

/**
 * A thread gaining messages, as a transaction's two items: its counts, participants, latest
 * message and index keys, and its read-state item moved with it (made unread by an unread one).
 * The one place both writers of a thread's growth build it (the sequencer; outbound storing).
 */
export function threadGainItems(inboxId: string, accountId: string, threadId: string,
  g: { messages: number; unread: number; participants: string[]; latest: { id: string; from_address: string; preview: string; received_at: string } }): TransactItem[] {
  const idx = messagesEntities.threadIndexes(inboxId, accountId, threadId, g.latest.received_at);
  const state = messagesEntities.threadStatePartitions(inboxId, accountId, true);
  return [
    { Update: { TableName, Key: messagesEntities.threadKey(inboxId, threadId),
      UpdateExpression: `ADD message_count :c${g.unread ? ', unread_count :u' : ''}, participants :p SET updated_at = :at, latest_message = :latest, gsi1sk = :g1, gsi2sk = :g2`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':c': g.messages, ...(g.unread ? { ':u': g.unread } : {}), ':p': new Set(g.participants.filter(Boolean)),
        ':at': g.latest.received_at, ':latest': g.latest, ':g1': idx.gsi1sk, ':g2': idx.gsi2sk } } },
    { Update: { TableName, Key: messagesEntities.threadStateKey(inboxId, threadId),
      UpdateExpression: `SET gsi1sk = :g1, gsi2sk = :g2, thread_id = :t, inbox_id = :i${g.unread ? ', gsi1pk = :s1, gsi2pk = :s2' : ''}`,
      ExpressionAttributeValues: { ':g1': idx.gsi1sk, ':g2': idx.gsi2sk, ':t': threadId, ':i': inboxId,
        ...(g.unread ? { ':s1': state.gsi1pk, ':s2': state.gsi2pk } : {}) } } },
  ];
}

/** The inbox's address and account (the account of an inbox never changes: read once per process). */
const inboxes = new Map<string, { inbox: { address: string }; accountId: string }>();
async function inboxOf(inboxId: string) {
  let known = inboxes.get(inboxId);
  if (!known) {
    const { Item } = await db.send(new GetCommand({ TableName, Key: inboxesEntities.inboxKey(inboxId), ProjectionExpression: 'address, account_id' }));
    if (!Item) throw new Error(`inbox ${inboxId} is not in the table`);
    known = { inbox: { address: Item.address as string }, accountId: Item.account_id as string };
    if (inboxes.size > 10_000) inboxes.clear();
    inboxes.set(inboxId, known);
  }
  return known;
}

/**
 * Gives the inbox's pending messages their places, as the lease holder, until it finds less than a
 * page pending. A caller that finds the lease taken returns at once: the holder, after letting go,
 * looks once more and goes on if anything is pending — and anything stored before that caller
 * tried the lease is, since the holder let go after that try. False when time ran out with
 * messages still pending (the next ingest of the inbox or the sweep takes them).
 */
export async function sequenceArrivals(inboxId: string, deadline: number): Promise<boolean> {
  const owner = randomUUID();
  while (Date.now() < deadline) {
    if (!(await acquireLease(inboxId, owner))) return true;
    let released = false;
    try {
      released = await drain(inboxId, owner, deadline);
    } finally {
      // Usually the last batch let it go already.
      if (!released) await releaseLease(inboxId, owner);
    }
    if (!(await pendingPage(inboxId, 1)).length) return true;
  }
  return false;
}

/**
 * As the lease holder: batches until a read finds less than a page pending and that batch takes
 * it all (releasing the lease in its own transaction), or time is up. True when a batch let the
 * lease go.
 */
async function drain(inboxId: string, owner: string, deadline: number): Promise<boolean> {
  let lost = 0;
  let seq: number | undefined;
  while (Date.now() < deadline) {
    const [marker, pending] = await Promise.all([seq ?? markerSeq(inboxId), pendingPage(inboxId, BATCH_READ)]);
    if (!pending.length) return false;
    const { batch, released } = await sequenceBatch(inboxId, marker, pending, { owner, release: pending.length < BATCH_READ });
    if (batch.length) {
      lost = 0;
      seq = marker + batch.length;
      if (released) return true;
      continue;
    }
    // Lost the round: a read change of a pending message, a writer from before the lease, or the
    // lease itself (then every later round loses too, and the deadline or the next check ends it).
    seq = undefined;
    arrivalStats.conflicts += 1;
    if (++lost > 20) return false;
    await sleep(Math.random() * CONFLICT_PAUSE_MS * Math.min(lost, 5));
  }
  return false;
}

/**
 * The sweep (one-minute schedule): inboxes with messages pending longer than SWEEP_PENDING_AFTER_MS,
 * whose ingest stopped before their sequencing. Pages through the index until it is done or time is up.
 */
export async function sweepPendingArrivals(deadline: number, now = Date.now()): Promise<{ inboxes: number; left: boolean }> {
  const before = new Date(now - SWEEP_PENDING_AFTER_MS).toISOString();
  const inboxIds = new Set<string>();
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db.send(new QueryCommand({ TableName, IndexName: 'gsi3', ExclusiveStartKey: start,
      KeyConditionExpression: 'gsi3pk = :p AND gsi3sk < :t', ExpressionAttributeValues: { ':p': entities.pendingArrivalsPartition, ':t': before },
      ProjectionExpression: 'pk' }));
    for (const i of res.Items ?? []) inboxIds.add((i.pk as string).slice('INBOX#'.length));
    start = res.LastEvaluatedKey;
  } while (start && Date.now() < deadline);
  let left = !!start;
  for (const inboxId of inboxIds) {
    if (Date.now() >= deadline) { left = true; break; }
    if (!(await sequenceArrivals(inboxId, deadline))) left = true;
  }
  return { inboxes: inboxIds.size, left };
}
