/**
 * Attribution lines, reply separators, forward separators and forward-block labels as mail
 * clients document them (client-strings.ts: Thunderbird in 68 locales; client-strings-k9.ts: K-9
 * Mail / Thunderbird for Android in 60), read as templates: a
 * line is an attribution when it has a template's literal words in order, around the author (#1),
 * date (#2) and time (#3). Built from documented strings, not from corpus cases (issue 30).
 *
 * Matching is procedural: each literal is found at its earliest place after the one before it
 * (a glob with only "*" is decided that way), the last must end the line — linear in the line,
 * where a regex with three lazy wildcards would backtrack.
 */
import { K9_STRINGS } from './client-strings-k9.ts';
import { THUNDERBIRD_STRINGS } from './client-strings.ts';

/** One client's strings for one locale, placeholders as Thunderbird writes them: #1 author, #2 date, #3 time. */
interface Documented {
  attributions: (string | undefined)[];
  originalMessage?: string;
  forwardedMessage?: string;
  labels?: { subject?: string; date?: string; from?: string; to?: string; cc?: string };
}
/** K-9 writes the sender as %s (or %2$s) and the date as %1$s. */
const k9 = (s: string | undefined) => s?.replace(/%2\$s/g, '#1').replace(/%1\$s/g, '#2').replace(/%s/g, '#1');
const DOCUMENTED: Documented[] = [
  ...THUNDERBIRD_STRINGS.map((s) => ({
    attributions: [s.authorWroteSingle, s.onDateAuthorWrote, s.authorWroteOnDate],
    originalMessage: s.originalMessage, forwardedMessage: s.forwardedMessage, labels: s.forwardLabels,
  })),
  ...K9_STRINGS.map((s) => ({ attributions: [k9(s.replyHeader), k9(s.replyHeaderWithDate)], originalMessage: s.separator, labels: s.labels })),
];

interface Template {
  /** Literal pieces between the placeholders, lower case, white space single. */
  literals: string[];
  /** Starts (ends) with a literal rather than a placeholder: that literal is a prefix (suffix). */
  anchoredStart: boolean;
  anchoredEnd: boolean;
  /** Names a date (#2): only a line with a date or time matches it. */
  dated: boolean;
}

const norm = (s: string) => s.toLowerCase().replace(/[\s\u00a0]+/g, ' ');
/** A letter run of two or more: a template whose literals are only punctuation ("#2 #3, #1:") matches too much. */
const WORDY = /\p{L}{2}/u;

function compile(template: string): Template | undefined {
  // Upstream typos seen in the data: "%s" for #1, "# 1" for #1.
  const t = norm(template.replace(/%s/g, '#1').replace(/# ([123])/g, '#$1'));
  const parts = t.split(/#[123]/);
  if (parts.length < 2 || !parts.some((p) => WORDY.test(p))) return undefined;
  const literals = parts.map((p, i) => (i === 0 ? p.trimStart() : i === parts.length - 1 ? p.trimEnd() : p)).filter((p) => p !== '');
  return {
    literals,
    anchoredStart: !/^#[123]/.test(t),
    anchoredEnd: !/#[123]$/.test(t),
    dated: t.includes('#2'),
  };
}

function matches(line: string, t: Template): boolean {
  let at = 0;
  for (let k = 0; k < t.literals.length; k++) {
    const lit = t.literals[k]!;
    const last = k === t.literals.length - 1;
    if (k === 0 && t.anchoredStart) {
      if (!line.startsWith(lit)) return false;
      at = lit.length;
      continue;
    }
    if (last && t.anchoredEnd) {
      // A placeholder of at least one character sits between the previous literal and this one.
      return line.length - lit.length > at && line.endsWith(lit);
    }
    const i = line.indexOf(lit, at + 1);
    if (i === -1) return false;
    at = i + lit.length;
  }
  // A trailing placeholder holds at least one character.
  return !t.anchoredEnd && at < line.length;
}

const unique = <T>(xs: (T | undefined)[]) => [...new Set(xs.filter((x): x is T => x !== undefined))];
const TEMPLATES: Template[] = (() => {
  const seen = new Set<string>();
  const out: Template[] = [];
  for (const s of DOCUMENTED) {
    for (const raw of s.attributions) {
      if (!raw) continue;
      const c = compile(raw);
      const key = c && JSON.stringify(c);
      if (c && !seen.has(key!)) { seen.add(key!); out.push(c); }
    }
  }
  return out;
})();

/**
 * Whether a line (normalised: white space single) is written as a client writes an attribution:
 * a dated template with a date in the line, or an undated one ("#1 schrieb:") right over a quote.
 */
export function isClientAttribution(line: string, hasDate: boolean, nextIsQuoted: boolean): boolean {
  const l = norm(line).trim();
  for (const t of TEMPLATES) {
    if ((t.dated ? hasDate : nextIsQuoted) && matches(l, t)) return true;
  }
  return false;
}

/** "-------- Original-Nachricht --------" and "-------- Weitergeleitete Nachricht --------", as phrases. */
const phrase = (s: string | undefined) => {
  // Case as written: the separator patterns ignore case, and lower-casing "İ" would add a character.
  const p = s && s.replace(/[\s\u00a0]+/g, ' ').replace(/^[-=_*~# ]+|[-=_*~# :]+$/g, '').trim();
  return p && WORDY.test(p) ? p : undefined;
};
export const CLIENT_ORIGINAL_PHRASES: readonly string[] = unique(DOCUMENTED.map((s) => phrase(s.originalMessage)));
export const CLIENT_FORWARD_PHRASES: readonly string[] = unique(DOCUMENTED.map((s) => phrase(s.forwardedMessage)));

/** The labels of a forwarded block (Subject, Date, From, To, CC) by kind, lower case, without a trailing colon. */
const label = (s: string | undefined) => {
  const l = s && norm(s).replace(/[:：]\s*$/, '').trim();
  return l && WORDY.test(l) ? l : undefined;
};
export const CLIENT_HEADER_LABELS = {
  from: unique(DOCUMENTED.map((s) => label(s.labels?.from))),
  date: unique(DOCUMENTED.map((s) => label(s.labels?.date))),
  to: unique(DOCUMENTED.map((s) => label(s.labels?.to))),
  cc: unique(DOCUMENTED.map((s) => label(s.labels?.cc))),
  subject: unique(DOCUMENTED.map((s) => label(s.labels?.subject))),
} as const;
