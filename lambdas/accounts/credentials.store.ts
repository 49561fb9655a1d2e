/**
 * The credentials of accounts and inboxes: API key items (stored as SHA-256 hashes), their
 * rotation, and the version of an inbox's view token. The current key's hash is also kept on its
 * owner (account or inbox), so a key item left behind by a rotation is refused even when its hash
 * was unknown to the rotation (an inbox key stored before rotation existed, rotated with the
 * account key: nothing points at its item).
 */
import { UpdateCommand } from '../platform/aws/dynamo-commands.ts';
import { documentClient as db } from '../platform/aws/dynamo.ts';
import { config } from '../platform/config.ts';
import { ifApplied, transact, type TransactItem } from '../platform/dynamo/conditional.ts';
import * as entities from './accounts.entities.ts';
import * as inboxesEntities from '../inboxes/inboxes.entities.ts';
import type { AccountRecord, ApiKeyRecord } from './accounts.entities.ts';
import type { InboxRecord } from '../inboxes/inboxes.entities.ts';

const TableName = config.tableName;

export type RotateOutcome = { ok: true; now: string } | { ok: false; reason: 'changed' };

/** The owner item of a key (account or inbox) and what must hold of it besides its key_hash. */
interface KeyOwner {
  key: Record<string, string>;
  /** Its key_hash when read: the rotation commits only if it is still that (undefined: none yet). */
  hash: string | undefined;
  condition: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/**
 * One transaction: the owner's key_hash moves from the hash it had when read (or from none) to
 * `newHash`, the new key item is written, and the old one (when its hash is known) deleted. Two
 * concurrent rotations both condition on the same old hash: one commits, the other changes nothing.
 */
async function rotate(owner: KeyOwner, oldHash: string | undefined, newHash: string, record: ApiKeyRecord): Promise<RotateOutcome> {
  const now = record.created_at;
  const items: TransactItem[] = [
    { Update: { TableName, Key: owner.key,
      UpdateExpression: 'SET key_hash = :new, updated_at = :now',
      ConditionExpression: `${owner.condition} AND ${owner.hash ? 'key_hash = :was' : 'attribute_not_exists(key_hash)'}`,
      ...(owner.names ? { ExpressionAttributeNames: owner.names } : {}),
      ExpressionAttributeValues: { ':new': newHash, ':now': now, ...(owner.hash ? { ':was': owner.hash } : {}), ...owner.values } } },
    { Put: { TableName, Item: entities.apiKey.item(record, { hash: newHash }), ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
  if (oldHash) {
    items.push({ Delete: { TableName, Key: entities.apiKeyKey(oldHash),
      ConditionExpression: 'attribute_exists(pk) AND account_id = :acc AND kind = :kind',
      ExpressionAttributeValues: { ':acc': record.account_id, ':kind': record.kind } } });
  }
  return (await transact(items)).ok ? { ok: true, now } : { ok: false, reason: 'changed' };
}

/**
 * Replaces the inbox's key. `oldHash`: the current key's hash when known (stored on the inbox, or
 * the key the caller presented); without it the old item stays, refused by the inbox's key_hash.
 */
export const rotateInboxKey = (inbox: InboxRecord, oldHash: string | undefined, newHash: string) => rotate(
  { key: inboxesEntities.inboxKey(inbox.id), hash: inbox.key_hash, condition: '#status = :active', names: { '#status': 'status' }, values: { ':active': 'active' } },
  oldHash, newHash, { kind: 'inbox', account_id: inbox.account_id, inbox_id: inbox.id, created_at: new Date().toISOString() });

/** Replaces the account's key; `oldHash` is the key the caller presented (the account key itself). */
export const rotateAccountKey = (account: AccountRecord, oldHash: string, newHash: string) => rotate(
  { key: entities.accountKey(account.id), hash: account.key_hash, condition: 'attribute_exists(pk)' },
  oldHash, newHash, { kind: 'account', account_id: account.id, created_at: new Date().toISOString() });

/** The next view token version of an active inbox (revoking the current token); undefined when it is gone. */
export async function bumpViewTokenVersion(inboxId: string): Promise<InboxRecord | undefined> {
  const updated = await ifApplied(db.send(new UpdateCommand({
    TableName, Key: inboxesEntities.inboxKey(inboxId),
    UpdateExpression: 'SET view_token_version = if_not_exists(view_token_version, :zero) + :one, updated_at = :now',
    ConditionExpression: 'attribute_exists(pk) AND #status = :active',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':now': new Date().toISOString(), ':active': 'active' },
    ReturnValues: 'ALL_NEW',
  })));
  return updated?.Attributes ? inboxesEntities.inbox.record(updated.Attributes) : undefined;
}
