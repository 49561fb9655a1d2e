/**
 * Size caps for link, call-to-action and one-time-code extraction.
 *
 * Every input here is attacker-controlled mail. Each cap bounds one stage so that the
 * whole pipeline stays linear in the (already capped) input and finishes in tens of
 * milliseconds even on hostile messages; the numbers are generous next to real mail.
 */

/**
 * HTML characters scanned. Gmail clips messages at 102 KB and the content we look for
 * (a verification button, a code) sits near the top; heavy marketing mail stays under
 * ~300 KB. Anything past this is ignored.
 */
export const MAX_HTML_CHARS = 512 * 1024;

/**
 * Tags scanned. htmlparser2's Parser keeps its open-element stack in an array it
 * unshift()s onto and searches with indexOf(), so deeply nested or unbalanced markup
 * costs O(depth²): 200k nested <div>s take ~16 s. 20k tags bound that to ~0.1 s;
 * large newsletters have 3–6k tags.
 */
export const MAX_HTML_TAGS = 20_000;

/** Plain-text body characters scanned; text parts are far smaller than their HTML twins. */
export const MAX_TEXT_CHARS = 256 * 1024;

/** Visible text kept from the HTML part (for codes and bare URLs in the HTML). */
export const MAX_VISIBLE_TEXT_CHARS = 256 * 1024;

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
