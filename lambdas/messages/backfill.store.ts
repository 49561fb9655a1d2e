/**
 * Brings items stored before the current key design up to it, so every list, filter and search
 * finds them: index keys a record now carries (the read/unread message index, the inbox,
 * webhook and list-entry indexes), and the items derived from a record (a thread's read-state
 * item and label entries, a draft's label items, a message's search words, a received message's
 * claim-queue item). Everything comes from the entity declarations (entities.ts), so the
 * backfill writes exactly what a new write would. Counters need nothing: every total falls back
 * to a keys-only count where its counter was never written.
 *
 * Safe to run on a live table and to run again: index keys are SET only while the attributes
 * they derive from are still as scanned (a concurrent change wins), derived items are written
 * only where missing, and nothing is deleted.
 */
import { ScanCommand, UpdateCommand } from '../platform/aws/dynamo-commands.ts';
import { documentClient as db } from '../platform/aws/dynamo.ts';
import { config } from '../platform/config.ts';
import { messageSearchWords } from '../content/search-words.ts';
import { batchGet, batchPut } from '../platform/dynamo/batch.ts';
import { applied } from '../platform/dynamo/conditional.ts';
import * as eventsEntities from '../events/events.entities.ts';
import * as inboxesEntities from '../inboxes/inboxes.entities.ts';
import * as entities from './messages.entities.ts';
import * as sendingEntities from '../sending/sending.entities.ts';
import type { ThreadRecord } from './messages.entities.ts';
import { TABLE } from '../platform/dynamo/table.ts';
import { queueStoredMessage } from './claims.store.ts';

const TableName = config.tableName;

/** Search words per message: about the room ingest's transaction leaves them (store/messages.ts). */
const BACKFILL_MAX_WORDS = 85;
/** Every index key attribute of the table, from its one definition. */
const INDEX_ATTRIBUTES = TABLE.globalIndexes.flatMap((i) => [i.partitionKey, i.sortKey]);

type Item = Record<string, unknown>;

export interface BackfillCounts {
  scanned: number;
  /** Items whose index keys were set. */
  indexed: number;
  /** Derived items written (read states, label entries, search words). */
  derived: number;
  /** Index updates skipped because the item changed since it was scanned (the change wrote them). */
  changed: number;
}

/**
 * Sets the index keys the entity declares for this record where the stored item lacks them or
 * holds others, on condition that `guard` attributes are unchanged (else it counts as changed).
 */
async function setIndexKeys(stored: Item, wanted: Item, guard: Record<string, unknown>, counts: BackfillCounts): Promise<void> {
  const missing = INDEX_ATTRIBUTES.filter((a) => wanted[a] !== undefined && wanted[a] !== stored[a]);
  if (!missing.length) return;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  missing.forEach((a, i) => { names[`#i${i}`] = a; values[`:i${i}`] = wanted[a]; });
  const conditions = Object.entries(guard).map(([a, v], i) => {
    names[`#g${i}`] = a;
    if (v === undefined) return `attribute_not_exists(#g${i})`;
    values[`:g${i}`] = v;
    return `#g${i} = :g${i}`;
  });
  const wrote = await applied(db.send(new UpdateCommand({ TableName, Key: { pk: stored.pk, sk: stored.sk },
    UpdateExpression: `SET ${missing.map((_, i) => `#i${i} = :i${i}`).join(', ')}`,
    ConditionExpression: ['attribute_exists(pk)', ...conditions].join(' AND '),
    ExpressionAttributeNames: names, ExpressionAttributeValues: values })));
  if (wrote) counts.indexed += 1; else counts.changed += 1;
}

/**
 * Writes those of these derived items that are missing. Each is the same whenever written (a
 * label entry, a search word), so one that appears between the read and the write is merely
 * written again: a BatchGet of their keys, then BatchWrites of the missing (2 calls for a
 * message's words rather than one conditional put per word).
 */
async function putMissing(items: Item[], counts: BackfillCounts): Promise<void> {
  if (!items.length) return;
  const present = new Set((await batchGet(items.map((i) => ({ pk: i.pk, sk: i.sk })), false, 'pk, sk')).map((f) => `${f.pk}\u0000${f.sk}`));
  const missing = items.filter((i) => !present.has(`${i.pk}\u0000${i.sk}`));
  await batchPut(missing);
  counts.derived += missing.length;
}

/**
 * The thread's read-state item, or what it lacks: an update made since (a message, a read
 * change) may have created it partly (such updates SET only what they move); what it has knows
 * better than the scanned thread, so only missing attributes are filled in.
 */
async function ensureThreadState(t: ThreadRecord, counts: BackfillCounts): Promise<void> {
  const state = entities.threadState.item({ thread_id: t.id, inbox_id: t.inbox_id },
    { accountId: t.account_id, unread: t.unread_count > 0, updatedAt: t.updated_at });
  const fill = ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'thread_id', 'inbox_id', 'entity'];
  const { Attributes: before } = await db.send(new UpdateCommand({ TableName, Key: { pk: state.pk, sk: state.sk },
    UpdateExpression: `SET ${fill.map((_, i) => `#a${i} = if_not_exists(#a${i}, :v${i})`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(fill.map((a, i) => [`#a${i}`, a])),
    ExpressionAttributeValues: Object.fromEntries(fill.map((a, i) => [`:v${i}`, state[a]])), ReturnValues: 'ALL_OLD' }));
  if (!before || fill.some((a) => before[a] === undefined)) counts.derived += 1;
}

/** What one stored item needs, by its entity. Items of other entities need nothing. */
export async function backfillItem(stored: Item, counts: BackfillCounts): Promise<void> {
  switch (stored.entity) {
    case entities.message.name: {
      const m = entities.message.record(stored);
      await setIndexKeys(stored, entities.message.item(m), { read: m.read }, counts);
      await putMissing(messageSearchWords(m, BACKFILL_MAX_WORDS).map((word) =>
        entities.searchWord.item({ message_id: m.id, thread_id: m.thread_id, inbox_id: m.inbox_id }, { accountId: m.account_id, word })), counts);
      // Received mail is claimable (issue #28): mail stored before claims gets its queue item once.
      if (m.direction === 'inbound' && m.queued_at === undefined && (await queueStoredMessage(m, new Date().toISOString()))) counts.derived += 1;
      return;
    }
    case entities.thread.name: {
      const t = entities.thread.record(stored);
      await setIndexKeys(stored, entities.thread.item(t), { updated_at: t.updated_at }, counts);
      await ensureThreadState(t, counts);
      await putMissing((t.labels ?? []).map((label) => entities.threadLabel.item({ thread_id: t.id, inbox_id: t.inbox_id }, { accountId: t.account_id, label })), counts);
      return;
    }
    case inboxesEntities.inbox.name: {
      const i = inboxesEntities.inbox.record(stored);
      await setIndexKeys(stored, inboxesEntities.inbox.item(i), { status: i.status }, counts);
      return;
    }
    case eventsEntities.webhook.name: {
      const w = eventsEntities.webhook.record(stored);
      await setIndexKeys(stored, eventsEntities.webhook.item(w), {}, counts);
      return;
    }
    case entities.listEntry.name: {
      const e = entities.listEntry.record(stored);
      await setIndexKeys(stored, entities.listEntry.item(e), {}, counts);
      return;
    }
    case sendingEntities.draft.name: {
      const d = sendingEntities.draft.record(stored);
      await putMissing((d.labels ?? []).map((label) => sendingEntities.draftLabel.item({ draft_id: d.id }, { inboxId: d.inbox_id, label })), counts);
      return;
    }
    default:
  }
}

/**
 * Scans the whole table (in `segments` parallel parts) and backfills every item. `onProgress`
 * hears the running counts after each page.
 */
export async function backfillTable(segments = 4, onProgress?: (c: BackfillCounts) => void): Promise<BackfillCounts> {
  const counts: BackfillCounts = { scanned: 0, indexed: 0, derived: 0, changed: 0 };
  await Promise.all(Array.from({ length: segments }, async (_, segment) => {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await db.send(new ScanCommand({ TableName, Segment: segment, TotalSegments: segments, ExclusiveStartKey: start }));
      for (const item of page.Items ?? []) {
        counts.scanned += 1;
        await backfillItem(item, counts);
      }
      start = page.LastEvaluatedKey;
      onProgress?.(counts);
    } while (start);
  }));
  return counts;
}
