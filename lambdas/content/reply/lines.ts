import { MAX_PATTERN_LINE_CHARS } from './limits.ts';
import type { HeaderLine } from './patterns.ts';

/** One line of a body, with what the detectors need precomputed once. */
export interface Line {
  /** The line as written, minus trailing whitespace (this is what we return). */
  raw: string;
  /** Number of leading ">" quote markers. */
  depth: number;
  /** Content after the quote markers, with exotic spaces folded and runs of whitespace collapsed, trimmed. */
  text: string;
  /** True when `text` is empty (a quoted ">" line with nothing after it is blank too). */
  blank: boolean;
  /** Too long to be a header, separator or signature line; per-line patterns skip it. */
  long: boolean;
  /** Cache for the header-line recogniser (undefined: not computed yet; null: not a header line). */
  header?: HeaderLine | null;
}

// No-break, narrow no-break, ideographic and other fixed-width spaces read as a space.
const EXOTIC_SPACES = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\t]/g;
// Zero-width and bidi control characters carry no text; clients sprinkle them into dates.
const INVISIBLES = /[\u200b-\u200d\u2060\ufeff\u200e\u200f\u202a-\u202e\u2066-\u2069\u00ad]/g;
const SPACE_RUNS = / {2,}/g;

/** Folds the characters that vary between clients so patterns can stay simple. */
const NEEDS_FOLDING = /[\u00a0\u1680\u2000-\u200f\u202a-\u202f\u205f\u2060\u2066-\u2069\u3000\ufeff\u00ad\t]| {2}/;

export function normalizeForMatch(s: string): string {
  if (!NEEDS_FOLDING.test(s)) return s.trim();
  return s.replace(INVISIBLES, '').replace(EXOTIC_SPACES, ' ').replace(SPACE_RUNS, ' ').trim();
}

function quoteDepth(raw: string): { depth: number; rest: string } {
  let depth = 0;
  let i = 0;
  let restStart = 0;
  const n = raw.length;
  while (i < n) {
    const c = raw.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0xa0) {
      i++;
      continue;
    }
    if (c === 0x3e /* > */) {
      depth++;
      i++;
      restStart = i;
      continue;
    }
    break;
  }
  return { depth, rest: depth > 0 ? raw.slice(restStart) : raw };
}

// Shared by every empty line; blank lines never reach the header cache, which is the only field written later.
const EMPTY_LINE: Line = Object.freeze({ raw: '', depth: 0, text: '', blank: true, long: false, header: null });

export function toLine(rawLine: string): Line {
  if (rawLine === '') return EMPTY_LINE;
  const raw = rawLine.trimEnd();
  const { depth, rest } = quoteDepth(raw);
  const text = normalizeForMatch(rest);
  return { raw, depth, text, blank: text === '', long: text.length > MAX_PATTERN_LINE_CHARS };
}

/** Splits a body into lines (CRLF, CR and LF all end a line). */
export function splitLines(text: string): Line[] {
  return text.split(/\r\n|\r|\n/).map(toLine);
}

/** The returned text: lines as written, joined with LF, blank edges trimmed. */
export function joinLines(lines: readonly Line[], start = 0, end = lines.length): string {
  let s = start;
  let e = end;
  while (s < e && lines[s]!.raw.trim() === '') s++;
  while (e > s && lines[e - 1]!.raw.trim() === '') e--;
  const out: string[] = [];
  for (let i = s; i < e; i++) out.push(lines[i]!.raw);
  return out.join('\n').trim();
}
