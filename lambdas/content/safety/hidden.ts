/**
 * hidden_content: text a person does not see when the mail is rendered (the render reports it as
 * HiddenSegment), when it instructs a reader or is substantial. Not: one short leading preview
 * line (the preheader), template and merge-tag comments, JSON-LD without instructions.
 */
import { findInjection } from './injection.ts';
import { quote } from './text.ts';
import type { HiddenSegment } from './types.ts';

/** A preheader is one leading line of about this many characters at most (padding excluded). */
const PREHEADER_MAX_CHARS = 160;
/** Hidden text of at least this many words (or characters, for scripts without spaces) is substantial. */
const SUBSTANTIAL_WORDS = 25;
const SUBSTANTIAL_CHARS = 200;

/** Text with the preheader padding (ZWNJ, U+034F, no-break spaces, soft hyphens) and spaces squeezed out. */
const content = (s: string, fold: (raw: string) => string) => fold(s).replace(/\s+/g, ' ').trim();

const wordCount = (s: string) => s.split(' ').filter((w) => /\p{L}/u.test(w)).length;

export interface HiddenFinding { segment: HiddenSegment; why: string; evidence: string }

/** The hidden segments that count, with why; `fold` is foldText (./text.ts), or one that remembers what it folded. */
export function hiddenFindings(segments: readonly HiddenSegment[], fold: (raw: string) => string): HiddenFinding[] {
  const out: HiddenFinding[] = [];
  let preheaderSeen = false;
  for (const seg of segments) {
    const text = content(seg.text, fold);
    if (text === '') continue;
    const instructs = findInjection(text, false) !== undefined;
    const substantial = wordCount(text) >= SUBSTANTIAL_WORDS || text.length >= SUBSTANTIAL_CHARS;
    let why: string | undefined;
    if (seg.method === 'tag-characters' || seg.method === 'zero-width') {
      // Invisible characters that spell text exist only to be read by machines.
      if (text.length >= 4) why = `text encoded in invisible ${seg.method === 'tag-characters' ? 'Unicode tag' : 'zero-width'} characters`;
    } else if (instructs) {
      why = `hidden text (${seg.method}) that gives a reader instructions`;
    } else if (seg.leading && !preheaderSeen && text.length <= PREHEADER_MAX_CHARS && seg.method !== 'comment' && seg.method !== 'script-data') {
      preheaderSeen = true; // the preheader rule: one short preview line
    } else if (substantial && seg.method !== 'script-data') {
      why = `a substantial block of hidden text (${seg.method})`;
    }
    if (why) out.push({ segment: seg, why, evidence: quote(text) });
  }
  return out;
}
