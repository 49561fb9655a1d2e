/** Input capping shared by the three extractors. */
import { scanHtml, type HtmlScan } from './html.ts';
import { MAX_SUBJECT_CHARS, MAX_TEXT_CHARS } from './limits.ts';
import { capString } from './text.ts';
import type { MailBody } from './types.ts';

export interface PreparedMail {
  subject: string;
  text: string;
  html: HtmlScan | undefined;
}

export function prepare(input: MailBody): PreparedMail {
  const subject = capString(typeof input.subject === 'string' ? input.subject : '', MAX_SUBJECT_CHARS).replace(/[\r\n]+/g, ' ');
  // Normalise line endings once so every later step can split on \n.
  const text = capString(typeof input.text === 'string' ? input.text : '', MAX_TEXT_CHARS).replace(/\r\n?/g, '\n');
  const html = input.scan ?? (typeof input.html === 'string' && input.html.length > 0 ? scanOnce(input.html) : undefined);
  return { subject, text, html };
}

/**
 * The three public extractors are usually called one after another on the same body; the
 * last scan is kept so they share one render. (The content pipeline passes its own scan.)
 */
let last: { html: string; scan: HtmlScan } | undefined;
function scanOnce(html: string): HtmlScan {
  if (last?.html !== html) last = { html, scan: scanHtml(html) };
  return last.scan;
}
