/**
 * prompt_injection: text that addresses an automated reader (by name, or through forged
 * machinery: chat-template tokens, fake wrapper tags, tool calls) and tries to make it act:
 * ignore its instructions, move or delete mail, reveal secrets, change settings, approve or pay,
 * write into the summary, hide what it does. Read per paragraph of folded text (./text.ts), so
 * letter spacing, leetspeak, homoglyphs and invisible characters do not hide the words.
 *
 * Not injection: the same words quoted as examples in a mail about the topic (quoted-discussion
 * rule), ordinary requests to "your assistant" that reach into nothing (ordinary correspondence),
 * mails about AI assistants.
 */
import {
  AI_READER, APPROVE, BYPASS, CLICK, CONCEAL, DECODE, DELETE, DISCUSSION, FOLLOW, IGNORE, INSTRUCTIONS, MACHINERY, MAIL_COLLECTION,
  PERSONA, REVEAL, SEND, SETTINGS, SUMMARY,
} from './lexicon.ts';
import { excerpt, findAll, has, indexWithParts, MAX_PARAGRAPH_CHARS, near, paragraphs } from './text.ts';

/** How close (characters) "ignore" and "instructions" must be to read as one phrase. */
const OVERRIDE_WINDOW = 60;

export interface InjectionHit {
  /** Why: which signals met. */
  why: string;
  /** The paragraph's folded text around the signal. */
  evidence: string;
  /** The paragraph and the two after it (folded): the credential rule reads what the agent is told to leak. */
  paragraph: string;
}

/** A paragraph is quoted when its lines are quoted (">"), indented as code, fenced, or diff lines. */
function isQuotedBlock(p: string): boolean {
  const lines = p.split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0) return false;
  const quoted = lines.filter((l) => /^\s*>/.test(l) || /^(?: {4}|\t)/.test(l) || /^[+-]\s/.test(l) || /^\s*```/.test(l));
  return quoted.length * 2 > lines.length;
}

const OPEN_QUOTES = '"“«„「『\'';
const CLOSE_QUOTES = '"”»“」』\'';

/** Whether position `at` of a paragraph sits inside quotation marks on its line. */
function insideQuotes(p: string, at: number): boolean {
  const lineStart = p.lastIndexOf('\n', at - 1) + 1;
  let depth = 0;
  for (let i = lineStart; i < at; i++) {
    const c = p[i]!;
    if (c === '"' || (c === '\'' && (i === lineStart || p[i - 1] === ' '))) depth = depth > 0 ? depth - 1 : 1;
    else if (OPEN_QUOTES.includes(c)) depth++;
    else if (CLOSE_QUOTES.includes(c) && depth > 0) depth--;
  }
  return depth > 0;
}

/** A line that opens like a system turn ("system:"), in several languages. */
const SYSTEM_LINE = /(?:^|\n)[ \t]*(?:system|sistema|système|システム|系统)[ \t]*[:：]/;

/**
 * Whether the text holds a signal every rule of findInjection needs. A paragraph made of whole
 * lines holds a stem only where the whole text does (no stem spans a line break), so when the
 * text has none, no paragraph has: most mail is then read once instead of once per paragraph.
 */
function hasSignal(folded: string): boolean {
  return (has(folded, IGNORE) && has(folded, INSTRUCTIONS)) || has(folded, PERSONA) || has(folded, MACHINERY) || has(folded, AI_READER)
    || has(folded, CONCEAL) || has(folded, BYPASS) || folded.includes('![') || SYSTEM_LINE.test(folded);
}

/** A paragraph cut inside a line (paragraphs' length cap) starts or ends mid-word: it may hold a stem the whole text does not. */
function cutInsideLine(folded: string, p: { text: string; at: number }): boolean {
  const end = p.at + p.text.length;
  return (p.at > 0 && folded[p.at - 1] !== '\n') || (end < folded.length && folded[end - 1] !== '\n' && folded[end] !== '\n');
}

/** The signals of one paragraph (folded text). */
function signalsOf(p: string) {
  const override = near(p, IGNORE, INSTRUCTIONS, OVERRIDE_WINDOW) ?? findAll(p, PERSONA, 1)[0];
  const machinery = findAll(p, MACHINERY, 1)[0] ?? (SYSTEM_LINE.test(p) ? { at: 0, end: 0 } : undefined);
  const reader = findAll(p, AI_READER, 1)[0];
  const exfil = has(p, SEND) && has(p, MAIL_COLLECTION);
  const act = exfil || has(p, DELETE) || has(p, REVEAL) || has(p, SETTINGS) || has(p, APPROVE) || has(p, SUMMARY) || has(p, CLICK);
  const conceal = has(p, CONCEAL);
  const bypass = has(p, BYPASS);
  const decodeFollow = has(p, DECODE) && has(p, FOLLOW);
  // Markdown image or link whose URL the reader is to fill in: zero-click exfiltration.
  const markdownExfil = p.includes('![') && p.includes('](http');
  return { override, machinery, reader, exfil, act, conceal, bypass, decodeFollow, markdownExfil };
}

/**
 * The first injection in a text (subject, display name, body, hidden segment, attribute, file
 * name, decoded block), or undefined. `aboutTheTopic`: the mail discusses injection or fraud, so
 * quoted examples inside it are not aimed at its reader.
 */
export function findInjection(folded: string, aboutTheTopic: boolean): InjectionHit | undefined {
  const signal = hasSignal(folded);
  if (!signal && folded.length <= MAX_PARAGRAPH_CHARS) return undefined;
  const paras = paragraphs(folded);
  if (!signal && !paras.some((p) => cutInsideLine(folded, p))) return undefined;
  for (let i = 0; i < paras.length; i++) {
    const p = paras[i]!.text;
    // A paragraph of whole lines reads its stems from the text's index instead of being scanned again.
    if (!cutInsideLine(folded, paras[i]!)) indexWithParts(folded, [paras[i]!]);
    const s = signalsOf(p);
    let why: string | undefined;
    let at = 0;
    if (s.override) {
      why = 'tells the reader to ignore or replace its instructions';
      at = s.override.at;
    } else if (s.machinery && (s.reader || s.act || s.conceal || s.bypass)) {
      why = 'forges prompt machinery (chat-template tokens, wrapper tags, system lines or tool calls) to give orders';
      at = s.machinery.at;
    } else if (s.reader && (s.act || s.conceal || s.bypass || s.decodeFollow || s.markdownExfil)) {
      why = s.conceal ? 'addresses an AI reader and asks it to act without telling the user'
        : s.bypass ? 'addresses an AI reader and claims the action is already approved'
          : 'addresses an AI reader and asks it to act on mail, data, settings or the summary';
      at = s.reader.at;
    } else if ((s.conceal || s.bypass) && s.exfil) {
      why = 'asks the reader to move mail or data out and keep it from the user';
      at = 0;
    } else if (s.markdownExfil && has(p, SUMMARY)) {
      why = 'asks the summariser to add a Markdown image or link whose URL carries data';
      at = p.indexOf('![');
    }
    if (!why) continue;
    // Quoted-discussion rule: an example in a quote, code block or quotation marks of a mail about the topic.
    if (aboutTheTopic && (isQuotedBlock(p) || insideQuotes(p, at))) continue;
    // What the reader is told to do may follow in the next paragraphs (a tool call, a list).
    const context = paras.slice(i, i + 3).map((x) => x.text).join('\n\n');
    return { why, evidence: excerpt(p, at, at + 1), paragraph: context };
  }
  return undefined;
}

/** Whether the mail is about injection, phishing or code (its own words, anywhere). */
export const isAboutTheTopic = (folded: string) => has(folded, DISCUSSION);
