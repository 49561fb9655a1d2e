/**
 * The message a forward carries, as a mail of its own: the header block under the forward marker
 * ("---------- Forwarded message ---------", "Begin forwarded message:", "-------- Weitergeleitete
 * Nachricht --------", an Outlook block whose subject is "FW: …") read for From, Date and Subject,
 * and the text under it as the body. reply_body keeps the forwarder's note above it (issue 30's
 * convention); this is the part below. Pure, bounded, never throws.
 */
import { MAX_HEADER_BLOCK_LINES, MAX_TEXT_CHARS } from './limits.ts';
import { joinLines, splitLines, type Line } from './lines.ts';
import { headerLine, isForwardMarker, type HeaderKind } from './patterns.ts';
import { headerBlockAt } from './text.ts';

export interface Forwarded {
  /** The forwarded message's From line as written ("Ann <ann@example.com>"), or null. */
  from: string | null;
  /** Its Date (or Sent) line as written, or null. */
  date: string | null;
  subject: string | null;
  /** Its text, quote markers of the forward's own depth removed. */
  body: string;
}

/** Where a forwarded message's header block starts: after a marker line, or at an Outlook block with a forward subject. */
function forwardAt(lines: readonly Line[]): { headers: number; depth: number } | undefined {
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.blank || l.long) continue;
    if (isForwardMarker(l.text)) {
      let k = i + 1;
      while (k < lines.length && lines[k]!.blank) k++;
      return k < lines.length ? { headers: k, depth: l.depth } : undefined;
    }
    // An Outlook forward has no marker: a From/Sent/To/Subject block whose subject says FW:, as the reply extraction reads it.
    if (headerBlockAt(lines, i)?.forward) return { headers: i, depth: l.depth };
  }
  return undefined;
}

/** The forwarded message of a body (plain text, or an HTML mail's visible text), or null when it forwards nothing. */
export function extractForwarded(text: string): Forwarded | null {
  if (typeof text !== 'string' || text === '') return null;
  try {
    const lines = splitLines(text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text);
    const at = forwardAt(lines);
    if (!at) return null;
    const found: Partial<Record<HeaderKind, string>> = {};
    let k = at.headers;
    let headers = 0;
    for (; k < lines.length && k < at.headers + MAX_HEADER_BLOCK_LINES; k++) {
      const l = lines[k]!;
      if (l.blank) break;
      const h = headerLine(l.text);
      if (!h) {
        // A wrapped value (a long To: list) continues the block; anything else ends it.
        if (headers > 0 && !/[:：]/.test(l.text)) continue;
        break;
      }
      headers++;
      if (found[h.kind] === undefined) found[h.kind] = h.value;
    }
    if (headers === 0 || (found.from === undefined && found.subject === undefined)) return null;
    // The body: what follows the block, at the forward's quote depth, with that depth's markers removed.
    const body = at.depth === 0 ? lines.slice(k) : lines.slice(k).map((l) => ({ ...l, raw: stripQuote(l.raw, at.depth) }));
    return { from: found.from ?? null, date: found.date ?? null, subject: found.subject ?? null, body: joinLines(body) };
  } catch {
    return null;
  }
}

/** `depth` leading ">" markers (and the space after each) off a line. */
function stripQuote(raw: string, depth: number): string {
  let s = raw;
  for (let d = 0; d < depth; d++) s = s.replace(/^\s*>\s?/, '');
  return s;
}
