/**
 * Invariants of reply extraction (issue 12), over generated bodies (fast-check):
 *  - reply_body is never empty when the body has any text;
 *  - when the body has unquoted text that is neither a quote header nor a signature,
 *    reply_body has no line that starts with ">";
 *  - reply_body is a subsequence of the body's lines (each compared without its edge spaces), a line
 *    the reply shares with an attribution ("reply--- On … wrote:") cut to its start.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractReply } from '../../lambdas/content/reply/index.ts';

type Tagged = { kind: 'text' | 'quote' | 'header' | 'signature' | 'blank'; line: string };

const word = fc.constantFrom('alpha', 'budget', 'call', 'data', 'every', 'friday', 'green', 'house', 'invoice', 'jump', 'kind',
  'later', 'meeting', 'never', 'open', 'plan', 'quick', 'room', 'slides', 'today', 'until', 'very', 'week', 'yes', 'zero',
  'dienstag', 'merci', 'ciao', 'спасибо', 'tak', '好的');
const sentence = fc.array(word, { minLength: 1, maxLength: 9 }).map((ws) => {
  const s = ws.join(' ');
  return s.charAt(0).toUpperCase() + s.slice(1) + '.';
});
const text = sentence.map((line): Tagged => ({ kind: 'text', line }));
const quote = fc.tuple(fc.constantFrom('> ', '>', '>> ', '> > '), fc.oneof(sentence, fc.constant(''))).map(
  ([q, s]): Tagged => ({ kind: 'quote', line: q + s }));
const header = fc.constantFrom(
  'On Tue, Mar 12, 2024 at 10:15 AM Bob Smith <bob@example.com> wrote:',
  'Am 12.03.2024 um 10:15 schrieb Max Mustermann <max@example.de>:',
  '-----Original Message-----',
  'Le mar. 12 mars 2024 à 10:15, Jean <jean@example.fr> a écrit :',
  'вт, 12 бер. 2024 р. о 10:15 Іван <ivan@example.ua> пише:',
  '---------- Forwarded message ---------',
).map((line): Tagged => ({ kind: 'header', line }));
const signature = fc.constantFrom('-- ', 'Sent from my iPhone', '-Tom', 'Get Outlook for iOS', 'Von meinem iPhone gesendet')
  .map((line): Tagged => ({ kind: 'signature', line }));
const blank = fc.constant<Tagged>({ kind: 'blank', line: '' });
const body = fc.array(fc.oneof({ weight: 4, arbitrary: text }, { weight: 4, arbitrary: quote }, { weight: 1, arbitrary: header },
  { weight: 1, arbitrary: signature }, { weight: 3, arbitrary: blank }), { minLength: 1, maxLength: 30 });

/**
 * Unquoted text that is the sender's own: a text line not inside a signature (a "-- " delimiter
 * or a mobile tagline starts one, running to the next quote or quote header).
 */
function hasOwnText(tagged: Tagged[]): boolean {
  let inSignature = false;
  for (const t of tagged) {
    if (t.kind === 'signature' && t.line !== '-Tom') inSignature = true;
    else if (t.kind === 'quote' || t.kind === 'header') inSignature = false;
    else if (t.kind === 'text' && !inSignature) return true;
  }
  return false;
}

const linesOf = (s: string) => s.split('\n').map((l) => l.trim());
function isSubsequence(part: string[], whole: string[]): boolean {
  let i = 0;
  for (const l of whole) if (i < part.length && (l === part[i] || (part[i] !== '' && l.startsWith(part[i]!)))) i++;
  return i === part.length;
}

describe('reply extraction invariants (fast-check)', () => {
  const runs = { numRuns: 2000 };

  it('never returns an empty reply for a body with text', () => {
    fc.assert(fc.property(fc.oneof(body.map((b) => b.map((t) => t.line).join('\n')), fc.string({ unit: 'grapheme', maxLength: 300 })), (b) => {
      expect(extractReply(b) === '').toBe(b.trim() === '');
    }), runs);
  });

  it('returns no ">" line when the body has unquoted text that is no quote header or signature', () => {
    fc.assert(fc.property(body, (tagged) => {
      fc.pre(hasOwnText(tagged));
      const reply = extractReply(tagged.map((t) => t.line).join('\n'));
      expect(linesOf(reply).filter((l) => l.startsWith('>'))).toEqual([]);
    }), runs);
  });

  it('returns a subsequence of the body\'s lines (or of their starts)', () => {
    fc.assert(fc.property(fc.oneof(body.map((b) => b.map((t) => t.line).join('\n')), fc.string({ maxLength: 300 })), (b) => {
      expect(isSubsequence(linesOf(extractReply(b)), linesOf(b))).toBe(true);
    }), runs);
  });

  /**
   * Issue 30: a reply written above the quote, below it, or between its parts keeps every line
   * of new text, in order, and none of the quote. New text is sentences of three words or more
   * (a lone word at the end reads as a name under a closing, which the convention may drop).
   */
  const newLine = fc.array(word, { minLength: 3, maxLength: 9 }).map((ws) => {
    const s = ws.join(' ');
    return s.charAt(0).toUpperCase() + s.slice(1) + '.';
  });
  const paragraph = fc.array(newLine, { minLength: 1, maxLength: 3 });
  const quoted = fc.array(sentence, { minLength: 1, maxLength: 4 }).map((ls) => ls.map((l) => `> ${l}`));
  const attribution = header.filter((h) => !/forwarded|original message/i.test(h.line)).map((h) => h.line);
  const shapes = {
    top: fc.tuple(paragraph, attribution, quoted).map(([n, a, q]) => ({ fresh: n, body: [...n, '', a, ...q] })),
    bottom: fc.tuple(attribution, quoted, paragraph).map(([a, q, n]) => ({ fresh: n, body: [a, ...q, '', ...n] })),
    interleaved: fc.tuple(attribution, fc.array(fc.tuple(quoted, paragraph), { minLength: 2, maxLength: 4 })).map(([a, parts]) => ({
      fresh: parts.flatMap(([, n]) => n),
      body: [a, ...parts.flatMap(([q, n]) => [...q, '', ...n, ''])],
    })),
  };
  for (const [shape, arbitrary] of Object.entries(shapes)) {
    it(`keeps every line of new text of a ${shape === 'top' ? 'top-posted' : shape === 'bottom' ? 'bottom-posted' : 'interleaved'} reply, in order, and no quoted line`, () => {
      fc.assert(fc.property(arbitrary, ({ fresh, body: lines }) => {
        const reply = linesOf(extractReply(lines.join('\n'))).filter((l) => l !== '');
        expect(reply).toEqual(fresh);
      }), { numRuns: 1000 });
    });
  }
});
