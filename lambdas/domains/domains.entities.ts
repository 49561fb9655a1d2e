/**
 * The single table's custom domains and the names they claim: each entity's record type, key shapes and declaration
 * (platform/dynamo/entity.ts), in one place. Access pattern → key:
 *   account → custom domains             pk ACCOUNT#<acc>                   sk DOMAIN#<dom>
 *   custom domains per account (counter) pk ACCOUNT#<acc>                   sk DOMAINS
 *   domain name → domain (uniqueness)    pk DOMAINNAME#<ascii name>         sk DOMAINNAME
 *   domain name → an account's claim     pk DOMAINNAME#<ascii name>         sk ACCOUNT#<acc>  (one per account; many may be pending)
 *   receipt rule → the domains it takes  pk RECEIVING                       sk RULES          (one item per stack, versioned)
 */
import { declare } from '../platform/dynamo/entity.ts';
import type { DomainRecord as DnsRecord } from './dns-records.ts';

/** A custom domain of an account, as stored. */
export interface CustomDomainRecord {
  id: string;
  account_id: string;
  /** ASCII (IDNA A-label) form: what DNS, SES and addresses use. */
  domain: string;
  /** The same name as people write it (differs from `domain` for internationalised names). */
  domain_unicode: string;
  /** deleting: the SES identity is being removed; the claim is released once it is gone. */
  status: 'pending' | 'verified' | 'deleting';
  records: DnsRecord[];
  ses_identity_verified: boolean;
  /** The claim's ownership token (the _mailroom-challenge TXT record). */
  verification_token: string | null;
  /** When the ownership TXT record was first found: the claim then holds the name, and its SES identity exists. */
  proven_at: string | null;
  /** Until when an unproven claim may be verified (core/domains.ts PENDING_CLAIM_TTL_HOURS). */
  expires_at: string | null;
  created_at: string;
  updated_at: string;
  last_checked_at: string | null;
  verified_at: string | null;
}
/**
 * Who holds a domain name (one account at a time, from its ownership proof on), and its state:
 * what receiving reads.
 */
export interface DomainNameClaim { domain: string; account_id: string; domain_id: string; status: CustomDomainRecord['status'] }
export const domainKey = (accountId: string, domainId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `DOMAIN#${domainId}` });
export const domainPrefix = 'DOMAIN#';
export const domainCount = (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: 'DOMAINS' });
export const domainNameKey = (name: string) => ({ pk: `DOMAINNAME#${name}`, sk: 'DOMAINNAME' });
export const domainAccountClaimKey = (name: string, accountId: string) => ({ pk: `DOMAINNAME#${name}`, sk: `ACCOUNT#${accountId}` });
export const domain = /* @__PURE__ */ declare<CustomDomainRecord>({ name: 'domain', key: (d) => domainKey(d.account_id, d.id) });
export const domainName = /* @__PURE__ */ declare<DomainNameClaim>({
  name: 'domain-name', key: (n) => domainNameKey(n.domain),
});
/** An account's claim of a domain name (pending or proven): one per account and name. */
export const domainAccountClaim = /* @__PURE__ */ declare<{ domain: string; account_id: string; domain_id: string }>({
  name: 'domain-account-claim', key: (c) => domainAccountClaimKey(c.domain, c.account_id),
});

/**
 * Which receipt rule of the stack's rule set takes each proven custom domain's mail
 * (lambdas/domains/receiving.ts): rule name → domains (empty: the rule is to be deleted in SES).
 * Written only when a domain is proven or deleted, each write conditional on `version`, so
 * concurrent changes never lose one another; `synced` is the last version SES's rules were seen to hold.
 * `changed_at`: when `version` was written (an unsynced version older than a sync takes is a crash's).
 */
export interface ReceivingRules { rules: Record<string, string[]>; version: number; synced: number; changed_at: string }
export const receivingRulesKey = () => ({ pk: 'RECEIVING', sk: 'RULES' });
export const receivingRules = /* @__PURE__ */ declare<ReceivingRules>({ name: 'receiving-rules', key: () => receivingRulesKey() });
