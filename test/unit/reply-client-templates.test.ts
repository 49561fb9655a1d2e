/**
 * Attribution lines as mail clients document them (lambdas/content/reply/client-strings.ts,
 * Thunderbird's 68 locales; client-strings-k9.ts, K-9 Mail's 60): every template, filled in with a name, a date and a time, reads as
 * an attribution; its separators as separators; prose with the same words does not.
 */
import { describe, expect, it } from 'vitest';
import { K9_STRINGS } from '../../lambdas/content/reply/client-strings-k9.ts';
import { THUNDERBIRD_STRINGS } from '../../lambdas/content/reply/client-strings.ts';
import { extractReply } from '../../lambdas/content/reply/index.ts';
import { isAttribution, isForwardMarker, isOriginalMessageSeparator } from '../../lambdas/content/reply/patterns.ts';

const fill = (t: string) => t.replace(/%s|# ?1/g, 'Jan Kowalski <jan@example.com>').replace(/# ?2/g, '12.03.2024').replace(/# ?3/g, '10:15');
/** Templates whose literal words are only punctuation ("#2 #3, #1:") cannot tell an attribution from prose. */
const wordy = (t: string) => /\p{L}{2}/u.test(t.replace(/%s|# ?[123]/g, ''));

describe('attributions, separators and forward markers from documented client strings', () => {
  const dated = THUNDERBIRD_STRINGS.flatMap((s) => [s.onDateAuthorWrote, s.authorWroteOnDate].filter((t): t is string => !!t && wordy(t)).map((t) => [s.locale, t] as const));
  it.each(dated)('%s: "%s" filled in is an attribution, with or without a quote under it', (_locale, template) => {
    expect(isAttribution(fill(template), false)).toBe(true);
  });

  const single = THUNDERBIRD_STRINGS.filter((s) => s.authorWroteSingle && wordy(s.authorWroteSingle)).map((s) => [s.locale, s.authorWroteSingle!] as const);
  it.each(single)('%s: "%s" is an attribution over a quote', (_locale, template) => {
    expect(isAttribution(fill(template), true)).toBe(true);
  });

  // K-9: %1$s is the date, %2$s (or %s) the sender.
  const k9 = (t: string) => t.replace(/%1\$s/g, '12.03.2024 10:15').replace(/%2\$s|%s/g, 'Jan Kowalski <jan@example.com>');
  const k9Dated = K9_STRINGS.filter((s) => s.replyHeaderWithDate && wordy(s.replyHeaderWithDate.replace(/%\d?\$?s/g, ''))).map((s) => [s.locale, s.replyHeaderWithDate!] as const);
  it.each(k9Dated)('K-9 %s: "%s" filled in is an attribution', (_locale, template) => {
    expect(isAttribution(k9(template), false)).toBe(true);
  });
  const k9Single = K9_STRINGS.filter((s) => s.replyHeader && wordy(s.replyHeader.replace(/%\d?\$?s/g, ''))).map((s) => [s.locale, s.replyHeader!] as const);
  it.each(k9Single)('K-9 %s: "%s" is an attribution over a quote', (_locale, template) => {
    expect(isAttribution(k9(template), true)).toBe(true);
  });

  it('reads every locale\'s reply and forward separators (as lines reach the patterns: white space single)', () => {
    const line = (s: string) => s.replace(/\s+/g, ' ').trim();
    for (const s of THUNDERBIRD_STRINGS) {
      if (s.originalMessage && /\p{L}{2}/u.test(s.originalMessage)) expect(isOriginalMessageSeparator(line(s.originalMessage)) || isForwardMarker(line(s.originalMessage)), s.locale).toBe(true);
      if (s.forwardedMessage && /\p{L}{2}/u.test(s.forwardedMessage)) expect(isForwardMarker(line(s.forwardedMessage)) || isOriginalMessageSeparator(line(s.forwardedMessage)), s.locale).toBe(true);
    }
    for (const s of K9_STRINGS) {
      if (s.separator && /\p{L}{2}/u.test(s.separator)) expect(isOriginalMessageSeparator(line(s.separator)) || isForwardMarker(line(s.separator)), `K-9 ${s.locale}`).toBe(true);
    }
  });

  it('cuts a Polish and a Catalan Thunderbird reply at their attribution', () => {
    expect(extractReply('Dzięki, jutro.\n\nW dniu 12.03.2024 o 10:15, Jan Kowalski pisze:\n> Spotkanie?')).toBe('Dzięki, jutro.');
    expect(extractReply('Perfecte.\n\nEl 12/03/2024 a les 10:15, Joan ha escrit:\n> Quedem?')).toBe('Perfecte.');
  });

  it('does not take prose for an attribution: a bare "X wrote:" with no quote under it, or a dated sentence', () => {
    expect(isAttribution('Joan ha escrit:', false)).toBe(false);
    expect(isAttribution('I wrote to john at 10:30:', false)).toBe(false);
    expect(isAttribution('Meeting notes from 10:15, Bob and Ann:', false)).toBe(false);
  });

});
