/**
 * The text-level extractor. Works on Line[] (see lines.ts) so the HTML path can feed it
 * rendered lines plus "hint" line numbers where a client's quote container starts.
 *
 * 1. A delivery-status report is returned whole.
 * 2. Every line is marked, top-down: the sender's text, ">" quote, a quote header (an
 *    attribution such as "On … wrote:" in many languages, wrapped over up to four lines; an
 *    "Original Message" rule; an Outlook "From:/Sent:/To:/Subject:" block; a forward marker;
 *    an HTML quote container), or a signature ("-- ", "Sent from my …") up to the next quote.
 *    A quote header followed by ">" lines opens a quote block, and the unquoted text after
 *    the block is new text again (bottom posting, interleaved answers). A quote header
 *    followed by unquoted text opens history that runs to the end of the body.
 * 3. The reply is the sender's text lines, in order, with the blank lines that followed a
 *    removed block dropped; then trailing boilerplate (signatures, footers, disclaimers)
 *    is removed from its end.
 * 4. When no line of the sender's text is left (a mail that is only a quote, a forward with
 *    no note above it) the whole body is returned: a reply is never empty for a body with text.
 *
 * So the reply is always a subsequence of the body's lines, but for a line the reply shares with an
 * attribution ("reply--- On … wrote:"), which is cut to the reply's words.
 */

import { joinLines, toLine, type Line } from './lines.ts';
import { DSN_SCAN_LINES, MAX_ATTRIBUTION_CHARS, MAX_ATTRIBUTION_LINES, MAX_HEADER_BLOCK_LINES } from './limits.ts';
import {
  hasDate, hasEmail, hasUrl, headerLine, inlineHeaderKinds, isAttribution, isDsnActionOrStatus, isDsnField, isDsnOpener,
  isForwardMarker, isForwardSubject, isMobileSignature, isOriginalMessageSeparator, isSigDelimiter,
  mayEndAttribution, opensAttribution, opensDatedAttribution, type HeaderKind, type HeaderLine,
} from './patterns.ts';
import { ruleOn } from './rules.ts';
import { stripTrailer } from './signature.ts';

export type BoundaryKind =
  | 'quote' | 'attribution' | 'header' | 'separator' | 'forward' | 'hint' | 'mobile' | 'signature';

export interface Boundary {
  kind: BoundaryKind;
  /** First line of the boundary marker. */
  start: number;
  /** Last line of the marker (an attribution or header block can span several lines). */
  end: number;
  /** The reply's last words when the client wrote the attribution after them on one line ("reply--- On … wrote:"). */
  head?: string;
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

/** What a line is to the extractor; only 'text' (and the blank lines between) can be returned. */
type Mark = 'text' | 'blank' | 'quote' | 'header' | 'history' | 'signature';

export function extractFromLines(lines: readonly Line[], hints: ReadonlySet<number> = new Set()): Extraction {
  const n = lines.length;
  if (isBounce(lines)) return { text: joinLines(lines), quoteFound: false, kind: 'bounce' };

  let firstContent = 0;
  while (firstContent < n && lines[firstContent]!.blank) firstContent++;
  const ctx: Ctx = { lines, hints, firstContent };

  const marks: Mark[] = new Array<Mark>(n).fill('blank');
  // The lines as returned: a line the reply shares with an attribution is cut to the reply's part.
  let shown: Line[] | undefined;
  let quoteFound = false;
  let forward = false;
  let inSignature = false;
  for (let i = 0; i < n; i++) {
    const l = lines[i]!;
    if (hints.has(i) || (l.depth === 0 && !l.blank)) {
      const b = boundaryAt(ctx, i);
      if (b && QUOTE_KINDS.has(b.kind) && b.kind !== 'quote') {
        quoteFound = true;
        if (b.kind === 'forward') forward = true;
        // An attribution glued under the last reply line starts below i: those lines are text.
        for (let k = i; k < b.start; k++) marks[k] = lines[k]!.blank ? 'blank' : inSignature ? 'signature' : 'text';
        for (let k = b.start; k <= b.end; k++) marks[k] = lines[k]!.blank ? 'blank' : 'header';
        if (b.head !== undefined) {
          shown ??= lines.slice();
          shown[b.start] = toLine(b.head);
          marks[b.start] = inSignature ? 'signature' : 'text';
        }
        const next = nextNonBlank(lines, b.end + 1);
        if (next === -1 || lines[next]!.depth === 0) {
          // Unquoted history (Outlook, forwards, "On … wrote:" over pasted text) runs to the end.
          for (let k = b.end + 1; k < n; k++) marks[k] = 'history';
          break;
        }
        inSignature = false;
        i = b.end;
        continue;
      }
      if (b && (b.kind === 'mobile' || b.kind === 'signature')) {
        inSignature = true;
        marks[i] = 'signature';
        continue;
      }
    }
    if (l.depth > 0) {
      marks[i] = 'quote';
      quoteFound = true;
      inSignature = false;
      continue;
    }
    if (l.blank) continue;
    if (isQuoteContinuation(lines, i)) {
      marks[i] = 'quote';
      continue;
    }
    marks[i] = inSignature ? 'signature' : 'text';
  }

  // The sender's lines, in order; blank lines right after a removed block go with it.
  const kept: Line[] = [];
  let afterRemoved = false;
  let hasText = false;
  for (let k = 0; k < n; k++) {
    const m = marks[k]!;
    if (m === 'text') {
      kept.push((shown ?? lines)[k]!);
      hasText = true;
      afterRemoved = false;
    } else if (m === 'blank') {
      if (!afterRemoved) kept.push(lines[k]!);
    } else afterRemoved = true;
  }
  const kind = forward ? 'forward' : quoteFound ? 'reply' : 'plain';
  const text = hasText ? joinLines(kept, 0, stripTrailer(kept, 0, kept.length)) : '';
  if (/[\p{L}\p{N}]/u.test(text)) return { text, quoteFound, kind };
  // Nothing of the sender's own is left (a mail that is only a quote, a forward without a
  // note): the body is returned rather than an empty reply; whole, unless it has unquoted
  // text besides quote headers and signatures (unmarked history, a short answer taken for the
  // tail of a wrapped quoted line), which is then returned without the ">" lines.
  const unquoted = marks.some((m, k) => (m === 'history' || m === 'quote') && lines[k]!.depth === 0 && !lines[k]!.blank);
  return { text: joinLines(unquoted ? lines.filter((l) => l.depth === 0) : lines), quoteFound, kind };
}

/**
 * The line with each word holding a URL replaced by a space. Word by word: one regex for the
 * whole word (any non-space run around "http://" or "www.") rescans a long word without a URL from
 * each of its characters.
 */
const withoutUrlWords = (t: string) => t.replace(/\S+/g, (word) => (/https?:\/\/|www\./i.test(word) ? ' ' : word));

/**
 * An unquoted line inside a quote block that still belongs to the quote: the tail of a long
 * quoted line a client hard-wrapped after quoting, or a link fragment split off a quoted line
 * ("(http://example.com/c/…) >", "_nonce=3dd518)").
 */
function isQuoteContinuation(lines: readonly Line[], j: number): boolean {
  const prev = lines[j - 1];
  if (!prev || prev.depth === 0) return false;
  if (isWrappedQuoteContinuation(lines, j)) return true;
  const t = lines[j]!.text;
  const next = lines[j + 1];
  const linkish = / >$/.test(t) || (hasUrl(t) && !/\s\p{L}{2,}\s/u.test(withoutUrlWords(t))) || (!t.includes(' ') && /[)=_&/]/.test(t));
  return linkish && next !== undefined && (next.depth > 0 || next.blank);
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
  if (a) return { kind: 'attribution', ...a };
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
function attributionAt(lines: readonly Line[], i: number): { start: number; end: number; head?: string } | undefined {
  const first = lines[i]!;
  if (first.blank || first.long) return undefined;
  // Cheap pre-check: some line of the window must be able to end an attribution.
  let possible = false;
  for (let k = 0; k < MAX_ATTRIBUTION_LINES && i + k < lines.length; k++) {
    const l = lines[i + k]!;
    if (k > 0 && l.blank && l.depth === 0) break;
    if (mayEndAttribution(l.text) || (l.depth === first.depth && nextIsQuoted(lines, i + k))) {
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
    joined = joinAttributionLines(texts);
    if (joined.length > MAX_ATTRIBUTION_CHARS) break;
    const quoted = nextIsQuoted(lines, j);
    if (!mayEndAttribution(joined) && !quoted) continue;
    if (!isAttribution(joined, quoted)) continue;
    // Latest start that still matches strictly: drops reply lines the join picked up, but not
    // the dated opening of an attribution the client wrapped.
    if (j > i && ruleOn('dated-attribution-head') && opensDatedAttribution(first.text)) return { start: i, end: j };
    for (let s = j; s > i; s--) {
      const sub = texts.slice(s - i, k + 1);
      if (isAttribution(joinAttributionLines(sub), false)) return withHead(s, j, sub, quoted);
    }
    // Over a quote, a last line that is an attribution on its own, naming a date and an address
    // ("2011/4/7 Nathan <support@example.com>"), is the whole of it: the lines above are the reply's.
    const last = texts[k]!;
    if (quoted && j > i && hasEmail(last) && hasDate(last) && ruleOn('attribution-line-over-quote') &&
      isAttribution(last, true)) return withHead(j, j, [last], quoted);
    return withHead(i, j, texts, quoted);
  }
  return undefined;
}

/**
 * The attribution from `start` to `end`, with the reply's last words when the client wrote them on
 * its first line ("reply--- On Wed, Apr 4, 2012 at 3:59 PM, bob@example.com wrote:"): the
 * attribution then begins at a later word that opens one and still matches from there.
 */
function withHead(start: number, end: number, texts: readonly string[], quoted: boolean): { start: number; end: number; head?: string } {
  if (!ruleOn('attribution-after-reply-words')) return { start, end };
  const first = texts[0]!;
  const rest = texts.slice(1);
  // A later word that opens an attribution, after a space or glued on by dashes ("reply---On").
  for (let p = 1; p < first.length - 1; p++) {
    const c = first.charCodeAt(p - 1);
    if (c !== 0x20 && c !== 0x2d) continue;
    const tail = first.slice(p);
    if (!opensAttribution(tail) || !isAttribution(joinAttributionLines([tail, ...rest]), quoted)) continue;
    let cut = p;
    while (cut > 0 && (first.charCodeAt(cut - 1) === 0x20 || first.charCodeAt(cut - 1) === 0x2d)) cut--;
    const head = first.slice(0, cut);
    // An address or a date before it belongs to the attribution ("Max <max@example.de> schrieb am …").
    if (!/[\p{L}\p{N}]/u.test(head) || hasEmail(head) || hasDate(head)) return { start, end };
    return { start, end, head };
  }
  return { start, end };
}

/**
 * The lines of a wrapped attribution joined for matching. A quoted-printable soft line break
 * left undecoded ("… w=" / "rote:") joins without a space, and leftover "=E2=80=AF" escapes
 * read as a space.
 */
function joinAttributionLines(texts: readonly string[]): string {
  let out = '';
  for (const t of texts) out = out === '' ? t : out.endsWith('=') ? out.slice(0, -1) + t : `${out} ${t}`;
  return out.includes('=') ? out.replace(/(?:=[0-9A-F]{2})+/g, ' ').replace(/ {2,}/g, ' ') : out;
}

/** headerLine() of a line, computed once (header blocks are probed from every line they contain). */
function headerOf(l: Line): HeaderLine | undefined {
  if (l.header === undefined) l.header = headerLine(l.text) ?? null;
  return l.header ?? undefined;
}

/** An Outlook-style header block starting at line i: its last line, and whether it is a forward. */
export function headerBlockAt(lines: readonly Line[], i: number): { end: number; forward: boolean } | undefined {
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
 * A client that hard-wraps quoted text after quoting leaves the tail of a long quoted line
 * unquoted ("> … Nullam pharetra d" / "ignissim odio?"). Such a line follows a long quoted
 * line directly and is followed by more quote or starts in lower case.
 */
function isWrappedQuoteContinuation(lines: readonly Line[], j: number): boolean {
  const prev = lines[j - 1];
  if (!prev || prev.depth === 0 || prev.text.length < 40) return false;
  // A quoted line that ends a sentence was not cut by a wrap: what follows is an answer.
  if (/[.?!]$/.test(prev.text) && /^\p{Lu}/u.test(lines[j]!.text)) return false;
  const next = lines[j + 1];
  return (next !== undefined && next.depth > 0) || /^[\p{Ll}\d]/u.test(lines[j]!.text);
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
