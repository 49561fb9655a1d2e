/**
 * Reply extraction: the new text the sender wrote, without quoted history, attribution
 * lines ("On … wrote:"), forwarded-header blocks, signatures and list/legal boilerplate.
 *
 * Pure domain code: no I/O. All three functions accept untrusted input of any size (it is
 * capped, see limits.ts) and never throw.
 */

import { joinRendered, renderHtmlOnce, viewOf, type RenderedHtml } from './html.ts';
import { MAX_HTML_CHARS, MAX_TEXT_CHARS } from './limits.ts';
import { splitLines, toLine } from './lines.ts';
import { extractFromLines } from './text.ts';

export { MAX_HTML_CHARS, MAX_TEXT_CHARS } from './limits.ts';

const capText = (s: string) => (s.length > MAX_TEXT_CHARS ? s.slice(0, MAX_TEXT_CHARS) : s);
/** The one HTML size limit of the pipeline (content/limits.ts), applied before the one render. */
export const capHtml = (s: string) => (s.length > MAX_HTML_CHARS ? s.slice(0, MAX_HTML_CHARS) : s);

/**
 * The reply text of a plain-text body. Returns '' for empty input. When nothing in the body
 * is recognisably quoted, returns the trimmed body minus trailing signature boilerplate.
 * Forwarded messages and delivery-status reports are returned whole (trimmed).
 */
export function extractReply(text: string): string {
  return replyOfText(text).text;
}

/** extractReply, and whether a quote boundary or a forward marker was found (else the body forwards nothing). */
export function replyOfText(text: string): { text: string; quoteFound: boolean } {
  if (typeof text !== 'string' || text === '') return { text: '', quoteFound: false };
  const capped = capText(text);
  try {
    const { text: reply, quoteFound } = extractFromLines(splitLines(capped));
    return { text: reply, quoteFound };
  } catch {
    return { text: capped.trim(), quoteFound: false };
  }
}

/**
 * The reply text of an HTML body: quoted parts are removed on the HTML structure
 * (gmail_quote, blockquote type=cite, Outlook divRplyFwdMsg / border-top header blocks,
 * yahoo_quoted, moz-cite-prefix, OLK_SRC_BODY_SECTION), then the visible text of what
 * remains gets the same cleaning as extractReply. Returns undefined when the HTML shows
 * no quote structure at all, so the caller can run extractReply on the text/plain part.
 */
export function extractReplyFromHtml(html: string): string | undefined {
  if (typeof html !== 'string' || html.trim() === '') return undefined;
  try {
    return extractReplyFromRendered(renderHtmlOnce(capHtml(html)));
  } catch {
    return undefined;
  }
}

/** extractReplyFromHtml on an HTML body already rendered (the content pipeline renders once). */
export function extractReplyFromRendered(r: RenderedHtml): string | undefined {
  try {
    const rendered = viewOf(r, { forReply: true });
    const lines = rendered.lines.slice(0, MAX_TEXT_LINES_FROM_HTML).map(toLine);
    const result = extractFromLines(lines, rendered.hints);
    if (!rendered.structural && !result.quoteFound) return undefined;
    return foldBlankLines(result.text);
  } catch {
    return undefined;
  }
}

/**
 * Visible text of an HTML body: no script/style/head content, hidden elements left out,
 * links rendered as their text (followed by "<url>" when the URL differs from the text),
 * block elements on their own lines, blockquotes ">"-prefixed, runs of blank lines folded.
 */
export function htmlToText(html: string): string {
  if (typeof html !== 'string' || html === '') return '';
  try {
    return textOfRendered(renderHtmlOnce(capHtml(html)));
  } catch {
    return '';
  }
}

/** htmlToText on an HTML body already rendered. */
export function textOfRendered(r: RenderedHtml): string {
  return capText(joinRendered(viewOf(r, { forReply: false }).lines));
}

export { renderHtmlOnce, type RenderedHtml, type TreeListener } from './html.ts';
export { extractForwarded, type Forwarded } from './forwarded.ts';

/** Rendered HTML can have many more lines than the text cap would allow; bound it the same way. */
const MAX_TEXT_LINES_FROM_HTML = Math.floor(MAX_TEXT_CHARS / 2);

function foldBlankLines(s: string): string {
  return s.replace(/\n(?:[ \t]*\n){2,}/g, '\n\n');
}
