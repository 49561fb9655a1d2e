/**
 * RFC 3676 text/plain; format=flowed decoding. mailparser's own decoder joins a soft-broken
 * line with the next one whatever their quote depth, so a flowed bottom-posted reply ended up
 * inside the quote above it ("> Hi Hello"); RFC 3676 §4.5 ends a paragraph where the quote
 * depth changes. Linear in the input; no regex runs over a whole paragraph.
 */

/** Quote depth of a flowed line (§4.5: ">" characters at the start, no spaces between them). */
function depthOf(line: string): number {
  let d = 0;
  while (d < line.length && line.charCodeAt(d) === 0x3e) d++;
  return d;
}

/**
 * The spaces that end a paragraph. `(?<! )` starts a match only at the first space of a run: a
 * plain ` +$` retries from every space of a long run that does not end the paragraph (quadratic).
 */
const TRAILING_SPACES = /(?<! ) +$/;

/**
 * Decodes a format=flowed body into lines. Each output line is one paragraph (soft breaks
 * joined); quoted paragraphs keep their depth as a "> " prefix per level. With `delSp`
 * (RFC 3676 §4.2, DelSp=yes) the space before a soft break is deleted when joining.
 */
export function decodeFlowed(text: string, delSp = false): string {
  const out: string[] = [];
  let para: string[] | null = null;
  let paraDepth = 0;
  let paraFlowed = false;
  const flush = () => {
    if (para === null) return;
    const joined = para.join('');
    const body = joined === '-- ' ? joined : joined.replace(TRAILING_SPACES, '');
    out.push(paraDepth > 0 ? `${'>'.repeat(paraDepth)}${body === '' ? '' : ` ${body}`}` : body);
    para = null;
  };
  for (const rawLine of text.split(/\r?\n/)) {
    const depth = depthOf(rawLine);
    let content = rawLine.slice(depth);
    // §4.4 space-stuffing: one leading space after the quote marks (or at the start) is removed.
    if (content.charCodeAt(0) === 0x20) content = content.slice(1);
    // §4.3: the signature separator "-- " is never flowed.
    const flowed = content.endsWith(' ') && content !== '-- ';
    if (para !== null && paraFlowed && depth === paraDepth) {
      para.push(content);
    } else {
      flush();
      para = [content];
      paraDepth = depth;
    }
    if (flowed && delSp) para[para.length - 1] = content.slice(0, -1);
    paraFlowed = flowed;
    if (!flowed) flush();
  }
  flush();
  return out.join('\n');
}
