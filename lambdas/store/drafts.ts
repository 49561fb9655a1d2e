import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '../aws/dynamo-commands.ts';
import { documentClient as db } from '../aws/dynamo.ts';
import { config } from '../config.ts';
import { keys, stripKeys } from './keys.ts';
import type { DraftRecord } from './records.ts';

const TableName = config.tableName;
const isConditionFailure = (e: unknown) => (e as Error).name === 'ConditionalCheckFailedException';

export async function putDraft(d: DraftRecord) {
  await db.send(new PutCommand({ TableName, Item: { ...keys.draft(d.inbox_id, d.id), entity: 'draft', ...d }, ConditionExpression: 'attribute_not_exists(pk)' }));
}

export async function getDraft(inboxId: string, draftId: string): Promise<DraftRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: keys.draft(inboxId, draftId), ConsistentRead: true }));
  return Item ? (stripKeys(Item) as unknown as DraftRecord) : undefined;
}

export async function listDrafts(inboxId: string): Promise<DraftRecord[]> {
  const out: DraftRecord[] = [];
  let ExclusiveStartKey: Record<string, any> | undefined;
  do {
    const page = await db.send(new QueryCommand({ TableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.inboxPartition(inboxId), ':p': keys.draftPrefix }, ExclusiveStartKey }));
    for (const i of page.Items ?? []) out.push(stripKeys(i) as unknown as DraftRecord);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}

/**
 * Replaces an editable draft (status draft or scheduled) as long as nobody changed it since it
 * was read (`expectedUpdatedAt`): a PATCH racing a send can never edit what is being sent.
 */
export async function replaceDraft(d: DraftRecord, expectedUpdatedAt: string): Promise<boolean> {
  try {
    await db.send(new PutCommand({ TableName, Item: { ...keys.draft(d.inbox_id, d.id), entity: 'draft', ...d },
      ConditionExpression: 'attribute_exists(pk) AND updated_at = :u AND #s IN (:d, :sch)',
      ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':u': expectedUpdatedAt, ':d': 'draft', ':sch': 'scheduled' } }));
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

/** Claims a draft for sending: only one caller (API send or scheduler) wins. */
export async function claimDraftForSending(d: DraftRecord, now: string): Promise<boolean> {
  try {
    await db.send(new UpdateCommand({ TableName, Key: keys.draft(d.inbox_id, d.id),
      UpdateExpression: 'SET #s = :sending, updated_at = :now',
      ConditionExpression: 'attribute_exists(pk) AND updated_at = :u AND #s IN (:d, :sch)',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':sending': 'sending', ':now': now, ':u': d.updated_at, ':d': 'draft', ':sch': 'scheduled' } }));
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

/** Gives a claimed draft back exactly as it was (the send was refused before anything left). */
export async function releaseDraft(d: DraftRecord) {
  await db.send(new UpdateCommand({ TableName, Key: keys.draft(d.inbox_id, d.id),
    UpdateExpression: 'SET #s = :status, updated_at = :was', ConditionExpression: '#s = :sending',
    ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':status': d.status, ':was': d.updated_at, ':sending': 'sending' } })).catch(() => undefined);
}

export async function deleteDraft(inboxId: string, draftId: string, onlyEditable = true): Promise<boolean> {
  try {
    await db.send(new DeleteCommand({ TableName, Key: keys.draft(inboxId, draftId),
      ConditionExpression: onlyEditable ? 'attribute_exists(pk) AND #s IN (:d, :sch)' : 'attribute_exists(pk)',
      ...(onlyEditable ? { ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':d': 'draft', ':sch': 'scheduled' } } : {}) }));
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}
