/**
 * Finding and normalising http(s) URLs.
 *
 * Text bodies are scanned with a hand-written linear scanner rather than linkify-it:
 * linkify-it backtracks on crafted host names (see mailparser's MAX_LINKIFY_* notes) and
 * we only want explicit http(s) URLs anyway, which need no fuzzy matching.
 */
import { MAX_URL_CANDIDATES, MAX_URL_CHARS } from './limits.ts';

export interface FoundUrl {
  /** The URL as written, after trimming trailing punctuation. */
  url: string;
  /** Offsets of `url` in the scanned string. */
  start: number;
  end: number;
}

/** Characters that end a URL in running text. */
function endsUrl(code: number): boolean {
  return (
    code <= 0x20 || // controls and space
    code === 0x7f ||
    code === 0x22 || // "
    code === 0x3c || // <
    code === 0x3e || // >
    code === 0x60 || // `
    code === 0x7b || // {
    code === 0x7d || // }
    code === 0x7c || // |
    code === 0x5c || // backslash
    code === 0x5e || // ^
    code === 0xa0 || // NBSP
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x3000 || // ideographic space
    code === 0xfeff
  );
}

/** Punctuation that ends sentences rather than URLs when it is the last character. */
const TRAILING = new Set([...'.,;:!?\'"*_~…。、，！？；：»«“”‘’']);
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

function count(s: string, ch: string): number {
  let n = 0;
  for (let i = s.indexOf(ch); i !== -1; i = s.indexOf(ch, i + 1)) n++;
  return n;
}

/** Trim sentence punctuation and unbalanced closing brackets from the end of a text URL. */
export function trimTrailing(url: string): string {
  let s = url;
  for (;;) {
    const last = s.at(-1);
    if (last === undefined) return s;
    if (TRAILING.has(last)) {
      s = s.slice(0, -1);
      continue;
    }
    const opener = CLOSERS[last];
    if (opener !== undefined && count(s, last) > count(s, opener)) {
      s = s.slice(0, -1);
      continue;
    }
    return s;
  }
}

/**
 * Every explicit http(s) URL in `text`, in order of appearance (duplicates included).
 * Linear: each character is visited a bounded number of times.
 */
export function findTextUrls(text: string): FoundUrl[] {
  const out: FoundUrl[] = [];
  const starts = /https?:\/\//gi;
  let tried = 0;
  let m: RegExpExecArray | null;
  while ((m = starts.exec(text)) !== null) {
    if (++tried > MAX_URL_CANDIDATES) break;
    const start = m.index;
    let end = start;
    while (end < text.length && !endsUrl(text.charCodeAt(end))) end++;
    starts.lastIndex = Math.max(end, start + m[0].length);
    if (end - start > MAX_URL_CHARS) continue;
    // "texthttps://…" glued to a word is more likely mangled text; still accept, like mail clients do.
    const raw = trimTrailing(text.slice(start, end));
    const url = cleanUrl(raw);
    if (url !== undefined) out.push({ url: raw, start, end: start + raw.length });
  }
  return out;
}

const HOST_OK = /^[a-z0-9.\-_~%[\]:]+$/;

/**
 * Validate an absolute http(s) URL; undefined for other schemes, relative references,
 * over-long or unparsable input.
 */
export function cleanUrl(raw: string): URL | undefined {
  if (raw.length > MAX_URL_CHARS || raw.length < 10) return undefined;
  if (!/^https?:\/\//i.test(raw)) return undefined;
  const u = URL.parse(raw);
  if (u === null) return undefined;
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
  const host = u.hostname;
  if (host.length === 0 || !HOST_OK.test(host) || !/[a-z0-9]/.test(host)) return undefined;
  if (host.startsWith('.') || host.endsWith('..')) return undefined;
  return u;
}

/**
 * Turn an href attribute (entities already decoded by the parser) into an absolute
 * http(s) URL string, or undefined. Browsers drop ASCII tab/newline inside URLs and
 * surrounding spaces; so do we. mailto:, tel:, javascript:, data:, cid: and relative
 * references all fail the scheme check.
 */
export function cleanHref(href: string): string | undefined {
  if (href.length > MAX_URL_CHARS + 64) return undefined;
  const s = href.replace(/[\t\n\r]/g, '').trim();
  return cleanUrl(s) === undefined ? undefined : s;
}

/** Key used to decide whether two URLs are the same link. */
export function urlKey(url: string): string {
  const u = URL.parse(url);
  return u === null ? url : u.href;
}

/** Decoded, folded path + query of a URL, for keyword matching. */
export function urlWords(url: string): { host: string; path: string; segments: string[]; query: URLSearchParams } {
  const u = URL.parse(url);
  if (u === null) return { host: '', path: '', segments: [], query: new URLSearchParams() };
  let path = u.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // keep the encoded form
  }
  const segments = path.split('/').filter((s) => s.length > 0);
  return { host: u.hostname.toLowerCase(), path: path.toLowerCase(), segments, query: u.searchParams };
}
