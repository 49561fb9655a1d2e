/**
 * Rules written from a development case whose source is scored leave-one-source-out (issue 30),
 * by name, so `npm run quality` can score that source with them switched off: a source's score is
 * never helped by a rule written from its own cases. The cases each rule came from are listed in
 * test/reply-corpus.ts (RULE_ORIGINS). Production never switches a rule off.
 */
export type TunedRule =
  /** A wrapped attribution whose first line opens it with a date ("On Tue, Mar 12, 2024 at" / "10:15 AM Bob … wrote:"). */
  | 'dated-attribution-head'
  /** An attribution written after the reply's last words on one line ("reply--- On … wrote:"). */
  | 'attribution-after-reply-words'
  /** A colon line over a ">" quote that names a date and a time, without an address ('2013.02.08. 7:31 …, "Név" írta:'). */
  | 'dated-colon-over-quote'
  /** A name alone on the last line under any text, with no blank line or no full stop above ("Hi\nthere\nBob"). */
  | 'lone-name-after-any-text'
  /** A few words naming a mail app and a platform over the app's link, in any language ("Outlook für iOS beziehen <…>"). */
  | 'app-tagline-any-language'
  /** Under a closing and a name, only the title and contact lines go ("Regards,\nJohn Doe\nCEO" keeps two lines). */
  | 'closing-and-name-stay'
  /** Over a ">" quote, a last line that is an attribution by itself is the whole attribution ("Replying ok" / "2011/4/7 Nathan <…>"). */
  | 'attribution-line-over-quote'
  /** Outlook's separator shape in any language: five dashes, a few words, five dashes. */
  | 'outlook-separator-shape';

const off = new Set<TunedRule>();

export const ruleOn = (rule: TunedRule): boolean => off.size === 0 || !off.has(rule);

/** Runs `f` (awaited) with `rules` switched off: the measurement's ablation, one run at a time. */
export async function withRulesOff<T>(rules: Iterable<TunedRule>, f: () => Promise<T>): Promise<T> {
  const added = [...rules].filter((r) => !off.has(r));
  for (const r of added) off.add(r);
  try {
    return await f();
  } finally {
    for (const r of added) off.delete(r);
  }
}
