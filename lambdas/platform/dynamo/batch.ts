/**
 * Batch reads and writes that finish: DynamoDB answers some keys or items of a batch as
 * "unprocessed" under load (throttling, a busy partition), and a caller that ignores them loses
 * them silently. These ask again, a few times, and fail loudly if any are still left.
 */
import { BatchGetCommand, BatchWriteCommand } from '../aws/dynamo-commands.ts';
import { documentClient as db } from '../aws/dynamo.ts';
import { config } from '../config.ts';

const TableName = config.tableName;
/** DynamoDB's limits per request: 100 keys for BatchGetItem, 25 items for BatchWriteItem. */
const GET_BATCH = 100;
const WRITE_BATCH = 25;
/** Asking again this many times is plenty: unprocessed keys are a share of a batch, not all of it. */
const ATTEMPTS = 5;

type Item = Record<string, any>;

/** The items of these keys that exist (in no particular order), one request per 100 keys. */
export async function batchGet(keyList: Record<string, unknown>[], consistent = false, projection?: string, names?: Record<string, string>): Promise<Item[]> {
  const out: Item[] = [];
  for (let i = 0; i < keyList.length; i += GET_BATCH) {
    let pending: Record<string, unknown>[] | undefined = keyList.slice(i, i + GET_BATCH);
    for (let attempt = 0; pending?.length && attempt < ATTEMPTS; attempt++) {
      const res = await db.send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: pending, ConsistentRead: consistent,
        ...(projection ? { ProjectionExpression: projection, ExpressionAttributeNames: names } : {}) } } }));
      out.push(...(res.Responses?.[TableName] ?? []));
      pending = res.UnprocessedKeys?.[TableName]?.Keys as Record<string, unknown>[] | undefined;
    }
    if (pending?.length) throw new Error(`BatchGet left ${pending.length} keys unprocessed`);
  }
  return out;
}

/** Puts these items, one request per 25 (unconditional: for items that are the same whenever written). */
export async function batchPut(items: Item[]): Promise<void> {
  for (let i = 0; i < items.length; i += WRITE_BATCH) {
    let pending: unknown[] | undefined = items.slice(i, i + WRITE_BATCH).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending?.length && attempt < ATTEMPTS; attempt++) {
      const res: { UnprocessedItems?: Record<string, unknown[]> } = await db.send(new BatchWriteCommand({ RequestItems: { [TableName]: pending as never } }));
      pending = res.UnprocessedItems?.[TableName];
    }
    if (pending?.length) throw new Error(`BatchWrite left ${pending.length} items unprocessed`);
  }
}
