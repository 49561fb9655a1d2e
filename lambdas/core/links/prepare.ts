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
  const html = typeof input.html === 'string' && input.html.length > 0 ? scanHtml(input.html) : undefined;
  return { subject, text, html };
}
