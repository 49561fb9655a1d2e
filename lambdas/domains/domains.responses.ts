import * as z from 'zod/mini';
import { components } from '../platform/http/common.schemas.ts';
import { PageFields, Timestamp } from '../platform/http/common.responses.ts';

export const DomainDnsRecord = z.object({
  type: z.enum(['MX', 'CNAME', 'TXT']),
  name: z.string().check(z.describe('Fully qualified record name')),
  value: z.string(),
  priority: z.nullable(z.number().check(z.int())).check(z.describe('MX preference; null for other types')),
  purpose: z.enum(['ownership', 'receiving', 'sending', 'mail_from', 'dmarc']).check(z.describe('ownership: the claim\'s TXT token (_mailroom-challenge), proof of control; receiving: MX to SES inbound; sending: Easy DKIM CNAMEs (listed once ownership is proven) and SPF; mail_from: custom MAIL FROM subdomain; dmarc: a suggested policy')),
  required: z.boolean().check(z.describe('Must hold before the domain is verified (ownership, receiving and sending records)')),
  status: z.enum(['pending', 'verified', 'failed']).check(z.describe('pending until the first verify call')),
  detail: z.nullable(z.string()).check(z.describe('Why the last check failed: what DNS answered')),
}).register(components, { id: 'DomainDnsRecord' });

export const Domain = z.object({
  id: z.string().check(z.describe('dom_…')),
  domain: z.string().check(z.describe('ASCII (IDNA) form, as in addresses')),
  domain_unicode: z.string(),
  status: z.enum(['pending', 'verified', 'expired', 'deleting']).check(z.describe('expired: the ownership record was not found in time (verify refuses it; add the domain again); deleting: a DELETE is under way (DELETE again to finish it)')),
  records: z.array(DomainDnsRecord),
  ses_identity_verified: z.boolean().check(z.describe('Whether SES has verified the sending identity (it checks the DKIM records itself)')),
  ownership_verified: z.boolean().check(z.describe('Whether the ownership TXT record was found: the claim then holds the name, and its SES identity and DKIM records exist')),
  expires_at: z.nullable(Timestamp).check(z.describe('Until when the ownership record may be proven; null once proven')),
  created_at: Timestamp,
  last_checked_at: z.nullable(Timestamp),
  verified_at: z.nullable(Timestamp),
}).register(components, { id: 'Domain' });

export const DomainList = z.object({
  domains: z.array(Domain),
  ...PageFields,
  max_custom_domains: z.number().check(z.int(), z.describe('-1 = unlimited')),
}).register(components, { id: 'DomainList' });

export const DomainDeleted = z.object({ id: z.string(), domain: z.string(), deleted: z.literal(true) }).register(components, { id: 'DomainDeleted' });
