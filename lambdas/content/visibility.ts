/**
 * Invisible characters in text a person reads: Unicode tag characters (U+E0000–E007F, "ASCII
 * smuggling": each one mirrors an ASCII character, and renders as nothing) and runs of zero-width
 * characters that encode a message bit by bit. Both are cut out of the visible text and reported
 * as hidden segments. Soft hyphens, a ZWJ inside an emoji and a single zero-width space breaking
 * a word carry nothing and are not reported; soft hyphens and zero-width spaces are still dropped
 * from the visible text, so the words they split read whole.
 *
 * Pure and linear: one scan per text, skipped entirely when no candidate character is present.
 */
import type { HiddenSegment } from './safety/types.ts';

/** Text kept per hidden segment: enough to judge what it says, never a whole mail. */
export const MAX_HIDDEN_SEGMENT_CHARS = 2_048;

/** Hidden segments reported per message; past this, more hidden text adds nothing to the verdict. */
export const MAX_HIDDEN_SEGMENTS = 50;

/**
 * Shortest run of zero-width characters taken to encode text: one character takes 8 binary
 * digits (or 4 in a base-4 scheme), so a shorter run cannot spell a word; padding and word
 * breaks come one or two at a time.
 */
const MIN_ZERO_WIDTH_RUN = 8;

/** Zero-width characters used as digits by steganography tools (and nowhere else in runs). */
const ZERO_WIDTH = new Set([0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xfeff, 0x180e]);

/** Zero-width characters dropped from the visible text even alone: they never carry meaning. */
const DROP_ALONE = new Set([0x200b, 0x2060, 0xfeff, 0x180e]);

/** Any character this module acts on (tag characters show as their high surrogate). */
const CANDIDATE = /[\u00ad\u200b-\u200d\u2060-\u2064\ufeff\u180e\udb40]/;

export interface CleanText {
  text: string;
  segments: HiddenSegment[];
}

/** The text without tag characters and zero-width characters, and what they spelt. */
export function stripInvisible(text: string, html: boolean): CleanText {
  if (!CANDIDATE.test(text)) return { text, segments: [] };
  const segments: HiddenSegment[] = [];
  const out: string[] = [];
  let keptFrom = 0;
  let seenVisible = false;
  const push = (seg: string, method: HiddenSegment['method']) => {
    const t = seg.replace(/\s+/g, ' ').trim();
    if (t !== '' && segments.length < MAX_HIDDEN_SEGMENTS) segments.push({ text: t.slice(0, MAX_HIDDEN_SEGMENT_CHARS), method, html, leading: !seenVisible });
  };
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0xdb40 && i + 1 < n && (text.charCodeAt(i + 1) & 0xff80) === 0xdc00) {
      // A run of tag characters: each decodes to the ASCII character it mirrors.
      out.push(text.slice(keptFrom, i));
      const decoded: string[] = [];
      while (i + 1 < n && text.charCodeAt(i) === 0xdb40 && (text.charCodeAt(i + 1) & 0xff80) === 0xdc00) {
        const ascii = text.charCodeAt(i + 1) - 0xdc00;
        if (ascii >= 0x20 && ascii < 0x7f && decoded.length < MAX_HIDDEN_SEGMENT_CHARS) decoded.push(String.fromCharCode(ascii));
        i += 2;
      }
      push(decoded.join(''), 'tag-characters');
      keptFrom = i;
      continue;
    }
    if (c === 0xad) {
      // A soft hyphen renders as nothing mid-line; dropped, the word it splits reads whole.
      out.push(text.slice(keptFrom, i));
      keptFrom = ++i;
      continue;
    }
    if (ZERO_WIDTH.has(c)) {
      let j = i;
      while (j < n && ZERO_WIDTH.has(text.charCodeAt(j))) j++;
      if (j - i >= MIN_ZERO_WIDTH_RUN && distinct(text, i, j) >= 2) {
        out.push(text.slice(keptFrom, i));
        push(decodeZeroWidth(text, i, j), 'zero-width');
        keptFrom = j;
      } else if (DROP_ALONE.has(c) || j - i > 1) {
        // Word breaks and padding are dropped so split words read whole; a lone ZWNJ/ZWJ shapes a script or an emoji.
        out.push(text.slice(keptFrom, i));
        keptFrom = j;
      }
      i = j;
      continue;
    }
    if (!seenVisible && c > 0x20 && c !== 0xa0) seenVisible = true;
    i++;
  }
  out.push(text.slice(keptFrom));
  return { text: out.join(''), segments };
}

function distinct(text: string, from: number, to: number): number {
  const seen = new Set<number>();
  for (let k = from; k < to && seen.size < 3; k++) seen.add(text.charCodeAt(k));
  return seen.size;
}

/**
 * Reads a zero-width run as binary (the two commonest characters as 0 and 1, any third as a
 * separator between characters). When that spells no readable text the run is still reported,
 * described by its length, so the hiding itself is visible.
 */
function decodeZeroWidth(text: string, from: number, to: number): string {
  const counts = new Map<number, number>();
  for (let k = from; k < to; k++) counts.set(text.charCodeAt(k), (counts.get(text.charCodeAt(k)) ?? 0) + 1);
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map((e) => e[0]);
  const [d0, d1] = ranked;
  const tryOrder = (zero: number | undefined, one: number | undefined): string | undefined => {
    const chars: string[] = [];
    let bits = '';
    const flush = () => {
      if (bits.length >= 7 && bits.length <= 16) chars.push(String.fromCharCode(parseInt(bits, 2)));
      bits = '';
    };
    for (let k = from; k < to && chars.length < MAX_HIDDEN_SEGMENT_CHARS; k++) {
      const c = text.charCodeAt(k);
      if (c === zero) bits += '0';
      else if (c === one) bits += '1';
      else flush();
      if (bits.length === 8 && ranked.length === 2) flush();
    }
    flush();
    const s = chars.join('');
    let printable = 0;
    for (let k = 0; k < s.length; k++) {
      const c = s.charCodeAt(k);
      if ((c >= 0x20 && c < 0x7f) || c > 0xa0) printable++;
    }
    return s.length > 0 && printable >= s.length * 0.8 ? s : undefined;
  };
  return tryOrder(d0, d1) ?? tryOrder(d1, d0) ?? `[${to - from} zero-width characters]`;
}
