/**
 * Text handling shared by the safety rules: the folding that undoes keyword obfuscation (NFKC,
 * invisible characters, Unicode tag characters, homoglyphs, leetspeak, letter spacing), the
 * keyword search over folded text, paragraphs, sentences and evidence quotes. Every function is a
 * single scan (or a bounded number of them): the text is sender-controlled.
 */
import { MAX_EVIDENCE_CHARS } from './types.ts';

/** Characters of one text source the rules read: enough for any mail a person writes. */
export const MAX_SCAN_CHARS = 100_000;

/** Unicode tag characters U+E0020–E007E spell ASCII invisibly ("ASCII smuggling"). */
export function decodeTagCharacters(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xe0020 && cp <= 0xe007e) out += String.fromCharCode(cp - 0xe0000);
  }
  return out;
}

/** Cyrillic and Greek letters that look like Latin ones (lower case; NFKC and toLowerCase run first). */
const HOMOGLYPHS: Record<string, string> = {
  'а': 'a', 'в': 'b', 'е': 'e', 'ё': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c', 'т': 't', 'у': 'y',
  'х': 'x', 'і': 'i', 'ї': 'i', 'ј': 'j', 'ѕ': 's', 'ԁ': 'd', 'ɡ': 'g', 'һ': 'h', 'ԛ': 'q', 'ԝ': 'w', 'ӏ': 'l',
  'α': 'a', 'β': 'b', 'ε': 'e', 'η': 'n', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'ο': 'o', 'ρ': 'p', 'τ': 't', 'υ': 'u',
  'χ': 'x', 'ω': 'w', 'ɑ': 'a', 'ı': 'i', 'ℓ': 'l',
};

/** Digits and signs written for letters inside words ("1gn0re", "pa$$word"). */
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', '$': 's' };

const isLetter = (c: string) => c.toLowerCase() !== c.toUpperCase() || c > '\u3000';

/** HOMOGLYPHS and LEET by code unit (every key is one code unit): foldWord reads a table, not an object. */
const GLYPH_OF = new Map<number, number>(Object.entries(HOMOGLYPHS).map(([k, v]) => [k.charCodeAt(0), v.charCodeAt(0)]));
const LEET_OF = new Map<number, number>(Object.entries(LEET).map(([k, v]) => [k.charCodeAt(0), v.charCodeAt(0)]));

/**
 * One word's folding: homoglyphs when the word mixes them with Latin letters or is made only of
 * them, leetspeak when it mixes digits/signs with letters. A word of real Cyrillic or Greek keeps
 * its letters (it has others that look like no Latin letter).
 */
function foldWord(w: string): string {
  let latin = 0, glyph = 0, leet = 0, other = 0;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (c >= 97 && c <= 122) latin++;
    else if (GLYPH_OF.has(c)) glyph++;
    else if (LEET_OF.has(c)) leet++;
    else other++;
  }
  const mapGlyphs = glyph > 0 && (latin > 0 || other === 0);
  const mapLeet = leet > 0 && latin + glyph > 0 && latin + glyph >= leet;
  if (!mapGlyphs && !mapLeet) return w;
  // The unchanged runs are copied whole: a long word (a URL) maps a few characters.
  let out = '';
  let kept = 0;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    const f = (mapGlyphs && GLYPH_OF.get(c)) || (mapLeet && LEET_OF.get(c));
    if (f) {
      out += w.slice(kept, i) + String.fromCharCode(f);
      kept = i + 1;
    }
  }
  return out + w.slice(kept);
}

/**
 * Joins letter-spaced text ("N e w   r u l e s") into words: a run of at least three single
 * letters separated by single spaces becomes one word, and a wider gap inside such a run is a
 * word break. Tokens are the space-separated pieces of one line.
 */
function joinSpacedLetters(line: string): string {
  const tokens = line.split(' ');
  const out: string[] = [];
  let run: string[] = [];
  let gaps = 0;
  const flush = () => {
    if (run.length >= 3) out.push(run.join(''));
    else out.push(...run);
    run = [];
  };
  for (const t of tokens) {
    if (t === '') {
      gaps++;
      continue;
    }
    // One code point: one code unit, or a surrogate pair (codePointAt reads it whole).
    if ((t.length === 1 || (t.length === 2 && t.codePointAt(0)! > 0xffff)) && isLetter(t)) {
      if (gaps > 0 && run.length > 0) run.push(' ');
      run.push(t);
    } else {
      if (run.length > 0) flush();
      out.push(t);
    }
    gaps = 0;
  }
  flush();
  // Word breaks inside a joined run were kept as ' ' tokens: join them back as single spaces.
  return out.join(' ').replace(/ {2,}/g, ' ');
}

/**
 * Zero-width and other invisible format characters that split a word without showing (dropped),
 * and the Unicode tag characters (decoded): found in one native scan.
 */
const INVISIBLE_OR_TAG = /[\u00ad\u034f\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufe00-\ufe0f\u{e0000}-\u{e007f}]/gu;
const dropOrDecode = (ch: string) => {
  const cp = ch.codePointAt(0)!;
  return cp >= 0xe0020 && cp <= 0xe007e ? String.fromCharCode(cp - 0xe0000) : '';
};

/** The characters foldWord maps (HOMOGLYPHS and LEET keys): a word without one is left as it is. */
const FOLDABLE = /[0134579@$авеёкмнорстухіїјѕԁɡһԛԝӏαβεηικνορτυχωɑıℓ]/g;

/** foldWord on the words (pieces between spaces and line breaks) that hold a FOLDABLE character. */
function foldWords(text: string): string {
  let out = '';
  let last = 0;
  FOLDABLE.lastIndex = 0;
  while (FOLDABLE.test(text)) {
    let s = FOLDABLE.lastIndex - 1;
    while (s > 0 && text[s - 1] !== ' ' && text[s - 1] !== '\n') s--;
    let e = FOLDABLE.lastIndex;
    while (e < text.length && text[e] !== ' ' && text[e] !== '\n') e++;
    const w = text.slice(s, e);
    const f = foldWord(w);
    if (f !== w) {
      out += text.slice(last, s) + f;
      last = e;
    }
    FOLDABLE.lastIndex = e;
  }
  return last === 0 ? text : out + text.slice(last);
}

/**
 * Two one-code-point tokens next to each other (one space apart) on a line: only then can
 * joinSpacedLetters join letters; any other line just has its runs of spaces squeezed.
 */
const SPACED_PAIR = /(?:^|[ \n])(?:[^ \n]|[\ud800-\udbff][\udc00-\udfff]) (?:[^ \n]|[\ud800-\udbff][\udc00-\udfff])(?=[ \n]|$)/;

/** Runs of spaces as one, none at the start or end of a line (joinSpacedLetters on a line it cannot join). */
function squeezeSpaces(text: string): string {
  // Only a line break with a space beside it changes: the others are left alone, not rewritten.
  const t = text.replace(/ {2,}/g, ' ').replace(/ \n ?|\n /g, '\n');
  return t.slice(t.startsWith(' ') ? 1 : 0, t.endsWith(' ') ? -1 : undefined);
}

/**
 * Text as the keyword rules read it: NFKC, invisible characters dropped, tag characters decoded
 * in place, lower case, homoglyphs and leetspeak folded per word, "-", "_" and runs of white space
 * read as one space, letter spacing joined. Line breaks are kept (paragraphs and quote marks are
 * read from them). Each step is a native scan of the whole text; ASCII text skips NFKC (it
 * leaves ASCII as it is), and only the words and lines a step changes are rebuilt.
 */
export function foldText(raw: string): string {
  const s = raw.length > MAX_SCAN_CHARS ? raw.slice(0, MAX_SCAN_CHARS) : raw;
  const cleaned = /[^\0-\x7f]/.test(s) ? s.normalize('NFKC').replace(INVISIBLE_OR_TAG, dropOrDecode) : s;
  let spaced = cleaned.toLowerCase().replace(/[\t\u00a0\u2000-\u200a\u202f\u205f\u3000_]/g, ' ');
  if (spaced.includes('-')) spaced = spaced.replace(/(?<=\S)-(?=\S)/g, ' ');
  const words = foldWords(spaced);
  if (!SPACED_PAIR.test(words)) return squeezeSpaces(words);
  return words.split('\n').map((line) => (SPACED_PAIR.test(line) ? joinSpacedLetters(line) : squeezeSpaces(line))).join('\n');
}

/** A keyword family: stems per language, matched on folded text. */
export type Family = readonly string[];

/** A Latin word character (ASCII digits and lower-case letters, Latin-1 and Latin Extended letters) by code unit. */
const isLatinWordCode = (c: number) => (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 0xc0 && c <= 0x24f);

/** A stem of some family: the text it matches (without "*"), and whether it must end a word (Latin, no "*"). */
interface Stem { stem: string; endsWord: boolean }
/** Children as parallel arrays: most nodes have one or two, and a short walk beats a Map lookup. */
interface TrieNode { keys: number[]; children: TrieNode[]; stems: number[] | undefined }

/**
 * Every stem of the families seen so far, in one trie by code unit: a text is scanned once for
 * all of them (indexStems) and each family's matches are read from that (findAll).
 */
const STEMS: Stem[] = [];
const stemIds = new Map<string, number>();
/** The trie's first level: an array for ASCII (most characters of most mail), a Map for the rest. */
const trieAscii: (TrieNode | undefined)[] = new Array(128).fill(undefined);
const trieOther = new Map<number, TrieNode>();
/**
 * The trie's second level for two ASCII characters, by `first * 128 + second`: most word starts
 * are ASCII, and the first level's children (up to 17) would otherwise be searched one by one.
 */
const trieAsciiPairs: (TrieNode | undefined)[] = new Array(128 * 128).fill(undefined);
/** A family's stem ids in its order, and as a set (to test the few stems a text holds against it). */
interface FamilyStems { ids: number[]; set: Set<number> }
const familyStems = new WeakMap<Family, FamilyStems>();

/** Per code unit: LATIN (isLatinWordCode), STARTS (a stem starts with it). A table read is what keeps the scan cheap. */
const LATIN = 1;
const STARTS = 2;
const CHAR_KIND = new Uint8Array(0x10000);
for (let c = 0; c < CHAR_KIND.length; c++) if (isLatinWordCode(c)) CHAR_KIND[c] = LATIN;

/** The stems of a family; a family seen the first time adds its stems. */
function stemsOf(family: Family): FamilyStems {
  let f = familyStems.get(family);
  if (f) return f;
  const ids = family.map((entry) => stemIds.get(entry) ?? addStem(entry));
  f = { ids, set: new Set(ids) };
  familyStems.set(family, f);
  return f;
}

function addStem(entry: string): number {
  const prefix = entry.endsWith('*');
  const stem = prefix ? entry.slice(0, -1) : entry;
  const id = STEMS.push({ stem, endsWord: isLatinWordCode(stem.charCodeAt(0)) && !prefix && isLatinWordCode(stem.charCodeAt(stem.length - 1)) }) - 1;
  stemIds.set(entry, id);
  const first = stem.charCodeAt(0);
  let node: TrieNode | undefined = first < 128 ? trieAscii[first] : trieOther.get(first);
  if (!node) {
    node = { keys: [], children: [], stems: undefined };
    if (first < 128) trieAscii[first] = node;
    else trieOther.set(first, node);
  }
  for (let i = 1; i < stem.length; i++) {
    const c = stem.charCodeAt(i);
    const k: number = node.keys.indexOf(c);
    if (k >= 0) {
      node = node.children[k]!;
    } else {
      const child: TrieNode = { keys: [], children: [], stems: undefined };
      node.keys.push(c);
      node.children.push(child);
      if (i === 1 && first < 128 && c < 128) trieAsciiPairs[first * 128 + c] = child;
      node = child;
    }
  }
  (node.stems ??= []).push(id);
  CHAR_KIND[first]! |= STARTS;
  // Indexes built before lack this stem.
  recent.length = 0;
  return id;
}

/** Where each stem occurs in a text, by stem id (positions ascending), and the ids of the stems that occur. */
interface StemIndex { at: Map<number, number[]>; found: number[] }

/**
 * One scan for every stem: a Latin stem is tried only where a word starts, any other where its
 * first character is; the trie walk stops at the first character no stem continues with.
 */
function indexStems(text: string): StemIndex {
  const at: StemIndex['at'] = new Map();
  const found: number[] = [];
  const n = text.length;
  let prevLatin = false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    const kind = CHAR_KIND[c]!;
    if (kind & LATIN) {
      // Inside a word: only Latin stems start with a Latin character, and they must start a word.
      if (prevLatin) continue;
      prevLatin = true;
    } else {
      prevLatin = false;
    }
    if ((kind & STARTS) === 0) continue;
    let node = c < 128 ? trieAscii[c] : trieOther.get(c);
    let j = i + 1;
    while (node !== undefined) {
      const ids = node.stems;
      if (ids !== undefined) {
        const wordGoesOn = j < n && (CHAR_KIND[text.charCodeAt(j)]! & LATIN) !== 0;
        for (let k = 0; k < ids.length; k++) {
          const id = ids[k]!;
          if (wordGoesOn && STEMS[id]!.endsWord) continue;
          const positions = at.get(id);
          if (positions === undefined) {
            at.set(id, [i]);
            found.push(id);
          } else {
            positions.push(i);
          }
        }
      }
      if (j >= n) break;
      const next = text.charCodeAt(j++);
      if (j === i + 2 && c < 128 && next < 128) {
        node = trieAsciiPairs[c * 128 + next];
        continue;
      }
      const keys = node.keys;
      let k = 0;
      while (k < keys.length && keys[k] !== next) k++;
      node = node.children[k];
    }
  }
  return { at, found };
}

/** The last texts indexed: the rules ask many families of one paragraph, and several of the whole mail. */
const recent: { text: string; index: StemIndex }[] = [];
const RECENT_MAX = 8;

function stemIndexOf(text: string): StemIndex {
  for (let k = 0; k < recent.length; k++) {
    const r = recent[k]!;
    if (r.text !== text) continue;
    // The most recently asked first: a whole text its paragraphs are cut from stays while they come and go.
    if (k > 0) recent.unshift(...recent.splice(k, 1));
    return r.index;
  }
  const index = indexStems(text);
  if (recent.unshift({ text, index }) > RECENT_MAX) recent.pop();
  return index;
}

/**
 * Indexes `whole` once and gives each of `parts` (texts that occur in it at `at`, between line
 * breaks) its own index cut from it, so a part is not scanned again. No stem holds a line break,
 * and a line break is neither a Latin letter nor a stem's start: a stem lies inside a part or not
 * at all, and a part's edges read the same in the whole as on their own.
 */
export function indexWithParts(whole: string, parts: readonly { text: string; at: number }[]): void {
  const index = stemIndexOf(whole);
  for (const { text, at } of parts) {
    if (text === '' || whole.slice(at, at + text.length) !== text || recent.some((r) => r.text === text)) continue;
    const end = at + text.length;
    const cut: StemIndex = { at: new Map(), found: [] };
    for (const id of index.found) {
      const all = index.at.get(id)!;
      // Positions ascend: the first at or after `at` by bisection, then on to `end`.
      let lo = 0;
      let hi = all.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (all[mid]! < at) lo = mid + 1;
        else hi = mid;
      }
      if (lo === all.length || all[lo]! >= end) continue;
      const positions: number[] = [];
      for (let k = lo; k < all.length && all[k]! < end; k++) positions.push(all[k]! - at);
      cut.at.set(id, positions);
      cut.found.push(id);
    }
    if (recent.unshift({ text, index: cut }) > RECENT_MAX) recent.pop();
  }
}

/**
 * Where a stem of the family occurs in folded text. A stem made of Latin letters must start a
 * word; it must also end one unless it ends with "*" (a prefix: "instruct*"). Stems in scripts
 * without spaces (Japanese, Chinese) match anywhere. The first `max` are taken stem by stem in
 * family order (so findAll(t, f, 1) is the first stem of the family that occurs), then sorted by
 * position.
 */
export function findAll(text: string, family: Family, max = 64): { at: number; end: number; stem: string }[] {
  const out: { at: number; end: number; stem: string }[] = [];
  // The family first: one seen the first time adds stems, and indexes are built anew.
  const { ids } = stemsOf(family);
  const index = stemIndexOf(text);
  if (index.found.length === 0) return out;
  for (const id of ids) {
    const at = index.at.get(id);
    if (at === undefined) continue;
    const { stem } = STEMS[id]!;
    for (let k = 0; k < at.length && out.length < max; k++) out.push({ at: at[k]!, end: at[k]! + stem.length, stem });
    if (out.length >= max) break;
  }
  return out.sort((a, b) => a.at - b.at);
}

export function has(text: string, family: Family): boolean {
  const { set } = stemsOf(family);
  const { found } = stemIndexOf(text);
  for (const id of found) if (set.has(id)) return true;
  return false;
}

/** Two families within `window` characters of each other, in either order: the first such pair. */
export function near(text: string, a: Family, b: Family, window: number): { at: number; end: number } | undefined {
  const as = findAll(text, a);
  if (as.length === 0) return undefined;
  const bs = findAll(text, b);
  for (const x of as) {
    for (const y of bs) {
      if (Math.abs(y.at - x.at) <= window) return { at: Math.min(x.at, y.at), end: Math.max(x.end, y.end) };
    }
  }
  return undefined;
}

/** Longest paragraph the rules read as one: a longer one is cut into pieces this long. */
export const MAX_PARAGRAPH_CHARS = 1_500;

/** Paragraphs: runs of lines between blank lines, with where each starts; a very long one is cut. */
export function paragraphs(text: string, maxChars = MAX_PARAGRAPH_CHARS): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  let start = 0;
  let pos = 0;
  const push = (end: number) => {
    for (let s = start; s < end; s += maxChars) {
      const t = text.slice(s, Math.min(end, s + maxChars));
      if (t.trim() !== '') out.push({ text: t, at: s });
    }
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      push(pos);
      start = pos + line.length + 1;
    }
    pos += line.length + 1;
  }
  push(text.length);
  return out;
}

/** Where the sentence around position `at` lies: back to the previous and on to the next sentence end or line break. */
function sentenceBounds(text: string, at: number, limit: number): { from: number; to: number } {
  const isEnd = (c: string | undefined) => c === '.' || c === '!' || c === '?' || c === '。' || c === '！' || c === '？' || c === '\n';
  let s = at;
  while (s > 0 && at - s < limit && !(isEnd(text[s - 1]) && (text[s - 1] !== '.' || text[s] === ' ' || text[s] === '\n'))) s--;
  let e = at;
  while (e < text.length && e - at < limit && !(isEnd(text[e]) && (text[e] !== '.' || text[e + 1] === ' ' || text[e + 1] === undefined || text[e + 1] === '\n'))) e++;
  return { from: s, to: Math.min(text.length, e + 1) };
}

/**
 * has() on the sentence around `at`, read from the text's own index when the sentence starts and
 * ends outside a word (as it does unless cut at `limit`): a stem lies in it exactly when it lies
 * in the text between those bounds. A sentence cut inside a word is indexed on its own.
 */
export function sentenceHas(text: string, at: number, family: Family, limit = 300): boolean {
  const { from, to } = sentenceBounds(text, at, limit);
  const clean = (from === 0 || (CHAR_KIND[text.charCodeAt(from - 1)]! & LATIN) === 0) && (to === text.length || (CHAR_KIND[text.charCodeAt(to)]! & LATIN) === 0);
  if (!clean) return has(text.slice(from, to), family);
  const { set } = stemsOf(family);
  const index = stemIndexOf(text);
  for (const id of index.found) {
    if (!set.has(id)) continue;
    const positions = index.at.get(id)!;
    const len = STEMS[id]!.stem.length;
    for (const p of positions) if (p >= from && p + len <= to) return true;
  }
  return false;
}

/** The offending text as evidence: white space collapsed, cut to MAX_EVIDENCE_CHARS. */
export function quote(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > MAX_EVIDENCE_CHARS ? `${t.slice(0, MAX_EVIDENCE_CHARS - 1)}…` : t;
}

/** Evidence from a window of folded text: the window widened to whole words, quoted. */
export function excerpt(text: string, at: number, end: number): string {
  let s = Math.max(0, at - 40);
  let e = Math.min(text.length, Math.max(end + 60, at + 120));
  while (s > 0 && at - s < 80 && text[s - 1] !== ' ' && text[s - 1] !== '\n') s--;
  while (e < text.length && e - end < 120 && text[e] !== ' ' && text[e] !== '\n') e++;
  return quote(text.slice(s, e));
}

/** Base64 characters (A–Z, a–z, 0–9, +, /, =) and line breaks by code unit, as a table: the scan reads every character. */
const B64 = 1;
const BREAK = 2;
const BASE64_KIND = new Uint8Array(0x10000);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=') BASE64_KIND[c.charCodeAt(0)] = B64;
BASE64_KIND[10] = BASE64_KIND[13] = BREAK;

/** More than 80% of the code points are letters or spaces: decoded text, not binary. */
function isReadable(decoded: string): boolean {
  let readable = 0;
  let total = 0;
  for (const ch of decoded) {
    total++;
    const c = ch.charCodeAt(0);
    if (c < 128 ? c === 32 || ((c | 32) >= 97 && (c | 32) <= 122) : isLetter(ch)) readable++;
  }
  return readable / total > 0.8;
}

/**
 * Texts hidden in base64 blocks: runs of at least 24 base64 characters (line breaks inside a
 * block allowed) that decode to readable UTF-8. A scan, then Buffer's decoder.
 */
export function decodeBase64Blocks(text: string, maxBlocks = 8): string[] {
  const out: string[] = [];
  let i = 0;
  const n = Math.min(text.length, MAX_SCAN_CHARS);
  while (i < n && out.length < maxBlocks) {
    if (BASE64_KIND[text.charCodeAt(i)] !== B64) { i++; continue; }
    const start = i;
    let j = i + 1;
    let breaks = 0;
    // Indexes are checked before the table is read: a read past the end would make every read of it slow.
    while (j < n) {
      const k = BASE64_KIND[text.charCodeAt(j)];
      if (k === B64) j++;
      // A line break continues the block when a base64 character follows it.
      else if (k === BREAK && j + 1 < text.length && BASE64_KIND[text.charCodeAt(j + 1)] === B64) { breaks++; j++; }
      else break;
    }
    i = j + 1;
    // Most runs are ordinary words: the block is only cut out when it is long enough.
    if (j - start - breaks < 24) continue;
    const chars = breaks > 0 ? text.slice(start, j).replace(/[\r\n]/g, '') : text.slice(start, j);
    if (!/[0-9+/=]/.test(chars) || !/[a-z]/.test(chars) || !/[A-Z]/.test(chars)) continue;
    const decoded = Buffer.from(chars, 'base64').toString('utf8');
    if (decoded.length >= 16 && decoded.includes(' ') && isReadable(decoded)) out.push(decoded);
  }
  return out;
}
