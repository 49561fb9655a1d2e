/**
 * Sender trust an agent can act on: the SPF, DKIM and DMARC results of a received message, and
 * whether its From address is verified. SES computes the verdicts (locally the SMTP stand-in
 * derives them from the message's Authentication-Results header, as SES would have).
 */
import type { VerdictStatus } from './spam.ts';

export type AuthResult = 'pass' | 'fail' | 'none' | 'temperror' | 'disabled';

export interface Authentication {
  spf: AuthResult;
  dkim: AuthResult;
  dmarc: AuthResult;
  /** DMARC passed for the domain of the From address: the From header can be believed. */
  sender_verified: boolean;
}

const RESULT: Record<VerdictStatus, AuthResult> = {
  PASS: 'pass', FAIL: 'fail', GRAY: 'none', PROCESSING_FAILED: 'temperror', DISABLED: 'disabled',
};

const asResult = (v: string | undefined): AuthResult => RESULT[(v ?? 'GRAY') as VerdictStatus] ?? 'none';

const domainOf = (address: string) => {
  const at = address.lastIndexOf('@');
  return at > 0 ? address.slice(at + 1).toLowerCase() : '';
};

/**
 * DMARC passes only when SPF or DKIM passed for a domain aligned with the From domain, so a
 * DMARC pass is what makes the From address believable. Authentication-Results lines are
 * written by whoever relayed the mail, so they may only lower trust: one that reports DMARC for
 * another domain than the From domain (header.from=…) withholds the verdict.
 */
export function authenticationOf(verdicts: Partial<Record<'spf' | 'dkim' | 'dmarc', string>>, from: string,
  authenticationResults: string[]): Authentication {
  const dmarc = asResult(verdicts.dmarc);
  const fromDomain = domainOf(from);
  const dmarcDomains = authenticationResults
    .map((v) => /\bdmarc\s*=\s*[a-z]+[^;]*?\bheader\.from\s*=\s*([^\s;]+)/i.exec(v)?.[1]?.toLowerCase())
    .filter((d): d is string => !!d);
  const aligned = fromDomain !== '' && dmarcDomains.every((d) => d === fromDomain);
  return { spf: asResult(verdicts.spf), dkim: asResult(verdicts.dkim), dmarc, sender_verified: dmarc === 'pass' && aligned };
}
