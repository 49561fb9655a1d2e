/**
 * Fills an inbox fast by writing through the store itself (storeMessage: the same transaction
 * ingest makes, counters and search words included), many in parallel. For tests and the bench
 * that need thousands of messages; the env (TABLE_NAME, AWS endpoint, credentials) must be set
 * before the first call, since the store reads it at import.
 */
import type { InboxRecord } from '../lambdas/inboxes/inboxes.entities.ts';
import type { MessageRecord, ThreadRecord } from '../lambdas/messages/messages.entities.ts';

export interface SeedSpec {
  subject: string;
  body: string;
  from: string;
  read: boolean;
  /** Messages with the same thread key share a thread. */
  thread: number;
}

/** Ids are uuidv7 of increasing times, so the inbox order is the seed order. */
function id(prefix: string, ms: number, n: number) {
  const hex = ms.toString(16).padStart(12, '0');
  const rand = n.toString(16).padStart(12, '0');
  return `${prefix}_${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-${rand}`;
}

export interface SeedOptions {
  concurrency?: number;
  startMs?: number;
  /**
   * Bulk: the items storing each message writes (messageWriteItems: message, indexes, search
   * words) go out 25 per BatchWriteItem, and threads and counters are written once with their
   * final values — the same stored state as one transaction per message, at a fraction of the
   * emulator's cost (100,000 messages in minutes instead of hours). Conditions are not checked:
   * for seeding a fresh inbox only.
   */
  bulk?: boolean;
}

export async function seedMessages(inbox: InboxRecord, specs: SeedSpec[], opts: SeedOptions = {}) {
  const { storeMessage } = await import('../lambdas/messages/messages.store.ts');
  const start = opts.startMs ?? Date.UTC(2026, 0, 1);
  const threadIds = new Map<number, string>();
  const messages = specs.map((s, i): MessageRecord => {
    const at = new Date(start + i * 1000).toISOString();
    if (!threadIds.has(s.thread)) threadIds.set(s.thread, id('thr', start + i * 1000, i));
    return {
      id: id('msg', start + i * 1000, i), inbox_id: inbox.id, account_id: inbox.account_id, thread_id: threadIds.get(s.thread)!,
      direction: 'inbound', from: s.from, from_name: null, to: [inbox.address], cc: [], bcc: [], reply_to: [], subject: s.subject,
      body_text: s.body, body_html: null, reply_body: s.body, links: [], cta_links: [], verification_codes: [], headers: {},
      message_id_header: `<seed-${i}-${inbox.id}@seed.example>`, in_reply_to: null, references: [], labels: [], read: s.read,
      spam_score: 0, spam_verdict: {}, received_at: at, created_at: at, attachments: [], raw_s3_key: `seed/${i}`,
    };
  });
  if (opts.bulk) {
    await bulkStore(inbox, messages, opts.concurrency ?? 8);
    return messages;
  }
  const firstOfThread = new Set<string>();
  const store = async (m: MessageRecord) => {
    const isNew = !firstOfThread.has(m.thread_id) && (firstOfThread.add(m.thread_id), true);
    const thread: ThreadRecord | undefined = isNew ? {
      id: m.thread_id, inbox_id: inbox.id, account_id: inbox.account_id, subject: m.subject, participants: [m.from, inbox.address], labels: [],
      message_count: 1, unread_count: m.read ? 0 : 1, status: 'active', created_at: m.received_at, updated_at: m.received_at,
      latest_message: { id: m.id, from_address: m.from, preview: m.body_text.slice(0, 100), received_at: m.received_at },
    } : undefined;
    const outcome = await storeMessage({ message: m, inbox, preview: m.body_text.slice(0, 100), events: [],
      thread: thread ? { kind: 'new', record: thread } : { kind: 'existing', id: m.thread_id } });
    if (outcome !== 'stored') throw new Error(`seeding ${m.id}: ${outcome}`);
  };
  // Thread starters first (the others update their thread), then the rest in parallel.
  const starters = messages.filter((m) => !firstOfThread.has(m.thread_id) && (firstOfThread.add(m.thread_id), true));
  firstOfThread.clear();
  const starterSet = new Set(starters);
  const rest = messages.filter((m) => !starterSet.has(m));
  const concurrency = opts.concurrency ?? 8;
  for (const batch of [starters, rest]) {
    let next = 0;
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < batch.length) await store(batch[next++]!);
    }));
  }
  return messages;
}

async function bulkStore(inbox: InboxRecord, messages: MessageRecord[], concurrency: number) {
  const { messageWriteItems } = await import('../lambdas/messages/messages.store.ts');
  const { claimQueuePut } = await import('../lambdas/messages/claims.store.ts');
  const { inboxKey } = await import('../lambdas/inboxes/inboxes.entities.ts');
  const { accountKey } = await import('../lambdas/accounts/accounts.entities.ts');
  const { documentClient } = await import('../lambdas/platform/aws/dynamo.ts');
  const { UpdateCommand } = await import('../lambdas/platform/aws/dynamo-commands.ts');
  const { batchPut } = await import('../lambdas/platform/dynamo/batch.ts');
  const { config } = await import('../lambdas/platform/config.ts');
  const TableName = config.tableName;
  const threads = new Map<string, ThreadRecord>();
  for (const m of messages) {
    const latest = { id: m.id, from_address: m.from, preview: m.body_text.slice(0, 100), received_at: m.received_at };
    const t = threads.get(m.thread_id);
    if (t) {
      t.message_count += 1;
      if (!m.read) t.unread_count += 1;
      t.updated_at = m.received_at;
      t.latest_message = latest;
    } else {
      threads.set(m.thread_id, { id: m.thread_id, inbox_id: inbox.id, account_id: inbox.account_id, subject: m.subject,
        participants: [m.from, inbox.address], labels: [], message_count: 1, unread_count: m.read ? 0 : 1, status: 'active',
        created_at: m.received_at, updated_at: m.received_at, latest_message: latest });
    }
  }
  const firstOf = new Map<string, MessageRecord>();
  for (const m of messages) if (!firstOf.has(m.thread_id)) firstOf.set(m.thread_id, m);
  // Items made as they are written (a 100,000-message inbox is over a million items).
  function* items() {
    for (const t of threads.values()) {
      // The thread's items (the thread, its read-state item), as the transaction writes a new
      // thread, with its final counts; the first message's own items come below.
      for (const item of messageWriteItems({ message: firstOf.get(t.id)!, inbox, preview: '', events: [], thread: { kind: 'new', record: t } })) {
        if (item.Put && ['thread', 'thread-state'].includes(item.Put.Item.entity)) yield item.Put.Item as Record<string, unknown>;
      }
    }
    for (const m of messages) {
      // The message's own items; thread and counter updates are written once, with final values.
      for (const item of messageWriteItems({ message: m, inbox, preview: '', events: [], thread: { kind: 'existing', id: m.thread_id } })) {
        if (item.Put) yield item.Put.Item as Record<string, unknown>;
      }
      // Received mail is claimable (issue #28), as ingest stores it.
      if (m.direction === 'inbound') yield claimQueuePut(m).Put!.Item as Record<string, unknown>;
    }
  }
  const source = items();
  const take = () => {
    const batch: Record<string, unknown>[] = [];
    for (let n = source.next(); !n.done; n = source.next()) {
      batch.push(n.value);
      if (batch.length === 25) break;
    }
    return batch;
  };
  // The store's batchPut (unprocessed items sent again). The emulator, millions of items in, can
  // also stall long enough for a request to fail outright: a batch is idempotent (the same puts),
  // so it is sent again after a pause instead of ending a seeding that took half an hour to get there.
  const writeBatch = async (batch: Record<string, unknown>[]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await batchPut(batch);
      } catch (e) {
        if (!(e instanceof TypeError) || attempt >= 8) throw e;
        await new Promise((r) => setTimeout(r, 1000 * 2 ** attempt));
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, async () => {
    for (let batch = take(); batch.length; batch = take()) await writeBatch(batch);
  }));
  const unread = messages.filter((m) => !m.read).length;
  const inbound = messages.filter((m) => m.direction === 'inbound').length;
  await documentClient.send(new UpdateCommand({ TableName, Key: inboxKey(inbox.id),
    UpdateExpression: 'ADD listed_count :n, unread_listed_count :u, message_count :i, thread_count :t',
    ExpressionAttributeValues: { ':n': messages.length, ':u': unread, ':i': inbound, ':t': threads.size } }));
  await documentClient.send(new UpdateCommand({ TableName, Key: accountKey(inbox.account_id),
    UpdateExpression: 'ADD thread_count :t', ExpressionAttributeValues: { ':t': threads.size } }));
}
