/**
 * The mail-content pipeline: what ingest derives from a received message, once.
 *
 *   raw MIME (S3 object stream) ─ parseInboundReadable ─ MailParser, byte caps while streaming,
 *                                                      format=flowed decoded per RFC 3676
 *   HTML part ─ renderHtmlOnce ─ one tokenizer pass → rendered lines (+ quote hints,
 *                                 signature flags) and, riding the same pass, the link scanner
 *                                 and what a person would not see (hidden segments, alt/title texts)
 *   body_text ← text part, or the rendered lines (HTML-only mail)
 *   visible_text ← the rendered lines (HTML mail) or the text part, invisible characters removed
 *   reply_body ← the rendered reply view (quote containers) or the visible text, never empty
 *   forwarded ← the message a forward carries (its header block and text), from the visible text;
 *               for a forward sent as an attachment, forwardedAttachment reads the message/rfc822 part
 *   links ← the text part and the one scan
 *   cta_links, verification_codes ← visible content only: the scan (HTML mail) or the visible text
 *
 * Sizes are bounded by the one limits module (./limits.ts). Pure: no I/O here.
 */
import { detectCtaLinks, extractLinks, extractVerificationCodes } from './links/index.ts';
import { createHtmlScanner, type HtmlScan } from './links/html.ts';
import { parseInboundMail, type ParsedInbound } from './parse-mail.ts';
import { capHtml, extractForwarded, extractReply, extractReplyFromRendered, renderHtmlOnce, replyOfText, textOfRendered, type Forwarded, type RenderedHtml } from './reply/index.ts';
import type { CtaLink, VerificationCode } from './links/types.ts';
import type { AnchorView, HiddenSegment } from './safety/types.ts';
import { MAX_HIDDEN_SEGMENTS, stripInvisible } from './visibility.ts';

export { decodeFlowed } from './flowed.ts';
export { parseInboundMail, parseInboundReadable, type ParsedInbound } from './parse-mail.ts';

export interface DerivedContent {
  /** The text part as sent, or the HTML's rendering when there is no text part. */
  body_text: string;
  body_html: string | null;
  /** Only what a person sees: the HTML's visible rendering, or the text part, without invisible characters. */
  visible_text: string;
  /** Text in the mail a person would not see, and how it was hidden. */
  hidden: HiddenSegment[];
  /** The HTML's links a person sees: where each goes and its visible text. */
  anchors: AnchorView[];
  /** alt / title / aria-label of images and links. */
  attribute_texts: string[];
  reply_body: string;
  /** A forward's message: From, Date, Subject and its text; null when the mail forwards nothing. */
  forwarded: Forwarded | null;
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
  // What a person sees: with HTML, its visible rendering (the text part is an alternative a
  // person does not see); otherwise the text part. Invisible characters are cut from both, and
  // reported with the hidden parts of the HTML.
  const fromText = p.text ? stripInvisible(p.text, false) : undefined;
  const fromHtml = html ? stripInvisible(textOfRendered(html.rendered), true) : undefined;
  const visible_text = fromHtml?.text ?? fromText?.text ?? '';
  const hidden = [...(html?.rendered.hidden ?? []), ...(fromHtml?.segments ?? []), ...(fromText?.segments ?? [])].slice(0, MAX_HIDDEN_SEGMENTS);
  // The HTML's reply view answers only when it shows quote structure; else the visible text is read.
  const replyFromHtml = html ? extractReplyFromRendered(html.rendered) : undefined;
  const reply = replyFromHtml !== undefined ? { text: replyFromHtml, quoteFound: true } : replyOfText(visible_text);
  let reply_body = reply.text;
  // A forward is a quote boundary to the reply extraction: no boundary, nothing forwarded (and no second read of the text).
  // A reply is never empty for a body with text (issue 12): a view that rendered to nothing falls
  // back to the visible text, and only then to the body as sent.
  if (!reply_body.trim() && visible_text.trim()) reply_body = visible_text.trim();
  if (!reply_body.trim() && body_text.trim()) reply_body = extractReply(body_text) || body_text.trim();
  // Codes and calls to action come from what the reader sees, never from hidden text: for HTML
  // mail the scan (which leaves hidden text out), otherwise the text part without invisible characters.
  const visible = html ? { text: '', subject: p.subject, html: p.html ?? '', scan: html.scan } : { text: visible_text, subject: p.subject };
  const all = { text: body_text, subject: p.subject, ...(p.html && html ? { html: p.html, scan: html.scan } : {}) };
  return {
    body_text,
    body_html: p.html,
    visible_text,
    hidden,
    anchors: html ? html.scan.anchors.filter((a) => !a.hidden).map((a) => ({ href: a.href, text: a.text })) : [],
    attribute_texts: html?.rendered.attributeTexts ?? [],
    reply_body,
    forwarded: reply.quoteFound ? extractForwarded(visible_text) : null,
    links: extractLinks(all),
    cta_links: detectCtaLinks(visible),
    verification_codes: extractVerificationCodes(visible),
  };
}

/**
 * A forward sent as an attachment ("Forward as attachment": a message/rfc822 part): the first such
 * part read as a mail of its own — its From, Date and Subject as written, and its text (the text
 * part, else what a person sees of the HTML; nothing else is derived from it, as nothing else is
 * stored). Not deeper: a forward inside it stays part of its body.
 */
export async function forwardedAttachment(p: Pick<ParsedInbound, 'attachments' | 'headers'>): Promise<Forwarded | null> {
  // A report (a bounce's delivery status, an abuse report) carries the message it reports on: no forward.
  const type = p.headers['content-type'];
  if (typeof type === 'string' && /^\s*multipart\/report\b/i.test(type)) return null;
  const part = p.attachments.find((a) => a.contentType === 'message/rfc822' && a.content.length > 0);
  if (!part) return null;
  const inner = await parseInboundMail(part.content);
  const from = inner.from ? (inner.from.name ? `${inner.from.name} <${inner.from.address}>` : inner.from.address) : null;
  const date = Array.isArray(inner.headers.date) ? inner.headers.date[0] : inner.headers.date;
  const body = inner.text.trim() ? stripInvisible(inner.text, false).text
    : inner.html ? stripInvisible(textOfRendered(renderHtmlOnce(capHtml(inner.html))), true).text : '';
  return { from, date: date ?? null, subject: inner.subject || null, body: body.trim() };
}
