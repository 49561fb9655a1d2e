import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { lookup } from './dns.ts';
import { deleteOwnedDomainIdentity, ensureDomainIdentity, getDomainIdentity } from './ses-identities.ts';
import { startReceiving, stopReceiving } from './receiving.ts';
import {
  checkDomainName, claimExpired, dkimRecords, domainRecords, domainVerified, evaluateRecord, mailFromDomain, pendingClaimExpiresAt,
  IDENTITY_TAG_CLAIM, IDENTITY_TAG_STACK, PENDING_CLAIM_TTL_HOURS, type DomainRecord,
} from './dns-records.ts';
import { badRequest, conflict, DomainError, forbidden, notFound, paymentRequired, unavailable } from '../platform/errors.ts';
import { newId } from '../platform/ids.ts';
import { isPaid, TIER_LIMITS } from '../accounts/tiers.ts';
import { config } from '../platform/config.ts';
import type { CreateDomainBody, ListDomainsQuery } from './domains.schemas.ts';
import { listAccountInboxes } from '../accounts/accounts.store.ts';
import * as store from './domains.store.ts';
import type { AccountRecord } from '../accounts/accounts.entities.ts';
import type { CustomDomainRecord } from './domains.entities.ts';
import { dispatchAfterCommit, newEvent } from '../events/outbox.ts';
import { upgradeContext } from '../accounts/upgrade-context.ts';


export type ListDomainsInput = z.output<typeof ListDomainsQuery>;
/** SES's region: its inbound MX and MAIL FROM feedback endpoints are regional. */
const sesRegion = () => process.env.AWS_REGION ?? 'us-east-1';

async function requirePaid(account: AccountRecord) {
  if (isPaid(account.tier)) return;
  throw paymentRequired('DOMAIN_REQUIRES_PAID', 'Custom domains need a paid tier.', {
    upgrade_context: await upgradeContext(account.id, account.tier, 'I need email addresses at our own domain.'),
  });
}

async function domainLimitError(account: AccountRecord, count: number) {
  const max = TIER_LIMITS[account.tier].maxCustomDomains;
  return forbidden('DOMAIN_LIMIT_EXCEEDED', `The ${TIER_LIMITS[account.tier].label} tier allows ${max} custom domain${max === 1 ? '' : 's'}; this account has ${count}.`, {
    current_usage: { custom_domains: count, max_custom_domains: max },
    upgrade_context: await upgradeContext(account.id, account.tier, `I need more than ${max} custom email domain${max === 1 ? '' : 's'}.`),
  });
}

async function loadDomain(accountId: string, id: string) {
  const d = await store.getDomain(accountId, id);
  if (!d) throw notFound('DOMAIN_NOT_FOUND', `No custom domain ${id} in this account.`);
  return d;
}

/** 128 bits: an ownership token nobody guesses. */
const VERIFICATION_TOKEN_BYTES = 16;

const takenError = (name: string) => conflict('DOMAIN_TAKEN', `${name} is claimed by another account, which proved control of its DNS.`, { field: 'domain' });
const existsError = (name: string, id: string) => conflict('DOMAIN_EXISTS', `${name} is already a domain of this account (${id}).`, { field: 'domain',
  next_steps: [`GET /v1/domains/${id} shows its records and status.`] });
const identityExistsError = (name: string, legacyClaimId?: string) => conflict('DOMAIN_IDENTITY_EXISTS',
  `${name} already has an SES identity in this service's AWS account that Mailroom did not create for this claim; it is left untouched.`, {
    field: 'domain', next_steps: legacyClaimId
      // A domain added before identities were tagged: its identity is ours but carries no tags yet.
      ? [`Ask the service operator to tag the identity ${name} with ${IDENTITY_TAG_STACK}=<the stack's table name> and ${IDENTITY_TAG_CLAIM}=${legacyClaimId} (aws sesv2 tag-resource), then verify again.`]
      : ['Ask the service operator: the identity belongs to someone else, or was left behind; only they can remove it.'] });

/** Deletes the account's expired, unproven claims (each frees its slot); answers how many. */
async function purgeExpiredClaims(accountId: string, now: Date): Promise<number> {
  let purged = 0;
  let cursor: string | undefined;
  do {
    const page = await store.pageDomains(accountId, { limit: 100, offset: 0, cursor });
    for (const d of page.domains) {
      if (d.status === 'pending' && claimExpired(d, now) && (await store.deleteDomain(d))) purged++;
    }
    cursor = page.has_more ? page.next_cursor ?? undefined : undefined;
  } while (cursor);
  return purged;
}

/**
 * Claims a domain for the account, pending: the claim gets its own ownership token to publish as
 * TXT. No SES identity yet: that is made once the token is found in DNS (verifyDomain), so only a
 * proven owner ever gets one. Other accounts' pending claims do not block this one; a proven claim
 * (the name is held) or an SES identity Mailroom did not make for it does.
 */
export async function createDomain(account: AccountRecord, body: z.output<typeof CreateDomainBody>): Promise<CustomDomainRecord> {
  await requirePaid(account);
  const checked = checkDomainName(body.domain, config.mailDomain);
  if (!checked.ok) throw badRequest('INVALID_DOMAIN', checked.problem, { field: 'domain' });
  const name = checked.ascii;
  const now = new Date();

  const claim = await store.getDomainClaim(name);
  if (claim) throw claim.account_id === account.id ? existsError(name, claim.domain_id) : takenError(name);
  const mine = await store.getAccountClaim(account.id, name);
  if (mine) {
    const earlier = await store.getDomain(account.id, mine);
    // An expired claim of the same name is replaced by a fresh one (a new token, a new 72 hours).
    if (!(earlier && claimExpired(earlier, now) && (await store.deleteDomain(earlier)))) throw existsError(name, mine);
  }
  // Looked up, never created here: an identity someone else made (the operator's, another stack's,
  // one left behind) is refused now rather than after the account publishes records for it.
  if (await getDomainIdentity(name)) throw identityExistsError(name);

  const max = TIER_LIMITS[account.tier].maxCustomDomains;
  let count = await store.countDomains(account.id);
  if (max >= 0 && count >= max && (await purgeExpiredClaims(account.id, now))) count = await store.countDomains(account.id);
  if (max >= 0 && count >= max) throw await domainLimitError(account, count);

  const token = randomBytes(VERIFICATION_TOKEN_BYTES).toString('hex');
  const at = now.toISOString();
  const d: CustomDomainRecord = {
    id: newId('domain'), account_id: account.id, domain: name, domain_unicode: checked.unicode, status: 'pending',
    records: domainRecords(name, sesRegion(), [], token), ses_identity_verified: false,
    verification_token: token, proven_at: null, expires_at: pendingClaimExpiresAt(now),
    created_at: at, updated_at: at, last_checked_at: null, verified_at: null,
  };
  const outcome = await store.createDomain(d, max);
  if (!outcome.ok) {
    if (outcome.reason === 'limit') throw await domainLimitError(account, await store.countDomains(account.id));
    throw existsError(name, (await store.getAccountClaim(account.id, name)) ?? 'added meanwhile');
  }
  return d;
}

/** A page of the account's domains, oldest first (total from the domain counter), and how many its tier allows. */
export async function listDomains(account: AccountRecord, { limit, offset, cursor }: ListDomainsInput) {
  const [page, total] = await Promise.all([store.pageDomains(account.id, { limit, offset, cursor }), store.countDomains(account.id)]);
  return { ...page, total, limit, offset, maxCustomDomains: TIER_LIMITS[account.tier].maxCustomDomains };
}

export const getDomain = (account: AccountRecord, id: string): Promise<CustomDomainRecord> => loadDomain(account.id, id);

const evaluate = async (records: DomainRecord[]) => {
  const answers = await Promise.all(records.map((r) => lookup(r.type, r.name)));
  return records.map((r, i) => ({ ...r, ...evaluateRecord(r, answers[i]!) }));
};

/**
 * The ownership proof, once the claim's TXT token is in DNS: the claim takes the name (the first
 * proven claim wins: a later one is refused with DOMAIN_TAKEN) and its SES identity is created,
 * tagged for this stack and claim. An identity Mailroom did not create for this claim is refused
 * (DOMAIN_IDENTITY_EXISTS) and the name given back. Answers the DKIM records to add.
 */
async function prove(d: CustomDomainRecord): Promise<{ dkim: DomainRecord[]; sesVerified: boolean }> {
  const holder = await store.getDomainClaim(d.domain);
  if (holder && holder.domain_id !== d.id) throw takenError(d.domain);
  const existing = await getDomainIdentity(d.domain, d.id);
  // A claim that held the name before tokens existed made its identity before tags did.
  const legacy = d.verification_token === null && holder?.domain_id === d.id ? d.id : undefined;
  if (existing && !existing.owned) throw identityExistsError(d.domain, legacy);
  if (!holder) {
    const claimed = await store.claimName(d, new Date().toISOString());
    if (claimed === 'taken') throw takenError(d.domain);
    if (claimed === 'changed') throw conflict('DOMAIN_CHANGED', `Custom domain ${d.id} was deleted or verified meanwhile.`, { next_steps: [`GET /v1/domains/${d.id}`] });
  }
  const ensured = await ensureDomainIdentity(d.domain, mailFromDomain(d.domain), d.id);
  if (!ensured.ok) {
    // Give back only a name taken just now; a claim that held it before (one made before identities
    // were tagged) keeps it until its identity is tagged or the domain deleted.
    if (!holder) await store.releaseName(d);
    throw identityExistsError(d.domain, legacy);
  }
  await receive(d);
  return { dkim: dkimRecords(d.domain, ensured.identity.dkimTokens), sesVerified: ensured.identity.verified };
}

/**
 * The domain's receipt rule (lambdas/domains/receiving.ts): SES takes its mail from its proof on.
 * A failure leaves the claim pending, so the next verify tries again.
 */
async function receive(d: CustomDomainRecord): Promise<void> {
  try {
    await startReceiving(d.domain);
  } catch (e) {
    if (e instanceof DomainError) throw e;
    throw unavailable('DOMAIN_RECEIVING_PENDING', `${d.domain} is proven, but SES could not be set to receive its mail yet (${(e as Error).name}).`, {
      retry_after: 5, next_steps: [`POST /v1/domains/${d.id}/verify again: it retries.`] });
  }
}

/**
 * Looks up every record in DNS and the SES identity, and stores each record's status. Step one:
 * the ownership TXT record holds → the claim is proven, its SES identity made and its DKIM records
 * listed. Step two: the domain becomes verified (and domain.verified is emitted) when every
 * required record holds and SES has verified the identity; a verified domain stays verified, its
 * records' statuses still show what DNS answers now. An unproven claim past its expiry is refused.
 */
export async function verifyDomain(account: AccountRecord, id: string): Promise<{ domain: CustomDomainRecord; concurrent: boolean }> {
  const d = await loadDomain(account.id, id);
  if (d.status === 'deleting') {
    throw conflict('DOMAIN_DELETING', `${d.domain} is being deleted.`, { next_steps: [`DELETE /v1/domains/${d.id} again to finish it.`] });
  }
  if (claimExpired(d, new Date())) {
    throw conflict('DOMAIN_CLAIM_EXPIRED', `The claim of ${d.domain} expired at ${d.expires_at}: its ownership TXT record was not found within ${PENDING_CLAIM_TTL_HOURS} hours.`, {
      next_steps: [`DELETE /v1/domains/${d.id}, then POST /v1/domains {"domain": "${d.domain}"} again for a new token (or POST it again directly).`] });
  }
  let records = await evaluate(d.records);
  let sesVerified = false;
  const ownership = records.find((r) => r.purpose === 'ownership');
  if (d.status === 'pending' && (!ownership || ownership.status === 'verified')) {
    // Proven (or a legacy claim with no token): make sure the claim holds the name and its identity exists.
    const { dkim, sesVerified: verified } = await prove(d);
    const known = new Set(records.map((r) => r.name));
    records = [...records, ...(await evaluate(dkim.filter((r) => !known.has(r.name))))];
    sesVerified = verified;
  } else if (d.status === 'verified') {
    sesVerified = (await getDomainIdentity(d.domain, d.id))?.verified ?? false;
    // A read when its rule holds it already; verified before rules named domains: now it gets one.
    await receive(d);
  }
  const now = new Date().toISOString();
  const nowVerified = d.status === 'verified' || domainVerified(records, sesVerified);
  const next: CustomDomainRecord = { ...(await loadDomain(account.id, d.id)), records, ses_identity_verified: sesVerified, last_checked_at: now, updated_at: now,
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

/**
 * Deletes a domain no active inbox uses. The domain turns 'deleting' first, then its SES identity
 * goes — only if this stack created it for this claim (tags) — and only then is the claim
 * released: a failed identity delete leaves the domain 'deleting', holding the name, and the next
 * DELETE retries it. An identity someone else made is never deleted.
 */
export async function deleteDomain(account: AccountRecord, id: string): Promise<CustomDomainRecord> {
  const d = await loadDomain(account.id, id);
  const users = (await listAccountInboxes(account.id)).filter((i) => i.domain_id === d.id && i.status === 'active');
  if (users.length) {
    throw conflict('DOMAIN_IN_USE', `${users.length} active inbox${users.length === 1 ? '' : 'es'} at ${d.domain} still receive mail there.`, {
      details: { inboxes: users.slice(0, 20).map((i) => ({ id: i.id, address: i.address })) },
      next_steps: [...users.slice(0, 5).map((i) => `DELETE /v1/inboxes/${i.id} (${i.address})`), 'Then DELETE this domain again.'],
    });
  }
  const gone = () => notFound('DOMAIN_NOT_FOUND', `Custom domain ${d.id} was deleted meanwhile.`);
  if (!(await store.markDeleting(d))) throw gone();
  try {
    // Receiving stops before the identity goes: SES never holds a rule for a domain nobody claims.
    await stopReceiving(d.domain);
    await deleteOwnedDomainIdentity(d.domain, d.id);
  } catch (e) {
    if (e instanceof DomainError) throw e;
    throw unavailable('DOMAIN_DELETE_INCOMPLETE', `${d.domain} is being deleted, but its receipt rule or SES identity could not be removed yet (${(e as Error).name}).`, {
      retry_after: 5, next_steps: [`DELETE /v1/domains/${d.id} again: it retries them, then releases the domain.`] });
  }
  if (!(await store.deleteDomain(d))) throw gone();
  return d;
}
