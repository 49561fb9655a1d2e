/** HTTP mapping of the domains function: custom domains, their DNS records and verification. */
import type { z } from 'zod';
import { challengeName, claimExpired, PENDING_CLAIM_TTL_HOURS } from './dns-records.ts';
import { isPaid } from '../accounts/tiers.ts';
import type { HttpRequest, OperationResult } from '../platform/http/types.ts';
import type { CreateDomainBody, DomainParams } from './domains.schemas.ts';
import type { CustomDomainRecord } from './domains.entities.ts';
import * as domains from './domains.ts';

type DomainRequest = HttpRequest<'account', unknown, unknown, z.output<typeof DomainParams>>;

/** The API view of a domain: an unproven claim past its expiry shows as expired. */
export function domainView(d: CustomDomainRecord) {
  return {
    id: d.id,
    domain: d.domain,
    domain_unicode: d.domain_unicode,
    status: d.status === 'pending' && claimExpired(d, new Date()) ? 'expired' as const : d.status,
    records: d.records,
    ses_identity_verified: d.ses_identity_verified,
    ownership_verified: d.proven_at !== null,
    expires_at: d.proven_at === null ? d.expires_at : null,
    created_at: d.created_at,
    last_checked_at: d.last_checked_at,
    verified_at: d.verified_at,
  };
}

/** The two steps of a pending domain: the ownership proof, then the records that make it work. */
const STEPS_PENDING = (d: CustomDomainRecord) => d.proven_at === null
  ? [
    `Step 1, proof of control: publish the TXT record ${challengeName(d.domain)} (purpose ownership) from records[], with the MX, SPF and the others if you like, then POST /v1/domains/${d.id}/verify. This claim expires at ${d.expires_at} (${PENDING_CLAIM_TTL_HOURS} hours) unless proven; another account may claim the name meanwhile, and the first to prove it keeps it.`,
    `Step 2: once the TXT record is found, the verify answer lists the three Easy DKIM CNAMEs (purpose sending); publish them and every required record, then POST /v1/domains/${d.id}/verify again. DNS changes can take minutes to appear.`,
    `Once verified, create inboxes there: POST /v1/inboxes {"username": "…", "domain_id": "${d.id}"}.`,
  ]
  : [
    `Publish every record under records[] at your DNS provider (required: ownership, receiving and sending, the Easy DKIM CNAMEs included; mail_from and dmarc are advised).`,
    `Then POST /v1/domains/${d.id}/verify; each record gets its own status and, when it fails, the reason. DNS changes can take minutes to appear.`,
    `Once verified, create inboxes there: POST /v1/inboxes {"username": "…", "domain_id": "${d.id}"}.`,
  ];

const STEPS_DELETING = (d: CustomDomainRecord) => [`${d.domain} is being deleted: DELETE /v1/domains/${d.id} again to finish it.`];
const stepsOf = (d: CustomDomainRecord) => d.status === 'verified'
  ? [`Create inboxes at ${d.domain} with POST /v1/inboxes and domain_id ${d.id}.`]
  : d.status === 'deleting' ? STEPS_DELETING(d) : STEPS_PENDING(d);

async function createDomain(req: HttpRequest<'account', z.output<typeof CreateDomainBody>>): Promise<OperationResult> {
  const d = await domains.createDomain(req.principal.account, req.body);
  return { status: 201, result: domainView(d), nextSteps: STEPS_PENDING(d) };
}

async function listDomains(req: HttpRequest<'account', unknown, domains.ListDomainsInput>): Promise<OperationResult> {
  const account = req.principal.account;
  const { domains: all, maxCustomDomains, ...page } = await domains.listDomains(account, req.query);
  return {
    result: { ...page, domains: all.map(domainView), max_custom_domains: maxCustomDomains },
    nextSteps: all.length ? ['POST /v1/domains/{id}/verify checks a pending domain\'s DNS records again.']
      : [isPaid(account.tier) ? 'Add a domain with POST /v1/domains {"domain": "agents.example.com"}.' : 'Custom domains need a paid tier (GET /v1/capabilities).'],
  };
}

async function getDomain(req: DomainRequest): Promise<OperationResult> {
  const d = await domains.getDomain(req.principal.account, req.params.id);
  return { result: domainView(d), nextSteps: stepsOf(d) };
}

async function verifyDomain(req: DomainRequest): Promise<OperationResult> {
  const { domain: d, concurrent } = await domains.verifyDomain(req.principal.account, req.params.id);
  if (concurrent) return { result: domainView(d), nextSteps: ['Another check of this domain finished at the same time; this is its result.'] };
  const failing = d.records.filter((r) => r.required && r.status !== 'verified');
  return {
    result: domainView(d),
    nextSteps: d.status === 'verified'
      ? [`${d.domain} is verified: create inboxes there with POST /v1/inboxes {"username": "…", "domain_id": "${d.id}"}.`]
      : [
        ...failing.map((r) => `${r.type} ${r.name}: ${r.detail}`),
        ...(d.proven_at === null
          ? [`The ownership TXT record comes first: until it is found there is no SES identity and no DKIM records. This claim expires at ${d.expires_at}.`]
          : d.ses_identity_verified ? [] : ['SES has not verified the identity yet: it checks the DKIM CNAMEs itself, usually within minutes of them appearing.']),
        `Fix the records above, then POST /v1/domains/${d.id}/verify again.`,
      ],
  };
}

async function deleteDomain(req: DomainRequest): Promise<OperationResult> {
  const d = await domains.deleteDomain(req.principal.account, req.params.id);
  return {
    result: { id: d.id, domain: d.domain, deleted: true },
    nextSteps: [`Mail to ${d.domain} is no longer accepted. You may remove its DNS records.`],
  };
}

export const domainsApi = { createDomain, listDomains, getDomain, verifyDomain, deleteDomain };
