/**
 * Links, calls to action and one-time codes in a received mail — what an agent waiting
 * on its inbox usually needs: "click the verification link" or "type the code".
 *
 * Pure functions over the decoded subject, text and HTML bodies; no I/O. Every input is
 * treated as hostile: sizes are capped (see limits.ts) and all scanning is linear.
 */
import { detectCta } from './cta.ts';
import { extractCodes } from './codes.ts';
import { MAX_LINKS } from './limits.ts';
import { prepare } from './prepare.ts';
import type { CtaLink, MailBody, VerificationCode } from './types.ts';
import { cleanHref, findTextUrls, urlKey } from './url.ts';

export type { Confidence, CtaLink, CtaType, MailBody, VerificationCode } from './types.ts';

/**
 * Every distinct http(s) URL, first-seen order: the text body first (it comes first in
 * multipart/alternative), then the HTML part's hrefs and the bare URLs in its visible
 * text, in document order. Text URLs lose trailing punctuation; hrefs are
 * entity-decoded; mailto:, tel:, javascript:, data:, cid: and relative links are dropped.
 */
export function extractLinks(input: { text?: string; html?: string }): string[] {
  const mail = prepare(input);
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (url: string) => {
    if (out.length >= MAX_LINKS) return;
    const key = urlKey(url);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(url);
  };
  for (const f of findTextUrls(mail.text)) add(f.url);
  if (mail.html) {
    // Merge anchors and bare text URLs by their position in the visible text.
    const items: Array<{ pos: number; url: string }> = [];
    for (const a of mail.html.anchors) {
      const url = cleanHref(a.href);
      if (url !== undefined) items.push({ pos: a.start, url });
    }
    for (const f of findTextUrls(mail.html.text)) items.push({ pos: f.start, url: f.url });
    items.sort((a, b) => a.pos - b.pos);
    for (const item of items) add(item.url);
  }
  return out;
}

/** The links the reader is meant to click (verify, reset, approve …), best first, at most 5. */
export function detectCtaLinks(input: MailBody): CtaLink[] {
  return detectCta(prepare(input));
}

/** One-time codes (OTP, verification, sign-in codes), best first, deduplicated, at most 5. */
export function extractVerificationCodes(input: MailBody): VerificationCode[] {
  return extractCodes(prepare(input));
}
