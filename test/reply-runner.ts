/**
 * How a corpus case is run through Mailroom: a raw message goes the whole content pipeline
 * (lambdas/content: the reply_body a user sees), an HTML body goes through
 * extractReplyFromHtml, a text body through extractReply. textOfCase is the plain text the
 * peers are given for the same case (the pipeline's decoded text part).
 */
import { deriveContent, parseInboundMail } from '../lambdas/content/index.ts';
import { extractReply, extractReplyFromHtml, htmlToText } from '../lambdas/content/reply/index.ts';
import { withRulesOff } from '../lambdas/content/reply/rules.ts';
import { matches, matchesLeniently, untunedPart, type CorpusCase } from './reply-corpus.ts';

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

/**
 * Issue 30's leave-one-source-out score of a source: its untuned part (untunedPart), run with the
 * rules written from that part switched off (exact and lenient), and with every rule on.
 */
export async function scoreLeaveOneSourceOut(source: string, cases: CorpusCase[]) {
  const { cases: part, how, rulesOff } = untunedPart(source, cases);
  let exact = 0;
  let lenient = 0;
  let withEveryRule = 0;
  for (const c of part) {
    const got = await withRulesOff(rulesOff, () => replyOfCase(c));
    if (matches(c, got)) exact++;
    if (matchesLeniently(c, got)) lenient++;
    if (rulesOff.length === 0 ? matches(c, got) : matches(c, await replyOfCase(c))) withEveryRule++;
  }
  return { cases: part.length, exact, lenient, withEveryRule, how };
}
