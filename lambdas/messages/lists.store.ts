import { GetCommand, QueryCommand } from '../platform/aws/dynamo-commands.ts';
import { documentClient as db } from '../platform/aws/dynamo.ts';
import { config } from '../platform/config.ts';
import * as accountsEntities from '../accounts/accounts.entities.ts';
import * as entities from './messages.entities.ts';
import type { ListEntryRecord } from './messages.entities.ts';
import { transact } from '../platform/dynamo/conditional.ts';
import { countQuery, counterUpdate, type ListQuery, type PageRequest, queryPage, readCounters } from '../platform/dynamo/paging.ts';

const TableName = config.tableName;

/** A list filter: a type, an inbox (null = account-wide entries), both, or neither. */
export interface ListEntryFilter { type?: string; inboxId?: string | null }

/** The counter a filter's total is kept in (an entry moves one counter of each kind). */
function counterName(f: ListEntryFilter): string {
  const inbox = f.inboxId === undefined ? undefined : f.inboxId ?? '*';
  if (f.type !== undefined && inbox !== undefined) return `ti#${f.type}#${inbox}`;
  if (f.type !== undefined) return `t#${f.type}`;
  if (inbox !== undefined) return `i#${inbox}`;
  return 'all';
}
const countersOf = (e: ListEntryRecord) => [{}, { type: e.type }, { inboxId: e.inbox_id }, { type: e.type, inboxId: e.inbox_id }].map(counterName);

/** Each filter is a partition: the account's entries (base), by type (gsi1), by inbox (gsi2), by both (gsi3); oldest first. */
function listEntryQuery(accountId: string, f: ListEntryFilter): ListQuery {
  const pk = accountsEntities.accountKey(accountId).pk;
  if (f.type === undefined && f.inboxId === undefined) {
    return { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': entities.listEntryPrefix },
      ScanIndexForward: true, keyNames: ['pk', 'sk'], fixed: { pk } };
  }
  const idx = entities.listEntryIndexes(accountId, f.type ?? '', f.inboxId ?? null, '');
  const [index, p] = f.type !== undefined && f.inboxId !== undefined ? ['gsi3', idx.gsi3pk] : f.type !== undefined ? ['gsi1', idx.gsi1pk] : ['gsi2', idx.gsi2pk];
  return { IndexName: index, KeyConditionExpression: `${index}pk = :p`, ExpressionAttributeValues: { ':p': p }, ScanIndexForward: true,
    keyNames: ['pk', 'sk', `${index}pk`, `${index}sk`], fixed: { pk, [`${index}pk`]: p } };
}

export async function pageListEntries(accountId: string, f: ListEntryFilter, page: PageRequest) {
  const res = await queryPage(listEntryQuery(accountId, f), page);
  return { entries: res.items.map((i) => entities.listEntry.record(i)), has_more: res.has_more, next_cursor: res.next_cursor };
}

/** Entries in the list: the account's counters, or a keys-only count for accounts stored before them. */
export async function countListEntries(accountId: string, f: ListEntryFilter): Promise<number> {
  const counters = await readCounters(entities.listEntryCounts(accountId));
  if (counters) return counters[counterName(f)] ?? 0;
  return countQuery(listEntryQuery(accountId, f));
}

export async function getListEntry(accountId: string, entryId: string): Promise<ListEntryRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.listEntryKey(accountId, entryId) }));
  return Item ? entities.listEntry.record(Item) : undefined;
}

export async function listEntries(accountId: string): Promise<ListEntryRecord[]> {
  const out: ListEntryRecord[] = [];
  let ExclusiveStartKey: Record<string, any> | undefined;
  do {
    const page = await db.send(new QueryCommand({ TableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': accountsEntities.accountKey(accountId).pk, ':p': entities.listEntryPrefix }, ExclusiveStartKey }));
    for (const i of page.Items ?? []) out.push(entities.listEntry.record(i));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}

/** Entry plus its uniqueness claim (type, address, inbox): 'duplicate' when one exists. */
export async function createListEntry(e: ListEntryRecord): Promise<'created' | 'duplicate'> {
  return (await transact([
      { Put: { TableName, Item: entities.listEntryClaim.item({ entry_id: e.id }, e),
        ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName, Item: entities.listEntry.item(e) } },
      counterUpdate(entities.listEntryCounts(e.account_id), countersOf(e), 1),
    ])).ok ? 'created' : 'duplicate';
}

export async function deleteListEntry(e: ListEntryRecord): Promise<boolean> {
  return (await transact([
      { Delete: { TableName, Key: entities.listEntryKey(e.account_id, e.id), ConditionExpression: 'attribute_exists(pk)' } },
      { Delete: { TableName, Key: entities.listEntryUnique(e.account_id, e.type, e.inbox_id, e.address) } },
      counterUpdate(entities.listEntryCounts(e.account_id), countersOf(e), -1),
    ])).ok;
}
