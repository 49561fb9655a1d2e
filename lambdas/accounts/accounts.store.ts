import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '../platform/aws/dynamo-commands.ts';
import { documentClient as db } from '../platform/aws/dynamo.ts';
import { config } from '../platform/config.ts';
import type { Tier } from './tiers.ts';
import { batchGet } from '../platform/dynamo/batch.ts';
import * as entities from './accounts.entities.ts';
import * as domainsEntities from '../domains/domains.entities.ts';
import * as idempotencyEntities from '../platform/dynamo/idempotency.entities.ts';
import * as inboxesEntities from '../inboxes/inboxes.entities.ts';
import type { AccountRecord, ApiKeyRecord } from './accounts.entities.ts';
import type { EventRecord } from '../events/events.entities.ts';
import type { InboxRecord } from '../inboxes/inboxes.entities.ts';
import { ifApplied, transact } from '../platform/dynamo/conditional.ts';
import { eventPut } from '../events/events.store.ts';
import { countQuery, type ListQuery, type PageRequest, queryPage } from '../platform/dynamo/paging.ts';

const TableName = config.tableName;

/**
 * Strongly consistent: a key rotated a moment ago must not be read back from a replica that has
 * not seen the rotation ("refused at once"). Costs one read unit instead of half of one.
 */
export async function getApiKey(hash: string): Promise<ApiKeyRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.apiKeyKey(hash), ConsistentRead: true }));
  return Item ? entities.apiKey.record(Item) : undefined;
}

export async function getAccount(accountId: string): Promise<AccountRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.accountKey(accountId) }));
  return Item ? entities.account.record(Item) : undefined;
}

/** `consistent` where a change a moment ago must show (a view link just revoked). */
export async function getInbox(inboxId: string, consistent = false): Promise<InboxRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: inboxesEntities.inboxKey(inboxId), ...(consistent ? { ConsistentRead: true } : {}) }));
  return Item ? inboxesEntities.inbox.record(Item) : undefined;
}

/** Account and (optionally) one inbox in a single round trip. */
/** An account and (optionally) one inbox in one round trip; `consistent` for a key's owners (their key_hash decides). */
export async function getAccountAndInbox(accountId: string, inboxId?: string, consistent = false) {
  const Keys = [entities.accountKey(accountId), ...(inboxId ? [inboxesEntities.inboxKey(inboxId)] : [])];
  const items = await batchGet(Keys, consistent);
  const account = items.find((i) => i.sk === 'ACCOUNT');
  const inbox = items.find((i) => i.sk === 'INBOX');
  return {
    account: account ? entities.account.record(account) : undefined,
    inbox: inbox ? inboxesEntities.inbox.record(inbox) : undefined,
  };
}

export async function listAccountInboxes(accountId: string): Promise<InboxRecord[]> {
  const out: InboxRecord[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({
      TableName, IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p',
      ExpressionAttributeValues: { ':p': inboxesEntities.accountInboxesPartition(accountId) },
      ExclusiveStartKey,
    }));
    for (const i of page.Items ?? []) out.push(inboxesEntities.inbox.record(i));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}

/** Active inboxes (the sparse gsi2 partition), or all of them with deleted ones (gsi1), by id. */
function inboxListQuery(accountId: string, includeDeleted: boolean): ListQuery {
  const [index, pkName, skName, p] = includeDeleted
    ? ['gsi1', 'gsi1pk', 'gsi1sk', inboxesEntities.accountInboxesPartition(accountId)]
    : ['gsi2', 'gsi2pk', 'gsi2sk', inboxesEntities.activeInboxesPartition(accountId)];
  return { IndexName: index, KeyConditionExpression: `${pkName} = :p`, ExpressionAttributeValues: { ':p': p }, ScanIndexForward: true,
    keyNames: ['pk', 'sk', pkName, skName], fixed: { [pkName]: p } };
}

/** One page of the account's inboxes in id (creation) order. */
export async function pageAccountInboxes(accountId: string, includeDeleted: boolean, page: PageRequest) {
  const res = await queryPage(inboxListQuery(accountId, includeDeleted), page);
  return { inboxes: res.items.map((i) => inboxesEntities.inbox.record(i)), has_more: res.has_more, next_cursor: res.next_cursor };
}

/** Every inbox, deleted ones too, counted keys-only: for accounts stored before deleted_inbox_count existed. */
export const countAllInboxes = (accountId: string) => countQuery(inboxListQuery(accountId, true));


/** The rolling creation window of a subject (an IP or an account): creation times in ms. */
export async function getCreationWindow(subject: string): Promise<{ times: number[]; version: number }> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.creationWindowKey(subject), ConsistentRead: true }));
  return { times: (Item?.times as number[] | undefined) ?? [], version: (Item?.version as number | undefined) ?? 0 };
}

export interface NewInboxPlan {
  inbox: InboxRecord;
  inboxKeyHash: string;
  /** Present when this creation also creates the account. */
  newAccount?: { account: AccountRecord; accountKeyHash: string };
  /** For an existing account: the tier's max_inboxes (-1 = unlimited). */
  maxInboxes: number;
  creationWindow: { subject: string; times: number[]; expectedVersion: number; windowMs: number };
  idempotency?: { scope: string; clientId: string };
  /** Events announcing the creation, written in the same transaction (outbox). */
  events: EventRecord[];
  /** An inbox at a custom domain: that domain must still be verified when the inbox is written. */
  domain?: { accountId: string; domainId: string };
}

export type CreateInboxOutcome =
  | { ok: true }
  | { ok: false; reason: 'username_taken' | 'inbox_limit' | 'account_inactive' | 'window_changed' | 'duplicate_client_id' | 'domain_unverified' };

/**
 * Creates inbox, username claim, key, account (or its counter), creation window and
 * idempotency record in one transaction: all of it exists afterwards, or none of it.
 */
export async function createInbox(plan: NewInboxPlan): Promise<CreateInboxOutcome> {
  const { inbox } = plan;
  const now = inbox.created_at;
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [];
  const reasons: CreateInboxOutcome[] = [];
  const push = (item: (typeof items)[number], reason: CreateInboxOutcome) => { items.push(item); reasons.push(reason); };

  if (plan.domain) {
    push({ ConditionCheck: { TableName, Key: domainsEntities.domainKey(plan.domain.accountId, plan.domain.domainId),
      ConditionExpression: '#status = :verified', ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':verified': 'verified' } } }, { ok: false, reason: 'domain_unverified' });
  }
  push({ Put: { TableName, Item: inboxesEntities.addressClaim.item({ inbox_id: inbox.id, account_id: inbox.account_id, created_at: now }, inbox),
    ConditionExpression: 'attribute_not_exists(pk)' } }, { ok: false, reason: 'username_taken' });
  push({ Put: { TableName, Item: inboxesEntities.inbox.item(inbox) } }, { ok: true });
  push({ Put: { TableName, Item: entities.apiKey.item({ kind: 'inbox', account_id: inbox.account_id, inbox_id: inbox.id, created_at: now }, { hash: plan.inboxKeyHash }),
    ConditionExpression: 'attribute_not_exists(pk)' } }, { ok: true });
  if (plan.newAccount) {
    push({ Put: { TableName, Item: entities.account.item(plan.newAccount.account),
      ConditionExpression: 'attribute_not_exists(pk)' } }, { ok: true });
    push({ Put: { TableName, Item: entities.apiKey.item({ kind: 'account', account_id: plan.newAccount.account.id, created_at: now }, { hash: plan.newAccount.accountKeyHash }),
      ConditionExpression: 'attribute_not_exists(pk)' } }, { ok: true });
  } else {
    const limited = plan.maxInboxes >= 0;
    push({ Update: { TableName, Key: entities.accountKey(inbox.account_id),
      UpdateExpression: 'SET inbox_count = inbox_count + :one, updated_at = :now',
      ConditionExpression: `attribute_exists(pk) AND #status = :active${limited ? ' AND inbox_count < :max' : ''}`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':one': 1, ':now': now, ':active': 'active', ...(limited ? { ':max': plan.maxInboxes } : {}) } } },
    { ok: false, reason: 'inbox_limit' });
  }
  const w = plan.creationWindow;
  push({ Update: { TableName, Key: entities.creationWindow.key(w),
    UpdateExpression: 'SET times = :times, version = :next, #ttl = :ttl',
    ConditionExpression: 'attribute_not_exists(version) OR version = :v',
    ExpressionAttributeNames: { '#ttl': 'ttl' },
    ExpressionAttributeValues: { ':times': w.times, ':next': w.expectedVersion + 1, ':v': w.expectedVersion, ':ttl': entities.creationWindow.expiresAt(w) } } },
  { ok: false, reason: 'window_changed' });
  if (plan.idempotency) {
    push({ Put: { TableName, Item: idempotencyEntities.idempotency.item({ resource_id: inbox.id, created_at: now }, plan.idempotency),
      ConditionExpression: 'attribute_not_exists(pk)' } }, { ok: false, reason: 'duplicate_client_id' });
  }

  for (const e of plan.events) push(eventPut(e), { ok: true });
  const outcome = await transact(items);
  if (outcome.ok) return { ok: true };
  // The account update fails for an inactive account as well as for the limit.
  const failed = outcome.failed >= 0 ? reasons[outcome.failed]! : undefined;
  if (failed && !failed.ok) return failed;
  // Cancelled by a concurrent transaction on one of its items (the creation window, most often).
  return { ok: false, reason: 'window_changed' };
}

export async function updateInboxDisplayName(inboxId: string, displayName: string | null, now: string): Promise<InboxRecord | undefined> {
  const updated = await ifApplied(db.send(new UpdateCommand({
    TableName, Key: inboxesEntities.inboxKey(inboxId),
    UpdateExpression: 'SET display_name = :d, updated_at = :now',
    ConditionExpression: 'attribute_exists(pk) AND #status = :active',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':d': displayName, ':now': now, ':active': 'active' },
    ReturnValues: 'ALL_NEW',
  })));
  return updated?.Attributes ? inboxesEntities.inbox.record(updated.Attributes) : undefined;
}

/** Soft delete: the inbox stays (its username stays claimed) but no longer counts or receives. */
export async function softDeleteInbox(inbox: InboxRecord, now: string, events: EventRecord[]): Promise<boolean> {
  return (await transact([
      ...events.map(eventPut),
      { Update: { TableName, Key: inboxesEntities.inboxKey(inbox.id),
        // Leaves the active-inboxes partition in the same write.
        UpdateExpression: 'SET #status = :deleted, deleted_at = :now, updated_at = :now REMOVE gsi2pk, gsi2sk',
        ConditionExpression: '#status = :active',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':deleted': 'deleted', ':active': 'active', ':now': now } } },
      { Update: { TableName, Key: entities.accountKey(inbox.account_id),
        UpdateExpression: 'SET inbox_count = inbox_count - :one, updated_at = :now ADD deleted_inbox_count :one',
        ConditionExpression: 'inbox_count > :zero',
        ExpressionAttributeValues: { ':one': 1, ':zero': 0, ':now': now } } },
    ])).ok;
}

export type UpgradeOutcome = { ok: true; account: AccountRecord } | { ok: false; reason: 'tier_changed' };

/** Moves the account to `toTier` only if it is still on `fromTier` (no double upgrade). */
export async function setAccountTier(accountId: string, fromTier: Tier, toTier: Tier, billing: AccountRecord['billing'], now: string,
  events: EventRecord[]): Promise<UpgradeOutcome> {
  const outcome = await transact([
      { Update: {
        TableName, Key: entities.accountKey(accountId),
        UpdateExpression: 'SET tier = :to, billing = :billing, updated_at = :now, upgraded_at = :now',
        ConditionExpression: 'tier = :from',
        ExpressionAttributeValues: { ':to': toTier, ':from': fromTier, ':billing': billing, ':now': now },
      } },
      ...events.map(eventPut),
  ]);
  if (!outcome.ok) return { ok: false, reason: 'tier_changed' };
  const account = await getAccount(accountId);
  return { ok: true, account: account! };
}
