/**
 * Issue 30's structural rules, as a user sees them in reply_body: what each one removes, and the
 * look-alike text it leaves alone. Each rule's name (lambdas/content/reply/rules.ts) lets the
 * quality run score a source without the rules written from its cases; here they are all on, as
 * in production.
 */
import { describe, expect, it } from 'vitest';
import { extractReply } from '../../lambdas/content/reply/index.ts';
import { ruleOn, withRulesOff } from '../../lambdas/content/reply/rules.ts';

const reply = (...lines: string[]) => extractReply(lines.join('\n'));

describe('an attribution is a line ending in a colon that names a date, its time and an address, in any language', () => {
  it('cuts the history under it, quoted or not', () => {
    expect(reply('Danke!', '', 'W dniu 2015-01-07 14:23, anna@example.pl pisze:', '', 'Poprzednia wiadomość')).toBe('Danke!');
    expect(reply('Kiitos.', '', 'Ti 12.3.2024 klo 10.15 Matti Virtanen <matti@example.fi> kirjoitti:', '', 'Vanha viesti')).toBe('Kiitos.');
  });

  it('over a ">" quote a date and its time are enough, without an address', () => {
    expect(reply('Thank you!', '', '2013.02.08. 7:31 keltezéssel, "Győrvári Eszter" írta:', '> I really like your products!')).toBe('Thank you!');
  });

  it('leaves a lead-in without a time, or with no date, as the sender wrote it', () => {
    expect(reply('Send the 2024 figures to finance@example.com:', '', 'Revenue, costs, margin.')).toBe(
      'Send the 2024 figures to finance@example.com:\n\nRevenue, costs, margin.',
    );
    expect(reply('Here is what you said at 10:15:', '> The build is green.', '', 'It is red again.')).toBe(
      'Here is what you said at 10:15:\nIt is red again.',
    );
  });
});

describe('a wrapped attribution goes whole, its dated first line included', () => {
  it('removes "On <date> at" left above the wrapped rest', () => {
    expect(reply('Thanks, that fixed it.', '', 'On Tue, Mar 12, 2024 at', '10:15 AM Bob Smith <bob@example.com> wrote:', '', '> Try it.')).toBe(
      'Thanks, that fixed it.',
    );
    expect(reply('Mir geht es gut.', '', 'Am 26.5.2017', 'um 12:00 schrieb Adam', '<adam@example.com>:', '', '> Hallo')).toBe('Mir geht es gut.');
  });

  it('keeps a reply line glued on top that opens with the same word but names no date', () => {
    expect(reply('On my way', 'On Tue, Mar 12, 2024 at 10:15 AM Bob <bob@example.com> wrote:', '> Where are you?')).toBe('On my way');
  });
});

describe('an attribution written after the reply on one line leaves the reply words', () => {
  it('cuts the line where the attribution opens, after a space or dashes', () => {
    expect(reply('reply On Wed, Apr 4, 2012 at 3:59 PM, bob@example.com wrote:', '> Hi')).toBe('reply');
    expect(reply('ok', 'see you--- On Wed, Apr 4, 2012 at 3:59 PM, me@example.com wrote:', '> Hi')).toBe('ok\nsee you');
  });

  it('does not cut an attribution that names its author first ("Max <…> schrieb am …:")', () => {
    expect(reply('Gut.', '', 'Adam Mustermann <adam@example.com> schrieb am Di. 16. Mai 2017 um 10:20:', '', '> Hallo')).toBe('Gut.');
  });
});

describe('a name alone after the text goes, whatever ends the text above it', () => {
  it('removes the name under a line that ends no sentence, with or without a blank line', () => {
    expect(reply('Hi', 'there', 'Bob')).toBe('Hi\nthere');
    expect(reply('Great thanks, going for a test now.', 'Braxton')).toBe('Great thanks, going for a test now.');
    expect(reply('Text paragraph 2', '', 'Michael Scott')).toBe('Text paragraph 2');
  });

  it('keeps a closing formula with the name, a list, and a sentence the name-like line finishes', () => {
    expect(reply('Test reply', '', 'Regards, Roman')).toBe('Test reply\n\nRegards, Roman');
    expect(reply('Sounds good.', '', 'Thanks,', 'Eva')).toBe('Sounds good.\n\nThanks,\nEva');
    expect(reply('Attendees:', 'John', 'Mary')).toBe('Attendees:\nJohn\nMary');
    expect(reply('Invited', 'Anna Berg', 'John Smith')).toBe('Invited\nAnna Berg\nJohn Smith');
    expect(reply('Let us meet in', 'Room B')).toBe('Let us meet in\nRoom B');
    expect(reply('If anything is unclear, please contact', 'Jane Doe')).toBe('If anything is unclear, please contact\nJane Doe');
    expect(reply('Is it done?', '', 'Yes')).toBe('Is it done?\n\nYes');
  });
});

describe('a mail app tagline goes in any language: a few words naming the app and a platform, then its link', () => {
  it('removes it above the quote', () => {
    expect(reply('Gut, und dir?', '', 'LG, Eva', '', 'Outlook für iOS beziehen <https://aka.ms/o0ukef>')).toBe('Gut, und dir?\n\nLG, Eva');
    expect(reply('D\'accord.', '', 'Télécharger Outlook pour Android <https://aka.ms/ghei36>')).toBe('D\'accord.');
  });

  it('keeps a sentence about the app that carries no link', () => {
    expect(reply('Noted.', '', 'I use Outlook on my Mac')).toBe('Noted.\n\nI use Outlook on my Mac');
  });
});

describe('a closing formula and the name under it stay; the title and contact lines under them go', () => {
  it('keeps "Regards,\\nJohn Doe" and drops the title, phone and site under it', () => {
    expect(reply('Thanks for the update.', '', 'Regards,', '', 'John Doe', 'CEO @ Acme')).toBe('Thanks for the update.\n\nRegards,\n\nJohn Doe');
    expect(reply('See you then.', '', 'Best regards,', 'Anna Berg', 'Head of Sales, Acme GmbH', '+49 30 1234567', 'www.acme.example')).toBe(
      'See you then.\n\nBest regards,\nAnna Berg',
    );
  });

  it('drops contact lines straight under the closing when no name comes first', () => {
    expect(reply('Done.', '', 'Thanks,', 'support@acme.example', '+1 555 123 4567')).toBe('Done.\n\nThanks,');
  });
});

describe('over a quote, a last line that is an attribution by itself is the whole attribution', () => {
  it('keeps the reply line joined above it', () => {
    expect(reply('Replying ok', '2011/4/7 Nathan Nova <support@example.com>', '', '> Cool beans')).toBe('Replying ok');
  });
});

describe("Outlook's separator is recognised by its shape in any language", () => {
  it('cuts at five dashes, a few words, five dashes', () => {
    expect(reply('Test reply', '', '-----Antwort Nachricht-----', '', 'Test')).toBe('Test reply');
    expect(reply('Va bene.', '', '----- Messaggio di risposta -----', 'Da: Anna')).toBe('Va bene.');
  });

  it('leaves a heading drawn with fewer dashes or holding a number', () => {
    expect(reply('Agenda', '', '--- Part two ---', 'Budget review')).toBe('Agenda\n\n--- Part two ---\nBudget review');
    expect(reply('Agenda', '', '-----Step 2-----', 'Budget review')).toBe('Agenda\n\n-----Step 2-----\nBudget review');
  });
});

describe('rules can be switched off for measurement only', () => {
  it('withRulesOff turns a rule off for the run and back on after, also when the run throws', async () => {
    expect(ruleOn('lone-name-after-any-text')).toBe(true);
    await withRulesOff(['lone-name-after-any-text'], async () => {
      expect(ruleOn('lone-name-after-any-text')).toBe(false);
      expect(reply('Hi', 'there', 'Bob')).toBe('Hi\nthere\nBob');
    });
    await expect(withRulesOff(['dated-attribution-head'], async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(ruleOn('dated-attribution-head')).toBe(true);
    expect(reply('Hi', 'there', 'Bob')).toBe('Hi\nthere');
  });
});
