/**
 * Trailing boilerplate: what a client or a person appends under the new text — mobile
 * signatures, "-- " blocks, contact cards, list footers, legal disclaimers.
 *
 * Every rule only ever removes lines at the end of the reply, always leaves at least one
 * line of content above what it removes, and looks at no more than MAX_TRAILER_LINES lines.
 */

import type { Line } from './lines.ts';
import { MAX_TRAILER_LINES, MAX_TRAILER_SPAN } from './limits.ts';
import {
  isContactLine, isDashSignoff, isDisclaimer, isFooterLine, isLoneName, isMobileMarker, isMobileSignature, isNameLike,
  isSeparator, isSigDelimiter, isValediction,
} from './patterns.ts';
import { ruleOn } from './rules.ts';

/** Returns the new exclusive end of lines[start, end) once trailing boilerplate is removed. */
export function stripTrailer(lines: readonly Line[], start: number, end: number): number {
  // From here on `start` is the first non-blank line, so "content above i" is simply i > start.
  let first = start;
  while (first < end && lines[first]!.blank) first++;
  let e = skipBlankBack(lines, first, end);
  for (let guard = 0; guard < 50; guard++) {
    const next = stripOnce(lines, first, e);
    if (next === e) break;
    e = skipBlankBack(lines, first, next);
  }
  return e;
}

function skipBlankBack(lines: readonly Line[], start: number, end: number): number {
  let e = end;
  while (e > start && lines[e - 1]!.blank && lines[e - 1]!.depth === 0) e--;
  return e;
}

/** True when the region (whose first line, `start`, is non-blank) has content above line i. */
function hasContentBefore(_lines: readonly Line[], start: number, i: number): boolean {
  return i > start;
}

/** Index of the first line of the paragraph (run of non-blank lines) that ends at e-1. */
function paragraphStart(lines: readonly Line[], start: number, e: number): number {
  let p = e - 1;
  while (p > start && !lines[p - 1]!.blank) p--;
  return p;
}

function stripOnce(lines: readonly Line[], start: number, e: number): number {
  if (e <= start) return e;
  const last = lines[e - 1]!;
  if (last.depth > 0) return e; // quoted context of an inline reply is never a signature

  // Bare rule lines and "--" left hanging at the end.
  if (isSeparator(last.text) || isSigDelimiter(last.text)) return e - 1;

  // "Sent from my iPhone" as the last line.
  if (isMobileSignature(last.text) && hasContentBefore(lines, start, e - 1)) return e - 1;

  const floor = trailerFloor(lines, start, e);

  // A "-- " delimiter anywhere in the trailer window cuts everything from it.
  for (let i = floor; i < e; i++) {
    const l = lines[i]!;
    if (l.depth === 0 && isSigDelimiter(l.text) && hasContentBefore(lines, start, i)) return i;
  }

  const footer = footerStart(lines, start, floor, e);
  if (footer !== -1) return footer;

  const disclaimer = disclaimerStart(lines, start, floor, e);
  if (disclaimer !== -1) return disclaimer;

  const ps = paragraphStart(lines, floor, e);
  const para = lines.slice(ps, e).map((l) => l.text);

  // "-Abhishek Kona" alone under the text (but not the single item of a list: "Bring:\n\n- Milk").
  if (para.length === 1 && isDashSignoff(para[0]!) && hasContentBefore(lines, start, ps)) {
    let above = ps - 1;
    while (above > start && lines[above]!.blank) above--;
    const t = lines[above]!.text;
    if (!/:$/.test(t) && !LIST_ITEM.test(t)) return ps;
  }

  // A name alone as the last line, under the text, with or without a blank line between ("Got
  // it.\n\nPriya", "Hi\nthere\nBob"). A name under a closing ("Regards,\nJohn Doe") stays with it,
  // and so does the last item of a list or the end of a sentence cut before it ("We meet in\nRoom B").
  if (isLoneName(last.text) && e - 1 > start) {
    let above = e - 2;
    while (above > start && lines[above]!.blank) above--;
    const t = lines[above]!;
    const endsText = ruleOn('lone-name-after-any-text')
      ? endsTextBeforeName(t.text)
      : above < e - 2 && ENDS_SENTENCE.test(t.text) && !isValediction(t.text); // issue 12's rule: a blank line, a sentence ended
    if (t.depth === 0 && !t.blank && endsText) return e - 1;
  }

  // A short sign-off under a rule line: "---\nRoman", "——————\n\nName\nTitle".
  const ruled = ruledSignatureStart(lines, start, floor, e);
  if (ruled !== -1) return ruled;

  const sig = signatureBlockStart(lines, start, floor, ps, para);
  if (sig !== -1) return sig;

  return e;
}

/** Sentence punctuation, or prose that is not a closing formula, a list item, a lead-in or a cut sentence. */
function endsTextBeforeName(t: string): boolean {
  if (ENDS_SENTENCE.test(t)) return !isValediction(t);
  if (/[,:;\-–—]$/.test(t) || isValediction(t) || isNameLike(t) || LIST_ITEM.test(t)) return false;
  return !CUT_BEFORE_NOUN.test(t);
}
const ENDS_SENTENCE = /[.!?…)]$/u;
/** A list item ("- Milk", "2) Call Bob"): its neighbours are items too, not a sign-off. */
const LIST_ITEM = /^(?:[-*•–]|\d{1,2}[.)])\s/;
/** A line ending in a word that asks for a noun after it: the name-like line under it finishes the sentence. */
const CUT_BEFORE_NOUN = /(?:^|\s)(?:at|in|on|to|from|with|for|of|by|near|via|the|a|an|and|or|is|are|was|were|be|called|named|like|meet|see|ask|tell|call|contact|email|ping|message|invite|introduce|thank|welcome|cc|dear|hi|hello|hey)$/i;

/**
 * Lowest index the trailer rules may look at: MAX_TRAILER_LINES non-blank lines up from e,
 * and never more than MAX_TRAILER_SPAN lines in all (blank ones included).
 */
function trailerFloor(lines: readonly Line[], start: number, e: number): number {
  let seen = 0;
  let i = e;
  const lowest = Math.max(start, e - MAX_TRAILER_SPAN);
  while (i > lowest && seen < MAX_TRAILER_LINES) {
    i--;
    if (!lines[i]!.blank) seen++;
  }
  return i;
}

/** Signature-ish line: short, few words, not a question or the lead-in to something. */
function isSigLine(text: string): boolean {
  if (text.length > 70) return false;
  if (text.split(' ').length > 8) return false;
  if (/[?:;]$/.test(text)) return false;
  if (/^p\.? ?s\b/i.test(text)) return false;
  return true;
}

/**
 * A list footer: a rule line (or a footer sentence) opening a paragraph, followed only by
 * footer-ish lines. Rule-led blocks also catch contact cards set off by "-----".
 */
function footerStart(lines: readonly Line[], start: number, floor: number, e: number): number {
  for (let f = floor; f < e; f++) {
    const l = lines[f]!;
    if (l.blank || l.depth > 0) continue;
    const opensParagraph = f === start || lines[f - 1]!.blank;
    const sep = isSeparator(l.text) && l.text.replace(/ /g, '').length >= 2;
    if (!(sep && opensParagraph) && !(isFooterLine(l.text) && opensParagraph)) continue;
    if (!hasContentBefore(lines, start, f)) continue;
    let footerLines = 0;
    let contact = 0;
    let nonBlank = 0;
    let ok = true;
    for (let k = sep ? f + 1 : f; k < e; k++) {
      const t = lines[k]!;
      if (t.blank) continue;
      if (t.depth > 0) { ok = false; break; }
      nonBlank++;
      if (isFooterLine(t.text)) footerLines++;
      else if (isContactLine(t.text)) contact++;
      else if (!isSigLine(t.text) && !isSeparator(t.text)) { ok = false; break; }
    }
    if (!ok || nonBlank > 15) continue;
    if (footerLines > 0 || (sep && contact >= 2) || (sep && nonBlank > 0 && contact >= 1 && nonBlank <= 3)) return f;
  }
  return -1;
}

/** A rule line followed by at most three short lines that end no sentence, all at the end. */
function ruledSignatureStart(lines: readonly Line[], start: number, floor: number, e: number): number {
  for (let f = e - 1, seen = 0; f >= floor && seen <= 3; f--) {
    const l = lines[f]!;
    if (l.blank) continue;
    if (l.depth > 0) return -1;
    if (isSeparator(l.text)) return seen > 0 && hasContentBefore(lines, start, f) ? f : -1;
    if (l.text.length > 40 || /[.!?。！？:]$/u.test(l.text)) return -1;
    seen++;
  }
  return -1;
}

/** The first of the trailing paragraphs that are all legal disclaimer (or rules / short address lines). */
function disclaimerStart(lines: readonly Line[], start: number, floor: number, e: number): number {
  // Paragraph boundaries inside the window, bottom-up.
  const paras: [number, number][] = [];
  let i = e;
  while (i > floor) {
    while (i > floor && lines[i - 1]!.blank) i--;
    if (i <= floor) break;
    const pe = i;
    while (i > floor && !lines[i - 1]!.blank) i--;
    paras.push([i, pe]);
  }
  let cut = -1;
  for (const [ps, pe] of paras) {
    const ls = lines.slice(ps, pe);
    if (ls.some((l) => l.depth > 0)) break;
    const joined = ls.map((l) => l.text).join(' ');
    if (isDisclaimer(joined)) {
      cut = ps;
      continue;
    }
    const small = ls.length <= 3 && ls.every((l) => l.text.length <= 80);
    const rules = ls.every((l) => isSeparator(l.text));
    if (rules || (small && cut === -1)) continue; // address lines under a disclaimer, rules around it
    break;
  }
  if (cut === -1) return -1;
  // Take a rule line directly above the disclaimer with it.
  let c = cut;
  while (c > start && (lines[c - 1]!.blank || isSeparator(lines[c - 1]!.text))) c--;
  return hasContentBefore(lines, start, c) ? c : -1;
}

/**
 * A signature block in the last paragraph:
 *   - a contact card ("Gina X / gina@example.com / (555) 346-9947 / www.example.com");
 *   - a name over a "via mobile" marker;
 *   - the title and contact lines under a valediction and a name ("Regards,\n\nJohn Doe\nCEO @ Acme"
 *     keeps "Regards,\n\nJohn Doe"). A bare "Thanks,\nAlex" stays: it is part of what the person wrote.
 */
function signatureBlockStart(lines: readonly Line[], start: number, floor: number, ps: number, para: string[]): number {
  if (para.length > 8 || !para.every(isSigLine)) return -1;

  // Valediction on its own line above the paragraph, or as its first line.
  let valStart = -1;
  let body = para;
  if (isValediction(para[0]!)) {
    valStart = ps;
    body = para.slice(1);
  } else {
    let v = ps - 1;
    while (v > floor && lines[v]!.blank) v--;
    if (v >= start && v < ps - 1 && isValediction(lines[v]!.text) && (v === start || lines[v - 1]!.blank)) valStart = v;
  }
  const contact = body.filter(isContactLine).length;
  const named = body.length > 0 && isNameLike(body[0]!);

  if (valStart !== -1) {
    if (body.length >= 2 || (body.length >= 1 && contact >= 1)) {
      if (!ruleOn('closing-and-name-stay')) return hasContentBefore(lines, start, valStart) ? valStart : -1;
      // The closing and the name under it are what the person wrote: the title and contact lines go.
      const bodyStart = valStart === ps ? ps + 1 : ps;
      return named && !isContactLine(body[0]!) ? bodyStart + 1 : bodyStart;
    }
    return -1;
  }
  if (body.length < 2) return -1;
  if (isMobileMarker(body[body.length - 1]!) && body.length <= 3) {
    return hasContentBefore(lines, start, ps) ? ps : -1;
  }
  if (contact >= 3 || (contact >= 1 && named)) return hasContentBefore(lines, start, ps) ? ps : -1;
  return -1;
}
