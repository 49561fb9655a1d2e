/**
 * Reply extraction: the whole public corpus (test/fixtures/corpora/reply-extraction, see its
 * README §1) plus focused specifications.
 *
 * The corpus sources disagree on conventions; where we follow a different one on purpose
 * the case is listed in INTENTIONAL_DIFFERENCES with the reason. Any other failing case,
 * or an overall exact-match rate below PASS_RATE_THRESHOLD, fails the suite.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseInboundMail } from '../../lambdas/content/index.ts';
import { extractReply, extractReplyFromHtml, htmlToText, MAX_TEXT_CHARS } from '../../lambdas/content/reply/index.ts';
import { corporaDir } from '../corpora.ts';
import { normalise, squash } from '../reply-corpus.ts';
import { REPLY_CORPUS_DIR, sharedCategoryOf } from '../reply-corpus.ts';
import { cpuClock } from '../cpu-time.ts';

const corpusRoot = corporaDir();
const replyDir = path.join(corpusRoot, 'reply-extraction');

/**
 * Just below the achieved 102/108 (94.4 %), so any regression fails. (Was 0.93 at 101/108; the
 * Thunderbird case passes since format=flowed is decoded per RFC 3676.)
 */
const PASS_RATE_THRESHOLD = 0.94;

/**
 * Cases whose upstream expectation contradicts issue 12's convention (the new text below or
 * between quoted blocks is the reply, the quote above it is not; no ">" line in a reply when the
 * body has unquoted text). They are still compared exactly, against the upstream expectation
 * with the attribution and the ">" lines removed (test/fixtures/reply-corpus/shared-overrides).
 */
const CONVENTION_OVERRIDES: Record<string, string> = {
  'github-email_reply_parser/email_1_2': 'bottom-posted: github\'s "visible text" keeps the quote above the answer',
  'github-email_reply_parser/email_1_8': 'interleaved: github keeps the quoted questions between the answers',
};

/** Cases where we deliberately follow another convention than the source project's expectation. */
const INTENTIONAL_DIFFERENCES: Record<string, string> = {
  'talon/standard-iphone':
    'We strip "Sent from my iPhone" (github/email_reply_parser convention): an agent wants what the person wrote, not the device boilerplate. talon keeps it.',
  'talon/standard-sparrow':
    'We strip the "-- " signature block (name + "Sent with Sparrow"); talon only removes the quote and keeps signatures.',
  'talon/signature-short-url':
    'We keep a bare closing plus first name ("Thank you,\\nNoam"), as talon\'s own nine HTML cases keep "Thanks,\\nAlex" — the same shape cannot be both; the name tells the agent who signed.',
  'crisp-email-reply-parser/email_with_regards':
    'We keep the closing and the name ("Regards,\\n\\nJohn Doe") and drop only the title under them (README convention: a closing formula and the name under it stay); crisp drops all three.',
  'crisp-email-reply-parser/email_1':
    'We strip the "-Abhishek Kona" dash sign-off as a signature (github/email_reply_parser convention, which the same text expects in github email_1_1); crisp keeps it.',
  'crisp-email-reply-parser/email_3':
    'Same "-Abhishek Kona" dash sign-off as email_1 (github email_1_3 expects it stripped).',
};


interface ManifestEntry {
  id: string;
  input: string;
  expected: string;
  kind: 'eml' | 'body';
  note: string;
}

async function runCase(e: ManifestEntry): Promise<{ got: string; want: string; pass: boolean }> {
  const raw = fs.readFileSync(path.join(replyDir, e.input));
  const want = e.id in CONVENTION_OVERRIDES
    ? fs.readFileSync(path.join(REPLY_CORPUS_DIR, 'shared-overrides', `${e.id}.expected.txt`), 'utf8')
    : fs.readFileSync(path.join(replyDir, e.expected), 'utf8');
  if (e.kind === 'eml') {
    // The content pipeline's parse: mailparser, with format=flowed decoded per RFC 3676.
    const parsed = await parseInboundMail(raw);
    const got = extractReply(parsed.text);
    return { got, want, pass: normalise(got) === normalise(want) };
  }
  if (e.input.endsWith('.html')) {
    const got = extractReplyFromHtml(raw.toString('utf8'));
    return { got: got ?? '<undefined>', want, pass: got !== undefined && squash(got) === squash(want) };
  }
  const got = extractReply(raw.toString('utf8'));
  return { got, want, pass: normalise(got) === normalise(want) };
}

function rateTable(title: string, rows: Map<string, { pass: number; total: number }>): string {
  const lines = [`${title.padEnd(32)} pass/total   rate`];
  for (const [k, v] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`  ${k.padEnd(30)} ${`${v.pass}/${v.total}`.padStart(10)}  ${((100 * v.pass) / v.total).toFixed(1).padStart(5)}%`);
  }
  return lines.join('\n');
}

describe('reply-extraction corpus (test/fixtures/corpora/reply-extraction)', () => {
  it('runs every case in the manifest and reaches the exact-match threshold', async () => {
    const manifestPath = path.join(replyDir, 'manifest.json');
    if (!fs.existsSync(manifestPath)) {
      throw new Error(
        `Reply-extraction corpus missing: expected ${manifestPath} (corpus root ${corpusRoot}); this suite fails rather than skip without it.`,
      );
    }
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as ManifestEntry[];
    expect(manifest.length).toBeGreaterThan(0);

    const byFolder = new Map<string, { pass: number; total: number }>();
    const byCategory = new Map<string, { pass: number; total: number }>();
    const bump = (m: Map<string, { pass: number; total: number }>, k: string, pass: boolean) => {
      const v = m.get(k) ?? { pass: 0, total: 0 };
      v.total++;
      if (pass) v.pass++;
      m.set(k, v);
    };
    const failures: { id: string; got: string; want: string }[] = [];
    let passed = 0;
    for (const e of manifest) {
      const r = await runCase(e);
      if (r.pass) passed++;
      else failures.push({ id: e.id, got: r.got, want: r.want });
      bump(byFolder, e.id.split('/')[0]!, r.pass);
      bump(byCategory, e.input.endsWith('.html') ? 'html' : sharedCategoryOf(e.id), r.pass);
    }
    const rate = passed / manifest.length;
    console.log(
      [
        `reply extraction: ${passed}/${manifest.length} exact matches (${(100 * rate).toFixed(1)}%), threshold ${(100 * PASS_RATE_THRESHOLD).toFixed(1)}%`,
        rateTable('by source folder', byFolder),
        rateTable('by category', byCategory),
        `compared under issue 12's convention instead of upstream: ${Object.keys(CONVENTION_OVERRIDES).join(', ')}`,
        `failing (all documented in INTENTIONAL_DIFFERENCES unless listed as unexpected below): ${failures.map((f) => f.id).join(', ') || 'none'}`,
      ].join('\n'),
    );

    const unexpected = failures.filter((f) => !(f.id in INTENTIONAL_DIFFERENCES));
    for (const f of unexpected) console.log(`UNEXPECTED ${f.id}\n--- got ---\n${f.got}\n--- want ---\n${f.want}`);
    expect(unexpected.map((f) => f.id), 'failing cases that are not documented intentional differences').toEqual([]);
    expect(rate).toBeGreaterThanOrEqual(PASS_RATE_THRESHOLD);
  });
});

// ---------------------------------------------------------------------------------------
// Focused specifications

const QUOTE = '> Hi,\n> does Tuesday work for you?\n>\n> Bob\n';

describe('attribution lines are recognised in every supported language', () => {
  const cases: [string, string, string][] = [
    ['English (Gmail)', 'Tuesday works.', 'On Tue, Mar 12, 2024 at 10:15 AM Bob Smith <bob@example.com> wrote:'],
    ['English (Apple Mail)', 'Tuesday works.', 'On 12 Mar 2024, at 10:15, Bob Smith <bob@example.com> wrote:'],
    ['German', 'Dienstag passt.', 'Am 12.03.2024 um 10:15 schrieb Max Mustermann <max@example.de>:'],
    ['German (Thunderbird, no address)', 'Dienstag passt.', 'Am 12.03.2024 um 10:15 schrieb Max Mustermann:'],
    ['French', 'Mardi me convient.', 'Le mar. 12 mars 2024 à 10:15, Jean Dupont <jean@example.fr> a écrit :'],
    ['Spanish', 'El martes me va bien.', 'El mar, 12 mar 2024 a las 10:15, Juan <juan@example.es> escribió:'],
    ['Portuguese', 'Terça está ótimo.', 'Em ter., 12 de mar. de 2024 às 10:15, João <joao@example.pt> escreveu:'],
    ['Italian', 'Martedì va bene.', 'Il giorno mar 12 mar 2024 alle ore 10:15 Mario <mario@example.it> ha scritto:'],
    ['Dutch', 'Dinsdag is prima.', 'Op di 12 mrt 2024 om 10:15 schreef Jan <jan@example.nl>:'],
    ['Japanese', '火曜日で大丈夫です。', '2024年3月12日(火) 10:15 山田太郎 <taro@example.jp>:'],
    ['Chinese', '周二可以。', '在 2024年3月12日 10:15，张三 <zhang@example.cn> 写道：'],
    ['Swedish', 'Tisdag passar.', 'Den tis 12 mars 2024 kl 10:15 skrev Sven <sven@example.se>:'],
    ['Polish', 'Wtorek pasuje.', 'W dniu 12.03.2024 o 10:15 Jan Kowalski <jan@example.pl> napisał:'],
    ['Russian', 'Вторник подходит.', 'вт, 12 мар. 2024 г. в 10:15, Иван <ivan@example.ru>:'],
    ['Korean', '화요일 좋아요.', '2024년 3월 12일 (화) 오전 10:15, 홍길동 <hong@example.kr>님이 작성:'],
    ['German (Gmail for Android)', 'Dienstag passt.', 'Max Mustermann <max@example.de> schrieb am Di., 12. März 2024, 10:15:'],
    ['Chinese (Gmail, name first)', '周二可以。', '张三 <zhang@example.cn> 于2024年3月12日周二 10:15写道：'],
  ];
  it.each(cases)('cuts at a %s attribution and returns only the reply', (_lang, reply, attribution) => {
    expect(extractReply(`${reply}\n\n${attribution}\n${QUOTE}`)).toBe(reply);
  });

  it('recognises an "On … wrote:" line that the client wrapped across two lines', () => {
    const body = 'Sounds good.\n\nOn Tue, Mar 12, 2024 at 10:15 AM Bob Smith <bob@example.com>\nwrote:\n\n' + QUOTE;
    expect(extractReply(body)).toBe('Sounds good.');
  });

  it('recognises an attribution glued to the last reply line (no blank line between)', () => {
    expect(extractReply('Sounds good.\nOn Tue, Mar 12, 2024 at 10:15 AM Bob <bob@example.com> wrote:\n' + QUOTE)).toBe('Sounds good.');
  });

  it('does not take a prose line ending in a colon for an attribution', () => {
    const body = 'I wrote to john@example.com at 10:30 yesterday:\nno reply yet.';
    expect(extractReply(body)).toBe(body);
  });

  it('does not take sentences that start with "On" for attributions', () => {
    const body = 'On Monday we ship.\n\nOn the other hand, the docs are late.';
    expect(extractReply(body)).toBe(body);
  });
});

describe('Outlook header blocks', () => {
  it('cuts at an English From/Sent/To/Subject block under a rule line', () => {
    const body =
      'Confirmed for Tuesday.\n\n________________________________\nFrom: Bob Smith <bob@example.com>\n' +
      'Sent: Tuesday, March 12, 2024 10:15 AM\nTo: Alice <alice@example.com>\nSubject: RE: Meeting\n\nCan we meet on Tuesday?\n';
    expect(extractReply(body)).toBe('Confirmed for Tuesday.');
  });

  it('cuts at a German Von/Gesendet/An/Betreff block', () => {
    const body =
      'Dienstag passt.\n\nVon: Max Mustermann <max@example.de>\nGesendet: Dienstag, 12. März 2024 10:15\n' +
      'An: Erika Musterfrau <erika@example.de>\nBetreff: AW: Termin\n\nPasst dir Dienstag?\n';
    expect(extractReply(body)).toBe('Dienstag passt.');
  });

  it('cuts at a "-----Original Message-----" rule', () => {
    const body = 'Done.\n\n-----Original Message-----\nFrom: Bob <bob@example.com>\nSent: Tuesday\nTo: Alice\nSubject: Task\n\nPlease do it.';
    expect(extractReply(body)).toBe('Done.');
  });

  it('does not cut at memo-style From:/To:/Subject: lines that carry no date', () => {
    const body = 'Hi all,\n\nFrom: Jane\nTo: Team\nSubject: Offsite\n\nDetails follow.';
    expect(extractReply(body)).toBe(body);
  });

  it('does not cut at From:/Date: labels in a notice without addresses', () => {
    const body = 'Your order has shipped.\n\nFrom: Acme Warehouse\nDate: 12 March 2024\nTracking: 1Z999';
    expect(extractReply(body)).toBe(body);
  });
});

// Issue 12 convention (docs/decisions.md): the note above a forward is the reply (the forward
// stays in body_text); a forward with no note is kept whole. Until then a forward was kept whole
// even under a note.
describe('forwards: the note is the reply, a forward without a note is kept whole; bounces are kept whole', () => {
  it('returns the note above a Gmail forwarded message', () => {
    const body =
      'FYI, see below.\n\n---------- Forwarded message ---------\nFrom: Bob <bob@example.com>\n' +
      'Date: Tue, Mar 12, 2024 at 10:15 AM\nSubject: Invoice\nTo: Alice <alice@example.com>\n\nInvoice attached.';
    expect(extractReply(body)).toBe('FYI, see below.');
  });

  it('keeps a Gmail forward with no note whole', () => {
    const body =
      '---------- Forwarded message ---------\nFrom: Bob <bob@example.com>\n' +
      'Date: Tue, Mar 12, 2024 at 10:15 AM\nSubject: Invoice\nTo: Alice <alice@example.com>\n\nInvoice attached.';
    expect(extractReply(body)).toBe(body);
  });

  it('keeps an Apple Mail "Begin forwarded message:" whole', () => {
    const body = 'Begin forwarded message:\n\n> From: Bob <bob@example.com>\n> Subject: Invoice\n> Date: 12 March 2024 at 10:15\n>\n> Invoice attached.';
    expect(extractReply(body)).toBe(body);
  });

  it('returns the note above an Outlook forward (header block with a "FW:" subject)', () => {
    const body =
      'Please handle.\n\n________________________________\nFrom: Bob <bob@example.com>\n' +
      'Sent: Tuesday, March 12, 2024 10:15 AM\nTo: Alice <alice@example.com>\nSubject: FW: Invoice\n\nInvoice attached.';
    expect(extractReply(body)).toBe('Please handle.');
  });

  it('still cuts a reply written above a quoted forward', () => {
    const body = 'Thanks, on it.\n\nOn Tue, Mar 12, 2024 at 10:15 AM Bob <bob@example.com> wrote:\n> ---------- Forwarded message ---------\n> From: Carol';
    expect(extractReply(body)).toBe('Thanks, on it.');
  });

  it('keeps a delivery-status report (bounce) whole, original headers included', () => {
    const body =
      'This is the mail system at host mail.example.com.\n\nI\'m sorry to have to inform you that your message could not\n' +
      'be delivered to one or more recipients.\n\n<nobody@example.org>: host mx.example.org said: 550 5.1.1 User unknown\n\n' +
      'Reporting-MTA: dns; mail.example.com\nFinal-Recipient: rfc822; nobody@example.org\nAction: failed\nStatus: 5.1.1\n\n' +
      'From: Alice <alice@example.com>\nTo: nobody@example.org\nSubject: Hello\nDate: Tue, 12 Mar 2024 10:15:00 +0000\n\nHi there';
    expect(extractReply(body)).toBe(body);
  });

  it('keeps a DSN recognised by its RFC 3464 fields alone', () => {
    const body =
      'Delivery failed.\n\nReporting-MTA: dns; mx.example.com\nFinal-Recipient: rfc822; x@example.org\nAction: failed\n' +
      'Status: 5.1.1\nDiagnostic-Code: smtp; 550 no such user\n\nOn Tue, Mar 12, 2024 at 10:15 AM Alice <a@example.com> wrote:\n> Hi';
    expect(extractReply(body)).toBe(body);
  });
});

// Issue 12 convention: the new text below or between quoted blocks is the reply, the quote
// above it is not (until then the quoted context of an inline reply was kept).
describe('inline and bottom-posted replies', () => {
  it('returns the interleaved answers without the quoted lines they answer', () => {
    const body =
      'On Tue, Mar 12, 2024 at 10:15 AM Bob <bob@example.com> wrote:\n> Can you do Tuesday?\n\nYes, Tuesday works.\n\n' +
      '> And can you bring the slides?\n\nSure, I will bring them.\n\n> Thanks,\n> Bob\n';
    expect(extractReply(body)).toBe('Yes, Tuesday works.\n\nSure, I will bring them.');
  });

  it('returns a bottom-posted reply without the quote above it', () => {
    expect(extractReply('> Can you do Tuesday?\n\nYes.\n')).toBe('Yes.');
  });

  it('returns a mail that is nothing but a quote as it is, never an empty reply', () => {
    const body = 'On Tue, Mar 12, 2024 at 10:15 AM Bob <bob@example.com> wrote:\n> Can you do Tuesday?';
    expect(extractReply(body)).toBe(body);
  });

  it('treats a top-posted reply with a quote below it as top-posted', () => {
    expect(extractReply('Yes.\n\n> Can you do Tuesday?\n> Bob\n')).toBe('Yes.');
  });

  it('does not mistake the hard-wrapped tail of a long quoted line for an answer', () => {
    const body =
      'Noted.\n\nOn Tue, Mar 12, 2024 at 10:15 AM Bob <bob@example.com> wrote:\n' +
      '> The quarterly numbers are attached, and the summary is in the second tab of the\nspreadsheet.\n>\n> Bob\n';
    expect(extractReply(body)).toBe('Noted.');
  });
});

describe('trailing boilerplate is stripped', () => {
  it.each([
    ['Sent from my iPhone'],
    ['Sent from my Samsung Galaxy smartphone.'],
    ['Get Outlook for iOS<https://aka.ms/o0ukef>'],
    ['Sent from Yahoo Mail on Android'],
    ['Von meinem iPhone gesendet'],
    ['Envoyé de mon iPhone'],
    ['Enviado desde mi iPhone'],
  ])('strips the mobile signature "%s"', (sig) => {
    expect(extractReply(`On my way.\n\n${sig}\n`)).toBe('On my way.');
  });

  it('cuts at a mobile signature that sits above unmarked old text', () => {
    expect(extractReply('On my way.\n\nSent from my iPhone\n\nBob wrote the earlier message here.')).toBe('On my way.');
  });

  it('keeps prose that merely starts with "Sent from my"', () => {
    const body = 'Here it is.\n\nSent from my desk, which is much easier than my phone.';
    expect(extractReply(body)).toBe(body);
  });

  it('strips a "-- " signature block', () => {
    expect(extractReply('See you then.\n\n-- \nAlice Example\nHead of Ops, Example Inc.\n+1 555 0100\n')).toBe('See you then.');
  });

  it('keeps " -- " inside a line and "-- " list items', () => {
    const body = 'Options -- pick one:\n-- first\n-- second';
    expect(extractReply(body)).toBe(body);
  });

  it('strips a mailing-list footer', () => {
    const body =
      'I agree with the proposal.\n\nYou received this message because you are subscribed to the Google Groups "dev" group.\n' +
      'To unsubscribe from this group and stop receiving emails from it, send an email to dev+unsubscribe@googlegroups.com.\n';
    expect(extractReply(body)).toBe('I agree with the proposal.');
  });

  it('strips a Mailman footer under a rule line', () => {
    const body = 'Works for me.\n\n_______________________________________________\ndev mailing list\ndev@lists.example.org\nhttps://lists.example.org/mailman/listinfo/dev\n';
    expect(extractReply(body)).toBe('Works for me.');
  });

  it('strips a legal disclaimer', () => {
    const body =
      'Approved.\n\nCONFIDENTIALITY NOTICE: This e-mail and any attachments are confidential and intended solely for the ' +
      'addressee. If you are not the intended recipient, please delete it and notify the sender.\n';
    expect(extractReply(body)).toBe('Approved.');
  });

  it('strips a "-Name" sign-off but not the single item of a list', () => {
    expect(extractReply('Thanks for the help.\n\n-Tom')).toBe('Thanks for the help.');
    expect(extractReply('Bring:\n\n- Milk')).toBe('Bring:\n\n- Milk');
  });

  it('strips a name-and-contact card but keeps a bare "Thanks,\\nName" closing', () => {
    expect(extractReply('Done.\n\nJane Doe\njane@example.com\n+1 555 0100\n')).toBe('Done.');
    expect(extractReply('Done.\n\nThanks,\nJane')).toBe('Done.\n\nThanks,\nJane');
  });
});

describe('extractReply edge cases', () => {
  it('returns "" for empty input and never throws on junk', () => {
    expect(extractReply('')).toBe('');
    expect(extractReply(undefined as unknown as string)).toBe('');
    expect(extractReply(42 as unknown as string)).toBe('');
    expect(extractReply('\n\n  \n')).toBe('');
  });

  it('returns the trimmed text when nothing is quoted', () => {
    expect(extractReply('  \n\nJust a note.\nSecond line.\n\n')).toBe('Just a note.\nSecond line.');
  });

  it('handles CRLF and CR line endings', () => {
    expect(extractReply('Yes.\r\n\r\nOn Tue, Mar 12, 2024 at 10:15 AM Bob <bob@example.com> wrote:\r\n> Q?\r\n')).toBe('Yes.');
    expect(extractReply('Yes.\r\rOn Tue, Mar 12, 2024 at 10:15 AM Bob <bob@example.com> wrote:\r> Q?\r')).toBe('Yes.');
  });

  it(`caps input at MAX_TEXT_CHARS (${MAX_TEXT_CHARS}) and still answers`, () => {
    const big = 'Top reply.\n\n' + 'x'.repeat(MAX_TEXT_CHARS + 10);
    const out = extractReply(big);
    expect(out.startsWith('Top reply.')).toBe(true);
    expect(out.length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
  });
});

describe('HTML replies', () => {
  it('removes a Gmail gmail_quote', () => {
    const html =
      '<div dir="ltr">Sounds good!</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Tue, Mar 12, 2024 at 10:15 AM Bob ' +
      '&lt;<a href="mailto:bob@example.com">bob@example.com</a>&gt; wrote:<br></div><blockquote class="gmail_quote" ' +
      'style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex"><div dir="ltr">Can we meet?</div></blockquote></div>';
    expect(extractReplyFromHtml(html)).toBe('Sounds good!');
  });

  it('removes an Outlook (web) divRplyFwdMsg quote', () => {
    const html =
      '<html><body><div>Yes, confirmed.</div><div id="appendonsend"></div><hr style="display:inline-block;width:98%" tabindex="-1">' +
      '<div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, sans-serif" style="font-size:11pt"><b>From:</b> Bob &lt;bob@example.com&gt;<br>' +
      '<b>Sent:</b> Tuesday, March 12, 2024 10:15 AM<br><b>To:</b> Alice<br><b>Subject:</b> Meeting</font><div>&nbsp;</div></div>' +
      '<div>Can we meet?</div></body></html>';
    expect(extractReplyFromHtml(html)).toBe('Yes, confirmed.');
  });

  it('removes an Outlook (desktop) quote introduced by a border-top header block', () => {
    const html =
      '<div class=WordSection1><p class=MsoNormal>Approved.<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p>' +
      '<div style="border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm"><p class=MsoNormal><b>From:</b> Bob ' +
      '&lt;bob@example.com&gt;<br><b>Sent:</b> Tuesday, March 12, 2024 10:15 AM<br><b>To:</b> Alice &lt;alice@example.com&gt;<br>' +
      '<b>Subject:</b> Budget<o:p></o:p></p></div><p class=MsoNormal>Please approve.<o:p></o:p></p></div>';
    expect(extractReplyFromHtml(html)).toBe('Approved.');
  });

  it('removes an Apple Mail blockquote type=cite and the mobile signature', () => {
    const html =
      '<html><body dir="auto">Works for me.<br><br><div dir="ltr">Sent from my iPhone</div><div dir="ltr"><br>' +
      '<blockquote type="cite">On Mar 12, 2024, at 10:15, Bob &lt;bob@example.com&gt; wrote:<br><br></blockquote></div>' +
      '<blockquote type="cite"><div dir="ltr">Can we meet?</div></blockquote></body></html>';
    expect(extractReplyFromHtml(html)).toBe('Works for me.');
  });

  it('removes a Thunderbird moz-cite-prefix quote', () => {
    const html =
      '<body>Fine.<br><div class="moz-cite-prefix">On 12.03.2024 10:15, Bob wrote:<br></div>' +
      '<blockquote type="cite" cite="mid:x@example.com">Can we meet?</blockquote></body>';
    expect(extractReplyFromHtml(html)).toBe('Fine.');
  });

  it('removes a Yahoo yahoo_quoted block', () => {
    const html =
      '<div>Fine by me</div><div class="yahoo_quoted"><div>On Tuesday, March 12, 2024, 10:15:00 AM GMT+1, Bob ' +
      '&lt;bob@example.com&gt; wrote:</div><div><div>Can we meet?</div></div></div>';
    expect(extractReplyFromHtml(html)).toBe('Fine by me');
  });

  it('returns the answers of an HTML inline reply without the quoted context', () => {
    const html =
      '<div class="moz-cite-prefix">On 12.03.2024 10:15, Bob wrote:<br></div><blockquote type="cite">Can you do Tuesday?</blockquote>' +
      'Yes.<br><blockquote type="cite">Slides?</blockquote>Sure.<br>';
    expect(extractReplyFromHtml(html)).toBe('Yes.\n\nSure.');
  });

  it('returns the note above an Outlook (web) forward: the header block under divRplyFwdMsg has a "FW:" subject', () => {
    const html =
      '<div>Please handle.</div><div id="appendonsend"></div><hr tabindex="-1"><div id="divRplyFwdMsg"><b>From:</b> Bob ' +
      '&lt;bob@example.com&gt;<br><b>Sent:</b> Tuesday<br><b>To:</b> Alice<br><b>Subject:</b> FW: Invoice</div><div>Invoice attached.</div>';
    expect(extractReplyFromHtml(html)).toBe('Please handle.');
  });

  it('returns the note above a Gmail forward', () => {
    const html =
      '<div dir="ltr">FYI<br><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">---------- Forwarded message ---------<br>' +
      'From: <b>Bob</b> &lt;bob@example.com&gt;<br>Date: Tue, Mar 12, 2024<br>Subject: Invoice<br>To: Alice<br></div><br>' +
      '<div>Invoice attached.</div></div></div>';
    expect(extractReplyFromHtml(html)).toBe('FYI');
  });

  it('returns undefined when the HTML shows no quote structure (caller falls back to the text part)', () => {
    expect(extractReplyFromHtml('<p>Hello <b>world</b></p><p>No quote here.</p>')).toBeUndefined();
    expect(extractReplyFromHtml('')).toBeUndefined();
  });
});

describe('htmlToText', () => {
  it('renders visible text only, links as text with their URL, sensible line breaks', () => {
    const html =
      '<html><head><title>T</title><style>p{color:red}</style></head><body><script>alert(1)</script><h1>Title</h1>' +
      '<p>Para with <a href="https://example.com/verify?t=1">Verify</a> and <a href="https://example.com">https://example.com</a>.</p>' +
      '<ul><li>one</li><li>two</li></ul><div style="display:none">hidden preheader</div>Tom &amp; Jerry&nbsp;&lt;3<br>line2' +
      '<blockquote>quoted</blockquote></body></html>';
    expect(htmlToText(html)).toBe(
      'Title\n\nPara with Verify <https://example.com/verify?t=1> and https://example.com.\n\n- one\n- two\nTom & Jerry\u00a0<3\nline2\n\n> quoted',
    );
  });

  it('keeps Outlook\'s "<p class=MsoNormal>&nbsp;</p>" spacers as blank lines and MsoNormal paragraphs as lines', () => {
    const html =
      '<p class=MsoNormal>Hi.<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p><p class=MsoNormal>Thanks,<o:p></o:p></p>' +
      '<p class=MsoNormal>Alex<o:p></o:p></p>';
    expect(htmlToText(html)).toBe('Hi.\n\nThanks,\nAlex');
  });

  it('puts table cells side by side and rows on their own lines', () => {
    expect(htmlToText('<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>')).toBe('a b\nc d');
  });

  it('keeps <pre> whitespace and returns "" for empty input', () => {
    expect(htmlToText('<pre>a  b\n  c</pre>')).toBe('a  b\n  c');
    expect(htmlToText('')).toBe('');
  });
});

describe('hostile input', () => {
  const MB = 1_000_000;
  const BUDGET_MS = 3_000; // CPU time; each input takes well under 300 ms
  const texts: [string, string][] = [
    ['one 1 MB line of ">"', '>'.repeat(MB)],
    ['1 MB of spaces then a letter', ' '.repeat(MB) + 'x'],
    ['"On " repeated', 'On '.repeat(MB / 3)],
    ['attribution-like lines', 'On Mon, 1 Jan 2024 at 10:00, a <a@b.cc>\n'.repeat(MB / 40)],
    ['long lines ending in time, address and colon', ('a'.repeat(990) + ' 10:30 x@y.co:\n').repeat(MB / 1005)],
    ['a 1 MB address-like token', 'a'.repeat(MB / 2) + '@' + 'b'.repeat(MB / 2)],
    ['header lines', 'From: x\nSent: y\n'.repeat(MB / 16)],
    ['signature delimiters', '--\n'.repeat(MB / 3)],
    ['alternating quote and text', '> a\nb\n'.repeat(MB / 6)],
    ['"wrote:" lines', 'wrote:\n'.repeat(MB / 7)],
    ['client-template-like lines (literals of "Am #2 um #3 schrieb #1:" over and over)', `${'am um schrieb '.repeat(28)}10:15 <a@b.cc>:\n> x\n`.repeat(MB / 420)],
    ['blank lines', '\n'.repeat(MB)],
    ['a flood of blank lines between the last two lines', 'a\n' + '\n'.repeat(MB) + 'b\n'],
    ['contact-card-like paragraphs', 'Thanks,\nJohn Doe\njohn@example.com\n\n'.repeat(MB / 40)],
    ['short lines', 'a\n'.repeat(MB / 2)],
    ['narrow no-break spaces', '\u202f'.repeat(MB)],
  ];
  it.each(texts)('extractReply finishes quickly on %s (1 MB)', (_name, input) => {
    const cpu = cpuClock();
    const out = extractReply(input);
    expect(typeof out).toBe('string');
    expect(cpu()).toBeLessThan(BUDGET_MS);
  });

  const htmls: [string, string][] = [
    ['200k nested <div>', '<div>'.repeat(200_000) + 'x'],
    ['100k nested <blockquote>', '<blockquote>'.repeat(100_000) + 'x'],
    ['250k entities', '&gt;'.repeat(MB / 4)],
    ['unclosed attributes', '<a href="'.repeat(MB / 9)],
    ['unterminated comments', '<!--'.repeat(MB / 4)],
    ['stray close tags under deep nesting', ('<div>'.repeat(900) + '</span>'.repeat(1000) + '</div>'.repeat(900)).repeat(50)],
  ];
  it.each(htmls)('HTML functions finish quickly on %s', (_name, input) => {
    const cpu = cpuClock();
    extractReplyFromHtml(input);
    htmlToText(input);
    expect(cpu()).toBeLessThan(BUDGET_MS);
  });
});
