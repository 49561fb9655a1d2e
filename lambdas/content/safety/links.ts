/**
 * link_mismatch: an anchor whose visible text is a URL or bare domain that leads elsewhere. The
 * real destination is the href's host, or, for the well-known redirectors, the destination they
 * carry (ESP-redirect rule: the carried destination is compared, not the redirector).
 */
import { hostOfParsed, hostOfUrl, isEspHost, registrableDomain, toAsciiHost } from './domains.ts';
import { quote } from './text.ts';
import type { AnchorView } from './types.ts';

/** Top-level domains a bare domain in link text may end with (besides any two-letter country code). */
const TLDS = new Set([
  'com', 'net', 'org', 'info', 'biz', 'edu', 'gov', 'mil', 'int', 'io', 'co', 'app', 'dev', 'me', 'ai', 'shop', 'online', 'site', 'store',
  'tech', 'cloud', 'email', 'link', 'live', 'news', 'xyz', 'top', 'club', 'page', 'bank', 'money', 'support', 'services', 'help', 'center',
  'example', 'test', 'invalid', 'localhost', 'mobi', 'name', 'pro', 'aero', 'asia', 'jobs', 'travel', 'post', 'gouv',
]);

const validTld = (tld: string) => TLDS.has(tld) || (tld.length === 2 && /^[a-z]{2}$/.test(tld)) || tld.startsWith('xn--');

/**
 * The host a piece of link text shows, when the text is a URL or a bare domain (with or without
 * a path); undefined for ordinary words ("Reset password", "View file").
 */
export function hostShownBy(text: string): string | undefined {
  const t = trimPunctuation(text.trim());
  if (t === '' || t.length > 2_000 || /\s/.test(t)) return undefined;
  // An ASCII word without "." or "%" parses to no dotted name (a number like 2130706433 to an
  // IPv4 address, which no top-level domain ends): no URL parse for ordinary words.
  if (!/[.%]|[^\0-\x7f]/.test(t)) return undefined;
  const withScheme = /^https?:\/\//i.test(t) ? t : `https://${t}`;
  const host = hostOfUrl(withScheme);
  if (!host || !host.includes('.')) return undefined;
  // A bare word with a dot ("e.g.", "v2.0") is no domain: the last label must be a top-level domain.
  const tld = host.slice(host.lastIndexOf('.') + 1);
  if (!validTld(tld) || /^[\d.]+$/.test(host)) return undefined;
  if (!/^https?:\/\//i.test(t) && /@/.test(t.split('/')[0]!)) return undefined;
  return toAsciiHost(host);
}

const OPENERS = '<([\'"“';
const CLOSERS = '>)]\'"”.,;:!';

/** Link text without the brackets, quotes and sentence marks around a URL: two index walks. */
function trimPunctuation(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && OPENERS.includes(s[a]!)) a++;
  while (b > a && CLOSERS.includes(s[b - 1]!)) b--;
  return s.slice(a, b);
}

const decode = (s: string) => {
  try { return decodeURIComponent(s); } catch { return s; }
};

/**
 * Where an href really leads: its host, or the destination a known redirector carries (Amazon
 * SES awstrack.me, Microsoft Safe Links, Google /url, Proofpoint urldefense v3, Mandrill).
 * undefined for an opaque ESP tracker (its destination cannot be read, so it is not compared).
 */
export function destinationOf(href: string): string | undefined {
  const u = URL.parse(href.trim());
  if (!u) return undefined;
  const host = hostOfParsed(u);
  if (!host) return undefined;
  const reg = registrableDomain(host);
  if (reg === 'awstrack.me') {
    const m = /^\/L0\/([^/]+)/.exec(u.pathname);
    return m ? hostOfUrl(decode(m[1]!)) || undefined : undefined;
  }
  if (host.endsWith('safelinks.protection.outlook.com')) {
    const carried = u.searchParams.get('url');
    return carried ? hostOfUrl(carried) || undefined : undefined;
  }
  if ((reg === 'google.com' || reg.startsWith('google.')) && u.pathname === '/url') {
    const carried = u.searchParams.get('q') ?? u.searchParams.get('url');
    return carried ? hostOfUrl(carried) || undefined : host;
  }
  if (reg === 'urldefense.com' || reg === 'proofpoint.com') {
    if (u.pathname.startsWith('/v3/__')) {
      const end = u.pathname.indexOf('__', 6);
      return hostOfUrl(decode(u.pathname.slice(6, end < 0 ? undefined : end))) || undefined;
    }
    const carried = u.searchParams.get('u');
    return carried ? hostOfUrl(decode(carried.replace(/-/g, '%').replace(/_/g, '/'))) || undefined : undefined;
  }
  if (reg === 'mandrillapp.com') {
    const m = /^\/track\/click\/[^/]+\/([^/?#]+)/.exec(u.pathname);
    return m ? toAsciiHost(decode(m[1]!)) : undefined;
  }
  if (isEspHost(host)) return undefined;
  return host;
}

export interface LinkMismatch { shown: string; leads: string; anchor: AnchorView }

/** Anchors whose text shows one registrable domain and whose destination is another. */
export function linkMismatches(anchors: readonly AnchorView[], max = 5): LinkMismatch[] {
  const out: LinkMismatch[] = [];
  for (const a of anchors) {
    const shown = hostShownBy(a.text);
    if (!shown) continue;
    const leads = destinationOf(a.href);
    if (!leads) continue;
    if (registrableDomain(shown) !== registrableDomain(leads)) out.push({ shown, leads, anchor: a });
    if (out.length >= max) break;
  }
  return out;
}

export const mismatchEvidence = (m: LinkMismatch) => quote(`"${m.anchor.text}" → ${m.anchor.href}`);
