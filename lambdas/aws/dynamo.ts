import { AsyncLocalStorage } from 'node:async_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { log } from '../log.ts';

/**
 * Built once per container. The endpoint comes from AWS_ENDPOINT_URL when set (the emulator);
 * otherwise the SDK's normal resolution applies.
 */
export const dynamoClient = new DynamoDBClient({});

export interface DynamoCallCounter { count: number; byCommand: Record<string, number>; itemsRead: number }
const newCounter = (): DynamoCallCounter => ({ count: 0, byCommand: {}, itemsRead: 0 });

/** DynamoDB round trips made by this process; the benchmark reads it per request. */
export const dynamoCalls = newCounter();

/**
 * The round trips made inside `fn` alone (and what it awaits), not those of other work the
 * process does meanwhile — the benchmark runs every function in one process, and a queue
 * consumer's calls would otherwise be counted as the ingest's.
 */
export async function countDynamoCalls<T>(fn: () => Promise<T>): Promise<{ result: T; calls: DynamoCallCounter }> {
  const calls = newCounter();
  const result = await callScope.run(calls, fn);
  return { result, calls };
}
const callScope = new AsyncLocalStorage<DynamoCallCounter>();

dynamoClient.middlewareStack.add(
  (next, context) => async (args) => {
    const counters = [dynamoCalls, callScope.getStore()].filter((c): c is DynamoCallCounter => !!c);
    const name = context.commandName ?? 'unknown';
    for (const c of counters) {
      c.count += 1;
      c.byCommand[name] = (c.byCommand[name] ?? 0) + 1;
    }
    const out = await next(args);
    const read = itemsRead(out.output as unknown as Record<string, unknown>);
    for (const c of counters) c.itemsRead += read;
    return out;
  },
  { step: 'initialize', name: 'countDynamoCalls' },
);

/** Items a read touched: ScannedCount of a Query/Scan (before any filter), items of a Get/BatchGet. */
function itemsRead(o: Record<string, unknown>): number {
  if (typeof o.ScannedCount === 'number') return o.ScannedCount;
  if (o.Item) return 1;
  if (o.Responses && typeof o.Responses === 'object' && !Array.isArray(o.Responses)) {
    return Object.values(o.Responses).reduce((n: number, items) => n + (Array.isArray(items) ? items.length : 0), 0);
  }
  return 0;
}

export const documentClient = DynamoDBDocumentClient.from(dynamoClient, {
  // convertClassInstanceToMap: the marshaller takes any object whose `constructor` is not Object
  // for a class instance — including free-form JSON with a key named "constructor"
  // ({"constructor": "x"} in metadata or context answered 500). Such objects are plain maps.
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true },
});

const ATTRIBUTE_TYPES = new Set(['S', 'N', 'B', 'SS', 'NS', 'BS', 'M', 'L', 'NULL', 'BOOL']);

/** Whether `value` is a well-formed AttributeValue all the way down (iterative: items nest 32 deep). */
function isAttributeValue(value: unknown): boolean {
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    const entries = Object.entries(v).filter(([, x]) => x !== undefined);
    if (entries.length !== 1 || !ATTRIBUTE_TYPES.has(entries[0]![0])) return false;
    const [type, inner] = entries[0]!;
    if (type === 'M') {
      if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return false;
      stack.push(...Object.values(inner));
    } else if (type === 'L') {
      if (!Array.isArray(inner)) return false;
      stack.push(...inner);
    }
  }
  return true;
}

/** Drops the attributes of an item that cannot be read, so the rest of the item still can. */
function dropUnreadable(item: unknown) {
  if (typeof item !== 'object' || item === null) return;
  const record = item as Record<string, unknown>;
  for (const [name, value] of Object.entries(record)) {
    if (isAttributeValue(value)) continue;
    delete record[name];
    const key = record.pk && typeof record.pk === 'object' ? (record.pk as { S?: string }).S : undefined;
    log.warn('dropped an unreadable attribute from a stored item', { pk: key, attribute: name });
  }
}

/**
 * Stored data the SDK cannot unmarshal must not turn every later read into a 500: an inbox whose
 * metadata held an empty key (stored corrupted before such keys were refused) made the inbox, its
 * messages and its account's inbox list fail for good. Such an attribute is dropped (and logged)
 * before the document client unmarshals; the rest of the item reads as usual. Placed after the
 * document client's own DocumentUnmarshall, i.e. between it and the wire: this client is used
 * only through `documentClient` above.
 */
type Next = (args: unknown) => Promise<{ output: unknown }>;
const dropUnreadableAttributes = (next: Next) => async (args: unknown) => {
  const out = await next(args);
  const o = out.output as Record<string, unknown>;
  dropUnreadable(o.Item);
  dropUnreadable(o.Attributes);
  if (Array.isArray(o.Items)) o.Items.forEach(dropUnreadable);
  if (Array.isArray(o.Responses)) for (const r of o.Responses) dropUnreadable((r as { Item?: unknown })?.Item);
  else if (o.Responses && typeof o.Responses === 'object') {
    for (const items of Object.values(o.Responses)) if (Array.isArray(items)) items.forEach(dropUnreadable);
  }
  return out;
};
dynamoClient.middlewareStack.addRelativeTo(dropUnreadableAttributes as never,
  { name: 'dropUnreadableAttributes', relation: 'after', toMiddleware: 'DocumentUnmarshall' });
