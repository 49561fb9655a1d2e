/**
 * How a corpus case is run through Mailroom: a raw message goes the whole ingest content path
 * (the reply_body a user sees), an HTML body goes through extractReplyFromHtml, a text body
 * through extractReply. textOfCase is the plain text the peers are given for the same case.
 */
import { parseInboundMail } from '../lambdas/core/inbound/parse-mail.ts';
import { extractReply, extractReplyFromHtml, htmlToText } from '../lambdas/core/reply/index.ts';
import type { CorpusCase } from './reply-corpus.ts';

export async function replyOfCase(c: CorpusCase): Promise<string | undefined> {
  if (c.kind === 'html') return extractReplyFromHtml(c.input.toString('utf8'));
  if (c.kind === 'body') return extractReply(c.input.toString('utf8'));
  const p = await parseInboundMail(c.input);
  const bodyText = p.text.trim() ? p.text : p.html ? htmlToText(p.html) : '';
  return (p.html ? extractReplyFromHtml(p.html) : undefined) ?? extractReply(bodyText);
}

export async function textOfCase(c: CorpusCase): Promise<string> {
  if (c.kind === 'html') return htmlToText(c.input.toString('utf8'));
  if (c.kind === 'body') return c.input.toString('utf8');
  const p = await parseInboundMail(c.input);
  return p.text.trim() ? p.text : p.html ? htmlToText(p.html) : '';
}
