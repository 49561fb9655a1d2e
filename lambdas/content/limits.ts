/**
 * Every size limit of the mail-content pipeline (parse, render, reply extraction, links,
 * CTAs, codes), each with the reason for its value. Inbound mail is untrusted: each limit
 * bounds one stage so that the whole pipeline stays linear in its input and small in memory
 * whatever a sender puts in a message. The stage modules re-export what they use.
 */

// --- Parsing (lambdas/content/parse.ts)

/**
 * SES accepts up to 40 MB; above this we keep headers and the raw object only. Counted while
 * the object streams from S3, so a larger message is never buffered whole.
 */
export const MAX_PARSE_BYTES = 30 * 1024 * 1024;

/** Header JSON kept on the message item; long Received chains are trimmed beyond this. */
export const MAX_HEADER_BYTES = 64 * 1024;

/** Hostile mail can carry thousands of tiny parts; past this they are counted, not kept. */
export const MAX_ATTACHMENTS = 100;

/** Recipients kept per header: enough for any real list, bounded for item size. */
export const MAX_RECIPIENTS_PER_HEADER = 200;

// --- HTML rendering (one pass per message, lambdas/content/reply/html.ts)

/**
 * HTML characters rendered, for every use of the HTML (body_text, reply, links, CTAs, codes):
 * one limit for the one render. Gmail clips messages at 102 KB and heavy marketing mail stays
 * under ~300 KB; what we look for (the new text of a reply, a verification button, a code)
 * sits near the top. The render is linear; at this size a hostile body (1 MB of "<") costs
 * about half a second of CPU. Truncating mid-tag is harmless: the renderer closes what is open.
 */
export const MAX_HTML_CHARS = 1_000_000;

/**
 * Deepest element nesting rendered. Real mail nests well under 100 deep (Outlook's tables
 * included); deeper markup is hostile, and what lies below this depth is dropped.
 */
export const MAX_HTML_DEPTH = 1_000;

/** Longest attribute value kept (style, class, href); longer values are cut, not rejected. */
export const MAX_ATTRIBUTE_CHARS = 16_384;

/** Text kept per open link while rendering HTML, to compare it with the link's URL. */
export const MAX_LINK_TEXT_CHARS = 2_048;

// --- Reply extraction (lambdas/content/reply)

/**
 * Longest plain-text body we look at (characters). A human-written reply is a few KB; a
 * body beyond 2 MB is generated or hostile. The new text of a reply sits at the top, so
 * cutting the tail off loses nothing we would have returned.
 */
export const MAX_TEXT_CHARS = 2_000_000;

/**
 * Lines longer than this are never treated as a quote header, separator or signature line:
 * real attribution/header lines are well under 500 characters, and skipping long lines
 * bounds the cost of every per-line pattern test.
 */
export const MAX_PATTERN_LINE_CHARS = 1_000;

/** An "On … wrote:" attribution may be wrapped by the sending client over at most this many lines. */
export const MAX_ATTRIBUTION_LINES = 4;

/** Longest attribution (all its lines joined) we accept; the longest real ones are ~300 characters. */
export const MAX_ATTRIBUTION_CHARS = 400;

/** How many lines an Outlook-style "From:/Sent:/To:/Subject:" block may span, wrapped values included. */
export const MAX_HEADER_BLOCK_LINES = 12;

/** Only the last this-many non-blank lines are examined for signatures, footers and disclaimers. */
export const MAX_TRAILER_LINES = 40;

/** …and at most this many lines in all, so a flood of blank lines cannot widen the window. */
export const MAX_TRAILER_SPAN = 400;

/** Delivery-status reports announce themselves near the top; we look at this many non-blank lines. */
export const DSN_SCAN_LINES = 30;

// --- Links, calls to action, one-time codes (lambdas/content/links)

/** Plain-text body characters scanned for links and codes; text parts are far smaller than their HTML twins. */
export const MAX_LINK_SCAN_TEXT_CHARS = 256 * 1024;

/** Visible text kept from the HTML part (for codes and bare URLs in the HTML). */
export const MAX_VISIBLE_TEXT_CHARS = 256 * 1024;

/**
 * Tags looked at by the link scanner. The scanner rides the renderer's single pass (linear),
 * so this only bounds the anchors/emphasis bookkeeping; large newsletters have 3–6k tags.
 */
export const MAX_HTML_TAGS = 20_000;

/** Subject characters considered: RFC 5322's 998-character line limit. */
export const MAX_SUBJECT_CHARS = 998;

/**
 * Longest URL accepted. Click-tracking redirects run to ~1–2 KB; longer hrefs are data
 * blobs or padding. Same bound mailparser uses for one linkify segment.
 */
export const MAX_URL_CHARS = 4096;

/** URL candidates examined per source before giving up (each costs a WHATWG URL parse). */
export const MAX_URL_CANDIDATES = 5_000;

/** Distinct links returned by extractLinks(); a busy newsletter has ~100–200. */
export const MAX_LINKS = 500;

/** Anchors examined in the HTML part. */
export const MAX_ANCHORS = 2_000;

/** Anchor text kept per link; a button label is a few words, longer text is a paragraph link. */
export const MAX_ANCHOR_TEXT_CHARS = 300;

/** Characters of surrounding text used as context for a link. */
export const MAX_LINK_CONTEXT_CHARS = 240;

/** Style attribute characters parsed per element (hostile mail pads them to megabytes). */
export const MAX_STYLE_CHARS = 2_000;

/** Emphasised (big, monospace, bold) elements remembered as code hints. */
export const MAX_EMPHASIS = 2_000;

/** Call-to-action links returned, best first. */
export const MAX_CTA_LINKS = 5;

/** One-time codes returned, best first. */
export const MAX_CODES = 5;

/** Code context length promised by the API. */
export const MAX_CODE_CONTEXT_CHARS = 120;

/** Code-shaped tokens examined per source; OTP mail has a handful, receipts a few dozen. */
export const MAX_CODE_CANDIDATES = 2_000;

/** Longest whitespace-delimited word looked at as a possible code. */
export const MAX_CODE_WORD_CHARS = 40;
