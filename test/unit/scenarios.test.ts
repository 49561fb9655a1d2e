/**
 * Test mode's scenario mails (lambdas/testing/scenarios.ts) are real RFC 5322 messages: each has
 * one well-formed Message-ID, is addressed to the inbox, and holds what the scenario planted; a
 * reply answers the mail it names.
 */
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { MAIL_SCENARIOS, simulatedMail } from '../../lambdas/testing/scenarios.ts';

const inReplyTo = { messageIdHeader: 'original-1@example.org', references: ['root-0@example.org'], subject: 'Plans', counterpart: 'alice@example.org' };

describe('scenario mails', () => {
  it.each(MAIL_SCENARIOS)('%s: one Message-ID in angle brackets, no nesting; To is the inbox; planted values are in the text', async (scenario) => {
    const mail = await simulatedMail({ scenario, to: 'agent@sandbox.example', code: '482913', inReplyTo: scenario === 'reply' ? inReplyTo : undefined });
    const head = mail.raw.toString('utf8').split('\r\n\r\n')[0]!;
    expect(head).toMatch(/^Message-ID: <sim-[0-9a-f]{24}@[a-z0-9.-]+>$/m);
    const parsed = await simpleParser(mail.raw);
    expect(parsed.messageId).toMatch(/^<[^<>]+>$/);
    expect((parsed.to as { value: { address: string }[] }).value.map((a) => a.address)).toEqual(['agent@sandbox.example']);
    for (const value of Object.values(mail.planted).filter((v) => !v.startsWith('forward'))) expect(parsed.text).toContain(value);
  });

  it('reply: In-Reply-To is the original, References end with it, the subject is Re: the original\'s', async () => {
    const parsed = await simpleParser((await simulatedMail({ scenario: 'reply', to: 'agent@sandbox.example', inReplyTo })).raw);
    expect(parsed.inReplyTo).toBe('<original-1@example.org>');
    expect(parsed.references).toEqual(['<root-0@example.org>', '<original-1@example.org>']);
    expect(parsed.subject).toBe('Re: Plans');
  });
});
