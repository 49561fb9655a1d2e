/**
 * The wait call's pure parts: which messages match its filters, what it hands back as the code
 * and the link, and when it looks again.
 */
import { messageAuthentication, type Authentication } from '../content/sender-trust.ts';
import type { Security, SecurityFlagType } from '../content/safety/types.ts';

/** The fields of a stored message the filters look at. */
export interface WaitCandidate {
  direction: 'inbound' | 'outbound';
  from: string;
  from_name: string | null;
  subject: string;
  read: boolean;
  received_at: string;
  verification_codes: unknown[];
  cta_links: unknown[];
  spam_verdict?: Record<string, string>;
  headers: Record<string, string | string[]>;
  /** The verdict ingest stored (absent on mail stored before it did). */
  authentication?: Authentication;
  /** The safety assessment ingest stored (absent on mail stored before it did). */
  security?: Security;
  /** Set when a consuming wait or claim took its code or link. */
  consumed_at?: string;
}

export interface WaitFilters {
  /** A domain (matched at a label boundary) or a whole address: see fromMatches. */
  from?: string;
  subject?: string;
  has: 'code' | 'link' | 'any';
  unread_only: boolean;
  verified_only: boolean;
  safe_only: boolean;
  /** Only mail no consuming caller has taken (consumed_at unset). */
  consume?: boolean;
  /** Only mail received at or after this instant (ms). */
  sinceMs?: number;
}

const includes = (hay: string | null | undefined, needle: string) => (hay ?? '').toLowerCase().includes(needle.toLowerCase());

/**
 * The from filter, on the sender's address only (the display name is the sender's own text, so
 * `noreply@github.com` there proves nothing). A filter with `@` is a whole address; without, a
 * domain that matches the address's domain or a subdomain of it (`github.com` matches
 * `x@mail.github.com`, not `x@github.com.evil.example` nor `github.com@evil.example`).
 * Case-insensitive; a leading `@` (`@github.com`) is a domain too.
 */
export function fromMatches(address: string, filter: string): boolean {
  const a = address.trim().toLowerCase();
  let f = filter.trim().toLowerCase();
  if (f.startsWith('@')) f = f.slice(1);
  else if (f.includes('@')) return a === f;
  const at = a.lastIndexOf('@');
  if (at < 1 || !f) return false;
  const domain = a.slice(at + 1);
  return domain === f || domain.endsWith(`.${f}`);
}

export function matchesWait(m: WaitCandidate, f: WaitFilters): boolean {
  if (m.direction !== 'inbound') return false;
  if (f.sinceMs !== undefined && Date.parse(m.received_at) < f.sinceMs) return false;
  if (f.from && !fromMatches(m.from, f.from)) return false;
  if (f.subject && !includes(m.subject, f.subject)) return false;
  if (f.has === 'code' && m.verification_codes.length === 0) return false;
  if (f.has === 'link' && m.cta_links.length === 0) return false;
  if (f.unread_only && m.read) return false;
  if (f.verified_only && (!messageAuthentication(m)?.sender_verified || untrustedSender(m).length > 0)) return false;
  if (f.safe_only && !isSafe(m)) return false;
  if (f.consume && m.consumed_at !== undefined) return false;
  return true;
}

/** Flags that say the sender is not who it seems: its code or link may be a lure. */
const SENDER_FLAGS: readonly SecurityFlagType[] = ['spoofed_sender', 'lookalike_domain'];

/** The sender flags of a message (an unassessed message has none). */
export const untrustedSender = (m: { security?: Security | null }): SecurityFlagType[] =>
  (m.security?.flags ?? []).map((f) => f.type).filter((t) => SENDER_FLAGS.includes(t));

/** Assessed, and its risk below medium. */
export const isSafe = (m: { security?: Security | null }): boolean => m.security?.risk === 'none' || m.security?.risk === 'low';

/** Codes and links are stored best first. */
export const bestCode = (m: { verification_codes: unknown[] }): string | null =>
  (m.verification_codes[0] as { code?: string } | undefined)?.code ?? null;

export function bestCta(m: { cta_links: unknown[] }): { url: string; text: string; type: string } | null {
  const c = m.cta_links[0] as { url: string; text: string; type: string } | undefined;
  return c ? { url: c.url, text: c.text, type: c.type } : null;
}

/**
 * Marker polls: the first after 100 ms, then 20% further apart each time up to one every 300 ms —
 * about 3.4 strongly consistent reads of one small item per waited second (~3.4 RCU/s), so a mail
 * is seen ~150 ms after it is stored on average: a waiting agent acts at once, at a fraction of a
 * cent per hour of waiting.
 */
export const WAIT_FIRST_POLL_MS = 100;
export const WAIT_POLL_GROWTH = 1.2;
export const WAIT_MAX_POLL_MS = 300;

export const nextPollDelay = (previousMs: number | undefined) =>
  previousMs === undefined ? WAIT_FIRST_POLL_MS : Math.min(WAIT_MAX_POLL_MS, Math.round(previousMs * WAIT_POLL_GROWTH));
