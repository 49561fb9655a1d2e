import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '../platform/aws/dynamo-commands.ts';
import { documentClient as db } from '../platform/aws/dynamo.ts';
import { config } from '../platform/config.ts';
import { ifApplied, transact, type TransactItem } from '../platform/dynamo/conditional.ts';
import { pendingArrivalPut, pendingReadUpdate, threadGainItems } from '../ingest/arrivals.store.ts';
import * as accountsEntities from '../accounts/accounts.entities.ts';
import * as inboxesEntities from '../inboxes/inboxes.entities.ts';
import * as ingestEntities from '../ingest/ingest.entities.ts';
import * as entities from './messages.entities.ts';
import type { EventRecord } from '../events/events.entities.ts';
import type { InboxRecord } from '../inboxes/inboxes.entities.ts';
import type { ArrivalMarker, ArrivalRecord } from '../ingest/ingest.entities.ts';
import type { MessageRecord, RejectionRecord, ThreadRecord } from './messages.entities.ts';
import { batchGet } from '../platform/dynamo/batch.ts';
import { countQuery, type ListQuery, type PageRequest, queryPage } from '../platform/dynamo/paging.ts';
import { eventPut } from '../events/events.store.ts';
import { claimQueuePut } from './claims.store.ts';
import { messageSearchWords } from '../content/search-words.ts';

const TableName = config.tableName;
/** DynamoDB's limit of items in one TransactWriteItems. */
const MAX_TRANSACTION_ITEMS = 100;

type Item = Record<string, any>;

const toThread = (i: Item): ThreadRecord => entities.thread.record(i);

/**
 * Inbox ids claimed by these usernames (`name`, or `name@domain` for an address at a custom
 * domain: inboxesEntities.inboxClaim), one round trip.
 */
export async function claimedInboxIds(usernames: string[]): Promise<string[]> {
  if (!usernames.length) return [];
  const claims = await batchGet(usernames.map((u) => inboxesEntities.username(u)));
  return [...new Set(claims.map((c) => c.inbox_id as string))];
}

/** An inbox a received mail is filed into, with what filing it needs to know first. */
export interface MailTarget {
  inbox: InboxRecord;
  /** The thread of the first Message-ID candidate already claimed in this inbox, else of the mail's own Message-ID. */
  threadId: string | undefined;
  /** Message-IDs (the mail's own and its candidates) already claimed in this inbox: not written again. */
  claimed: Set<string>;
}

/** How many of a reply's candidates (In-Reply-To first) it claims for its thread before their messages arrive. */
const CLAIMED_CANDIDATES = 3;

/**
 * Everything filing a mail reads, for all its inboxes, in one round trip: each inbox and its
 * Message-ID claims of the mail's own id and of its candidates (In-Reply-To, then References
 * newest first). Inactive inboxes are left out.
 */
export async function mailTargets(inboxIds: string[], candidates: string[], own?: string): Promise<MailTarget[]> {
  if (!inboxIds.length) return [];
  const ids = own && !candidates.includes(own) ? [...candidates, own] : candidates;
  const found = await batchGet(inboxIds.flatMap((id) => [inboxesEntities.inboxKey(id), ...ids.map((c) => entities.messageIdHeaderKey(id, c))]), true);
  const byKey = new Map(found.map((i) => [`${i.pk}|${i.sk}`, i]));
  const at = (k: { pk: string; sk: string }) => byKey.get(`${k.pk}|${k.sk}`);
  const out: MailTarget[] = [];
  for (const id of inboxIds) {
    const inbox = at(inboxesEntities.inboxKey(id));
    if (!inbox || inbox.status !== 'active') continue;
    const claims = ids.map((c) => [c, at(entities.messageIdHeaderKey(id, c))] as const).filter(([, i]) => i);
    out.push({ inbox: inboxesEntities.inbox.record(inbox), threadId: claims[0]?.[1]?.thread_id as string | undefined, claimed: new Set(claims.map(([c]) => c)) });
  }
  return out;
}

export type StoreMessageOutcome = 'stored' | 'duplicate' | 'conflict';

export interface StoreMessageArgs {
  message: MessageRecord;
  inbox: InboxRecord;
  thread: { kind: 'new'; record: ThreadRecord } | { kind: 'existing'; id: string };
  /** The thread's latest_message.preview for this message. */
  preview: string;
  /** message.received (and thread.created), written with the message (outbox). */
  events: EventRecord[];
}

/** Rounds of storeMessage when a concurrent transaction touched one of its items (AWS: TransactionConflict). */
const STORE_CONFLICT_ATTEMPTS = 5;

/**
 * Message, thread (new or updated), Message-ID index and inbox counters in one transaction:
 * a retried trigger either finds the message already there ('duplicate') or writes all of it.
 * For outbound mail (sends are capped per account and minute) and seeding; inbound mail is
 * stored by storeInboundMessage, which writes no item another message also writes.
 */
export async function storeMessage(args: StoreMessageArgs): Promise<StoreMessageOutcome> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await transact(messageWriteItems(args));
    if (outcome.ok) return 'stored';
    // The message's own condition (first item): it is already there.
    if (outcome.failed === 0) return 'duplicate';
    if (attempt >= STORE_CONFLICT_ATTEMPTS) return 'conflict';
    await new Promise((r) => setTimeout(r, Math.random() * 50 * attempt));
  }
}

/**
 * What storing a message writes, as one transaction's items (the message first: its condition
 * tells a duplicate). Exported for the bench's bulk seeding, which writes the same items.
 */
export function messageWriteItems(args: StoreMessageArgs): any[] {
  const { inbox, thread } = args;
  const m = args.message;
  // Outbound mail is part of its thread but is neither unread nor "received" by the inbox.
  const inbound = m.direction === 'inbound';
  const latest = { id: m.id, from_address: m.from, preview: args.preview, received_at: m.received_at };
  const items: any[] = [
    { Put: { TableName, Item: entities.message.item(m), ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
  if (thread.kind === 'new') {
    const t = thread.record;
    items.push({ Put: { TableName, Item: entities.thread.item(t), ConditionExpression: 'attribute_not_exists(pk)' } });
    // The account-wide thread list's total.
    items.push({ Update: { TableName, Key: accountsEntities.accountKey(inbox.account_id), UpdateExpression: 'ADD thread_count :one',
      ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':one': 1 } } });
    items.push({ Put: { TableName, Item: entities.threadState.item({ thread_id: t.id, inbox_id: inbox.id },
      { accountId: inbox.account_id, unread: t.unread_count > 0, updatedAt: t.updated_at }) } });
  } else {
    items.push(...threadGainItems(inbox.id, inbox.account_id, thread.id, { messages: 1, unread: inbound && !m.read ? 1 : 0,
      participants: [inbox.address, m.from, ...m.to, ...m.cc], latest }));
  }
  if (m.message_id_header) {
    items.push({ Put: { TableName, Item: entities.messageIdHeader.item({ message_id_header: m.message_id_header, message_id: m.id, thread_id: m.thread_id },
      { inboxId: inbox.id }) } });
  }
  // Counters the lists answer `total` from: every message (listed_count), unread ones, threads.
  const adds = ['listed_count :one', ...(m.read ? [] : ['unread_listed_count :one']), ...(inbound ? ['message_count :one'] : []),
    ...(thread.kind === 'new' ? ['thread_count :one'] : [])];
  items.push({ Update: { TableName, Key: inboxesEntities.inboxKey(inbox.id),
    UpdateExpression: `ADD ${adds.join(', ')}${inbound ? ' SET last_received_at = :at' : ''}`,
    ExpressionAttributeValues: { ':one': 1, ...(inbound ? { ':at': m.received_at } : {}) } } });
  items.push(...args.events.map(eventPut));
  items.push(...searchWordPuts(m, inbox, MAX_TRANSACTION_ITEMS - items.length));
  return items;
}

/**
 * Search words ride in the storing transaction: no extra round trip, and never an index entry
 * for a message that was not stored. What room the transaction has left bounds their number.
 */
function searchWordPuts(m: MessageRecord, inbox: InboxRecord, room: number) {
  return messageSearchWords(m, room).map((word) => ({ Put: { TableName, Item: entities.searchWord.item({ message_id: m.id, thread_id: m.thread_id, inbox_id: inbox.id },
    { accountId: inbox.account_id, word }) } }));
}

export interface StoreInboundArgs {
  message: MessageRecord;
  inbox: InboxRecord;
  /** A new thread (written here, its counts applied by the sequencer) or the existing one it joins. */
  thread: { kind: 'new'; record: ThreadRecord } | { kind: 'existing'; id: string };
  preview: string;
  events: EventRecord[];
  /** Message-IDs this message claims for its thread: its own and its first candidates, those not claimed yet. */
  claims: { own: string | undefined; candidates: string[] };
}

/**
 * An inbound message, stored with items of its own only (docs/decisions.md, "Ingest without a hot
 * item"): the message, a new thread, its Message-ID claims, its events, search words and its
 * PENDING entry; the inbox's arrival order and every shared counter follow in sequenceArrivals.
 * 'conflict' when a claim was taken meanwhile (a reply and its parent racing): read and try again.
 */
export async function storeInboundMessage(args: StoreInboundArgs): Promise<StoreMessageOutcome> {
  const outcome = await transact(inboundWriteItems(args));
  if (outcome.ok) return 'stored';
  return outcome.failed === 0 ? 'duplicate' : 'conflict';
}

/** The storing transaction's items (exported for the test that no two messages of an inbox share one). */
export function inboundWriteItems(args: StoreInboundArgs): TransactItem[] {
  const { message: m, inbox, thread } = args;
  const items: TransactItem[] = [
    { Put: { TableName, Item: entities.message.item(m), ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
  if (thread.kind === 'new') {
    // Counts start at zero: the sequencer adds this message as it adds every other, so a read
    // change before it ran needs no special case.
    const t: ThreadRecord = { ...thread.record, message_count: 0, unread_count: 0 };
    items.push({ Put: { TableName, Item: entities.thread.item(t), ConditionExpression: 'attribute_not_exists(pk)' } });
    items.push({ Put: { TableName, Item: entities.threadState.item({ thread_id: t.id, inbox_id: inbox.id },
      { accountId: inbox.account_id, unread: false, updatedAt: t.updated_at }) } });
  }
  const claim = (header: string, messageId?: string): TransactItem => ({ Put: { TableName,
    Item: entities.messageIdHeader.item({ message_id_header: header, thread_id: m.thread_id, ...(messageId ? { message_id: messageId } : {}) }, { inboxId: inbox.id }),
    ConditionExpression: 'attribute_not_exists(pk)' } });
  if (args.claims.own) items.push(claim(args.claims.own, m.id));
  for (const c of args.claims.candidates.slice(0, CLAIMED_CANDIDATES)) items.push(claim(c));
  items.push(pendingArrivalPut(inbox.id, {
    message_id: m.id, thread_id: m.thread_id, new_thread: thread.kind === 'new', read: m.read, received_at: m.received_at, from: m.from,
    participants: [...new Set([...m.to, ...m.cc].filter(Boolean))], preview: args.preview, created_at: new Date().toISOString(),
  }));
  items.push(...args.events.map(eventPut));
  // Claimable from the moment it is listable: its claim-queue item is stored with it.
  items.push(claimQueuePut(m));
  items.push(...searchWordPuts(m, inbox, MAX_TRANSACTION_ITEMS - items.length));
  return items;
}

/** Takes a message's code or link for one caller: true when this call set consumed_at, false when another had. */
export async function consumeMessage(inboxId: string, messageId: string, at: string): Promise<boolean> {
  const done = await ifApplied(db.send(new UpdateCommand({ TableName, Key: entities.messageKey(inboxId, messageId),
    UpdateExpression: 'SET consumed_at = :at', ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(consumed_at)',
    ExpressionAttributeValues: { ':at': at } })));
  return done !== undefined;
}

export async function recordRejection(r: RejectionRecord, sesMessageId: string) {
  await db.send(new PutCommand({ TableName, Item: entities.rejection.item(r, { sesMessageId }) }));
}

/** Rejections of an inbox, newest first, one page (cursor bound to the inbox). */
export async function listRejections(inboxId: string, limit: number, cursor?: string): Promise<{ rows: RejectionRecord[]; next_cursor: string | null }> {
  const pk = inboxesEntities.inboxPartition(inboxId);
  const page = await queryPage({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': entities.rejectionPrefix },
    ScanIndexForward: false, keyNames: ['pk', 'sk'], fixed: { pk } }, { limit, offset: 0, cursor });
  return { rows: page.items.map(entities.rejection.record), next_cursor: page.next_cursor };
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
      ExpressionAttributeValues: { ':p': entities.threadMessagesPartition(opts.threadId) }, ScanIndexForward: opts.ascending })
    : await queryAll({ TableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': inboxesEntities.inboxPartition(inboxId), ':p': entities.messagePrefix }, ScanIndexForward: opts.ascending });
  return items.map(toMessage).filter((m) => m.inbox_id === inboxId);
}

/** A message by id alone (POST /v1/messages/{id}/reply with an account key). */
export async function findMessageById(messageId: string): Promise<MessageRecord | undefined> {
  const res = await db.send(new QueryCommand({ TableName, IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :p',
    ExpressionAttributeValues: { ':p': entities.messageByIdIndex(messageId).gsi3pk }, Limit: 1 }));
  const item = res.Items?.[0];
  return item ? toMessage(item) : undefined;
}

export async function getMessage(inboxId: string, messageId: string): Promise<MessageRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.messageKey(inboxId, messageId) }));
  return Item ? toMessage(Item) : undefined;
}

/** Rounds of setMessageRead when the thread's unread count moved under it (see below). */
const READ_STATE_ATTEMPTS = 8;

/**
 * Marks read/unread and keeps the thread's unread_count, its read-state item and the inbox's
 * counter in step, in one transaction. Marking read makes the thread read only if this was its
 * last unread message: the thread's count is a condition of the same write (`<= 1` → the state
 * moves to READ, `> 1` → it stays), so the state follows the count exactly; a guess the count
 * refutes is retried with the other branch. False when the message's flag was changed meanwhile.
 */
export async function setMessageRead(m: MessageRecord, read: boolean): Promise<boolean> {
  if (m.read === read) return true;
  const readIndex = entities.messageReadIndex(m.inbox_id, read, m.id);
  const state = entities.threadStatePartitions(m.inbox_id, m.account_id, !read);
  // An inbound message the sequencer has not reached: its counters are not applied yet, so only
  // the flag changes, here and on its pending entry (the sequencer applies what it finds there).
  let pending = m.direction === 'inbound' && m.arrival_seq === undefined;
  while (pending) {
    const outcome = await transact([
      { Update: { TableName, Key: entities.messageKey(m.inbox_id, m.id), UpdateExpression: 'SET #read = :r, gsi2pk = :g2pk, gsi2sk = :g2sk',
        ConditionExpression: '#read = :was AND attribute_not_exists(arrival_seq)', ExpressionAttributeNames: { '#read': 'read' },
        ExpressionAttributeValues: { ':r': read, ':was': !read, ':g2pk': readIndex.gsi2pk, ':g2sk': readIndex.gsi2sk } } },
      pendingReadUpdate(m.inbox_id, m.id, read),
    ]);
    if (outcome.ok) return true;
    if (outcome.failed === 1) { pending = false; break; } // no entry: stored before the sequencer existed
    // Sequenced meanwhile, or the flag changed: look again.
    const now = await getMessage(m.inbox_id, m.id);
    if (!now || now.read === read) return false;
    m = now;
    pending = m.arrival_seq === undefined;
  }
  let lastUnread = true;
  for (let attempt = 0; attempt < READ_STATE_ATTEMPTS; attempt++) {
    const moveState = !read || lastUnread;
    const outcome = await transact([
        { Update: { TableName, Key: entities.messageKey(m.inbox_id, m.id), UpdateExpression: 'SET #read = :r, gsi2pk = :g2pk, gsi2sk = :g2sk',
          ConditionExpression: '#read = :was', ExpressionAttributeNames: { '#read': 'read' },
          ExpressionAttributeValues: { ':r': read, ':was': !read, ':g2pk': readIndex.gsi2pk, ':g2sk': readIndex.gsi2sk } } },
        { Update: { TableName, Key: entities.threadKey(m.inbox_id, m.thread_id), UpdateExpression: 'ADD unread_count :d',
          ...(read ? { ConditionExpression: lastUnread ? 'attribute_not_exists(unread_count) OR unread_count <= :one' : 'unread_count > :one' } : {}),
          ExpressionAttributeValues: { ':d': read ? -1 : 1, ...(read ? { ':one': 1 } : {}) } } },
        { Update: { TableName, Key: inboxesEntities.inboxKey(m.inbox_id), UpdateExpression: 'ADD unread_listed_count :d',
          ExpressionAttributeValues: { ':d': read ? -1 : 1 } } },
        ...(moveState ? [{ Update: { TableName, Key: entities.threadStateKey(m.inbox_id, m.thread_id), UpdateExpression: 'SET gsi1pk = :s1, gsi2pk = :s2',
          ExpressionAttributeValues: { ':s1': state.gsi1pk, ':s2': state.gsi2pk } } }] : []),
    ]);
    if (outcome.ok) return true;
    // The message's flag changed meanwhile: someone else made this change.
    if (outcome.failed === 0) return false;
    // The thread's count refuted the guess: try the other branch. (-1: a concurrent transaction; again.)
    if (outcome.failed === 1) lastUnread = !lastUnread;
  }
  return false;
}

export async function setMessageLabels(m: MessageRecord, labels: string[]) {
  await db.send(new UpdateCommand({ TableName, Key: entities.messageKey(m.inbox_id, m.id), UpdateExpression: 'SET labels = :l',
    ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':l': labels } }));
}

export async function getThread(inboxId: string, threadId: string): Promise<ThreadRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.threadKey(inboxId, threadId) }));
  return Item ? toThread(Item) : undefined;
}

/** Threads by updated_at (newest first unless asc): of one inbox, or of a whole account. */
export async function listThreads(scope: { inboxId: string } | { accountId: string }, ascending: boolean): Promise<ThreadRecord[]> {
  const byInbox = 'inboxId' in scope;
  const items = await queryAll({ TableName, IndexName: byInbox ? 'gsi1' : 'gsi2',
    KeyConditionExpression: byInbox ? 'gsi1pk = :p' : 'gsi2pk = :p',
    ExpressionAttributeValues: { ':p': byInbox ? entities.inboxThreadsPartition(scope.inboxId) : entities.accountThreadsPartition(scope.accountId) },
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


/**
 * Changes thread labels with atomic updates, so concurrent changes all apply in some serial
 * order: `set` replaces the list, `add` appends unless present, `remove` deletes the label's
 * position only if it still holds that label. Undefined when the thread does not exist;
 * 'contended' when a removal lost every round (the caller answers a retryable conflict).
 */
export async function changeThreadLabels(inboxId: string, threadId: string, change: LabelChange, now: string, accountId?: string): Promise<ThreadRecord | undefined | 'contended'> {
  const account = accountId ?? (await getAccountIdOfInbox(inboxId));
  return account === undefined ? undefined : changeLabels(inboxId, threadId, change, now, account);
}

/** The account of an inbox, for callers that name only the inbox (the label index is also account-wide). */
async function getAccountIdOfInbox(inboxId: string): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: inboxesEntities.inboxKey(inboxId), ProjectionExpression: 'account_id' }));
  return Item?.account_id as string | undefined;
}

/**
 * The label index (entities.threadLabelKey) is written around the atomic label updates, never in a
 * transaction with them (20 concurrent adds on one thread must all apply, and transactions on one
 * item conflict): an entry is put before its label is added and deleted after it is removed only
 * while the thread still lacks it, so every labelled thread has its entry. A leftover entry (a
 * failed add, a cleanup that lost a race) is harmless: readers check the thread's labels.
 */
const putLabelEntries = (inboxId: string, accountId: string, threadId: string, labels: string[]) => Promise.all(labels.map((l) =>
  db.send(new PutCommand({ TableName, Item: entities.threadLabel.item({ thread_id: threadId, inbox_id: inboxId }, { accountId, label: l }) }))));

const dropLabelEntries = (inboxId: string, accountId: string, threadId: string, labels: string[]) => Promise.all(labels.map((l) => {
  const { pk, sk } = entities.threadLabelKey(inboxId, accountId, l, threadId);
  // The thread holds the label again (or a concurrent change): its entry stays.
  return transact([
    { ConditionCheck: { TableName, Key: entities.threadKey(inboxId, threadId), ConditionExpression: 'attribute_not_exists(pk) OR NOT contains(labels, :l)',
      ExpressionAttributeValues: { ':l': l } } },
    { Delete: { TableName, Key: { pk, sk } } },
  ]);
}));

async function changeLabels(inboxId: string, threadId: string, change: LabelChange, now: string, accountId: string): Promise<ThreadRecord | undefined | 'contended'> {
  const Key = entities.threadKey(inboxId, threadId);
  if ('set' in change) {
    const labels = [...new Set(change.set)];
    await putLabelEntries(inboxId, accountId, threadId, labels);
    const replaced = await ifApplied(db.send(new UpdateCommand({ TableName, Key,
      UpdateExpression: 'SET labels = :l, labels_updated_at = :now', ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':l': labels, ':now': now }, ReturnValues: 'ALL_OLD' })));
    if (!replaced) {
      // No such thread: the entries just put would only be litter.
      await dropLabelEntries(inboxId, accountId, threadId, labels);
      return undefined;
    }
    const before = toThread(replaced.Attributes!);
    await dropLabelEntries(inboxId, accountId, threadId, (before.labels ?? []).filter((l) => !labels.includes(l)));
    return { ...before, labels, labels_updated_at: now } as ThreadRecord;
  }
  if ('add' in change) {
    await putLabelEntries(inboxId, accountId, threadId, [change.add]);
    const added = await ifApplied(db.send(new UpdateCommand({ TableName, Key,
      UpdateExpression: 'SET labels = list_append(if_not_exists(labels, :none), :one), labels_updated_at = :now',
      ConditionExpression: 'attribute_exists(pk) AND NOT contains(labels, :label)',
      ExpressionAttributeValues: { ':none': [], ':one': [change.add], ':label': change.add, ':now': now }, ReturnValues: 'ALL_NEW' })));
    if (added) return toThread(added.Attributes!);
    // The label was already there (what is stored is the answer), or there is no such thread.
    const current = await getThread(inboxId, threadId);
    if (!current) await dropLabelEntries(inboxId, accountId, threadId, [change.add]);
    return current;
  }
  for (let attempt = 0; attempt < REMOVE_LABEL_ATTEMPTS; attempt++) {
    const current = await getThread(inboxId, threadId);
    if (!current) return undefined;
    const at = (current.labels ?? []).indexOf(change.remove);
    if (at < 0) return current;
    const removed = await ifApplied(db.send(new UpdateCommand({ TableName, Key,
      UpdateExpression: `REMOVE labels[${at}] SET labels_updated_at = :now`,
      ConditionExpression: `attribute_exists(pk) AND labels[${at}] = :label`,
      ExpressionAttributeValues: { ':label': change.remove, ':now': now }, ReturnValues: 'ALL_NEW' })));
    if (removed) {
      const after = toThread(removed.Attributes!);
      if (!after.labels.includes(change.remove)) await dropLabelEntries(inboxId, accountId, threadId, [change.remove]);
      return after;
    }
    // Another change moved the list under this one: read it again.
    await new Promise((r) => setTimeout(r, Math.random() * Math.min(REMOVE_LABEL_BACKOFF_CAP_MS, 10 * 2 ** attempt)));
  }
  return 'contended';
}

/** The inbox's arrival marker (strongly consistent: a waiter must see a commit at once). */
export async function getArrivalMarker(inboxId: string): Promise<ArrivalMarker | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: ingestEntities.arrivalMarker(inboxId), ConsistentRead: true,
    ProjectionExpression: 'seq, last_message_id, last_received_at' }));
  return Item as ArrivalMarker | undefined;
}

const toArrival = (i: Item): ArrivalRecord => ({ seq: i.seq, message_id: i.message_id, received_at: i.received_at });

/** Arrivals with seq in (afterSeq, uptoSeq], oldest first, at most `limit`. */
export async function listArrivals(inboxId: string, afterSeq: number, uptoSeq: number, limit: number): Promise<ArrivalRecord[]> {
  const res = await db.send(new QueryCommand({ TableName, ConsistentRead: true, Limit: limit,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
    ExpressionAttributeValues: { ':pk': inboxesEntities.inboxPartition(inboxId), ':lo': ingestEntities.arrivalKey(inboxId, afterSeq + 1).sk, ':hi': ingestEntities.arrivalKey(inboxId, uptoSeq).sk } }));
  return (res.Items ?? []).map(toArrival);
}

/** The latest arrivals up to seq `uptoSeq`, newest first, at most `limit`. */
export async function listLatestArrivals(inboxId: string, uptoSeq: number, limit: number): Promise<ArrivalRecord[]> {
  const res = await db.send(new QueryCommand({ TableName, ConsistentRead: true, Limit: limit, ScanIndexForward: false,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
    ExpressionAttributeValues: { ':pk': inboxesEntities.inboxPartition(inboxId), ':lo': ingestEntities.arrivalPrefix, ':hi': ingestEntities.arrivalKey(inboxId, uptoSeq).sk } }));
  return (res.Items ?? []).map(toArrival);
}

/** Messages of one inbox by id, strongly consistent, in the order asked (missing ones left out). */
export async function getMessages(inboxId: string, messageIds: string[]): Promise<MessageRecord[]> {
  const items = await batchGet(messageIds.map((id) => entities.messageKey(inboxId, id)), true);
  const byId = new Map(items.map((i) => [i.id as string, toMessage(i)]));
  return messageIds.map((id) => byId.get(id)).filter((m): m is MessageRecord => !!m);
}

/**
 * What a summary list item needs: everything but the bodies and headers (the stored verdict, and
 * the Authentication-Results header alone for the verdict of mail stored before ingest stored
 * it). Projected in the query, so a summary page never reads a body.
 */
const SUMMARY_FIELDS = ['id', 'inbox_id', 'account_id', 'thread_id', 'direction', 'from', 'from_name', 'to', 'cc', 'bcc', 'reply_to',
  'subject', 'links', 'cta_links', 'verification_codes', 'message_id_header', 'in_reply_to', 'references', 'labels', 'read',
  'spam_score', 'spam_verdict', 'received_at', 'created_at', 'attachments', 'raw_s3_key', 'parse_error', 'delivery_status',
  'envelope_from', 'arrival_seq', 'authentication', 'security', 'consumed_at'];
const summaryProjection = {
  expression: [...SUMMARY_FIELDS.map((_, i) => `#f${i}`), '#hdr.#auth'].join(', '),
  names: { ...Object.fromEntries(SUMMARY_FIELDS.map((f, i) => [`#f${i}`, f])), '#hdr': 'headers', '#auth': 'authentication-results' },
};

export interface MessageListFilter {
  threadId?: string;
  /** true = read only, false = unread only. */
  read?: boolean;
  ascending: boolean;
  /** Leave bodies and headers out (view=summary). */
  summary: boolean;
  /** Only mail assessed at risk none or low (safe_only). */
  safeOnly?: boolean;
}

/**
 * safe_only as a filter on the list's query: DynamoDB reads the unsafe mail it skips (a sparse index
 * would not, at the cost of a fourth GSI: not worth it while risky mail is rare in an inbox).
 */
const SAFE_FILTER = '#sec.#risk IN (:rnone, :rlow)';
const SAFE_NAMES = { '#sec': 'security', '#risk': 'risk' };
const SAFE_VALUES = { ':rnone': 'none', ':rlow': 'low' };

function withSafeFilter(q: ListQuery, f: MessageListFilter): ListQuery {
  if (!f.safeOnly) return q;
  return {
    ...q,
    FilterExpression: q.FilterExpression ? `(${q.FilterExpression}) AND ${SAFE_FILTER}` : SAFE_FILTER,
    ExpressionAttributeNames: { ...q.ExpressionAttributeNames, ...SAFE_NAMES },
    ExpressionAttributeValues: { ...q.ExpressionAttributeValues, ...SAFE_VALUES },
  };
}

/**
 * The query that serves a message list: the inbox's messages (base table), one read state
 * (gsi2, a partition per state), or one thread (gsi1; a read filter there is bounded by the thread).
 */
function messageListQuery(inboxId: string, f: MessageListFilter): ListQuery {
  return withSafeFilter(unfilteredListQuery(inboxId, f), f);
}

function unfilteredListQuery(inboxId: string, f: MessageListFilter): ListQuery {
  const projection = f.summary ? summaryProjection : undefined;
  const inboxPk = inboxesEntities.inboxPartition(inboxId);
  if (f.threadId !== undefined) {
    return { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p', ScanIndexForward: f.ascending, projection,
      ExpressionAttributeValues: { ':p': entities.threadMessagesPartition(f.threadId), ...(f.read !== undefined ? { ':r': f.read } : {}) },
      ...(f.read !== undefined ? { FilterExpression: '#read = :r', ExpressionAttributeNames: { '#read': 'read' } } : {}),
      keyNames: ['pk', 'sk', 'gsi1pk', 'gsi1sk'], fixed: { pk: inboxPk, gsi1pk: entities.threadMessagesPartition(f.threadId) } };
  }
  if (f.read !== undefined) {
    const p = entities.messageReadPartition(inboxId, f.read);
    return { IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :p', ExpressionAttributeValues: { ':p': p }, ScanIndexForward: f.ascending,
      projection, keyNames: ['pk', 'sk', 'gsi2pk', 'gsi2sk'], fixed: { pk: inboxPk, gsi2pk: p } };
  }
  return { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': inboxPk, ':p': entities.messagePrefix },
    ScanIndexForward: f.ascending, projection, keyNames: ['pk', 'sk'], fixed: { pk: inboxPk } };
}

const toMessage = (i: Item): MessageRecord => entities.message.record(i);

/** One page of an inbox's messages, newest first unless ascending (see queryPage for cursor/offset). */
export async function pageInboxMessages(inboxId: string, f: MessageListFilter, page: PageRequest) {
  const res = await queryPage(messageListQuery(inboxId, f), page);
  // A thread id of another inbox selects nothing here (its items carry that inbox's pk).
  const messages = res.items.filter((i) => i.inbox_id === inboxId).map(toMessage);
  return { messages, next_cursor: res.next_cursor, has_more: res.has_more };
}

/**
 * The total of a message list: from the inbox's counters, or the thread's; a thread filtered by
 * read state counts its own keys. Inboxes stored before the counters existed count once too.
 */
export async function countInboxMessages(inbox: InboxRecord, f: MessageListFilter): Promise<number> {
  // No counter covers the safe ones: counted from the query, as a thread's read filter is.
  if (f.safeOnly) return countQuery(messageListQuery(inbox.id, f));
  if (f.threadId !== undefined) {
    if (f.read === undefined) {
      const t = await getThread(inbox.id, f.threadId);
      return t?.message_count ?? 0;
    }
    return countQuery(messageListQuery(inbox.id, f));
  }
  const all = inbox.listed_count;
  const unread = inbox.unread_listed_count;
  if (f.read === undefined && all !== undefined) return all;
  if (f.read === false && unread !== undefined) return unread;
  if (f.read === true && all !== undefined && unread !== undefined) return all - unread;
  return countQuery(messageListQuery(inbox.id, f));
}

/** Message ids (with thread and inbox) whose index words start with every one of `terms`. */
async function matchWords(scope: { inboxId: string } | { accountId: string }, terms: string[]): Promise<Map<string, { thread_id: string; inbox_id: string }>> {
  let result: Map<string, { thread_id: string; inbox_id: string }> | undefined;
  // Longest term first: usually the fewest matches, and the later terms only narrow.
  for (const term of [...terms].sort((a, b) => b.length - a.length)) {
    const found = new Map<string, { thread_id: string; inbox_id: string }>();
    let start: Record<string, unknown> | undefined;
    do {
      const res = await db.send(new QueryCommand({ TableName, ExclusiveStartKey: start,
        ...('inboxId' in scope
          ? { KeyConditionExpression: 'pk = :p AND begins_with(sk, :w)', ExpressionAttributeValues: { ':p': entities.inboxWordsPartition(scope.inboxId), ':w': term } }
          : { IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :p AND begins_with(gsi2sk, :w)',
            ExpressionAttributeValues: { ':p': entities.accountWordsPartition(scope.accountId), ':w': term } }),
        ProjectionExpression: 'message_id, thread_id, inbox_id' }));
      for (const i of res.Items ?? []) {
        if (!result || result.has(i.message_id)) found.set(i.message_id, { thread_id: i.thread_id, inbox_id: i.inbox_id });
      }
      start = res.LastEvaluatedKey;
    } while (start);
    result = found;
    if (!result.size) break;
  }
  return result ?? new Map();
}

/**
 * Messages of an inbox matching every search term (as word prefixes), optionally of one thread
 * and read state: reads the index entries of the matches (and, for a read filter, their read
 * flags), then the page's messages only.
 */
export async function searchInboxMessages(inboxId: string, terms: string[], f: MessageListFilter, page: { limit: number; offset: number; after?: string }) {
  const matches = await matchWords({ inboxId }, terms);
  let ids = [...matches].filter(([, v]) => f.threadId === undefined || v.thread_id === f.threadId).map(([id]) => id);
  if ((f.read !== undefined || f.safeOnly) && ids.length) {
    const flags = await batchGet(ids.map((id) => entities.messageKey(inboxId, id)), false, '#id, #read, #sec.#risk', { '#id': 'id', '#read': 'read', '#sec': 'security', '#risk': 'risk' });
    const risk = (i: Item) => (i.security as { risk?: string } | undefined)?.risk;
    const wanted = new Set(flags.filter((i) => (f.read === undefined || i.read === f.read) && (!f.safeOnly || risk(i) === 'none' || risk(i) === 'low'))
      .map((i) => i.id as string));
    ids = ids.filter((id) => wanted.has(id));
  }
  ids.sort();
  if (!f.ascending) ids.reverse();
  const from = page.after !== undefined ? ids.indexOf(page.after) + 1 : page.offset;
  const pageIds = ids.slice(from, from + page.limit);
  const items = await batchGet(pageIds.map((id) => entities.messageKey(inboxId, id)), false,
    f.summary ? summaryProjection.expression : undefined, f.summary ? summaryProjection.names : undefined);
  const byId = new Map(items.map((i) => [i.id as string, toMessage(i)]));
  const messages = pageIds.map((id) => byId.get(id)).filter((m): m is MessageRecord => !!m);
  const has_more = from + pageIds.length < ids.length;
  return { messages, total: ids.length, has_more, last: pageIds[pageIds.length - 1] };
}

/** Threads (of one inbox or the whole account) with a message matching every search term. */
export async function searchThreads(scope: { inboxId: string } | { accountId: string }, terms: string[]): Promise<ThreadRecord[]> {
  const matches = await matchWords(scope, terms);
  const threads = new Map<string, string>();
  for (const v of matches.values()) threads.set(v.thread_id, v.inbox_id);
  const items = await batchGet([...threads].map(([threadId, inboxId]) => entities.threadKey(inboxId, threadId)));
  return items.map(toThread);
}

export interface ThreadListFilter {
  label?: string;
  unread?: boolean;
  before?: string;
  after?: string;
  ascending: boolean;
}

/**
 * Threads by updated_at, of one inbox (gsi1) or of the account (gsi2): before/after are key
 * conditions; `unread` reads the read-state items' partition of that state instead (same sort
 * key). A label is not a filter here: labelledThreads serves it from the label index.
 */
function threadListQuery(scope: { inboxId: string } | { accountId: string }, f: Omit<ThreadListFilter, 'label'>): ListQuery {
  const byInbox = 'inboxId' in scope;
  const [pkName, skName] = byInbox ? ['gsi1pk', 'gsi1sk'] : ['gsi2pk', 'gsi2sk'];
  const p = f.unread !== undefined
    ? (byInbox ? entities.inboxThreadStatePartition(scope.inboxId, f.unread) : entities.accountThreadStatePartition(scope.accountId, f.unread))
    : byInbox ? entities.inboxThreadsPartition(scope.inboxId) : entities.accountThreadsPartition(scope.accountId);
  const values: Record<string, unknown> = { ':p': p };
  let range = '';
  // Index sort keys are `<updated_at>#<thread>`: '#' sorts before any id character, '~' after.
  if (f.after !== undefined && f.before !== undefined) {
    range = ` AND ${skName} BETWEEN :lo AND :hi`; values[':lo'] = `${f.after}~`; values[':hi'] = `${f.before}#`;
  } else if (f.after !== undefined) {
    range = ` AND ${skName} > :lo`; values[':lo'] = `${f.after}~`;
  } else if (f.before !== undefined) {
    range = ` AND ${skName} < :hi`; values[':hi'] = `${f.before}#`;
  }
  return { IndexName: byInbox ? 'gsi1' : 'gsi2', KeyConditionExpression: `${pkName} = :p${range}`, ExpressionAttributeValues: values,
    ScanIndexForward: f.ascending, keyNames: ['pk', 'sk', pkName, skName], fixed: { [pkName]: p } };
}

/** A page of threads; with `unread` the page is read-state items, and their threads are one BatchGet. */
export async function pageThreads(scope: { inboxId: string } | { accountId: string }, f: Omit<ThreadListFilter, 'label'>, page: PageRequest) {
  const res = await queryPage(threadListQuery(scope, f), page);
  if (f.unread === undefined) return { threads: res.items.map(toThread), next_cursor: res.next_cursor, has_more: res.has_more };
  const found = await batchGet(res.items.map((i) => entities.threadKey(i.inbox_id as string, i.thread_id as string)));
  const byId = new Map(found.map((i) => [i.id as string, toThread(i)]));
  const threads = res.items.map((i) => byId.get(i.thread_id as string)).filter((t): t is ThreadRecord => !!t);
  return { threads, next_cursor: res.next_cursor, has_more: res.has_more };
}

/** Threads (of one inbox or the account) in a label's index, read in full: the cost is the label's threads. */
export async function labelledThreads(scope: { inboxId: string } | { accountId: string }, label: string): Promise<ThreadRecord[]> {
  const entries = 'inboxId' in scope
    ? await queryAll({ TableName, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': entities.inboxThreadLabelPartition(scope.inboxId, label) },
      ProjectionExpression: 'thread_id, inbox_id' })
    : await queryAll({ TableName, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :p',
      ExpressionAttributeValues: { ':p': entities.accountThreadLabelPartition(scope.accountId, label) }, ProjectionExpression: 'thread_id, inbox_id' });
  const items = await batchGet(entries.map((e) => entities.threadKey(e.inbox_id as string, e.thread_id as string)));
  // An entry outlives its label when a removal's cleanup lost a race: the thread decides.
  return items.map(toThread).filter((t) => t.labels.includes(label));
}

/** The total of a thread list: the maintained counter when unfiltered, else a keys-only count. */
export async function countThreads(scope: { inboxId: string } | { accountId: string }, f: Omit<ThreadListFilter, 'label'>, counter: number | undefined): Promise<number> {
  const unfiltered = f.unread === undefined && f.before === undefined && f.after === undefined;
  if (unfiltered && counter !== undefined) return counter;
  return countQuery(threadListQuery(scope, f));
}
