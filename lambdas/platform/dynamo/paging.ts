import { GetCommand, QueryCommand } from '../aws/dynamo-commands.ts';
import { documentClient as db } from '../aws/dynamo.ts';
import { config } from '../config.ts';
import { decodeCursor, encodeCursor, keyOf } from './cursor.ts';

const TableName = config.tableName;
type Item = Record<string, any>;

/** One list's query: its key condition, the key attributes its items carry, and its scope. */
export interface ListQuery {
  IndexName?: string;
  KeyConditionExpression: string;
  ExpressionAttributeValues: Record<string, unknown>;
  ExpressionAttributeNames?: Record<string, string>;
  /** Only for rare combinations (a thread's messages by read state): bounded by the thread. */
  FilterExpression?: string;
  ScanIndexForward: boolean;
  /** Table key + index key attribute names: what a cursor holds. */
  keyNames: string[];
  /** Key attributes whose value this caller's scope fixes (cursor binding). */
  fixed: Record<string, string>;
  /** Attributes of the page items (undefined = all); key names are added. */
  projection?: { expression: string; names: Record<string, string> };
}

export interface PageRequest { limit: number; offset: number; cursor?: string }
export interface Page { items: Item[]; next_cursor: string | null; has_more: boolean }

/**
 * A page of `limit` items after `cursor` or `offset`. The offset is skipped with keys-only reads
 * (a deep offset costs its keys, never its items); the page itself reads limit + 1 items, the
 * extra one only to know whether another page follows.
 */
export async function queryPage(q: ListQuery, page: PageRequest): Promise<Page> {
  const base = {
    TableName, IndexName: q.IndexName, KeyConditionExpression: q.KeyConditionExpression, FilterExpression: q.FilterExpression,
    ExpressionAttributeValues: q.ExpressionAttributeValues, ScanIndexForward: q.ScanIndexForward,
  };
  let start: Record<string, unknown> | undefined = page.cursor
    ? decodeCursor(page.cursor, { fixed: q.fixed, free: q.keyNames.filter((n) => !(n in q.fixed)) })
    : undefined;
  const empty: Page = { items: [], next_cursor: null, has_more: false };
  for (let toSkip = page.offset; toSkip > 0;) {
    const res = await db.send(new QueryCommand({ ...base, ExclusiveStartKey: start, Limit: toSkip,
      ProjectionExpression: q.keyNames.join(', '), ExpressionAttributeNames: q.ExpressionAttributeNames }));
    toSkip -= res.Items?.length ?? 0;
    start = res.LastEvaluatedKey;
    if (!start) return empty;
  }
  const names = { ...q.ExpressionAttributeNames, ...q.projection?.names };
  const ProjectionExpression = q.projection ? [...q.keyNames, q.projection.expression].join(', ') : undefined;
  const out: Item[] = [];
  while (out.length <= page.limit) {
    const res = await db.send(new QueryCommand({ ...base, ExclusiveStartKey: start, Limit: page.limit + 1 - out.length, ProjectionExpression,
      ExpressionAttributeNames: Object.keys(names).length ? names : undefined }));
    out.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
    if (!start) break;
  }
  const has_more = out.length > page.limit;
  const items = out.slice(0, page.limit);
  return { items, has_more, next_cursor: has_more ? encodeCursor(keyOf(items[items.length - 1]!, q.keyNames)) : null };
}

/** How many items a key condition (and filter) selects, reading keys only (up to `max`): for totals no counter covers. */
export async function countQuery(q: ListQuery, max = Infinity): Promise<number> {
  let n = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db.send(new QueryCommand({ TableName, IndexName: q.IndexName, KeyConditionExpression: q.KeyConditionExpression,
      FilterExpression: q.FilterExpression, ExpressionAttributeValues: q.ExpressionAttributeValues, ExpressionAttributeNames: q.ExpressionAttributeNames,
      Select: 'COUNT', ExclusiveStartKey: start, ...(Number.isFinite(max) ? { Limit: max - n } : {}) }));
    n += res.Count ?? 0;
    start = res.LastEvaluatedKey;
  } while (start && n < max);
  return n;
}

/**
 * Counters a list answers `total` from, as named attributes of one counter item: the Update that
 * moves them (by `delta`) rides in the transaction that writes or deletes the listed item.
 */
export function counterUpdate(Key: Record<string, string>, counters: string[], delta: number) {
  const names = Object.fromEntries(counters.map((c, i) => [`#c${i}`, c]));
  return { Update: { TableName, Key, UpdateExpression: `ADD ${counters.map((_, i) => `#c${i} :d`).join(', ')}`,
    ExpressionAttributeNames: names, ExpressionAttributeValues: { ':d': delta } } };
}

/** The counters of a counter item; undefined when the item was never written (data stored before it). */
export async function readCounters(Key: Record<string, string>): Promise<Record<string, number> | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key }));
  if (!Item) return undefined;
  return Object.fromEntries(Object.entries(Item).filter(([, v]) => typeof v === 'number')) as Record<string, number>;
}
