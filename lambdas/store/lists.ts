import { QueryCommand, TransactWriteCommand } from '../aws/dynamo-commands.ts';
import { documentClient as db } from '../aws/dynamo.ts';
import { config } from '../config.ts';
import { keys, stripKeys } from './keys.ts';
import type { ListEntryRecord } from './records.ts';

const TableName = config.tableName;

export async function listEntries(accountId: string): Promise<ListEntryRecord[]> {
  const out: ListEntryRecord[] = [];
  let ExclusiveStartKey: Record<string, any> | undefined;
  do {
    const page = await db.send(new QueryCommand({ TableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.account(accountId).pk, ':p': keys.listEntryPrefix }, ExclusiveStartKey }));
    for (const i of page.Items ?? []) out.push(stripKeys(i) as unknown as ListEntryRecord);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}

/** Entry plus its uniqueness claim (type, address, inbox): 'duplicate' when one exists. */
export async function createListEntry(e: ListEntryRecord): Promise<'created' | 'duplicate'> {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: [
      { Put: { TableName, Item: { ...keys.listEntryUnique(e.account_id, e.type, e.inbox_id, e.address), entity: 'list-key', entry_id: e.id },
        ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName, Item: { ...keys.listEntry(e.account_id, e.id), entity: 'list-entry', ...e } } },
    ] }));
    return 'created';
  } catch (err) {
    if ((err as Error).name === 'TransactionCanceledException') return 'duplicate';
    throw err;
  }
}

export async function deleteListEntry(e: ListEntryRecord): Promise<boolean> {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: [
      { Delete: { TableName, Key: keys.listEntry(e.account_id, e.id), ConditionExpression: 'attribute_exists(pk)' } },
      { Delete: { TableName, Key: keys.listEntryUnique(e.account_id, e.type, e.inbox_id, e.address) } },
    ] }));
    return true;
  } catch (err) {
    if ((err as Error).name === 'TransactionCanceledException') return false;
    throw err;
  }
}
