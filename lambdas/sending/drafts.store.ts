import { GetCommand, TransactWriteCommand, UpdateCommand } from '../platform/aws/dynamo-commands.ts';
import { documentClient as db } from '../platform/aws/dynamo.ts';
import { config } from '../platform/config.ts';
import { badRequest } from '../platform/errors.ts';
import { batchGet } from '../platform/dynamo/batch.ts';
import * as inboxesEntities from '../inboxes/inboxes.entities.ts';
import * as entities from './sending.entities.ts';
import type { DraftRecord } from './sending.entities.ts';
import { applied, transact } from '../platform/dynamo/conditional.ts';
import { countQuery, type ListQuery, type PageRequest, queryPage, readCounters } from '../platform/dynamo/paging.ts';

const TableName = config.tableName;
/** DynamoDB's limit of items in one TransactWriteItems: the draft, its label items and its counters share it. */
const MAX_TRANSACTION_ITEMS = 100;

/** Counter names on the inbox's draft counter item: every draft, and the drafts of each label. */
const ALL = 'all';
const labelCounter = (label: string) => `l#${label}`;

/**
 * The writes that keep a draft's label items and counters in step with a change of its labels:
 * an item per label in that label's partition (sorted by draft id, so it never moves), and the
 * counters, moved by one Update. `delta` is +1/-1 for a draft created/deleted, 0 for a relabel.
 */
function labelWrites(d: Pick<DraftRecord, 'inbox_id' | 'id'>, before: string[], after: string[], delta: number) {
  const removed = before.filter((l) => !after.includes(l));
  const added = after.filter((l) => !before.includes(l));
  const items: any[] = [
    ...removed.map((l) => ({ Delete: { TableName, Key: entities.draftLabelKey(d.inbox_id, l, d.id) } })),
    ...added.map((label) => ({ Put: { TableName, Item: entities.draftLabel.item({ draft_id: d.id }, { inboxId: d.inbox_id, label }) } })),
  ];
  const up = [...(delta > 0 ? [ALL] : []), ...added.map(labelCounter)];
  const down = [...(delta < 0 ? [ALL] : []), ...removed.map(labelCounter)];
  // One Update per item and transaction: both directions in a single ADD with their own values.
  if (up.length || down.length) {
    const names = Object.fromEntries([...up, ...down].map((c, i) => [`#c${i}`, c]));
    const parts = [...up.map((_, i) => `#c${i} :up`), ...down.map((_, i) => `#c${up.length + i} :down`)];
    items.push({ Update: { TableName, Key: entities.draftCounts(d.inbox_id), UpdateExpression: `ADD ${parts.join(', ')}`,
      ExpressionAttributeNames: names, ExpressionAttributeValues: { ...(up.length ? { ':up': 1 } : {}), ...(down.length ? { ':down': -1 } : {}) } } });
  }
  if (items.length + 1 > MAX_TRANSACTION_ITEMS) {
    throw badRequest('VALIDATION_ERROR', `labels: this change replaces ${removed.length} labels and adds ${added.length}; change at most ${MAX_TRANSACTION_ITEMS - 2} labels at once (in two PATCHes).`, { field: 'labels' });
  }
  return items;
}

export async function putDraft(d: DraftRecord) {
  await db.send(new TransactWriteCommand({ TransactItems: [
    { Put: { TableName, Item: entities.draft.item(d), ConditionExpression: 'attribute_not_exists(pk)' } },
    ...labelWrites(d, [], d.labels, 1),
  ] }));
}

export async function getDraft(inboxId: string, draftId: string): Promise<DraftRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.draftKey(inboxId, draftId), ConsistentRead: true }));
  return Item ? entities.draft.record(Item) : undefined;
}

/** The inbox's drafts (base partition), or one label's (its partition), newest (highest id) first. */
function draftListQuery(inboxId: string, label: string | undefined): ListQuery {
  const pk = label === undefined ? inboxesEntities.inboxPartition(inboxId) : entities.draftLabelPartition(inboxId, label);
  return { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': entities.draftPrefix },
    ScanIndexForward: false, keyNames: ['pk', 'sk'], fixed: { pk } };
}

/** One page of drafts; a label's page reads its label items, then those drafts in one BatchGet. */
export async function pageDrafts(inboxId: string, label: string | undefined, page: PageRequest) {
  const res = await queryPage(draftListQuery(inboxId, label), page);
  let drafts: DraftRecord[];
  if (label === undefined) drafts = res.items.map((i) => entities.draft.record(i));
  else {
    const ids = res.items.map((i) => i.draft_id as string);
    const found = await batchGet(ids.map((id) => entities.draftKey(inboxId, id)));
    const byId = new Map(found.map((i) => [i.id as string, entities.draft.record(i)]));
    drafts = ids.map((id) => byId.get(id)).filter((d): d is DraftRecord => !!d);
  }
  return { drafts, has_more: res.has_more, next_cursor: res.next_cursor };
}

/** Drafts in the list: the inbox's counters, or a keys-only count for inboxes stored before them. */
export async function countDrafts(inboxId: string, label: string | undefined): Promise<number> {
  const counters = await readCounters(entities.draftCounts(inboxId));
  if (counters) return counters[label === undefined ? ALL : labelCounter(label)] ?? 0;
  return countQuery(draftListQuery(inboxId, label));
}

/**
 * Scheduled drafts of the account, or of one of its inboxes, counted up to `max` (the sparse
 * index only scheduled drafts carry: a count reads at most `max` entries, none of other drafts).
 * The index is eventually consistent: a draft scheduled a moment ago may not be counted yet.
 */
export async function countScheduledDrafts(accountId: string, inboxId: string | undefined, max: number): Promise<number> {
  const p = entities.scheduledDraftsPartition(accountId);
  return countQuery({ IndexName: 'gsi1', ScanIndexForward: true, keyNames: ['pk', 'sk', 'gsi1pk', 'gsi1sk'], fixed: { gsi1pk: p },
    KeyConditionExpression: inboxId === undefined ? 'gsi1pk = :p' : 'gsi1pk = :p AND begins_with(gsi1sk, :i)',
    ExpressionAttributeValues: { ':p': p, ...(inboxId === undefined ? {} : { ':i': `${inboxId}#` }) } }, max);
}

/**
 * Replaces an editable draft (status draft or scheduled) as long as nobody changed it since it
 * was read (`expectedUpdatedAt`): a PATCH racing a send can never edit what is being sent.
 */
export async function replaceDraft(d: DraftRecord, before: DraftRecord): Promise<boolean> {
  return (await transact([
      { Put: { TableName, Item: entities.draft.item(d),
        ConditionExpression: 'attribute_exists(pk) AND updated_at = :u AND #s IN (:d, :sch)',
        ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':u': before.updated_at, ':d': 'draft', ':sch': 'scheduled' } } },
      // The condition above makes `before.labels` exactly what is stored, so the label items follow.
      ...labelWrites(d, before.labels, d.labels, 0),
  ])).ok;
}

/** Claims a draft for sending: only one caller (API send or scheduler) wins. */
export async function claimDraftForSending(d: DraftRecord, now: string): Promise<boolean> {
  return applied(db.send(new UpdateCommand({ TableName, Key: entities.draftKey(d.inbox_id, d.id),
      UpdateExpression: 'SET #s = :sending, updated_at = :now',
      ConditionExpression: 'attribute_exists(pk) AND updated_at = :u AND #s IN (:d, :sch)',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':sending': 'sending', ':now': now, ':u': d.updated_at, ':d': 'draft', ':sch': 'scheduled' } })));
}

/** Gives a claimed draft back exactly as it was (the send was refused before anything left). */
export async function releaseDraft(d: DraftRecord) {
  await db.send(new UpdateCommand({ TableName, Key: entities.draftKey(d.inbox_id, d.id),
    UpdateExpression: 'SET #s = :status, updated_at = :was', ConditionExpression: '#s = :sending',
    ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':status': d.status, ':was': d.updated_at, ':sending': 'sending' } })).catch(() => undefined);
}

/** Deletes the draft with its label items and counts; `d` is the draft as read (its labels cannot change once it is claimed). */
export async function deleteDraft(d: DraftRecord, onlyEditable = true): Promise<boolean> {
  return (await transact([
      { Delete: { TableName, Key: entities.draftKey(d.inbox_id, d.id),
        ConditionExpression: onlyEditable ? 'attribute_exists(pk) AND updated_at = :u AND #s IN (:d, :sch)' : 'attribute_exists(pk)',
        ...(onlyEditable ? { ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':u': d.updated_at, ':d': 'draft', ':sch': 'scheduled' } } : {}) } },
      ...labelWrites(d, d.labels, [], -1),
  ])).ok;
}
