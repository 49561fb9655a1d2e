/**
 * Request bins in the table (testing.entities.ts has the keys). A bin's own item is its request
 * counter: requests to one bin are few (a test's webhooks, rate-limited per IP), so counting on it
 * costs nothing that matters, and the count numbers each request (REQ#<n>), so keeping the last 100
 * is deleting REQ#<n-100> beside the write of REQ#<n>, with no scan and no second counter.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '../platform/aws/dynamo-commands.ts';
import { documentClient as db } from '../platform/aws/dynamo.ts';
import { config } from '../platform/config.ts';
import { batchGet } from '../platform/dynamo/batch.ts';
import { ifApplied, transact } from '../platform/dynamo/conditional.ts';
import { countQuery, type ListQuery, type PageRequest, queryPage } from '../platform/dynamo/paging.ts';
import * as entities from './testing.entities.ts';
import type { BinRecord, BinRequestRecord, BinResponse, BinSlotRecord } from './testing.entities.ts';

const TableName = config.tableName;

/** The account's slots held by bins not yet expired (read strongly consistent: a bin just created counts). */
export async function liveSlots(accountId: string, nowIso: string): Promise<BinSlotRecord[]> {
  const { Items } = await db.send(new QueryCommand({ TableName, ConsistentRead: true,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', FilterExpression: 'expires_at > :now',
    ExpressionAttributeValues: { ':pk': entities.binSlotKey(accountId, 0).pk, ':p': entities.binSlotPrefix, ':now': nowIso } }));
  return (Items ?? []).map((i) => entities.binSlot.record(i));
}

/**
 * Writes the bin and takes its slot, both or neither. False when the slot was taken meanwhile (by
 * a bin created at the same time): the caller picks another.
 */
export async function putBin(b: BinRecord, nowIso: string): Promise<boolean> {
  const slot: BinSlotRecord = { account_id: b.account_id, slot: b.slot, bin_id: b.id, expires_at: b.expires_at };
  return (await transact([
    { Put: { TableName, Item: entities.binSlot.item(slot), ConditionExpression: 'attribute_not_exists(pk) OR expires_at <= :now',
      ExpressionAttributeValues: { ':now': nowIso } } },
    { Put: { TableName, Item: entities.bin.item(b), ConditionExpression: 'attribute_not_exists(pk)' } },
  ])).ok;
}

export async function getBin(binId: string): Promise<BinRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.binKey(binId), ConsistentRead: true }));
  return Item ? entities.bin.record(Item) : undefined;
}

export async function getBins(binIds: string[]): Promise<BinRecord[]> {
  const items = await batchGet(binIds.map(entities.binKey), true);
  return items.map((i) => entities.bin.record(i));
}

/** Sets what the bin answers, if it is still the account's and live; the bin as it now is. */
export async function setBinResponse(accountId: string, binId: string, respond: BinResponse, nowIso: string): Promise<BinRecord | undefined> {
  const updated = await ifApplied(db.send(new UpdateCommand({ TableName, Key: entities.binKey(binId),
    UpdateExpression: 'SET respond = :r', ConditionExpression: 'account_id = :acc AND expires_at > :now',
    ExpressionAttributeValues: { ':r': respond, ':acc': accountId, ':now': nowIso }, ReturnValues: 'ALL_NEW' })));
  return updated ? entities.bin.record(updated.Attributes!) : undefined;
}

/**
 * Deletes the bin and frees its slot. Its recorded requests are left to expire with it (TTL): no
 * reader reaches them once the bin is gone.
 */
export async function deleteBin(b: BinRecord): Promise<void> {
  const both = await transact([
    { Delete: { TableName, Key: entities.binKey(b.id) } },
    { Delete: { TableName, Key: entities.binSlotKey(b.account_id, b.slot), ConditionExpression: 'bin_id = :bin', ExpressionAttributeValues: { ':bin': b.id } } },
  ]);
  // The slot already holds another bin (this one expired, and its slot was taken): only the bin goes.
  if (!both.ok) await db.send(new DeleteCommand({ TableName, Key: entities.binKey(b.id) }));
}

/** Counts a request in, if the bin exists and is live: the bin with its new count (the request's number). */
export async function countRequest(binId: string, nowIso: string): Promise<BinRecord | undefined> {
  const updated = await ifApplied(db.send(new UpdateCommand({ TableName, Key: entities.binKey(binId),
    UpdateExpression: 'ADD request_count :one', ConditionExpression: 'attribute_exists(pk) AND expires_at > :now',
    ExpressionAttributeValues: { ':one': 1, ':now': nowIso }, ReturnValues: 'ALL_NEW' })));
  return updated ? entities.bin.record(updated.Attributes!) : undefined;
}

/** Stores request number r.seq of the bin, dropping the one `keep` before it in the same write. */
export async function putRequest(b: BinRecord, r: BinRequestRecord, keep: number): Promise<void> {
  const put = { TableName, Item: entities.binRequest.item(r, b) };
  if (r.seq <= keep) {
    await db.send(new PutCommand(put));
    return;
  }
  const both = await transact([{ Put: put }, { Delete: { TableName, Key: entities.binRequestKey(b.id, r.seq - keep) } }]);
  // Cancelled by a concurrent write to one of the two: the request is still kept (the old one then goes by TTL).
  if (!both.ok) await db.send(new PutCommand(put));
}

const requestsQuery = (binId: string): ListQuery => {
  const pk = entities.binPartition(binId);
  return { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': entities.binRequestPrefix },
    ScanIndexForward: false, keyNames: ['pk', 'sk'], fixed: { pk } };
};

/** A page of the bin's requests, newest first, and how many it keeps. */
export async function pageRequests(binId: string, page: PageRequest, keep: number) {
  const q = requestsQuery(binId);
  const [res, total] = await Promise.all([queryPage(q, page), countQuery(q, keep)]);
  return { requests: res.items.map((i) => entities.binRequest.record(i)), total, has_more: res.has_more, next_cursor: res.next_cursor };
}
