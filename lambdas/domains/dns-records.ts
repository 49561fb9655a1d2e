/**
 * Custom domains, the pure part: which names may be claimed, the DNS records a domain needs,
 * and whether what DNS answers makes each record hold. No I/O: the use case
 * (usecases/accounts/domains.ts) does the lookups and hands the answers in.
 */
import { domainToASCII, domainToUnicode } from 'node:url';

/** RFC 1035: a name is at most 253 characters written out, a label at most 63. */
const MAX_DOMAIN_LENGTH = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A top-level label is letters, or an IDNA A-label (xn--…): never all digits (that is an IP). */
const TOP_LABEL = /^([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

export type DomainNameCheck = { ok: true; ascii: string; unicode: string } | { ok: false; problem: string };

/**
 * Normalises a domain as mail uses it: IDNA (UTS #46) to its ASCII form, lower case, no trailing
 * dot. Refuses what cannot be a mail domain of its own: one label, IP addresses, bad labels, and
 * the service's mail domain or any name under it (those addresses belong to the service).
 */
export function checkDomainName(input: string, serviceDomain: string): DomainNameCheck {
  const trimmed = input.trim().replace(/\.$/, '');
  if (!trimmed) return { ok: false, problem: 'domain: must not be empty' };
  if (/[@/:\s]/.test(trimmed)) return { ok: false, problem: 'domain: a bare domain name like agents.example.com (no @, scheme, port or path)' };
  // WHATWG's domainToASCII applies UTS #46 processing (mapping, normalisation, Punycode) and
  // answers '' for a name IDNA refuses.
  const ascii = domainToASCII(trimmed).toLowerCase();
  if (!ascii) return { ok: false, problem: `domain: "${trimmed}" is not a valid internationalised domain name` };
  if (ascii.length > MAX_DOMAIN_LENGTH) return { ok: false, problem: `domain: at most ${MAX_DOMAIN_LENGTH} characters in ASCII form` };
  const labels = ascii.split('.');
  if (labels.length < 2) return { ok: false, problem: 'domain: needs at least two labels, like example.com' };
  if (!labels.every((l) => LABEL.test(l))) return { ok: false, problem: 'domain: each label is 1-63 letters, digits or hyphens, not starting or ending with a hyphen' };
  if (!TOP_LABEL.test(labels.at(-1)!)) return { ok: false, problem: 'domain: the last label must be a top-level domain (an IP address is not a domain)' };
  const service = serviceDomain.toLowerCase();
  if (ascii === service || ascii.endsWith(`.${service}`)) {
    return { ok: false, problem: `domain: ${ascii} is the service's own mail domain (or under it); inboxes there need no domain` };
  }
  // A parent of the mail domain (example.com above mail.example.com) is the operator's: its SES
  // identity would sign for, and its DMARC policy govern, the service's own mail.
  if (service.endsWith(`.${ascii}`)) {
    return { ok: false, problem: `domain: ${ascii} is a parent of the service's mail domain ${service}; it belongs to the operator` };
  }
  return { ok: true, ascii, unicode: domainToUnicode(ascii) };
}

/**
 * ownership: the account's TXT token, proof that it controls the domain's DNS. receiving: mail
 * reaches SES. sending: SES may sign and send as the domain. The rest are advised.
 */
export type RecordPurpose = 'ownership' | 'receiving' | 'sending' | 'mail_from' | 'dmarc';
/** Purposes that must hold before a domain is verified. */
export const REQUIRED_PURPOSES: readonly RecordPurpose[] = ['ownership', 'receiving', 'sending'];

/**
 * A pending claim is proof of nothing: it lasts 72 hours (ample for a DNS change to appear), then
 * verify refuses it and its slot is freed. Only proof of the TXT token makes a claim hold a name.
 */
export const PENDING_CLAIM_TTL_HOURS = 72;
/** The label of the ownership TXT record, under the domain (an underscore label: no host uses it). */
export const CHALLENGE_LABEL = '_mailroom-challenge';
const CHALLENGE_PREFIX = 'mailroom-verification=';
export const challengeName = (domain: string) => `${CHALLENGE_LABEL}.${domain}`;
export const challengeValue = (token: string) => `${CHALLENGE_PREFIX}${token}`;

/**
 * Tags on every SES identity the stack creates: the stack (its table name: one per stack, account
 * and region) and the claim (the domain id). Only an identity carrying both, for that very claim,
 * is ever reused, given a MAIL FROM or deleted; IAM holds the stack tag too (lib/constructs/mailroom-function.ts).
 */
export const IDENTITY_TAG_STACK = 'mailroom:stack';
export const IDENTITY_TAG_CLAIM = 'mailroom:domain-claim';

interface IdentityTag { Key?: string; Value?: string }
export const identityTags = (stackId: string, claimId: string): { Key: string; Value: string }[] =>
  [{ Key: IDENTITY_TAG_STACK, Value: stackId }, { Key: IDENTITY_TAG_CLAIM, Value: claimId }];
/** Whether an identity's tags say this stack created it for this claim. */
export const identityOwnedBy = (tags: readonly IdentityTag[] | null | undefined, stackId: string, claimId: string) =>
  !!tags?.some((t) => t.Key === IDENTITY_TAG_STACK && t.Value === stackId)
  && !!tags.some((t) => t.Key === IDENTITY_TAG_CLAIM && t.Value === claimId);

export type RecordStatus = 'pending' | 'verified' | 'failed';

export interface DomainRecord {
  type: 'MX' | 'CNAME' | 'TXT';
  name: string;
  value: string;
  priority: number | null;
  purpose: RecordPurpose;
  required: boolean;
  status: RecordStatus;
  /** Why the last check failed (what DNS answered), or null. */
  detail: string | null;
}

/** The subdomain SES uses as MAIL FROM (bounces return there, SPF aligns with it). */
export const MAIL_FROM_LABEL = 'mail';
const SPF_VALUE = 'v=spf1 include:amazonses.com ~all';
/** A cautious first DMARC policy: reports only; tighten to quarantine once reports look clean. */
const DMARC_VALUE = 'v=DMARC1; p=none;';
/** MX preference for the records we publish: any value works when it is the only MX. */
const MX_PRIORITY = 10;

export const mailFromDomain = (domain: string) => `${MAIL_FROM_LABEL}.${domain}`;

const rec = (type: DomainRecord['type'], name: string, value: string, purpose: RecordPurpose, priority: number | null = null): DomainRecord =>
  ({ type, name, value, priority, purpose, required: REQUIRED_PURPOSES.includes(purpose), status: 'pending', detail: null });

/** The Easy DKIM CNAMEs: known only once the SES identity exists (after the ownership proof). */
export const dkimRecords = (domain: string, dkimTokens: readonly string[]): DomainRecord[] =>
  dkimTokens.map((t) => rec('CNAME', `${t}._domainkey.${domain}`, `${t}.dkim.amazonses.com`, 'sending'));

/**
 * The records a domain publishes, in the order a person adds them. `region` is the SES region
 * (inbound and feedback endpoints are regional); `dkimTokens` come from SESv2 CreateEmailIdentity
 * (none before the ownership proof); `verificationToken` is the claim's ownership token.
 */
export function domainRecords(domain: string, region: string, dkimTokens: readonly string[], verificationToken?: string): DomainRecord[] {
  return [
    ...(verificationToken ? [rec('TXT', challengeName(domain), challengeValue(verificationToken), 'ownership')] : []),
    rec('MX', domain, `inbound-smtp.${region}.amazonaws.com`, 'receiving', MX_PRIORITY),
    ...dkimRecords(domain, dkimTokens),
    rec('TXT', domain, SPF_VALUE, 'sending'),
    rec('MX', mailFromDomain(domain), `feedback-smtp.${region}.amazonses.com`, 'mail_from', MX_PRIORITY),
    rec('TXT', mailFromDomain(domain), SPF_VALUE, 'mail_from'),
    rec('TXT', `_dmarc.${domain}`, DMARC_VALUE, 'dmarc'),
  ];
}

/** What DNS answered for a record's name and type: values, or the resolver's error code. */
export type DnsAnswer =
  | { kind: 'mx'; values: { exchange: string; priority: number }[] }
  | { kind: 'cname'; values: string[] }
  | { kind: 'txt'; values: string[] }
  | { kind: 'error'; code: string };

const sameName = (a: string, b: string) => a.toLowerCase().replace(/\.$/, '') === b.toLowerCase().replace(/\.$/, '');

/** Whether one record holds, given DNS's answer for its name and type; the reason when it does not. */
export function evaluateRecord(r: DomainRecord, answer: DnsAnswer): Pick<DomainRecord, 'status' | 'detail'> {
  const failed = (detail: string) => ({ status: 'failed' as const, detail });
  if (answer.kind === 'error') {
    return failed(answer.code === 'ENOTFOUND' || answer.code === 'ENODATA'
      ? `No ${r.type} record at ${r.name}.`
      : `DNS lookup of ${r.name} failed (${answer.code}); try again later.`);
  }
  switch (r.type) {
    case 'MX': {
      const values = answer.kind === 'mx' ? answer.values : [];
      if (values.some((v) => sameName(v.exchange, r.value))) return { status: 'verified', detail: null };
      return failed(values.length
        ? `MX of ${r.name} points to ${values.map((v) => v.exchange).join(', ')}, not ${r.value}.`
        : `No MX record at ${r.name}.`);
    }
    case 'CNAME': {
      const values = answer.kind === 'cname' ? answer.values : [];
      if (values.some((v) => sameName(v, r.value))) return { status: 'verified', detail: null };
      return failed(values.length ? `${r.name} is a CNAME for ${values.join(', ')}, not ${r.value}.` : `No CNAME record at ${r.name}.`);
    }
    case 'TXT': {
      const values = answer.kind === 'txt' ? answer.values : [];
      if (r.purpose === 'ownership') {
        // Several accounts may each publish their own token at the same name: ours must be among them.
        if (values.some((v) => v.trim() === r.value)) return { status: 'verified', detail: null };
        const others = values.filter((v) => v.startsWith(CHALLENGE_PREFIX));
        return failed(others.length ? `${r.name} holds other verification tokens, not "${r.value}".` : `No TXT record "${r.value}" at ${r.name}.`);
      }
      const marker = r.value.split(/[ ;]/)[0]!; // v=spf1 or v=DMARC1
      const matching = values.filter((v) => v.toLowerCase().startsWith(marker.toLowerCase()));
      if (marker === 'v=spf1') {
        if (matching.length > 1) return failed(`${r.name} has ${matching.length} SPF records; SPF allows exactly one.`);
        if (matching[0] && /(^|\s)include:amazonses\.com(\s|$)/i.test(matching[0])) return { status: 'verified', detail: null };
        return failed(matching[0] ? `The SPF record of ${r.name} does not include amazonses.com: "${matching[0]}".` : `No SPF (v=spf1) TXT record at ${r.name}.`);
      }
      if (matching.length) return { status: 'verified', detail: null };
      return failed(`No ${marker} TXT record at ${r.name}.`);
    }
  }
}

/** A domain is verified when every required record holds and SES has verified the identity. */
export const domainVerified = (records: readonly DomainRecord[], sesIdentityVerified: boolean) =>
  sesIdentityVerified && records.filter((r) => r.required).every((r) => r.status === 'verified');

/** The domain of an address, lower case. */
export const addressDomain = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/** When a claim made at `createdAt` stops being verifiable unless proven (PENDING_CLAIM_TTL_HOURS). */
export const pendingClaimExpiresAt = (createdAt: Date) => new Date(createdAt.getTime() + PENDING_CLAIM_TTL_HOURS * 3_600_000).toISOString();

/** A claim whose ownership was never proven, past its expiry. A proven claim does not expire. */
export const claimExpired = (c: { proven_at: string | null; expires_at: string | null }, now: Date) =>
  c.proven_at === null && c.expires_at !== null && Date.parse(c.expires_at) <= now.getTime();
