/**
 * The words search knows a message by: lower case, accents removed (NFKD, marks dropped), split
 * on anything that is not a letter or digit. Ingest stores one index item per word; a query's
 * words are matched as prefixes of those words.
 */

/** Words longer than this are cut: a prefix of 40 characters already finds them. */
export const MAX_WORD_LENGTH = 40;
/** Single letters would match nearly every message and make an index item each. */
export const MIN_WORD_LENGTH = 2;

export function searchWords(text: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const folded = text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
  for (const raw of folded.split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < MIN_WORD_LENGTH) continue;
    const w = raw.slice(0, MAX_WORD_LENGTH);
    if (!seen.has(w)) { seen.add(w); out.push(w); }
  }
  return out;
}

/** Words of a message in priority order (subject, sender, body), without repeats, at most `max`. */
export function messageSearchWords(m: { subject: string; from: string; from_name: string | null; body_text: string }, max: number): string[] {
  const words = new Set<string>();
  for (const part of [m.subject, `${m.from} ${m.from_name ?? ''}`, m.body_text]) {
    for (const w of searchWords(part)) {
      if (words.size >= max) return [...words];
      words.add(w);
    }
  }
  return [...words];
}
