/** Reply-extraction limits; defined with their reasons in the pipeline's one limits module. */
export {
  DSN_SCAN_LINES, MAX_ATTRIBUTE_CHARS, MAX_ATTRIBUTION_CHARS, MAX_ATTRIBUTION_LINES, MAX_HEADER_BLOCK_LINES, MAX_HTML_CHARS,
  MAX_HTML_DEPTH, MAX_LINK_TEXT_CHARS, MAX_PATTERN_LINE_CHARS, MAX_TEXT_CHARS, MAX_TRAILER_LINES, MAX_TRAILER_SPAN,
} from '../content/limits.ts';
