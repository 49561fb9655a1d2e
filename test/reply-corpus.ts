/**
 * The reply-extraction corpora: the shared public one (test/fixtures/corpora/reply-extraction)
 * and this project's own, bigger one (test/fixtures/reply-corpus, see its README.md), with the
 * fixed held-out split and the README's comparison rule. Used by the unit tests and by
 * `npm run quality`, which also runs the peer extractors on the same cases.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TunedRule } from '../lambdas/content/reply/rules.ts';
import { corporaDir } from './corpora.ts';

export const REPLY_CORPUS_DIR = path.resolve(import.meta.dirname, 'fixtures/reply-corpus');

/** Share of the own corpus set aside before tuning (see isHeldOut). */
export const HELD_OUT_PERCENT = 40;

/**
 * The held-out rule, fixed before the extractor was tuned: the first 32 bits of the case id's
 * SHA-256, modulo 100, below HELD_OUT_PERCENT. Recorded per case in the manifest.
 */
export function isHeldOut(id: string): boolean {
  return parseInt(createHash('sha256').update(id).digest('hex').slice(0, 8), 16) % 100 < HELD_OUT_PERCENT;
}

export interface CorpusCase {
  id: string;
  /** Folder or .cases file the case belongs to: the per-source row of the tables. */
  source: string;
  source_repo: string;
  source_commit: string;
  source_path: string;
  license: string;
  category: string;
  kind: 'body' | 'eml' | 'html';
  split: 'held-out' | 'dev' | 'shared';
  lang?: string;
  note?: string;
  test?: string;
  upstream_expected?: string;
  input: Buffer;
  expected: string;
}

/** Parses one `.cases` file: `key: value` defaults, then `#### case <id>` / `#### body` / `#### expected` sections. */
export function parseCasesFile(file: string): CorpusCase[] {
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const defaults: Record<string, string> = {};
  const out: CorpusCase[] = [];
  let i = 0;
  const meta = (line: string, into: Record<string, string>) => {
    const m = /^([a-z_]+): ?(.*)$/.exec(line);
    if (m) into[m[1]!] = m[2]!;
  };
  while (i < lines.length && !lines[i]!.startsWith('#### case ')) meta(lines[i++]!, defaults);
  while (i < lines.length) {
    const id = lines[i++]!.slice('#### case '.length).trim();
    const m: Record<string, string> = { ...defaults };
    while (i < lines.length && lines[i] !== '#### body') meta(lines[i++]!, m);
    i++;
    const body: string[] = [];
    while (i < lines.length && lines[i] !== '#### expected') body.push(lines[i++]!);
    i++;
    const expected: string[] = [];
    while (i < lines.length && !lines[i]!.startsWith('#### case ')) expected.push(lines[i++]!);
    const kind = (m.kind ?? 'body') as CorpusCase['kind'];
    const bodyText = body.join('\n');
    out.push({
      id,
      source: path.basename(file, '.cases'),
      source_repo: m.source_repo ?? '',
      source_commit: m.source_commit ?? '',
      source_path: m.source_path ?? '',
      license: m.license ?? '',
      category: m.category ?? 'unclassified',
      kind,
      split: isHeldOut(id) ? 'held-out' : 'dev',
      ...(m.lang ? { lang: m.lang } : {}),
      ...(m.note ? { note: m.note } : {}),
      ...(m.test ? { test: m.test } : {}),
      ...(m.upstream_expected ? { upstream_expected: m.upstream_expected } : {}),
      // Raw messages get CRLF line ends, as they arrive over SMTP.
      input: Buffer.from(kind === 'eml' ? bodyText.replace(/\r?\n/g, '\r\n') : bodyText, 'utf8'),
      expected: expected.join('\n'),
    });
  }
  return out;
}

export function loadOwnCorpus(): CorpusCase[] {
  return fs
    .readdirSync(REPLY_CORPUS_DIR)
    .filter((f) => f.endsWith('.cases'))
    .sort()
    .flatMap((f) => parseCasesFile(path.join(REPLY_CORPUS_DIR, f)));
}

/** The manifest entry of a case: everything but the texts, plus a hash of the input. */
export function manifestEntry(c: CorpusCase) {
  const { input, expected: _e, ...rest } = c;
  void _e;
  return { ...rest, input_sha256: createHash('sha256').update(input).digest('hex') };
}

interface SharedManifestEntry {
  id: string;
  source_repo: string;
  source_commit: string;
  source_path: string;
  license: string;
  input: string;
  expected: string;
  kind: 'eml' | 'body';
  note: string;
}

/**
 * Shared-corpus expectations replaced under issue 12's convention (the upstream text minus the
 * attribution and ">" lines of a bottom-posted or interleaved reply); see reply-extraction.test.ts.
 */
const SHARED_OVERRIDES = path.join(REPLY_CORPUS_DIR, 'shared-overrides');

/** The shared corpus, with the categories the reply-extraction test assigns. */
export function loadSharedCorpus(categoryOf: (id: string) => string): CorpusCase[] {
  const dir = path.join(corporaDir(), 'reply-extraction');
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as SharedManifestEntry[];
  return manifest.map((e) => ({
    id: e.id,
    source: e.id.split('/')[0]!,
    source_repo: e.source_repo,
    source_commit: e.source_commit,
    source_path: e.source_path,
    license: e.license,
    category: e.input.endsWith('.html') ? 'html' : categoryOf(e.id),
    kind: e.input.endsWith('.html') ? 'html' : e.kind,
    split: 'shared',
    note: e.note,
    input: fs.readFileSync(path.join(dir, e.input)),
    expected: fs.existsSync(path.join(SHARED_OVERRIDES, `${e.id}.expected.txt`))
      ? fs.readFileSync(path.join(SHARED_OVERRIDES, `${e.id}.expected.txt`), 'utf8')
      : fs.readFileSync(path.join(dir, e.expected), 'utf8'),
  }));
}

/** The shared corpus README's normalisation: LF line ends, no trailing spaces, 3+ blank lines folded, ends trimmed. */
export function normalise(s: string): string {
  return s
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/\n{4,}/g, '\n\n')
    .trim();
}

/** talon compares its HTML cases with all whitespace removed. */
export const squash = (s: string) => s.replace(/\s+/g, '');

export function matches(c: CorpusCase, got: string | undefined): boolean {
  if (got === undefined) return false;
  return c.kind === 'html' ? squash(got) === squash(c.expected) : normalise(got) === normalise(c.expected);
}

/**
 * Issue 30's protocol. The reserved sources measure and never shape a rule. The sources added for
 * issue 30 were measured before any rule looked at them (results-new-sources-before-tuning.json);
 * the issue-12 sources were tuned on their dev part, so their untuned part is the held-out one.
 * A rule written in issue 30 from a case of a scored part is named in lambdas/content/reply/rules.ts
 * with every case it was written from or that was looked at while it was written (RULE_ORIGINS);
 * a source is scored with those rules switched off, so it is never helped by its own cases.
 */
export const RESERVED_SOURCES = ['email_reply_trimmer', 'mail-parser-reply'] as const;
export const ISSUE_30_SOURCES = [
  'willdurand', 'elixir_email_reply_parser', 'emailreplyparser-java', 'web-ridge', 'extended_email_reply_parser',
] as const;
/**
 * Sources whose outcomes nobody has looked at, case by case: added after issue 30's rules were written
 * and measured only in total. Write rules from other sources and read only their totals, so they
 * keep telling whether a rule transfers.
 */
export const BLIND_SOURCES = ['web-ridge', 'extended_email_reply_parser'] as const;

/** The cases each issue-30 rule came from, or that were in view when it was written (a shared-corpus case as `shared:<id>`). */
export const RULE_ORIGINS: Record<TunedRule, readonly string[]> = {
  'dated-attribution-head': ['mailroom/attribution_wrapped_date', 'elixir_email_reply_parser/german2_multiline'],
  'attribution-after-reply-words': ['talon/splitter_shares_line_1', 'talon/splitter_shares_line_2', 'talon/splitter_shares_line_3'],
  'dated-colon-over-quote': ['emailreplyparser-java/custom_quote_header_hu'],
  'lone-name-after-any-text': ['shared:talon/html-reply-separated-by-hr', 'willdurand/w10_mail', 'willdurand/zimbra_free_fr', 'willdurand/zimbra_free_en'],
  'attribution-line-over-quote': ['talon/date_email_with_unicode'],
  'outlook-separator-shape': ['talon/antwort_nachricht_de'],
  'closing-and-name-stay': ['emailreplyparser-java/abnormal_quote_header_3'],
  'app-tagline-any-language': [
    'elixir_email_reply_parser/german_get_outlook', 'shared:crisp-email-reply-parser/email_german_3',
    'shared:crisp-email-reply-parser/email_ios_outlook_fr',
  ],
};

/** Which cases of a source no rule was tuned on, how that is known, and the rules to switch off for them. */
export function untunedPart(source: string, cases: CorpusCase[]): { cases: CorpusCase[]; how: string; rulesOff: TunedRule[] } {
  const part = (RESERVED_SOURCES as readonly string[]).includes(source) || (ISSUE_30_SOURCES as readonly string[]).includes(source)
    ? cases
    : cases.filter((c) => c.split === 'held-out');
  const ids = new Set(part.map((c) => c.id));
  const rulesOff = (Object.keys(RULE_ORIGINS) as TunedRule[]).filter((r) => RULE_ORIGINS[r].some((id) => ids.has(id)));
  const how = (RESERVED_SOURCES as readonly string[]).includes(source)
    ? 'reserved for measurement'
    : (BLIND_SOURCES as readonly string[]).includes(source) ? 'added in issue 30, blind'
    : (ISSUE_30_SOURCES as readonly string[]).includes(source) ? 'added in issue 30' : 'its held-out part (issue 12)';
  return { cases: part, how: rulesOff.length ? `${how}; without ${rulesOff.join(', ')}` : how, rulesOff };
}

/**
 * Lenient match: exact, or the same text but for a closing block (at most three short lines, a
 * sign-off and a name) that one side has and the other does not.
 */
export function matchesLeniently(c: CorpusCase, got: string | undefined): boolean {
  if (matches(c, got)) return true;
  if (got === undefined || c.kind === 'html') return false;
  const a = normalise(got).split('\n');
  const b = normalise(c.expected).split('\n');
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.some((line, i) => line !== long[i])) return false;
  const extra = long.slice(short.length).filter((l) => l.trim() !== '');
  return extra.length <= 3 && extra.every((l) => l.trim().length <= 40);
}

/** Exact-match rate rows keyed by a label. */
export type Tally = Map<string, { pass: number; total: number }>;
export function bump(t: Tally, key: string, pass: boolean): void {
  const v = t.get(key) ?? { pass: 0, total: 0 };
  v.total++;
  if (pass) v.pass++;
  t.set(key, v);
}

/** Category of each corpus case, for the report table (HTML inputs are "html"). */
export const SHARED_CATEGORIES: Record<string, readonly string[]> = {
  'on-wrote': [
    'talon/standard-apple_mail', 'talon/standard-gmail', 'talon/standard-iphone', 'talon/standard-sparrow',
    'github-email_reply_parser/email_1_3', 'github-email_reply_parser/email_1_4', 'github-email_reply_parser/email_1_6',
    'github-email_reply_parser/email_1_7', 'github-email_reply_parser/email_one_is_not_on',
    'github-email_reply_parser/greedy_on', 'github-email_reply_parser/email_bullets', 'zapier-email-reply-parser/email_gmail',
    'crisp-email-reply-parser/email_3', 'crisp-email-reply-parser/email_24', 'crisp-email-reply-parser/email_en_multiline_2',
    'crisp-email-reply-parser/email_gmail_split_line_from', 'crisp-email-reply-parser/email_sent_from',
    'crisp-email-reply-parser/email_tricky_10_special_chars_in_name',
    'crisp-email-reply-parser/email_tricky_12_no_space_after_header',
    'crisp-email-reply-parser/email_tricky_14_long_quote_header', 'crisp-email-reply-parser/email_zoho',
  ],
  'from-block': [
    'talon/standard-aol', 'talon/standard-comcast', 'talon/standard-outlook', 'talon/standard-yahoo',
    'github-email_reply_parser/email_2_1', 'github-email_reply_parser/email_2_2', 'github-email_reply_parser/email_2_3',
    'zapier-email-reply-parser/email_2_3', 'zapier-email-reply-parser/email_headers_no_delimiter',
    'crisp-email-reply-parser/email_9', 'crisp-email-reply-parser/email_10', 'crisp-email-reply-parser/email_11',
    'crisp-email-reply-parser/email_12', 'crisp-email-reply-parser/email_13', 'crisp-email-reply-parser/email_18',
    'crisp-email-reply-parser/email_german_2', 'crisp-email-reply-parser/email_german_outlook',
    'crisp-email-reply-parser/email_danish_dash_separator', 'crisp-email-reply-parser/email_french_dash_separator',
    'crisp-email-reply-parser/email_original_message', 'crisp-email-reply-parser/email_original_message_2',
    'crisp-email-reply-parser/email_outlook_split_line_from', 'crisp-email-reply-parser/email_msn',
    'crisp-email-reply-parser/email_ios_outlook', 'crisp-email-reply-parser/email_ios_outlook_fr',
    'crisp-email-reply-parser/email_tricky_15_original_message_variations',
  ],
  '> quotes': ['talon/standard-hotmail', 'talon/standard-apple_mail_2', 'crisp-email-reply-parser/email_french_2'],
  'foreign': [
    'talon/standard-android', 'crisp-email-reply-parser/email_7', 'crisp-email-reply-parser/email_8',
    'crisp-email-reply-parser/email_14', 'crisp-email-reply-parser/email_16', 'crisp-email-reply-parser/email_17',
    'crisp-email-reply-parser/email_22', 'crisp-email-reply-parser/email_23', 'crisp-email-reply-parser/email_25',
    'crisp-email-reply-parser/email_26', 'crisp-email-reply-parser/email_portuguese', 'crisp-email-reply-parser/email_german',
    'crisp-email-reply-parser/email_finnish', 'crisp-email-reply-parser/email_italian', 'crisp-email-reply-parser/email_russian',
    'crisp-email-reply-parser/email_norwegian_gmail', 'crisp-email-reply-parser/email_fr_multiline',
    'crisp-email-reply-parser/email_tricky_5_mixed_languages',
  ],
  'inline': ['github-email_reply_parser/email_1_2', 'github-email_reply_parser/email_1_8', 'talon/standard-thunderbird'],
  'signature/no-quote': [
    'talon/signature-camel-case', 'talon/signature-jeff', 'talon/signature-johndoeexamplecom', 'talon/signature-long',
    'talon/signature-short-url', 'talon/signature-sparse', 'github-email_reply_parser/correct_sig',
    'github-email_reply_parser/email_1_1', 'github-email_reply_parser/email_iPhone', 'github-email_reply_parser/email_BlackBerry',
    'github-email_reply_parser/email_multi_word_sent_from_my_mobile_device',
    'github-email_reply_parser/email_sent_from_my_not_signature',
    'github-email_reply_parser/email_sig_delimiter_in_middle_of_line', 'github-email_reply_parser/email_1_5',
    'crisp-email-reply-parser/correct_sig', 'crisp-email-reply-parser/sig_no_empty_line', 'crisp-email-reply-parser/email_1',
    'crisp-email-reply-parser/email_5', 'crisp-email-reply-parser/email_emoji', 'crisp-email-reply-parser/email_with_regards',
    'crisp-email-reply-parser/email_not_a_signature', 'crisp-email-reply-parser/email_not_a_signature_2',
    'crisp-email-reply-parser/email_tricky_1_on_false_positive',
    'crisp-email-reply-parser/email_tricky_13_timestamp_variations', 'crisp-email-reply-parser/email_15',
    'crisp-email-reply-parser/email_german_3',
  ],
};
const SHARED_CATEGORY_OF = new Map(Object.entries(SHARED_CATEGORIES).flatMap(([c, ids]) => ids.map((id) => [id, c] as const)));
export const sharedCategoryOf = (id: string) => SHARED_CATEGORY_OF.get(id) ?? 'unclassified';
