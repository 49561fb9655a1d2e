import { GetCommand } from '../aws/dynamo-commands.ts';
import { documentClient as db } from '../aws/dynamo.ts';
import { config } from '../config.ts';
import type { DomainRecord as DnsRecord } from '../core/domains.ts';
import * as entities from './entities.ts';
import * as keys from './keys.ts';
import { transact } from './conditional.ts';
import { queryPage, type PageRequest } from './pages.ts';
import { eventPut } from './events.ts';
import type { EventRecord } from './records.ts';

const TableName = config.tableName;

/** A custom domain of an account, as stored. */
export interface CustomDomainRecord {
  id: string;
  account_id: string;
  /** ASCII (IDNA A-label) form: what DNS, SES and addresses use. */
  domain: string;
  /** The same name as people write it (differs from `domain` for internationalised names). */
  domain_unicode: string;
  status: 'pending' | 'verified';
  records: DnsRecord[];
  ses_identity_verified: boolean;
  created_at: string;
  updated_at: string;
  last_checked_at: string | null;
  verified_at: string | null;
}

/** Who holds a domain name (one account at a time), and whether it is verified. */
export interface DomainNameClaim { domain: string; account_id: string; domain_id: string; status: CustomDomainRecord['status'] }

export async function getDomainClaim(name: string): Promise<DomainNameClaim | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: keys.domainName(name), ConsistentRead: true }));
  return Item ? entities.domainName.record(Item) : undefined;
}

export async function getDomain(accountId: string, domainId: string): Promise<CustomDomainRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: keys.domain(accountId, domainId), ConsistentRead: true }));
  return Item ? entities.domain.record(Item) : undefined;
}

/** One page of the account's domains by id (creation order); the total is countDomains. */
export async function pageDomains(accountId: string, page: PageRequest) {
  const pk = keys.account(accountId).pk;
  const res = await queryPage({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': keys.domainPrefix },
    ScanIndexForward: true, keyNames: ['pk', 'sk'], fixed: { pk } }, page);
  return { domains: res.items.map((i) => entities.domain.record(i)), has_more: res.has_more, next_cursor: res.next_cursor };
}

/** How many domains the account holds (the counter the limit is checked against). */
export async function countDomains(accountId: string): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: keys.domainCount(accountId) }));
  return (Item?.domain_count as number | undefined) ?? 0;
}

export type CreateDomainOutcome = { ok: true } | { ok: false; reason: 'taken' | 'limit' };

/**
 * Name claim, domain and the account's domain counter (under the tier's limit) in one
 * transaction: two accounts racing for one name, or one account past its limit, leave nothing.
 */
export async function createDomain(d: CustomDomainRecord, maxDomains: number): Promise<CreateDomainOutcome> {
  const limited = maxDomains >= 0;
  const reasons: CreateDomainOutcome[] = [{ ok: false, reason: 'taken' }, { ok: true }, { ok: false, reason: 'limit' }];
  const outcome = await transact([
      { Put: { TableName, Item: entities.domainName.item({ domain: d.domain, account_id: d.account_id, domain_id: d.id, status: d.status }),
        ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName, Item: entities.domain.item(d), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Update: { TableName, Key: keys.domainCount(d.account_id),
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
 * Stores a verification check. A domain turning verified is written together with its name
 * claim's status (what receiving reads) and the domain.verified event (outbox), only if it was
 * still pending, so the event is written once however many checks race.
 */
export async function saveDomainCheck(d: CustomDomainRecord, events: EventRecord[]): Promise<'saved' | 'changed'> {
  const becameVerified = d.status === 'verified' && events.length > 0;
  const outcome = await transact([
      { Update: { TableName, Key: keys.domain(d.account_id, d.id),
        UpdateExpression: 'SET records = :r, ses_identity_verified = :ses, last_checked_at = :at, updated_at = :at, #status = :s, verified_at = :va',
        ConditionExpression: becameVerified ? '#status = :pending' : 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':r': d.records, ':ses': d.ses_identity_verified, ':at': d.last_checked_at, ':s': d.status,
          ':va': d.verified_at, ...(becameVerified ? { ':pending': 'pending' } : {}) } } },
      ...(becameVerified ? [{ Update: { TableName, Key: keys.domainName(d.domain), UpdateExpression: 'SET #status = :s',
        ConditionExpression: 'domain_id = :id', ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':s': 'verified', ':id': d.id } } }] : []),
      ...events.map(eventPut),
  ]);
  return outcome.ok ? 'saved' : 'changed';
}

/** Removes domain, name claim and one from the counter; false when it was already gone. */
export async function deleteDomain(d: CustomDomainRecord): Promise<boolean> {
  return (await transact([
      { Delete: { TableName, Key: keys.domain(d.account_id, d.id), ConditionExpression: 'attribute_exists(pk)' } },
      { Delete: { TableName, Key: keys.domainName(d.domain), ConditionExpression: 'domain_id = :id', ExpressionAttributeValues: { ':id': d.id } } },
      { Update: { TableName, Key: keys.domainCount(d.account_id), UpdateExpression: 'SET domain_count = domain_count - :one',
        ConditionExpression: 'domain_count > :zero', ExpressionAttributeValues: { ':one': 1, ':zero': 0 } } },
    ])).ok;
}
