/**
 * Fills an inbox fast by writing through the store itself (storeMessage: the same transaction
 * ingest makes, counters and search words included), many in parallel. For tests and the bench
 * that need thousands of messages; the env (TABLE_NAME, AWS endpoint, credentials) must be set
 * before the first call, since the store reads it at import.
 */
import type { InboxRecord, MessageRecord, ThreadRecord } from '../lambdas/store/records.ts';

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

export async function seedMessages(inbox: InboxRecord, specs: SeedSpec[], opts: { concurrency?: number; startMs?: number } = {}) {
  const { storeMessage } = await import('../lambdas/store/messages.ts');
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
