/**
 * The text-level extractor. Works on Line[] (see lines.ts) so the HTML path can feed it
 * rendered lines plus "hint" line numbers where a client's quote container starts.
 *
 * 1. A delivery-status report is returned whole.
 * 2. Scan top-down for the first boundary: a ">" line, an attribution ("On … wrote:" in
 *    many languages, wrapped over up to four lines), an "Original Message" rule, an
 *    Outlook "From:/Sent:/To:/Subject:" block, a forward marker, a mobile signature, or "-- ".
 * 3. If the first quote-like boundary is a forward marker, the message is returned whole.
 * 4. If ">"-quoted lines are followed by new unquoted text, it is an inline (or bottom-
 *    posted) reply: everything down to the last new line is kept, quoted context included.
 *    Otherwise the reply is what precedes the first boundary.
 * 5. Trailing boilerplate (signatures, footers, disclaimers) is removed from the end.
 */

import { joinLines, type Line } from './lines.ts';
import { DSN_SCAN_LINES, MAX_ATTRIBUTION_CHARS, MAX_ATTRIBUTION_LINES, MAX_HEADER_BLOCK_LINES } from './limits.ts';
import {
  hasEmail, headerLine, inlineHeaderKinds, isAttribution, isDsnActionOrStatus, isDsnField, isDsnOpener, isFooterLine,
  isForwardMarker, isForwardSubject, isMobileSignature, isOriginalMessageSeparator, isSeparator, isSigDelimiter,
  mayEndAttribution, type HeaderKind, type HeaderLine,
} from './patterns.ts';
import { stripTrailer } from './signature.ts';

export type BoundaryKind =
  | 'quote' | 'attribution' | 'header' | 'separator' | 'forward' | 'hint' | 'mobile' | 'signature';

export interface Boundary {
  kind: BoundaryKind;
  /** First line of the boundary marker. */
  start: number;
  /** Last line of the marker (an attribution or header block can span several lines). */
  end: number;
}

/** Boundaries that introduce quoted history (as opposed to the sender's own sign-off). */
const QUOTE_KINDS: ReadonlySet<BoundaryKind> = new Set(['quote', 'attribution', 'header', 'separator', 'forward', 'hint']);

export interface Extraction {
  text: string;
  /** A quote boundary (or forward marker) was found. */
  quoteFound: boolean;
  kind: 'reply' | 'forward' | 'bounce' | 'plain';
}

interface Ctx {
  lines: readonly Line[];
  hints: ReadonlySet<number>;
  /** Index of the first non-blank line (n when none). */
  firstContent: number;
}

export function extractFromLines(lines: readonly Line[], hints: ReadonlySet<number> = new Set()): Extraction {
  const n = lines.length;
  if (isBounce(lines)) return { text: joinLines(lines), quoteFound: false, kind: 'bounce' };

  let firstContent = 0;
  while (firstContent < n && lines[firstContent]!.blank) firstContent++;
  const ctx: Ctx = { lines, hints, firstContent };

  let first: Boundary | undefined;
  let firstQuote: Boundary | undefined;
  for (let i = firstContent; i < n; i++) {
    const b = boundaryAt(ctx, i);
    if (!b) continue;
    first ??= b;
    if (QUOTE_KINDS.has(b.kind)) {
      firstQuote = b;
      break;
    }
    i = b.end;
  }

  if (firstQuote?.kind === 'forward') return { text: joinLines(lines), quoteFound: true, kind: 'forward' };
  if (!first) return { text: joinLines(lines, 0, stripTrailer(lines, 0, n)), quoteFound: false, kind: 'plain' };

  const quoteFound = firstQuote !== undefined;
  if (first.kind === 'quote' || first.kind === 'attribution' || first.kind === 'hint') {
    const firstQuoted = first.kind === 'quote' ? first.start : nextNonBlank(lines, first.end + 1);
    const baseDepth = first.kind === 'quote' ? 0 : lines[first.start]!.depth;
    if (firstQuoted !== -1 && lines[firstQuoted]!.depth > baseDepth) {
      const lastNew = lastInterleavedLine(ctx, firstQuoted);
      if (lastNew !== -1) {
        const end = stripTrailer(lines, 0, lastNew + 1);
        if (hasUnquotedContent(lines, first.end + 1, end)) {
          return { text: joinLines(lines, 0, end), quoteFound, kind: 'reply' };
        }
      }
    }
  }
  return { text: joinLines(lines, 0, stripTrailer(lines, 0, first.start)), quoteFound, kind: quoteFound ? 'reply' : 'plain' };
}

// ---------------------------------------------------------------------------------------

function boundaryAt(ctx: Ctx, i: number): Boundary | undefined {
  const { lines } = ctx;
  const l = lines[i]!;
  if (ctx.hints.has(i)) return hintBoundary(ctx, i);
  if (l.depth > 0) return { kind: 'quote', start: i, end: i };
  if (l.blank || l.long) return undefined;

  if (isForwardMarker(l.text)) return { kind: 'forward', start: i, end: i };
  if (isOriginalMessageSeparator(l.text)) {
    // Outlook forwards use the same rule; the subject line of the block under it tells them apart.
    const next = nextNonBlank(lines, i + 1);
    const h = next === -1 ? undefined : headerBlockAt(lines, next);
    return { kind: h?.forward ? 'forward' : 'separator', start: i, end: i };
  }
  const a = attributionAt(lines, i);
  if (a) return { kind: 'attribution', start: a.start, end: a.end };
  // A header block at the very top is a pasted or memo-style header, not quoted history.
  if (i > ctx.firstContent) {
    const h = headerBlockAt(lines, i);
    if (h) return { kind: h.forward ? 'forward' : 'header', start: i, end: h.end };
  }
  if (isMobileSignature(l.text)) return { kind: 'mobile', start: i, end: i };
  if (isSigDelimiter(l.text)) return { kind: 'signature', start: i, end: i };
  return undefined;
}

/**
 * A quote container found on the HTML. It is a forward when a forward marker, or a header
 * block with a forward subject ("FW: …", Outlook's forwards), opens it.
 */
function hintBoundary(ctx: Ctx, i: number): Boundary {
  const { lines } = ctx;
  let seen = 0;
  for (let k = i; k < lines.length && seen < 3; k++) {
    const l = lines[k]!;
    if (l.blank) continue;
    seen++;
    if (l.long) break;
    if (isForwardMarker(l.text) || headerBlockAt(lines, k)?.forward) return { kind: 'forward', start: i, end: i };
  }
  const start = nextNonBlank(lines, i);
  const a = start === -1 ? undefined : attributionAt(lines, start);
  return { kind: 'hint', start: i, end: a ? a.end : i };
}

/** Index of the next non-blank line at or after i (quoted lines with content count), or -1. */
function nextNonBlank(lines: readonly Line[], i: number): number {
  for (let k = i; k < lines.length; k++) if (!lines[k]!.blank) return k;
  return -1;
}

/** Is the next non-blank line after j (within a few blank lines) quoted deeper than line j? */
function nextIsQuoted(lines: readonly Line[], j: number): boolean {
  const depth = lines[j]!.depth;
  for (let k = j + 1; k < lines.length && k <= j + 8; k++) {
    const l = lines[k]!;
    if (l.depth > depth) return true;
    if (!l.blank) return false;
  }
  return false;
}

/**
 * An attribution starting at line i, possibly wrapped over several lines. When the match
 * only works with line i included because the client glued the attribution to the last
 * line of the reply, the start is moved down to where a strict match begins.
 */
function attributionAt(lines: readonly Line[], i: number): { start: number; end: number } | undefined {
  const first = lines[i]!;
  if (first.blank || first.long) return undefined;
  // Cheap pre-check: some line of the window must be able to end an attribution.
  let possible = false;
  for (let k = 0; k < MAX_ATTRIBUTION_LINES && i + k < lines.length; k++) {
    const l = lines[i + k]!;
    if (k > 0 && l.blank && l.depth === 0) break;
    if (mayEndAttribution(l.text)) {
      possible = true;
      break;
    }
  }
  if (!possible) return undefined;
  const depth = first.depth;
  let joined = '';
  const texts: string[] = [];
  for (let k = 0; k < MAX_ATTRIBUTION_LINES && i + k < lines.length; k++) {
    const j = i + k;
    const l = lines[j]!;
    if (k > 0 && /[.!?]$/.test(texts[k - 1]!)) break; // the previous line ended a sentence
    // A ">" opening a continuation line may close an address the client wrapped
    // ("… <test@example.com" / ">:"), rather than mark a quote.
    const closesAddress = k > 0 && depth === 0 && l.depth === 1 && l.raw.length <= 40 &&
      joined.lastIndexOf('<') > joined.lastIndexOf('>');
    if (k > 0 && !closesAddress && (l.blank || l.long || l.depth !== depth)) break;
    const text = closesAddress ? l.raw.trim() : l.text;
    texts.push(text);
    joined = k === 0 ? text : `${joined} ${text}`;
    if (joined.length > MAX_ATTRIBUTION_CHARS) break;
    if (!mayEndAttribution(text)) continue;
    if (!isAttribution(joined, nextIsQuoted(lines, j))) continue;
    // Latest start that still matches strictly: drops reply lines the join picked up.
    for (let s = j; s > i; s--) {
      const sub = texts.slice(s - i, k + 1).join(' ');
      if (isAttribution(sub, false)) return { start: s, end: j };
    }
    return { start: i, end: j };
  }
  return undefined;
}

/** headerLine() of a line, computed once (header blocks are probed from every line they contain). */
function headerOf(l: Line): HeaderLine | undefined {
  if (l.header === undefined) l.header = headerLine(l.text) ?? null;
  return l.header ?? undefined;
}

/** An Outlook-style header block starting at line i: its last line, and whether it is a forward. */
function headerBlockAt(lines: readonly Line[], i: number): { end: number; forward: boolean } | undefined {
  const l = lines[i]!;
  if (l.blank || l.long) return undefined;
  const h = headerOf(l);
  if (!h) return undefined;
  const kinds = new Set<HeaderKind>([h.kind]);
  let subject = h.kind === 'subject' ? h.value : undefined;
  if (h.kind === 'from' && /[:：]/.test(h.value)) for (const k of inlineHeaderKinds(h.value)) kinds.add(k);
  let end = i;
  let continuation = 0;
  for (let j = i + 1; j < lines.length && j < i + MAX_HEADER_BLOCK_LINES; j++) {
    const m = lines[j]!;
    if (m.blank || m.long || m.depth !== l.depth) break;
    const hh = headerOf(m);
    if (hh) {
      kinds.add(hh.kind);
      if (hh.kind === 'subject' && subject === undefined) subject = hh.value;
      end = j;
      continuation = 0;
      continue;
    }
    if (++continuation > 2) break; // a wrapped address, at most two lines
  }
  // Quoted-message headers always carry From and Sent/Date, plus To/Subject or an address.
  // Memo-style "From:/To:/Subject:" lines in a body have no date; shipping notices with
  // "From: Acme Warehouse / Date: …" have no address.
  if (!kinds.has('from') || !kinds.has('date')) return undefined;
  if (kinds.size < 3 && !fromHasAddress(lines, i, end)) return undefined;
  return { end, forward: subject !== undefined && isForwardSubject(subject) };
}

function fromHasAddress(lines: readonly Line[], start: number, end: number): boolean {
  for (let k = start; k <= end; k++) {
    const h = headerOf(lines[k]!);
    if (h?.kind === 'from') return hasEmail(h.value) || hasEmail(lines[k + 1]?.text ?? '');
  }
  return false;
}

/**
 * In an inline reply, the last line of new (unquoted) text after the quote that starts at
 * `from`, or -1 when nothing new follows. Stops at the next quote header, forward marker,
 * signature, list footer or rule line: what follows those is history or boilerplate.
 */
function lastInterleavedLine(ctx: Ctx, from: number): number {
  const { lines } = ctx;
  let lastNew = -1;
  for (let j = from; j < lines.length; j++) {
    const l = lines[j]!;
    if (l.depth > 0 || l.blank) continue;
    if (isWrappedQuoteContinuation(lines, j)) continue;
    if (l.long) {
      lastNew = j;
      continue;
    }
    if (boundaryAt(ctx, j)) break;
    if (isSeparator(l.text) || isFooterLine(l.text)) break;
    lastNew = j;
  }
  return lastNew;
}

/**
 * A client that hard-wraps quoted text after quoting leaves the tail of a long quoted line
 * unquoted ("> … Nullam pharetra d" / "ignissim odio?"). Such a line follows a long quoted
 * line directly and is followed by more quote or starts in lower case.
 */
function isWrappedQuoteContinuation(lines: readonly Line[], j: number): boolean {
  const prev = lines[j - 1];
  if (!prev || prev.depth === 0 || prev.text.length < 40) return false;
  const next = lines[j + 1];
  return (next !== undefined && next.depth > 0) || /^[\p{Ll}\d]/u.test(lines[j]!.text);
}

function hasUnquotedContent(lines: readonly Line[], from: number, end: number): boolean {
  for (let k = from; k < end; k++) {
    const l = lines[k]!;
    if (l.depth === 0 && !l.blank) return true;
  }
  return false;
}

/** A delivery-status report: a known opener near the top, or the RFC 3464 fields. */
function isBounce(lines: readonly Line[]): boolean {
  let seen = 0;
  let fields = 0;
  let actionOrStatus = false;
  for (const l of lines) {
    if (l.blank || l.depth > 0 || l.long) continue;
    if (seen < DSN_SCAN_LINES && isDsnOpener(l.text)) return true;
    seen++;
    if (isDsnField(l.text)) {
      fields++;
      if (isDsnActionOrStatus(l.text)) actionOrStatus = true;
      if (fields >= 3 && actionOrStatus) return true;
    }
  }
  return false;
}
