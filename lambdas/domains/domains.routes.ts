/**
 * Rows of the route table for custom domains (paid tiers). lambdas/routes.ts assembles every
 * slice's rows in the order the API is documented in; lambdas/platform/http/route.ts says what a
 * row is.
 */
import { schemaModules, type RouteDef } from '../platform/http/route.ts';

/** Request schemas: a function builds those of its own routes at init. */
const s = schemaModules({
  domains: () => import('./domains.schemas.ts'),
});
/** Response schemas: only what describes the API (OpenAPI) loads them. */
const res = schemaModules({
  domains: () => import('./domains.responses.ts'),
});

export const domainsRoutes = [
  { method: 'POST', path: '/v1/domains', fn: 'domains', operationId: 'createDomain', auth: 'account', tag: 'Domains',
    summary: 'Add a custom domain: DNS records to publish',
    description: 'A pending claim: answers the records, first the claim\'s own ownership TXT token (_mailroom-challenge), then MX (receiving), SPF (sending), MAIL FROM MX and TXT, a DMARC suggestion; the three Easy DKIM CNAMEs follow once the token is found (verify). Paid tiers (free: 402 DOMAIN_REQUIRES_PAID); at most the tier\'s max_custom_domains (403 DOMAIN_LIMIT_EXCEEDED). Pending claims of other accounts do not block a name, and expire after 72 hours; a name another account has proven is 409 DOMAIN_TAKEN, one with an SES identity Mailroom did not create 409 DOMAIN_IDENTITY_EXISTS. Publish the records, then POST /v1/domains/{id}/verify.',
    body: s('domains', 'CreateDomainBody'), response: res('domains', 'Domain'), successStatus: 201, errors: [402, 403, 409], fieldErrors: { domain: 'INVALID_DOMAIN' } },
  { method: 'GET', path: '/v1/domains', fn: 'domains', operationId: 'listDomains', auth: 'account', tag: 'Domains',
    summary: 'List custom domains', query: s('domains', 'ListDomainsQuery'), response: res('domains', 'DomainList') },
  { method: 'GET', path: '/v1/domains/{id}', fn: 'domains', operationId: 'getDomain', auth: 'account', tag: 'Domains',
    summary: 'One custom domain', description: 'The domain with its records and the status of each at the last check.', params: s('domains', 'DomainParams'), response: res('domains', 'Domain'), errors: [404] },
  { method: 'POST', path: '/v1/domains/{id}/verify', fn: 'domains', operationId: 'verifyDomain', auth: 'account', tag: 'Domains',
    summary: 'Check its DNS records',
    description: 'Looks up every record in DNS and reads the SES identity. Once the ownership TXT token is found the claim holds the name (the first account to prove it wins; a later one gets 409 DOMAIN_TAKEN), its SES identity is created, SES starts receiving its mail (a receipt rule naming it; if that fails: 503 DOMAIN_RECEIVING_PENDING, verify again) and its DKIM CNAMEs are listed; the domain is verified when the ownership, receiving and sending records hold and SES has verified the identity. Each record gets status verified or failed, with detail saying what DNS answered. An unproven claim past expires_at is 409 DOMAIN_CLAIM_EXPIRED. The first time a domain is verified, domain.verified is emitted.',
    params: s('domains', 'DomainParams'), response: res('domains', 'Domain'), errors: [404, 409, 503] },
  { method: 'DELETE', path: '/v1/domains/{id}', fn: 'domains', operationId: 'deleteDomain', auth: 'account', tag: 'Domains',
    summary: 'Delete an unused custom domain', description: 'Refused with 409 DOMAIN_IN_USE while active inboxes use it; next_steps names them. SES stops receiving its mail and the SES identity Mailroom created for the domain is removed first (one it did not create is never touched), then the name is released; if SES fails, the domain stays deleting (503 DOMAIN_DELETE_INCOMPLETE) and DELETE again retries.', params: s('domains', 'DomainParams'),
    response: res('domains', 'DomainDeleted'), errors: [404, 409, 503] },
] as const satisfies readonly RouteDef[];
