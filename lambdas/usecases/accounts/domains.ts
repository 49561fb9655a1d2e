import type { z } from 'zod';
import { lookup } from '../../adapters/dns.ts';
import { createDomainIdentity, deleteDomainIdentity, getDomainIdentity } from '../../aws/ses-identities.ts';
import { checkDomainName, domainRecords, domainVerified, evaluateRecord, mailFromDomain } from '../../core/domains.ts';
import { ApiError, badRequest, conflict, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { isPaid, TIER_LIMITS } from '../../core/tiers.ts';
import { config } from '../../config.ts';
import type { CreateDomainBody, ListDomainsQuery } from '../../schemas/domains.ts';
import { listAccountInboxes } from '../../store/accounts.ts';
import * as store from '../../store/domains.ts';
import type { CustomDomainRecord } from '../../store/domains.ts';
import type { AccountRecord } from '../../store/records.ts';
import { dispatchAfterCommit, newEvent } from '../webhooks/event-outbox.ts';
import { upgradeContext } from './upgrade-context.ts';


export type ListDomainsInput = z.output<typeof ListDomainsQuery>;
/** SES's region: its inbound MX and MAIL FROM feedback endpoints are regional. */
const sesRegion = () => process.env.AWS_REGION ?? 'us-east-1';

async function requirePaid(account: AccountRecord) {
  if (isPaid(account.tier)) return;
  throw new ApiError(402, 'DOMAIN_REQUIRES_PAID', 'Custom domains need a paid tier.', {
    upgrade_context: await upgradeContext(account.id, account.tier, 'I need email addresses at our own domain.'),
  });
}

async function domainLimitError(account: AccountRecord, count: number) {
  const max = TIER_LIMITS[account.tier].maxCustomDomains;
  return new ApiError(403, 'DOMAIN_LIMIT_EXCEEDED', `The ${TIER_LIMITS[account.tier].label} tier allows ${max} custom domain${max === 1 ? '' : 's'}; this account has ${count}.`, {
    current_usage: { custom_domains: count, max_custom_domains: max },
    upgrade_context: await upgradeContext(account.id, account.tier, `I need more than ${max} custom email domain${max === 1 ? '' : 's'}.`),
  });
}

async function loadDomain(accountId: string, id: string) {
  const d = await store.getDomain(accountId, id);
  if (!d) throw notFound('DOMAIN_NOT_FOUND', `No custom domain ${id} in this account.`);
  return d;
}

/** Claims a domain for the account and creates its SES identity; the domain starts pending. */
export async function createDomain(account: AccountRecord, body: z.output<typeof CreateDomainBody>): Promise<CustomDomainRecord> {
  await requirePaid(account);
  const checked = checkDomainName(body.domain, config.mailDomain);
  if (!checked.ok) throw badRequest('INVALID_DOMAIN', checked.problem, { field: 'domain' });
  const name = checked.ascii;

  const claim = await store.getDomainClaim(name);
  if (claim) {
    throw claim.account_id === account.id
      ? conflict('DOMAIN_EXISTS', `${name} is already a domain of this account (${claim.domain_id}).`, { field: 'domain',
        next_steps: [`GET /v1/domains/${claim.domain_id} shows its records and status.`] })
      : conflict('DOMAIN_TAKEN', `${name} is claimed by another account.`, { field: 'domain' });
  }
  const max = TIER_LIMITS[account.tier].maxCustomDomains;
  const count = await store.countDomains(account.id);
  if (max >= 0 && count >= max) throw await domainLimitError(account, count);

  const identity = await createDomainIdentity(name, mailFromDomain(name));
  const now = new Date().toISOString();
  const d: CustomDomainRecord = {
    id: newId('domain'), account_id: account.id, domain: name, domain_unicode: checked.unicode, status: 'pending',
    records: domainRecords(name, sesRegion(), identity.dkimTokens), ses_identity_verified: identity.verified,
    created_at: now, updated_at: now, last_checked_at: null, verified_at: null,
  };
  const outcome = await store.createDomain(d, max);
  if (!outcome.ok) {
    // The SES identity stays: a concurrent claim of the same name that won uses it.
    if (outcome.reason === 'limit') throw await domainLimitError(account, await store.countDomains(account.id));
    const winner = await store.getDomainClaim(name);
    throw winner?.account_id === account.id
      ? conflict('DOMAIN_EXISTS', `${name} is already a domain of this account (${winner.domain_id}).`, { field: 'domain' })
      : conflict('DOMAIN_TAKEN', `${name} is claimed by another account.`, { field: 'domain' });
  }
  return d;
}

/** A page of the account's domains, oldest first (total from the domain counter), and how many its tier allows. */
export async function listDomains(account: AccountRecord, { limit, offset, cursor }: ListDomainsInput) {
  const [page, total] = await Promise.all([store.pageDomains(account.id, { limit, offset, cursor }), store.countDomains(account.id)]);
  return { ...page, total, limit, offset, maxCustomDomains: TIER_LIMITS[account.tier].maxCustomDomains };
}

export const getDomain = (account: AccountRecord, id: string): Promise<CustomDomainRecord> => loadDomain(account.id, id);

/**
 * Looks up every record in DNS and the SES identity, and stores each record's status. The
 * domain becomes verified (and domain.verified is emitted) when the receiving and sending
 * records hold and SES has verified the identity; a verified domain stays verified, its
 * records' statuses still show what DNS answers now.
 */
export async function verifyDomain(account: AccountRecord, id: string): Promise<{ domain: CustomDomainRecord; concurrent: boolean }> {
  const d = await loadDomain(account.id, id);
  const [answers, identity] = await Promise.all([
    Promise.all(d.records.map((r) => lookup(r.type, r.name))),
    getDomainIdentity(d.domain),
  ]);
  const records = d.records.map((r, i) => ({ ...r, ...evaluateRecord(r, answers[i]!) }));
  const sesVerified = identity?.verified ?? false;
  const now = new Date().toISOString();
  const nowVerified = d.status === 'verified' || domainVerified(records, sesVerified);
  const next: CustomDomainRecord = { ...d, records, ses_identity_verified: sesVerified, last_checked_at: now, updated_at: now,
    status: nowVerified ? 'verified' : 'pending', verified_at: d.verified_at ?? (nowVerified ? now : null) };
  const events = d.status === 'pending' && nowVerified
    ? [await newEvent('domain.verified', { account_id: account.id, inbox_id: null, timestamp: now }, {
      domain: { id: d.id, domain: d.domain, status: 'verified', verified_at: now } })]
    : [];
  const saved = await store.saveDomainCheck(next, events);
  if (saved === 'changed') {
    // A concurrent check verified it (and emitted the event) first, or it was deleted.
    return { domain: await loadDomain(account.id, d.id), concurrent: true };
  }
  await dispatchAfterCommit(events);
  return { domain: next, concurrent: false };
}

/** Deletes a domain no active inbox uses, with its SES identity. */
export async function deleteDomain(account: AccountRecord, id: string): Promise<CustomDomainRecord> {
  const d = await loadDomain(account.id, id);
  const users = (await listAccountInboxes(account.id)).filter((i) => i.domain_id === d.id && i.status === 'active');
  if (users.length) {
    throw conflict('DOMAIN_IN_USE', `${users.length} active inbox${users.length === 1 ? '' : 'es'} at ${d.domain} still receive mail there.`, {
      details: { inboxes: users.slice(0, 20).map((i) => ({ id: i.id, address: i.address })) },
      next_steps: [...users.slice(0, 5).map((i) => `DELETE /v1/inboxes/${i.id} (${i.address})`), 'Then DELETE this domain again.'],
    });
  }
  if (!(await store.deleteDomain(d))) throw notFound('DOMAIN_NOT_FOUND', `Custom domain ${d.id} was deleted meanwhile.`);
  await deleteDomainIdentity(d.domain);
  return d;
}
