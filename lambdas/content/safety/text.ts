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

/** Zero-width and other invisible format characters that split a word without showing. */
const isInvisible = (cp: number) =>
  cp === 0x00ad || cp === 0x034f || cp === 0x061c || cp === 0x115f || cp === 0x1160 || cp === 0x180e
  || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2060 && cp <= 0x206f)
  || cp === 0xfeff || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0000 && cp <= 0xe007f);

/** Cyrillic and Greek letters that look like Latin ones (lower case; NFKC and toLowerCase run first). */
const HOMOGLYPHS: Record<string, string> = {
  'а': 'a', 'в': 'b', 'е': 'e', 'ё': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c', 'т': 't', 'у': 'y',
  'х': 'x', 'і': 'i', 'ї': 'i', 'ј': 'j', 'ѕ': 's', 'ԁ': 'd', 'ɡ': 'g', 'һ': 'h', 'ԛ': 'q', 'ԝ': 'w', 'ӏ': 'l',
  'α': 'a', 'β': 'b', 'ε': 'e', 'η': 'n', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'ο': 'o', 'ρ': 'p', 'τ': 't', 'υ': 'u',
  'χ': 'x', 'ω': 'w', 'ɑ': 'a', 'ı': 'i', 'ℓ': 'l',
};

/** Digits and signs written for letters inside words ("1gn0re", "pa$$word"). */
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', '$': 's' };

const isAsciiLetter = (c: string) => (c >= 'a' && c <= 'z');
const isLetter = (c: string) => c.toLowerCase() !== c.toUpperCase() || c > '\u3000';

/**
 * One word's folding: homoglyphs when the word mixes them with Latin letters or is made only of
 * them, leetspeak when it mixes digits/signs with letters. A word of real Cyrillic or Greek keeps
 * its letters (it has others that look like no Latin letter).
 */
function foldWord(w: string): string {
  let latin = 0, glyph = 0, leet = 0, other = 0;
  for (const c of w) {
    if (isAsciiLetter(c)) latin++;
    else if (HOMOGLYPHS[c]) glyph++;
    else if (LEET[c]) leet++;
    else other++;
  }
  const mapGlyphs = glyph > 0 && (latin > 0 || other === 0);
  const mapLeet = leet > 0 && latin + glyph > 0 && latin + glyph >= leet;
  if (!mapGlyphs && !mapLeet) return w;
  let out = '';
  for (const c of w) out += (mapGlyphs && HOMOGLYPHS[c]) || (mapLeet && LEET[c]) || c;
  return out;
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
    if ([...t].length === 1 && isLetter(t)) {
      if (gaps > 0 && run.length > 0) run.push(' ');
      run.push(t);
    } else {
      flush();
      out.push(t);
    }
    gaps = 0;
  }
  flush();
  // Word breaks inside a joined run were kept as ' ' tokens: join them back as single spaces.
  return out.join(' ').replace(/ {2,}/g, ' ');
}

/**
 * Text as the keyword rules read it: NFKC, invisible characters dropped, tag characters decoded
 * in place, lower case, homoglyphs and leetspeak folded per word, "-", "_" and runs of white space
 * read as one space, letter spacing joined. Line breaks are kept (paragraphs and quote marks are
 * read from them).
 */
export function foldText(raw: string): string {
  const s = raw.length > MAX_SCAN_CHARS ? raw.slice(0, MAX_SCAN_CHARS) : raw;
  let cleaned = '';
  for (const ch of s.normalize('NFKC')) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xe0020 && cp <= 0xe007e) cleaned += String.fromCharCode(cp - 0xe0000);
    else if (!isInvisible(cp)) cleaned += ch;
  }
  const lines = cleaned.toLowerCase().split('\n');
  return lines.map((line) => {
    const spaced = line.replace(/[\t\u00a0\u2000-\u200a\u202f\u205f\u3000_]/g, ' ').replace(/(?<=\S)-(?=\S)/g, ' ');
    const words = spaced.split(' ').map(foldWord).join(' ');
    return joinSpacedLetters(words);
  }).join('\n');
}

/** A keyword family: stems per language, matched on folded text. */
export type Family = readonly string[];

const isWordChar = (c: string | undefined) => c !== undefined && c >= '0' && c <= 'z' && (c <= '9' || c >= 'a');
const isLatinWordChar = (c: string | undefined) => c !== undefined && (isWordChar(c) || (c >= '\u00c0' && c <= '\u024f'));

/**
 * Where a stem of the family occurs in folded text. A stem made of Latin letters must start a
 * word; it must also end one unless it ends with "*" (a prefix: "instruct*"). Stems in scripts
 * without spaces (Japanese, Chinese) match anywhere.
 */
export function findAll(text: string, family: Family, max = 64): { at: number; end: number; stem: string }[] {
  const out: { at: number; end: number; stem: string }[] = [];
  for (const entry of family) {
    const prefix = entry.endsWith('*');
    const stem = prefix ? entry.slice(0, -1) : entry;
    const latin = isLatinWordChar(stem[0]);
    let from = 0;
    while (out.length < max) {
      const i = text.indexOf(stem, from);
      if (i < 0) break;
      from = i + 1;
      if (latin && isLatinWordChar(text[i - 1])) continue;
      const end = i + stem.length;
      if (latin && !prefix && isLatinWordChar(stem[stem.length - 1]) && isLatinWordChar(text[end])) continue;
      out.push({ at: i, end, stem });
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

export const has = (text: string, family: Family) => findAll(text, family, 1).length > 0;

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

/** Paragraphs: runs of lines between blank lines, with where each starts; a very long one is cut. */
export function paragraphs(text: string, maxChars = 1_500): { text: string; at: number }[] {
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

/** The sentence around position `at`: back to the previous and on to the next sentence end or line break pair. */
export function sentenceAround(text: string, at: number, limit = 300): string {
  const isEnd = (c: string | undefined) => c === '.' || c === '!' || c === '?' || c === '。' || c === '！' || c === '？' || c === '\n';
  let s = at;
  while (s > 0 && at - s < limit && !(isEnd(text[s - 1]) && (text[s - 1] !== '.' || text[s] === ' ' || text[s] === '\n'))) s--;
  let e = at;
  while (e < text.length && e - at < limit && !(isEnd(text[e]) && (text[e] !== '.' || text[e + 1] === ' ' || text[e + 1] === undefined || text[e + 1] === '\n'))) e++;
  return text.slice(s, e + 1);
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

const BASE64_CHAR = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47 || c === 61;

/**
 * Texts hidden in base64 blocks: runs of at least 24 base64 characters (line breaks inside a
 * block allowed) that decode to readable UTF-8. A scan, then Buffer's decoder.
 */
export function decodeBase64Blocks(text: string, maxBlocks = 8): string[] {
  const out: string[] = [];
  let i = 0;
  const n = Math.min(text.length, MAX_SCAN_CHARS);
  while (i < n && out.length < maxBlocks) {
    if (!BASE64_CHAR(text.charCodeAt(i))) { i++; continue; }
    let j = i;
    let chars = '';
    while (j < n && (BASE64_CHAR(text.charCodeAt(j)) || ((text[j] === '\n' || text[j] === '\r') && BASE64_CHAR(text.charCodeAt(j + 1))))) {
      if (text[j] !== '\n' && text[j] !== '\r') chars += text[j];
      j++;
    }
    i = j + 1;
    if (chars.length < 24 || !/[0-9+/=]/.test(chars) || !/[a-z]/.test(chars) || !/[A-Z]/.test(chars)) continue;
    const decoded = Buffer.from(chars, 'base64').toString('utf8');
    let readable = 0;
    for (const ch of decoded) if (isLetter(ch) || ch === ' ') readable++;
    if (decoded.length >= 16 && readable / [...decoded].length > 0.8 && decoded.includes(' ')) out.push(decoded);
  }
  return out;
}
