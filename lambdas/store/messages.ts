import { BatchGetCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient as db } from '../aws/dynamo.ts';
import { config } from '../config.ts';
import { keys, stripKeys } from './keys.ts';
import { eventPut } from './events.ts';
import type { ArrivalMarker, ArrivalRecord, EventRecord, InboxRecord, MessageRecord, RejectionRecord, ThreadRecord } from './records.ts';

const TableName = config.tableName;
/** Rejections are kept for 30 days: long enough to answer "why did my mail not arrive?". */
const REJECTION_TTL_SECONDS = 30 * 86400;

type Item = Record<string, any>;

async function batchGet(keyList: Record<string, string>[], consistent = false): Promise<Item[]> {
  const out: Item[] = [];
  for (let i = 0; i < keyList.length; i += 100) {
    let pending: Record<string, any>[] | undefined = keyList.slice(i, i + 100);
    for (let attempt = 0; pending?.length && attempt < 5; attempt++) {
      const res = await db.send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: pending, ConsistentRead: consistent } } }));
      out.push(...(res.Responses?.[TableName] ?? []));
      pending = res.UnprocessedKeys?.[TableName]?.Keys as Record<string, any>[] | undefined;
    }
    if (pending?.length) throw new Error(`BatchGet left ${pending.length} keys unprocessed`);
  }
  return out;
}

const toThread = (i: Item): ThreadRecord => {
  const t = stripKeys(i) as unknown as ThreadRecord & { participants: Set<string> | string[] };
  return { ...t, participants: [...(t.participants ?? [])].sort() };
};

/**
 * Active inboxes for these address claims: a username at the service domain, a full address at a
 * custom domain (keys.inboxClaim).
 */
export async function inboxesByUsername(usernames: string[]): Promise<InboxRecord[]> {
  if (!usernames.length) return [];
  const claims = await batchGet(usernames.map((u) => keys.username(u)));
  const ids = [...new Set(claims.map((c) => c.inbox_id as string))];
  if (!ids.length) return [];
  const inboxes = await batchGet(ids.map((id) => keys.inbox(id)));
  return inboxes.map((i) => stripKeys(i) as InboxRecord).filter((i) => i.status === 'active');
}

/** The thread of the first candidate Message-ID already stored in this inbox. */
export async function threadForMessageIds(inboxId: string, candidates: string[]): Promise<string | undefined> {
  if (!candidates.length) return undefined;
  const found = await batchGet(candidates.map((c) => keys.messageIdHeader(inboxId, c)));
  const byId = new Map(found.map((f) => [f.message_id_header as string, f.thread_id as string]));
  for (const c of candidates) if (byId.has(c)) return byId.get(c);
  return undefined;
}

export type StoreMessageOutcome = 'stored' | 'duplicate' | 'conflict';

/**
 * Message, thread (new or updated), Message-ID index and inbox counters in one transaction:
 * a retried trigger either finds the message already there ('duplicate') or writes all of it.
 */
export async function storeMessage(args: {
  message: MessageRecord;
  inbox: InboxRecord;
  thread: { kind: 'new'; record: ThreadRecord } | { kind: 'existing'; id: string };
  /** The thread's latest_message.preview for this message. */
  preview: string;
  /** message.received (and thread.created), written with the message (outbox). */
  events: EventRecord[];
  /**
   * Inbound mail takes the next place in the inbox's arrival order: `previous` is the marker's
   * seq as read before, and the write fails ('conflict') if another arrival took it meanwhile.
   */
  arrival?: { previous: number };
}): Promise<StoreMessageOutcome> {
  const { inbox, thread } = args;
  const seq = args.arrival ? args.arrival.previous + 1 : undefined;
  const m: MessageRecord = seq === undefined ? args.message : { ...args.message, arrival_seq: seq };
  // Outbound mail is part of its thread but is neither unread nor "received" by the inbox.
  const inbound = m.direction === 'inbound';
  const latest = { id: m.id, from_address: m.from, preview: args.preview, received_at: m.received_at };
  const items: any[] = [
    { Put: { TableName, Item: { ...keys.message(inbox.id, m.id), ...keys.threadMessagesIndex(m.thread_id, m.received_at, m.id),
      ...keys.messageByIdIndex(m.id), entity: 'message', ...m },
      ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
  if (thread.kind === 'new') {
    const t = thread.record;
    items.push({ Put: { TableName, Item: { ...keys.thread(inbox.id, t.id), ...keys.threadIndexes(inbox.id, inbox.account_id, t.id, t.updated_at),
      entity: 'thread', ...t, participants: new Set(t.participants) }, ConditionExpression: 'attribute_not_exists(pk)' } });
  } else {
    const idx = keys.threadIndexes(inbox.id, inbox.account_id, thread.id, m.received_at);
    items.push({ Update: { TableName, Key: keys.thread(inbox.id, thread.id),
      UpdateExpression: `ADD message_count :one${inbound ? ', unread_count :one' : ''}, participants :p SET updated_at = :at, latest_message = :latest, gsi1sk = :g1, gsi2sk = :g2`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1, ':p': new Set([inbox.address, m.from, ...m.to, ...m.cc].filter(Boolean)), ':at': m.received_at,
        ':latest': latest, ':g1': idx.gsi1sk, ':g2': idx.gsi2sk } } });
  }
  if (m.message_id_header) {
    items.push({ Put: { TableName, Item: { ...keys.messageIdHeader(inbox.id, m.message_id_header), entity: 'message-id',
      message_id_header: m.message_id_header, message_id: m.id, thread_id: m.thread_id } } });
  }
  if (inbound || thread.kind === 'new') {
    items.push({ Update: { TableName, Key: keys.inbox(inbox.id),
      UpdateExpression: inbound
        ? `ADD message_count :one${thread.kind === 'new' ? ', thread_count :one' : ''} SET last_received_at = :at`
        : 'ADD thread_count :one',
      ExpressionAttributeValues: { ':one': 1, ...(inbound ? { ':at': m.received_at } : {}) } } });
  }
  if (seq !== undefined) {
    const marker: ArrivalMarker = { seq, last_message_id: m.id, last_received_at: m.received_at };
    items.push({ Update: { TableName, Key: keys.arrivalMarker(inbox.id),
      UpdateExpression: 'SET seq = :seq, last_message_id = :id, last_received_at = :at, entity = :e',
      ConditionExpression: seq === 1 ? 'attribute_not_exists(seq)' : 'seq = :prev',
      ExpressionAttributeValues: { ':seq': seq, ':id': marker.last_message_id, ':at': marker.last_received_at, ':e': 'arrival-marker',
        ...(seq === 1 ? {} : { ':prev': seq - 1 }) } } });
    const arrival: ArrivalRecord = { seq, message_id: m.id, received_at: m.received_at };
    items.push({ Put: { TableName, Item: { ...keys.arrival(inbox.id, seq), entity: 'arrival', ...arrival },
      ConditionExpression: 'attribute_not_exists(pk)' } });
  }
  items.push(...args.events.map(eventPut));
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items }));
    return 'stored';
  } catch (e) {
    if ((e as Error).name !== 'TransactionCanceledException') throw e;
    const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    if (reasons[0]?.Code === 'ConditionalCheckFailed') return 'duplicate';
    return 'conflict';
  }
}

export async function recordRejection(r: RejectionRecord, sesMessageId: string) {
  await db.send(new PutCommand({ TableName, Item: {
    ...keys.rejection(r.inbox_id, r.rejected_at, sesMessageId), entity: 'rejection', ...r,
    ttl: Math.floor(Date.parse(r.rejected_at) / 1000) + REJECTION_TTL_SECONDS,
  } }));
}

export async function listRejections(inboxId: string, limit: number): Promise<RejectionRecord[]> {
  const res = await db.send(new QueryCommand({ TableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': keys.inboxPartition(inboxId), ':p': keys.rejectionPrefix },
    ScanIndexForward: false, Limit: limit }));
  return (res.Items ?? []).map((i) => stripKeys(i) as unknown as RejectionRecord);
}

async function queryAll(input: ConstructorParameters<typeof QueryCommand>[0]): Promise<Item[]> {
  const out: Item[] = [];
  let ExclusiveStartKey: Record<string, any> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, ExclusiveStartKey }));
    out.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}

/** All messages of an inbox (newest first unless asc), optionally one thread's only. */
export async function listInboxMessages(inboxId: string, opts: { threadId?: string; ascending: boolean }): Promise<MessageRecord[]> {
  const items = opts.threadId
    ? await queryAll({ TableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p',
      ExpressionAttributeValues: { ':p': keys.threadMessagesPartition(opts.threadId) }, ScanIndexForward: opts.ascending })
    : await queryAll({ TableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.inboxPartition(inboxId), ':p': keys.messagePrefix }, ScanIndexForward: opts.ascending });
  return items.map((i) => stripKeys(i) as unknown as MessageRecord).filter((m) => m.inbox_id === inboxId);
}

/** A message by id alone (POST /v1/messages/{id}/reply with an account key). */
export async function findMessageById(messageId: string): Promise<MessageRecord | undefined> {
  const res = await db.send(new QueryCommand({ TableName, IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :p',
    ExpressionAttributeValues: { ':p': keys.messageByIdIndex(messageId).gsi3pk }, Limit: 1 }));
  const item = res.Items?.[0];
  return item ? (stripKeys(item) as unknown as MessageRecord) : undefined;
}

export async function getMessage(inboxId: string, messageId: string): Promise<MessageRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: keys.message(inboxId, messageId) }));
  return Item ? (stripKeys(Item) as unknown as MessageRecord) : undefined;
}

/** Marks read/unread and keeps the thread's unread_count in step, in one transaction. */
export async function setMessageRead(m: MessageRecord, read: boolean): Promise<boolean> {
  if (m.read === read) return true;
  try {
    await db.send(new TransactWriteCommand({ TransactItems: [
      { Update: { TableName, Key: keys.message(m.inbox_id, m.id), UpdateExpression: 'SET #read = :r',
        ConditionExpression: '#read = :was', ExpressionAttributeNames: { '#read': 'read' }, ExpressionAttributeValues: { ':r': read, ':was': !read } } },
      { Update: { TableName, Key: keys.thread(m.inbox_id, m.thread_id), UpdateExpression: 'ADD unread_count :d',
        ExpressionAttributeValues: { ':d': read ? -1 : 1 } } },
    ] }));
    return true;
  } catch (e) {
    if ((e as Error).name === 'TransactionCanceledException') return false;
    throw e;
  }
}

export async function setMessageLabels(m: MessageRecord, labels: string[]) {
  await db.send(new UpdateCommand({ TableName, Key: keys.message(m.inbox_id, m.id), UpdateExpression: 'SET labels = :l',
    ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':l': labels } }));
}

export async function getThread(inboxId: string, threadId: string): Promise<ThreadRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: keys.thread(inboxId, threadId) }));
  return Item ? toThread(Item) : undefined;
}

/** Threads by updated_at (newest first unless asc): of one inbox, or of a whole account. */
export async function listThreads(scope: { inboxId: string } | { accountId: string }, ascending: boolean): Promise<ThreadRecord[]> {
  const byInbox = 'inboxId' in scope;
  const items = await queryAll({ TableName, IndexName: byInbox ? 'gsi1' : 'gsi2',
    KeyConditionExpression: byInbox ? 'gsi1pk = :p' : 'gsi2pk = :p',
    ExpressionAttributeValues: { ':p': byInbox ? keys.inboxThreadsPartition(scope.inboxId) : keys.accountThreadsPartition(scope.accountId) },
    ScanIndexForward: ascending });
  return items.map(toThread);
}

export type LabelChange = { set: string[] } | { add: string } | { remove: string };

/**
 * Removing a label is a conditional REMOVE of its list position, which another writer's removal
 * or replacement can shift; such a loser re-reads and tries again, with jittered backoff so a
 * burst does not collide in lock step. Adding and replacing never conflict (one atomic update).
 */
const REMOVE_LABEL_ATTEMPTS = 12;
const REMOVE_LABEL_BACKOFF_CAP_MS = 200;

const isConditionFailure = (e: unknown) => (e as Error).name === 'ConditionalCheckFailedException';

/**
 * Changes thread labels with atomic updates, so concurrent changes all apply in some serial
 * order: `set` replaces the list, `add` appends unless present, `remove` deletes the label's
 * position only if it still holds that label. Undefined when the thread does not exist;
 * 'contended' when a removal lost every round (the caller answers a retryable 409).
 */
export async function changeThreadLabels(inboxId: string, threadId: string, change: LabelChange, now: string): Promise<ThreadRecord | undefined | 'contended'> {
  const Key = keys.thread(inboxId, threadId);
  if ('set' in change) {
    try {
      const { Attributes } = await db.send(new UpdateCommand({ TableName, Key,
        UpdateExpression: 'SET labels = :l, labels_updated_at = :now', ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':l': [...new Set(change.set)], ':now': now }, ReturnValues: 'ALL_NEW' }));
      return toThread(Attributes!);
    } catch (e) {
      if (isConditionFailure(e)) return undefined;
      throw e;
    }
  }
  if ('add' in change) {
    try {
      const { Attributes } = await db.send(new UpdateCommand({ TableName, Key,
        UpdateExpression: 'SET labels = list_append(if_not_exists(labels, :none), :one), labels_updated_at = :now',
        ConditionExpression: 'attribute_exists(pk) AND NOT contains(labels, :label)',
        ExpressionAttributeValues: { ':none': [], ':one': [change.add], ':label': change.add, ':now': now }, ReturnValues: 'ALL_NEW' }));
      return toThread(Attributes!);
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
      // No thread, or the label is already there: either way, what is stored now is the answer.
      return getThread(inboxId, threadId);
    }
  }
  for (let attempt = 0; attempt < REMOVE_LABEL_ATTEMPTS; attempt++) {
    const current = await getThread(inboxId, threadId);
    if (!current) return undefined;
    const at = (current.labels ?? []).indexOf(change.remove);
    if (at < 0) return current;
    try {
      const { Attributes } = await db.send(new UpdateCommand({ TableName, Key,
        UpdateExpression: `REMOVE labels[${at}] SET labels_updated_at = :now`,
        ConditionExpression: `attribute_exists(pk) AND labels[${at}] = :label`,
        ExpressionAttributeValues: { ':label': change.remove, ':now': now }, ReturnValues: 'ALL_NEW' }));
      return toThread(Attributes!);
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(REMOVE_LABEL_BACKOFF_CAP_MS, 10 * 2 ** attempt)));
    }
  }
  return 'contended';
}

/** The inbox's arrival marker (strongly consistent: a waiter must see a commit at once). */
export async function getArrivalMarker(inboxId: string): Promise<ArrivalMarker | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: keys.arrivalMarker(inboxId), ConsistentRead: true,
    ProjectionExpression: 'seq, last_message_id, last_received_at' }));
  return Item as ArrivalMarker | undefined;
}

const toArrival = (i: Item): ArrivalRecord => ({ seq: i.seq, message_id: i.message_id, received_at: i.received_at });

/** Arrivals with seq in (afterSeq, uptoSeq], oldest first, at most `limit`. */
export async function listArrivals(inboxId: string, afterSeq: number, uptoSeq: number, limit: number): Promise<ArrivalRecord[]> {
  const res = await db.send(new QueryCommand({ TableName, ConsistentRead: true, Limit: limit,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
    ExpressionAttributeValues: { ':pk': keys.inboxPartition(inboxId), ':lo': keys.arrival(inboxId, afterSeq + 1).sk, ':hi': keys.arrival(inboxId, uptoSeq).sk } }));
  return (res.Items ?? []).map(toArrival);
}

/** The latest arrivals up to seq `uptoSeq`, newest first, at most `limit`. */
export async function listLatestArrivals(inboxId: string, uptoSeq: number, limit: number): Promise<ArrivalRecord[]> {
  const res = await db.send(new QueryCommand({ TableName, ConsistentRead: true, Limit: limit, ScanIndexForward: false,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
    ExpressionAttributeValues: { ':pk': keys.inboxPartition(inboxId), ':lo': keys.arrivalPrefix, ':hi': keys.arrival(inboxId, uptoSeq).sk } }));
  return (res.Items ?? []).map(toArrival);
}

/** Messages of one inbox by id, strongly consistent, in the order asked (missing ones left out). */
export async function getMessages(inboxId: string, messageIds: string[]): Promise<MessageRecord[]> {
  const items = await batchGet(messageIds.map((id) => keys.message(inboxId, id)), true);
  const byId = new Map(items.map((i) => [i.id as string, stripKeys(i) as unknown as MessageRecord]));
  return messageIds.map((id) => byId.get(id)).filter((m): m is MessageRecord => !!m);
}
