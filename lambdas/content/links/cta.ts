/**
 * Call-to-action detection: which links in a mail is the reader meant to click?
 *
 * Every http(s) link (HTML anchors and URLs in running text) becomes a candidate.
 * Footer furniture (unsubscribe, preferences, legal, help, social profiles, logos,
 * tracking pixels) is dropped outright. The rest is typed and scored from, strongest
 * first: the words on the link itself, the sentence around it, the words in the URL,
 * button styling, and the subject line.
 */
import type { ButtonLevel, HtmlScan } from './html.ts';
import {
  ACTION_LABEL,
  APP_STORE_HOSTS,
  CONTENT_LABEL,
  DIDNT_REQUEST,
  EXCLUDE_HOST,
  EXCLUDE_LABEL,
  EXCLUDE_PATH,
  FALLBACK_CONTEXT,
  GENERIC_LABEL,
  INVITATION_SUBJECT,
  SOCIAL_HOSTS,
  TOKEN_PARAMS,
  classifyText,
  classifyUrl,
} from './keywords.ts';
import { MAX_ANCHOR_TEXT_CHARS, MAX_CTA_LINKS, MAX_LINK_CONTEXT_CHARS } from './limits.ts';
import type { PreparedMail } from './prepare.ts';
import { clip, fold, lineEndAfter, lineStartBefore, squash } from './text.ts';
import type { Confidence, CtaLink, CtaType } from './types.ts';
import { cleanHref, findTextUrls, urlKey, urlWords } from './url.ts';

interface Candidate {
  url: string;
  key: string;
  order: number;
  /** What the reader sees on the link (anchor text, image alt, or the label before a text URL). */
  label: string;
  /** Sentence before and after the link, raw. */
  before: string;
  after: string;
  button: ButtonLevel;
  imageOnly: boolean;
  /** Found in running text rather than as an anchor. */
  textUrl: boolean;
  /** Anchor is an image (logo, pixel) without usable alt text. */
  decorative: boolean;
}

interface Scored {
  c: Candidate;
  type: CtaType | undefined;
  score: number;
  /** No meaning of its own ("click here", the URL itself): may inherit the main CTA's type. */
  generic: boolean;
  fallback: boolean;
  /** Typed only because it is styled as a button. */
  plainButton: boolean;
}

const SENTENCE_END = /[.!?](?:\s|$)/g;

/** Text after the last sentence end in `s`. */
function lastSentence(s: string): string {
  let cut = 0;
  SENTENCE_END.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = SENTENCE_END.exec(s)) !== null) {
    if (m.index + m[0].length < s.length) cut = m.index + m[0].length;
    else break;
  }
  return s.slice(cut);
}

/** Text up to and including the first sentence end in `s`. */
function firstSentence(s: string): string {
  SENTENCE_END.lastIndex = 0;
  const m = SENTENCE_END.exec(s);
  return m ? s.slice(0, m.index + 1) : s;
}

/** Previous non-empty line ending at or before `pos`, bounded. */
function previousLine(text: string, pos: number): string {
  let end = pos;
  for (let tries = 0; tries < 3 && end > 0; tries++) {
    const start = lineStartBefore(text, end, MAX_LINK_CONTEXT_CHARS);
    const line = text.slice(start, end).trim();
    if (line.length > 0) return line;
    end = start - 1;
  }
  return '';
}

/** The sentence a link sits in: the same line if it has words, else the line above. */
function surroundings(text: string, start: number, end: number): { before: string; after: string; sameLine: string } {
  const lineStart = lineStartBefore(text, start, MAX_LINK_CONTEXT_CHARS);
  const sameLine = text.slice(lineStart, start);
  const lineEnd = lineEndAfter(text, end, MAX_LINK_CONTEXT_CHARS);
  const after = firstSentence(text.slice(end, lineEnd));
  // A line holding only the URL's brackets ("<https://…>") says nothing: the line above does.
  const before = /[\p{L}\p{N}]/u.test(sameLine) ? lastSentence(sameLine) : previousLine(text, lineStart - 1);
  return { before: before.trim(), after: after.trim(), sameLine };
}

const LOOKS_LIKE_URL = /^(?:https?:\/\/|www\.)|:\/\/|^[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:\/\S*)?$/i;

function anchorCandidates(scan: HtmlScan, order: { n: number }): Candidate[] {
  const out: Candidate[] = [];
  for (const a of scan.anchors) {
    const url = cleanHref(a.href);
    if (url === undefined || a.hidden) continue;
    const alt = a.imgAlts.join(' ');
    const imageOnly = a.text.length === 0 && a.imgCount > 0;
    const label = clip(a.text || a.ariaLabel || alt || a.title, MAX_ANCHOR_TEXT_CHARS);
    const decorative = (a.pixel && a.text.length === 0) || (imageOnly && (a.logo || alt.length === 0));
    const { before, after } = surroundings(scan.text, a.start, a.end);
    out.push({
      url,
      key: urlKey(url),
      order: order.n++,
      label,
      before,
      after,
      button: a.button,
      imageOnly,
      textUrl: false,
      decorative,
    });
  }
  return out;
}

function textCandidates(text: string, order: { n: number }): Candidate[] {
  const out: Candidate[] = [];
  for (const f of findTextUrls(text)) {
    const { before, after, sameLine } = surroundings(text, f.start, f.end);
    // "Approve: https://…" — the words before the URL on its line name it.
    let label = '';
    const onLine = lastSentence(sameLine)
      .replace(/(?<![\s:<>([\-–—=])[\s:<>([\-–—=]+$/, '') // (?<!…): starts only where the run does
      .replace(/^[\s\-*•·>]+/, '')
      .trim();
    if (onLine.length > 0 && onLine.length <= 80) label = onLine;
    out.push({
      url: f.url,
      key: urlKey(f.url),
      order: order.n++,
      label,
      before: label ? '' : before,
      after,
      button: 0,
      imageOnly: false,
      textUrl: true,
      decorative: false,
    });
  }
  return out;
}

function isSocialProfile(host: string, segments: string[]): boolean {
  const social = SOCIAL_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
  return social && segments.length <= 2;
}

function excluded(c: Candidate): boolean {
  if (c.decorative) return true;
  const label = fold(c.label);
  if (EXCLUDE_LABEL.test(label)) return true;
  const { host, path, segments } = urlWords(c.url);
  if (APP_STORE_HOSTS.includes(host)) return true;
  if (isSocialProfile(host, segments)) return true;
  if (EXCLUDE_HOST.test(host)) return true;
  if (EXCLUDE_PATH.test(path)) return true;
  if (/unsubscribe|optout|opt-out/i.test(c.url)) return true;
  return false;
}

/** Does the URL carry something that looks like a single-use token? */
function hasToken(url: string): boolean {
  const { segments, query } = urlWords(url);
  for (const [name, value] of query) {
    if (TOKEN_PARAMS.has(name.toLowerCase()) && value.length >= 6) return true;
  }
  return segments.some((s) => s.length >= 12 && /\d/.test(s) && /[a-z]/i.test(s) && /^[\w.~-]+$/.test(s));
}

function isRootLink(url: string): boolean {
  const u = URL.parse(url);
  if (u === null) return false;
  if (u.pathname !== '/' && u.pathname !== '') return false;
  for (const name of u.searchParams.keys()) if (!name.toLowerCase().startsWith('utm_')) return false;
  return true;
}

function score(c: Candidate, subjectType: CtaType | undefined, invitation: boolean): Scored | undefined {
  if (excluded(c)) return undefined;
  const labelFolded = fold(c.label);
  const generic = labelFolded.length === 0 || GENERIC_LABEL.test(labelFolded) || LOOKS_LIKE_URL.test(c.label);
  const context = fold(`${c.before} ${c.after}`);
  const beforeFolded = fold(c.before);
  const fallback = FALLBACK_CONTEXT.test(beforeFolded);
  const { path, query } = urlWords(c.url);
  const urlType = classifyUrl(path, [...query.keys()]);
  // The sentence around a link explains it only when the link itself says nothing ("click
  // here", a bare URL). A labelled button means what its label says — the text above it
  // often talks about something else ("Invite your team …" over "Go to your dashboard") —
  // and an image link means what its alt text says.
  const mayUseContext = (generic || c.textUrl) && !c.imageOnly;

  let type: CtaType | undefined;
  let s = 0;
  let plainButton = false;
  const labelType = generic ? undefined : classifyText(labelFolded, { invitation });
  const contextType = mayUseContext && !fallback ? classifyText(context) : undefined;
  if (labelType) {
    type = labelType;
    s = 5;
  } else if (contextType && (contextType !== 'primary_action' || c.textUrl)) {
    // ("Join Zoomly Meeting" above a bare meeting URL is a primary action.)
    type = contextType;
    s = 3;
  } else if (urlType && mayUseContext && hasToken(c.url)) {
    // A keyword in the URL counts only on a link that carries a one-time token: "…/verify-partners"
    // in a footer is not a verification link by its URL alone.
    type = urlType;
    s = 2.5;
  } else if (c.button === 2 && !CONTENT_LABEL.test(labelFolded) && !isRootLink(c.url) && !generic) {
    type = 'primary_action';
    s = 2;
    plainButton = true;
  }

  if (type !== undefined) {
    // "If you didn't request this, change your password": a safety valve, not the action.
    if (type !== 'rejection' && (DIDNT_REQUEST.test(beforeFolded) || DIDNT_REQUEST.test(labelFolded))) return undefined;
    if (urlType === type) s += 2;
    if (hasToken(c.url) && type !== 'primary_action') s += 1;
    if (c.button === 2) s += 3;
    else if (c.button === 1) s += 1.5;
    if (subjectType === type && type !== 'rejection') s += 1.5;
    if (type === 'rejection') s -= 1;
    if (c.imageOnly) s -= 1;
    if (c.label.length > 80) s -= 2;
  }
  return { c, type, score: s, generic, fallback, plainButton };
}

function confidenceOf(score: number): Confidence {
  if (score >= 8) return 'high';
  if (score >= 5.5) return 'medium';
  return 'low';
}

/** Minimum score for a typed link to be reported. */
const MIN_SCORE = 3;

export function detectCta(mail: PreparedMail): CtaLink[] {
  const order = { n: 0 };
  const candidates: Candidate[] = [];
  if (mail.html) {
    candidates.push(...anchorCandidates(mail.html, order));
    candidates.push(...textCandidates(mail.html.text, order));
  }
  if (mail.text) candidates.push(...textCandidates(mail.text, order));

  const subjectFolded = fold(mail.subject);
  const subjectType = classifyText(subjectFolded);
  const invitation = INVITATION_SUBJECT.test(subjectFolded);

  const scored: Scored[] = [];
  for (const c of candidates) {
    const s = score(c, subjectType, invitation);
    if (s) scored.push(s);
  }

  // Fallback links ("copy this link if the button doesn't work") and bare-URL labels
  // take the type of the strongest typed link.
  const typed = scored.filter((s) => s.type !== undefined && s.type !== 'primary_action' && s.score >= MIN_SCORE);
  const best = typed.reduce<Scored | undefined>((a, b) => (a === undefined || b.score > a.score ? b : a), undefined);
  if (best?.type) {
    for (const s of scored) {
      const twin = s.fallback || (s.generic && hasToken(s.c.url));
      if ((s.type === undefined || s.type === 'primary_action') && twin && !s.c.imageOnly && !isRootLink(s.c.url)) {
        s.type = best.type;
        s.score = Math.max(MIN_SCORE, best.score - 1.5);
        s.plainButton = false;
      }
    }
  }

  // Plain-text mail has no buttons: "Track it here: https://…" is its primary action
  // when nothing else qualifies.
  if (!scored.some((s) => s.type !== undefined && s.score >= MIN_SCORE)) {
    const action = scored.find(
      (s) => s.c.textUrl && ((s.c.label && ACTION_LABEL.test(fold(s.c.label))) || /track/i.test(urlWords(s.c.url).path)),
    );
    if (action) {
      action.type = 'primary_action';
      action.score = MIN_SCORE;
    }
  }

  // One entry per destination, best evidence wins.
  const byKey = new Map<string, Scored>();
  for (const s of scored) {
    if (s.type === undefined || s.score < MIN_SCORE) continue;
    const prev = byKey.get(s.c.key);
    if (!prev || s.score > prev.score) {
      if (prev && prev.c.order < s.c.order) s.c.order = prev.c.order;
      byKey.set(s.c.key, s);
    }
  }
  let results = [...byKey.values()];

  // Buttons without a recognisable purpose: one is the mail's primary action; many are a
  // marketing layout where none is.
  const plainButtons = results.filter((s) => s.type === 'primary_action' && s.plainButton);
  if (plainButtons.length > 2) results = results.filter((s) => s.type !== 'primary_action' || !plainButtons.includes(s));
  results.sort((a, b) => b.score - a.score || a.c.order - b.c.order);
  let primaryKept = false;
  results = results.filter((s) => {
    if (s.type !== 'primary_action') return true;
    if (primaryKept) return false;
    primaryKept = true;
    return true;
  });

  return results.slice(0, MAX_CTA_LINKS).map((s) => ({
    url: s.c.url,
    text: clip(squash(s.c.label || s.c.before || s.c.after), 120),
    confidence: confidenceOf(s.score),
    type: s.type as CtaType,
  }));
}
