/**
 * Input caps for reply extraction. Inbound mail is untrusted: every bound here keeps the
 * work linear and small whatever a sender puts in a body.
 */

/**
 * Longest plain-text body we look at (characters). A human-written reply is a few KB; a
 * body beyond 2 MB is generated or hostile. The new text of a reply sits at the top, so
 * cutting the tail off loses nothing we would have returned.
 */
export const MAX_TEXT_CHARS = 2_000_000;

/**
 * Longest HTML body we parse (characters). HTML carries several times its visible text in
 * markup (inline styles, tables, conditional comments), so it gets twice the text budget.
 * Truncating HTML mid-tag is harmless: the parser closes what is open.
 */
export const MAX_HTML_CHARS = 4_000_000;

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

/** Text kept per open link while rendering HTML, to compare it with the link's URL. */
export const MAX_LINK_TEXT_CHARS = 2_048;

/**
 * Deepest element nesting rendered. Real mail nests well under 100 deep (Outlook's tables
 * included); deeper markup is hostile, and what lies below this depth is dropped.
 */
export const MAX_HTML_DEPTH = 1_000;

/** Longest attribute value kept (style, class, href); longer values are cut, not rejected. */
export const MAX_ATTRIBUTE_CHARS = 16_384;
