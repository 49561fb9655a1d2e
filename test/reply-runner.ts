/**
 * How a corpus case is run through Mailroom: a raw message goes the whole content pipeline
 * (lambdas/content: the reply_body a user sees), an HTML body goes through
 * extractReplyFromHtml, a text body through extractReply. textOfCase is the plain text the
 * peers are given for the same case (the pipeline's decoded text part).
 */
import { deriveContent, parseInboundMail } from '../lambdas/content/index.ts';
import { extractReply, extractReplyFromHtml, htmlToText } from '../lambdas/content/reply/index.ts';
import type { CorpusCase } from './reply-corpus.ts';

export async function replyOfCase(c: CorpusCase): Promise<string | undefined> {
  if (c.kind === 'html') return extractReplyFromHtml(c.input.toString('utf8'));
  if (c.kind === 'body') return extractReply(c.input.toString('utf8'));
  return deriveContent(await parseInboundMail(c.input)).reply_body;
}

export async function textOfCase(c: CorpusCase): Promise<string> {
  if (c.kind === 'html') return htmlToText(c.input.toString('utf8'));
  if (c.kind === 'body') return c.input.toString('utf8');
  const p = await parseInboundMail(c.input);
  return p.text.trim() ? p.text : p.html ? htmlToText(p.html) : '';
}
