/** Small string helpers shared by the link and code extractors. All linear. */

/** Lower-case, strip diacritics, ß→ss, so keyword patterns can be plain ASCII. */
export function fold(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[\u2018\u2019\u02bc]/g, "'");
}

/** Collapse runs of whitespace (including NBSP) to one space and trim. */
export function squash(s: string): string {
  return s.replace(/[\s\u00a0\u200b\u200c\u200d\ufeff]+/g, ' ').trim();
}

/** Cut to at most `max` characters, marking the cut with an ellipsis. */
export function clip(s: string, max: number): string {
  return s.length <= max ? s : s.slice(0, Math.max(0, max - 1)).trimEnd() + '…';
}

export function capString(s: string | undefined, max: number): string {
  if (!s) return '';
  return s.length > max ? s.slice(0, max) : s;
}

/**
 * Start of the line containing `pos`, looking back at most `limit` characters (an
 * unbounded lastIndexOf per candidate would make one huge line quadratic).
 */
export function lineStartBefore(text: string, pos: number, limit: number): number {
  const floor = Math.max(0, pos - limit);
  for (let i = pos - 1; i >= floor; i--) if (text.charCodeAt(i) === 10) return i + 1;
  return floor;
}

/** End of the line containing `pos` (index of its newline), looking ahead at most `limit`. */
export function lineEndAfter(text: string, pos: number, limit: number): number {
  const ceil = Math.min(text.length, pos + limit);
  for (let i = pos; i < ceil; i++) if (text.charCodeAt(i) === 10) return i;
  return ceil;
}
