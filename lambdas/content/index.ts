/**
 * The mail-content pipeline: what ingest derives from a received message, once.
 *
 *   raw MIME (S3 object stream) ─ parseInboundReadable ─ MailParser, byte caps while streaming,
 *                                                      format=flowed decoded per RFC 3676
 *   HTML part ─ renderHtmlOnce ─ one tokenizer pass → rendered lines (+ quote hints,
 *                                 signature flags) and, riding the same pass, the link scanner
 *   body_text ← text part, or the rendered lines (HTML-only mail)
 *   reply_body ← the rendered reply view (quote containers) or the text part, never empty
 *   links, cta_links, verification_codes ← the text part and the one scan
 *
 * Sizes are bounded by the one limits module (./limits.ts). Pure: no I/O here.
 */
import { detectCtaLinks, extractLinks, extractVerificationCodes } from './links/index.ts';
import { createHtmlScanner, type HtmlScan } from './links/html.ts';
import type { ParsedInbound } from './parse-mail.ts';
import { capHtml, extractReply, extractReplyFromRendered, renderHtmlOnce, textOfRendered, type RenderedHtml } from './reply/index.ts';
import type { CtaLink, VerificationCode } from './links/types.ts';

export { decodeFlowed } from './flowed.ts';
export { parseInboundMail, parseInboundReadable, type ParsedInbound } from './parse-mail.ts';

export interface DerivedContent {
  body_text: string;
  body_html: string | null;
  reply_body: string;
  links: string[];
  cta_links: CtaLink[];
  verification_codes: VerificationCode[];
}

/** The one render of a message's HTML: the rendered lines and the link scan, from one pass. */
export function renderMailHtml(html: string): { rendered: RenderedHtml; scan: HtmlScan } {
  const scanner = createHtmlScanner();
  const rendered = renderHtmlOnce(capHtml(html), scanner.listener);
  return { rendered, scan: scanner.finish() };
}

/** Everything derived from the content once, shared by every recipient inbox. */
export function deriveContent(p: Pick<ParsedInbound, 'text' | 'html' | 'subject'>): DerivedContent {
  const html = p.html ? renderMailHtml(p.html) : undefined;
  const body_text = p.text.trim() ? p.text : html ? textOfRendered(html.rendered) : '';
  const fromHtml = html ? extractReplyFromRendered(html.rendered) : undefined;
  let reply_body = fromHtml ?? extractReply(body_text);
  // A reply is never empty for a body with text (issue 12): an HTML view that rendered to
  // nothing falls back to the text.
  if (!reply_body.trim() && body_text.trim()) reply_body = extractReply(body_text) || body_text.trim();
  const input = { text: body_text, subject: p.subject, ...(p.html && html ? { html: p.html, scan: html.scan } : {}) };
  return {
    body_text,
    body_html: p.html,
    reply_body,
    links: extractLinks(input),
    cta_links: detectCtaLinks(input),
    verification_codes: extractVerificationCodes(input),
  };
}
