/**
 * Sender trust an agent can act on: the SPF, DKIM and DMARC results of a received message, and
 * whether its From address is verified. SES computes the verdicts (locally the SMTP stand-in
 * derives them from the message's Authentication-Results header, as SES would have). Ingest
 * computes the verdict once and stores it on the message; reads use the stored one.
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

/**
 * Authentication-Results headers read, at most. A relayed mail carries one per hop that checked
 * it (a handful); the sender can add any number, so more than this is not read but taken as
 * unreadable, which withholds the verdict (these lines can only lower trust).
 */
export const MAX_AUTH_RESULTS_HEADERS = 50;
/**
 * Characters of one Authentication-Results header read, at most. A real one, even with several
 * DKIM signatures, is well under 2 KB; a longer one is taken as unreadable, like too many.
 */
export const MAX_AUTH_RESULTS_HEADER_CHARS = 8_192;

const RESULT: Record<VerdictStatus, AuthResult> = {
  PASS: 'pass', FAIL: 'fail', GRAY: 'none', PROCESSING_FAILED: 'temperror', DISABLED: 'disabled',
};

const asResult = (v: string | undefined): AuthResult => RESULT[(v ?? 'GRAY') as VerdictStatus] ?? 'none';

const domainOf = (address: string) => {
  const at = address.lastIndexOf('@');
  return at > 0 ? address.slice(at + 1).toLowerCase() : '';
};

// Word separators in a resinfo: white space, comment parentheses and quotes (and '=' itself).
const isSeparator = (c: number) => c === 32 || c === 9 || c === 13 || c === 10 || c === 40 || c === 41 || c === 34;
const EQUALS = 61;

/**
 * The `header.from` domain of a resinfo (the text between two `;`) that reports a DMARC result
 * (`dmarc=<result> … header.from=<domain>`), lower-cased; undefined when it reports none. One
 * pass, no backtracking: words and `=` signs, then `key = value` triples.
 */
function dmarcDomainOf(resinfo: string): string | undefined {
  const tokens: string[] = [];
  let start = -1;
  for (let i = 0; i <= resinfo.length; i++) {
    const c = i < resinfo.length ? resinfo.charCodeAt(i) : 32;
    if (c === EQUALS || isSeparator(c)) {
      if (start >= 0) tokens.push(resinfo.slice(start, i));
      start = -1;
      if (c === EQUALS) tokens.push('=');
    } else if (start < 0) {
      start = i;
    }
  }
  let dmarcSeen = false;
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (tokens[i + 1] !== '=' || tokens[i] === '=' || tokens[i + 2] === '=') continue;
    const key = tokens[i]!.toLowerCase();
    if (key === 'dmarc') dmarcSeen = true;
    else if (dmarcSeen && key === 'header.from') return tokens[i + 2]!.toLowerCase();
  }
  return undefined;
}

/**
 * The DMARC domains the Authentication-Results headers report (`header.from`), or 'unreadable'
 * when there are more headers, or longer ones, than any relay writes (see the caps above).
 * Linear in the headers' length: split on `;`, then one pass per resinfo.
 */
export function dmarcDomains(authenticationResults: string[]): string[] | 'unreadable' {
  if (authenticationResults.length > MAX_AUTH_RESULTS_HEADERS) return 'unreadable';
  const out: string[] = [];
  for (const header of authenticationResults) {
    if (header.length > MAX_AUTH_RESULTS_HEADER_CHARS) return 'unreadable';
    for (const resinfo of header.split(';')) {
      const d = dmarcDomainOf(resinfo);
      if (d) out.push(d);
    }
  }
  return out;
}

/**
 * DMARC passes only when SPF or DKIM passed for a domain aligned with the From domain, so a
 * DMARC pass is what makes the From address believable. Authentication-Results lines are
 * written by whoever relayed the mail, so they may only lower trust: one that reports DMARC for
 * another domain than the From domain (header.from=…) withholds the verdict, and so do lines
 * too many or too long to read.
 */
export function authenticationOf(verdicts: Partial<Record<'spf' | 'dkim' | 'dmarc', string>>, from: string,
  authenticationResults: string[]): Authentication {
  const dmarc = asResult(verdicts.dmarc);
  const fromDomain = domainOf(from);
  const reported = dmarcDomains(authenticationResults);
  const aligned = fromDomain !== '' && reported !== 'unreadable' && reported.every((d) => d === fromDomain);
  return { spf: asResult(verdicts.spf), dkim: asResult(verdicts.dkim), dmarc, sender_verified: dmarc === 'pass' && aligned };
}

/** What a stored message offers for its verdict. */
export interface AuthenticatedMessage {
  direction: 'inbound' | 'outbound';
  from: string;
  spam_verdict?: Record<string, string>;
  headers: Record<string, string | string[]>;
  /** Stored by ingest; absent on messages stored before it was. */
  authentication?: Authentication;
}

/**
 * A message's verdict: the one ingest stored, else (a message stored before ingest stored it;
 * the backfill does not add it, as it would read every old message's offloaded headers) computed
 * from what was stored. Null for mail the inbox sent.
 */
export function messageAuthentication(m: AuthenticatedMessage): Authentication | null {
  if (m.direction !== 'inbound') return null;
  if (m.authentication) return m.authentication;
  const ar = m.headers['authentication-results'];
  return authenticationOf(m.spam_verdict ?? {}, m.from, ar === undefined ? [] : Array.isArray(ar) ? ar : [ar]);
}
