import { GetCommand, PutCommand, ScanCommand, UpdateCommand } from '../platform/aws/dynamo-commands.ts';
import { documentClient as db } from '../platform/aws/dynamo.ts';
import { config } from '../platform/config.ts';
import * as accountsEntities from '../accounts/accounts.entities.ts';
import * as entities from './domains.entities.ts';
import type { CustomDomainRecord, DomainNameClaim, ReceivingRules } from './domains.entities.ts';
import type { EventRecord } from '../events/events.entities.ts';
import { applied, transact } from '../platform/dynamo/conditional.ts';
import { queryPage, type PageRequest } from '../platform/dynamo/paging.ts';
import { eventPut } from '../events/events.store.ts';

const TableName = config.tableName;



/**
 * Domains stored before ownership tokens (issue 23) held their name from creation and have no
 * token: they read as proven at creation, never expiring.
 */
function fromItem(item: Record<string, unknown>): CustomDomainRecord {
  const d = entities.domain.record(item);
  return d.verification_token === undefined ? { ...d, verification_token: null, proven_at: d.created_at, expires_at: null } : d;
}

export async function getDomainClaim(name: string): Promise<DomainNameClaim | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.domainNameKey(name), ConsistentRead: true }));
  return Item ? entities.domainName.record(Item) : undefined;
}

export async function getDomain(accountId: string, domainId: string): Promise<CustomDomainRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.domainKey(accountId, domainId), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
}

/** One page of the account's domains by id (creation order); the total is countDomains. */
export async function pageDomains(accountId: string, page: PageRequest) {
  const pk = accountsEntities.accountKey(accountId).pk;
  const res = await queryPage({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': entities.domainPrefix },
    ScanIndexForward: true, keyNames: ['pk', 'sk'], fixed: { pk } }, page);
  return { domains: res.items.map(fromItem), has_more: res.has_more, next_cursor: res.next_cursor };
}

/** How many domains the account holds (the counter the limit is checked against). */
export async function countDomains(accountId: string): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.domainCount(accountId) }));
  return (Item?.domain_count as number | undefined) ?? 0;
}

/** The id of the account's own claim of a name (pending or proven), if any. */
export async function getAccountClaim(accountId: string, name: string): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.domainAccountClaimKey(name, accountId), ConsistentRead: true }));
  return Item ? entities.domainAccountClaim.record(Item).domain_id : undefined;
}

export type CreateDomainOutcome = { ok: true } | { ok: false; reason: 'exists' | 'limit' };

/**
 * The account's claim of the name, the domain and the account's domain counter (under the tier's
 * limit) in one transaction: one account adding a name twice, or going past its limit, leaves
 * nothing. Other accounts' pending claims of the name do not block it; only a proof does
 * (claimName).
 */
export async function createDomain(d: CustomDomainRecord, maxDomains: number): Promise<CreateDomainOutcome> {
  const limited = maxDomains >= 0;
  const reasons: CreateDomainOutcome[] = [{ ok: false, reason: 'exists' }, { ok: true }, { ok: false, reason: 'limit' }];
  const outcome = await transact([
      { Put: { TableName, Item: entities.domainAccountClaim.item({ domain: d.domain, account_id: d.account_id, domain_id: d.id }),
        ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName, Item: entities.domain.item(d), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Update: { TableName, Key: entities.domainCount(d.account_id),
        UpdateExpression: 'SET domain_count = if_not_exists(domain_count, :zero) + :one',
        ...(limited ? { ConditionExpression: 'attribute_not_exists(domain_count) OR domain_count < :max' } : {}),
        ExpressionAttributeValues: { ':zero': 0, ':one': 1, ...(limited ? { ':max': maxDomains } : {}) } } },
  ]);
  if (outcome.ok) return { ok: true };
  const failed = reasons[outcome.failed];
  if (failed && !failed.ok) return failed;
  throw new Error(`creating domain ${d.domain} conflicted with a concurrent write; try again`);
}

/**
 * The ownership proof: the domain takes the name (the first proven claim wins; a later one finds
 * it held) and records when, only while it is still a pending, unproven claim.
 * 'taken': another domain holds the name. 'changed': this one was deleted or proven meanwhile.
 */
export async function claimName(d: CustomDomainRecord, provenAt: string): Promise<'claimed' | 'taken' | 'changed'> {
  const outcome = await transact([
      { Put: { TableName, Item: entities.domainName.item({ domain: d.domain, account_id: d.account_id, domain_id: d.id, status: 'pending' }),
        ConditionExpression: 'attribute_not_exists(pk)' } },
      { Update: { TableName, Key: entities.domainKey(d.account_id, d.id), UpdateExpression: 'SET proven_at = :at, updated_at = :at',
        ConditionExpression: '#status = :pending AND (attribute_not_exists(proven_at) OR proven_at = :null)',
        ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':at': provenAt, ':pending': 'pending', ':null': null } } },
  ]);
  if (outcome.ok) return 'claimed';
  return outcome.failed === 0 ? 'taken' : 'changed';
}

/** Gives the name back (its SES identity turned out to be someone else's): the claim is unproven again. */
export async function releaseName(d: CustomDomainRecord): Promise<void> {
  await transact([
      { Delete: { TableName, Key: entities.domainNameKey(d.domain), ConditionExpression: 'domain_id = :id', ExpressionAttributeValues: { ':id': d.id } } },
      { Update: { TableName, Key: entities.domainKey(d.account_id, d.id), UpdateExpression: 'SET proven_at = :null',
        ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':null': null } } },
  ]);
}

/**
 * Stores a verification check. A domain turning verified is written together with its name
 * claim's status (what receiving reads) and the domain.verified event (outbox), only if it was
 * still pending, so the event is written once however many checks race.
 */
export async function saveDomainCheck(d: CustomDomainRecord, events: EventRecord[]): Promise<'saved' | 'changed'> {
  const becameVerified = d.status === 'verified' && events.length > 0;
  const outcome = await transact([
      { Update: { TableName, Key: entities.domainKey(d.account_id, d.id),
        UpdateExpression: 'SET records = :r, ses_identity_verified = :ses, last_checked_at = :at, updated_at = :at, #status = :s, verified_at = :va',
        // Never over a deletion that started meanwhile.
        ConditionExpression: becameVerified ? '#status = :pending' : 'attribute_exists(pk) AND #status <> :deleting',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':r': d.records, ':ses': d.ses_identity_verified, ':at': d.last_checked_at, ':s': d.status,
          ':va': d.verified_at, ...(becameVerified ? { ':pending': 'pending' } : { ':deleting': 'deleting' }) } } },
      ...(becameVerified ? [{ Update: { TableName, Key: entities.domainNameKey(d.domain), UpdateExpression: 'SET #status = :s',
        ConditionExpression: 'domain_id = :id', ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':s': 'verified', ':id': d.id } } }] : []),
      ...events.map(eventPut),
  ]);
  return outcome.ok ? 'saved' : 'changed';
}

/**
 * The first step of a deletion: the domain, and the name claim if it holds one, become 'deleting'
 * (no new inboxes, no verification, local receiving stops) before the SES identity goes. False
 * when the domain is gone.
 */
export async function markDeleting(d: CustomDomainRecord): Promise<boolean> {
  if (d.status === 'deleting') return true;
  const held = await getDomainClaim(d.domain);
  return (await transact([
      { Update: { TableName, Key: entities.domainKey(d.account_id, d.id), UpdateExpression: 'SET #status = :deleting, updated_at = :at',
        ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':deleting': 'deleting', ':at': new Date().toISOString() } } },
      ...(held?.domain_id === d.id ? [{ Update: { TableName, Key: entities.domainNameKey(d.domain), UpdateExpression: 'SET #status = :deleting',
        ConditionExpression: 'domain_id = :id', ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':deleting': 'deleting', ':id': d.id } } }] : []),
    ])).ok;
}

/**
 * Removes the domain, the account's claim, the name claim when this domain holds it, and one from
 * the counter; false when it was already gone. Called only once the SES identity is gone.
 */
export async function deleteDomain(d: CustomDomainRecord): Promise<boolean> {
  // Read after markDeleting: a 'deleting' domain can no longer take the name, so this is final.
  const held = await getDomainClaim(d.domain);
  const ours = { ConditionExpression: 'attribute_not_exists(pk) OR domain_id = :id', ExpressionAttributeValues: { ':id': d.id } };
  return (await transact([
      { Delete: { TableName, Key: entities.domainKey(d.account_id, d.id), ConditionExpression: 'attribute_exists(pk)' } },
      { Delete: { TableName, Key: entities.domainAccountClaimKey(d.domain, d.account_id), ...ours } },
      // Not holding it when read: a proof racing this delete (an expired claim purged) must not
      // leave the name held by a domain that no longer exists.
      held?.domain_id === d.id ? { Delete: { TableName, Key: entities.domainNameKey(d.domain), ...ours } }
        : { ConditionCheck: { TableName, Key: entities.domainNameKey(d.domain), ConditionExpression: 'attribute_not_exists(pk) OR domain_id <> :id',
          ExpressionAttributeValues: { ':id': d.id } } },
      { Update: { TableName, Key: entities.domainCount(d.account_id), UpdateExpression: 'SET domain_count = domain_count - :one',
        ConditionExpression: 'domain_count > :zero', ExpressionAttributeValues: { ':one': 1, ':zero': 0 } } },
    ])).ok;
}

/** The custom domains' receipt rules as last written (none yet: version 0). */
export async function getReceivingRules(): Promise<ReceivingRules> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: entities.receivingRulesKey(), ConsistentRead: true }));
  return Item ? entities.receivingRules.record(Item) : { rules: {}, version: 0, synced: 0, changed_at: new Date(0).toISOString() };
}

/** Writes `next` (version + 1) if nobody wrote since `read`; false when someone did. */
export async function saveReceivingRules(read: ReceivingRules, rules: ReceivingRules['rules']): Promise<ReceivingRules | undefined> {
  const next = { rules, version: read.version + 1, synced: read.synced, changed_at: new Date().toISOString() };
  const ok = await applied(db.send(new PutCommand({
    TableName, Item: entities.receivingRules.item(next),
    ...(read.version === 0 ? { ConditionExpression: 'attribute_not_exists(pk)' }
      : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': read.version } }),
  })));
  return ok ? next : undefined;
}

/** Records that SES's rules hold `version` (nothing when the rules changed since). */
export async function markReceivingSynced(version: number): Promise<void> {
  await applied(db.send(new UpdateCommand({
    TableName, Key: entities.receivingRulesKey(), UpdateExpression: 'SET synced = :v',
    ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': version },
  })));
}

/**
 * Every name claim of the table, pending-proof or verified (a claim exists from the proof on):
 * a whole-table scan, for the one-off backfill of receipt rules (scripts/backfill.ts), never a request.
 */
export async function scanDomainClaims(): Promise<DomainNameClaim[]> {
  const claims: DomainNameClaim[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({
      TableName, ExclusiveStartKey: start, FilterExpression: 'begins_with(pk, :p) AND sk = :sk',
      ExpressionAttributeValues: { ':p': entities.domainNameKey('').pk, ':sk': entities.domainNameKey('').sk },
    }));
    for (const item of page.Items ?? []) claims.push(entities.domainName.record(item));
    start = page.LastEvaluatedKey;
  } while (start);
  return claims;
}
