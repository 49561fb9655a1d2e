/**
 * Inbound mail as an agent meets it: real SMTP in, the API out. What arrives (addresses, bodies,
 * headers, attachments, odd charsets), who gets a copy (To, Cc, BCC, plus addressing, unknown,
 * deleted and foreign recipients), what is derived (reply text, links, calls to action, codes,
 * spam score), inbox counters, and the message list, read, update and access rules.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { addInbox, api, newAccount, uniqueUsername } from './client.ts';
import {
  addressOf, allMessages, closeMail, eventuallyValue, expectError, inboxDetail, messageId, mime, SENDER, sendMail, sendRaw,
  smtp, uniqueSubject, waitForMessage, waitForMessages,
} from './mail.ts';

afterAll(closeMail);

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const MSG_ID = new RegExp(`^msg_${UUID}$`);
const THR_ID = new RegExp(`^thr_${UUID}$`);
const ATT_ID = new RegExp(`^att_${UUID}$`);
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

describe('a plain-text message', () => {
  it('arrives with its addresses, subject, body, headers and a fresh unread state', async () => {
    const inbox = await newAccount();
    const subject = uniqueSubject('Plain hello');
    const id = messageId();
    const before = Date.now();
    await sendMail({
      from: 'Alice Sender <alice@example.org>',
      to: inbox.address,
      cc: ['carol@example.net', 'Dave <dave@example.net>'],
      // The Cc addresses are elsewhere; only our inbox is an envelope recipient here.
      envelope: { from: SENDER, to: [inbox.address] },
      subject,
      text: 'Hello agent,\nthis is a plain text message.\n',
      messageId: id.header,
      date: new Date('2025-03-04T05:06:07Z'),
    });
    const m = await waitForMessage(inbox.api_key, inbox.id, subject);

    expect(m.id).toMatch(MSG_ID);
    expect(m.inbox_id).toBe(inbox.id);
    expect(m.thread_id).toMatch(THR_ID);
    expect(m.direction).toBe('inbound');
    expect(m.from).toBe('alice@example.org');
    expect(m.from_name).toBe('Alice Sender');
    expect(m.to).toEqual([inbox.address]);
    expect(m.cc).toEqual(['carol@example.net', 'dave@example.net']);
    expect(m.bcc).toEqual([]);
    expect(m.subject).toBe(subject);
    expect(m.body_text.trim()).toBe('Hello agent,\nthis is a plain text message.');
    expect(m.body_html).toBeNull();
    expect(m.attachments).toEqual([]);
    // Message-ID: the header as sent; message_id_header the id it carries.
    expect(m.message_id_header.replace(/^<|>$/g, '')).toBe(id.bare);
    expect(m.headers['message-id']).toBe(id.header);
    expect(Date.parse(m.headers.date)).toBe(Date.parse('2025-03-04T05:06:07Z'));
    expect(m.headers.subject).toBe(subject);
    for (const k of Object.keys(m.headers)) expect(k, 'header names are lower-case').toBe(k.toLowerCase());
    expect(m.read).toBe(false);
    expect(m.labels).toEqual([]);
    expect(typeof m.spam_score).toBe('number');
    expect(m.spam_score).toBeGreaterThanOrEqual(0);
    expect(m.spam_score).toBeLessThanOrEqual(10);
    expect(m.received_at).toMatch(ISO);
    expect(Date.parse(m.received_at)).toBeGreaterThanOrEqual(before - 60_000);
    expect(Date.parse(m.received_at)).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(m.created_at).toMatch(ISO);
  });

  it('HTML-only mail gets body_text derived from the HTML and keeps body_html as sent', async () => {
    const inbox = await newAccount();
    const subject = uniqueSubject('HTML only');
    const html = '<html><body><h1>Quarterly report</h1><p>Revenue grew by <b>12%</b> this quarter.</p>'
      + '<script>var hidden = "do not show";</script></body></html>';
    await sendMail({ to: inbox.address, subject, html });
    const m = await waitForMessage(inbox.api_key, inbox.id, subject);
    expect(m.body_html).toContain('<h1>Quarterly report</h1>');
    expect(m.body_html).toContain('<b>12%</b>');
    expect(m.body_text).toContain('Quarterly report');
    expect(m.body_text).toMatch(/Revenue grew by\s+12% this quarter\./);
    expect(m.body_text).not.toContain('<');
    expect(m.body_text).not.toContain('do not show');
  });

  it('multipart/alternative keeps both the text and the HTML part', async () => {
    const inbox = await newAccount();
    const subject = uniqueSubject('Alternative');
    await sendMail({ to: inbox.address, subject, text: 'The plain version.', html: '<p>The <i>rich</i> version.</p>' });
    const m = await waitForMessage(inbox.api_key, inbox.id, subject);
    expect(m.body_text.trim()).toBe('The plain version.');
    expect(m.body_html).toContain('<p>The <i>rich</i> version.</p>');
  });
});

describe('a forward', () => {
  it('has the forwarder\'s note as reply_body and the message it carries as forwarded, left out of summary pages', async () => {
    const inbox = await newAccount();
    const subject = uniqueSubject('Fwd: Q3 budget');
    await sendMail({
      to: inbox.address, subject,
      text: 'Please look at this before Friday.\n\n---------- Forwarded message ---------\nFrom: Ann Lee <ann@example.com>\n'
        + 'Date: Tue, Mar 12, 2024 at 10:15 AM\nSubject: Q3 budget\nTo: Bob <bob@example.com>\n\nHi Bob,\nThe budget is attached.\n',
    });
    const m = await waitForMessage(inbox.api_key, inbox.id, subject);
    expect(m.reply_body).toBe('Please look at this before Friday.');
    expect(m.forwarded).toEqual({ from: 'Ann Lee <ann@example.com>', date: 'Tue, Mar 12, 2024 at 10:15 AM', subject: 'Q3 budget', body: 'Hi Bob,\nThe budget is attached.' });
    const one = await api('GET', `/v1/inboxes/${inbox.id}/messages/${m.id}`, { key: inbox.api_key });
    expect(one.body.result.forwarded.subject).toBe('Q3 budget');
    const page = await api('GET', `/v1/inboxes/${inbox.id}/messages?view=summary`, { key: inbox.api_key });
    expect(page.body.result.messages[0]).not.toHaveProperty('forwarded');
  });

  it('sent as an attachment (message/rfc822): forwarded is the attached mail, reply_body the note', async () => {
    const inbox = await newAccount();
    const subject = uniqueSubject('Fwd as attachment');
    const inner = 'From: Ann Lee <ann@example.com>\r\nTo: bob@example.com\r\nDate: Tue, 12 Mar 2024 10:15:00 +0100\r\nSubject: Q3 budget\r\n'
      + 'Content-Type: text/plain; charset=utf-8\r\n\r\nHi Bob,\r\nThe budget is attached.\r\n';
    // "Forward as attachment" (Thunderbird, Gmail): the message/rfc822 part is an attachment.
    await sendMail({ to: inbox.address, subject, text: 'See attached.', attachments: [{ filename: 'fwd.eml', contentType: 'message/rfc822', contentDisposition: 'attachment', content: inner }] });
    const m = await waitForMessage(inbox.api_key, inbox.id, subject);
    expect(m.reply_body).toBe('See attached.');
    expect(m.forwarded).toEqual({ from: 'Ann Lee <ann@example.com>', date: 'Tue, 12 Mar 2024 10:15:00 +0100', subject: 'Q3 budget', body: 'Hi Bob,\nThe budget is attached.' });
    expect(m.attachments.map((a: { filename: string }) => a.filename)).toEqual(['fwd.eml']);
  });

  it('is null on a mail that forwards nothing', async () => {
    const inbox = await newAccount();
    const subject = uniqueSubject('Not a forward');
    await sendMail({ to: inbox.address, subject, text: 'Just a note.' });
    expect((await waitForMessage(inbox.api_key, inbox.id, subject)).forwarded).toBeNull();
  });
});

describe('attachments', () => {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'), randomBytes(3000), Buffer.from('\n%%EOF\n')]);
  const notes = 'Line one of the notes.\nLine two, with ümlauts.\n';

  async function received() {
    const inbox = await newAccount();
    const subject = uniqueSubject('With attachments');
    await sendMail({
      to: inbox.address, subject, text: 'Two files attached.',
      attachments: [
        { filename: 'report.pdf', content: pdf, contentType: 'application/pdf' },
        { filename: 'notes.txt', content: Buffer.from(notes, 'utf8'), contentType: 'text/plain; charset=utf-8' },
      ],
    });
    return { inbox, m: await waitForMessage(inbox.api_key, inbox.id, subject) };
  }

  it('are listed with id, filename, size and content_type, and download byte for byte through a presigned url', async () => {
    const { inbox, m } = await received();
    expect(m.attachments).toHaveLength(2);
    const [a, b] = m.attachments;
    expect(a).toMatchObject({ filename: 'report.pdf', content_type: 'application/pdf', size: pdf.length });
    expect(b).toMatchObject({ filename: 'notes.txt', content_type: 'text/plain', size: Buffer.byteLength(notes) });
    expect(a.id).toMatch(ATT_ID);
    expect(b.id).toMatch(ATT_ID);
    expect(a.id).not.toBe(b.id);

    for (const [att, bytes] of [[a, pdf], [b, Buffer.from(notes, 'utf8')]] as const) {
      const before = Date.now();
      const r = await api('GET', `/v1/inboxes/${inbox.id}/messages/${m.id}/attachments/${att.id}`, { key: inbox.api_key });
      expect(r.status, r.text).toBe(200);
      const d = r.body.result;
      expect(d).toMatchObject({ filename: att.filename, content_type: att.content_type, size: bytes.length });
      expect(d.expires_at).toMatch(ISO);
      const ttl = Date.parse(d.expires_at) - before;
      expect(ttl).toBeGreaterThan(3600_000 - 120_000);
      expect(ttl).toBeLessThan(3600_000 + 120_000);
      // The url needs no key: a plain GET returns the exact bytes.
      const res = await fetch(d.url);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('download through the thread-scoped route as well', async () => {
    const { inbox, m } = await received();
    const att = m.attachments[0];
    const r = await api('GET', `/v1/inboxes/${inbox.id}/threads/${m.thread_id}/messages/${m.id}/attachments/${att.id}`, { key: inbox.api_key });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result).toMatchObject({ id: att.id, filename: 'report.pdf', content_type: 'application/pdf', size: pdf.length });
    const res = await fetch(r.body.result.url);
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('an unknown attachment id is 404 ATTACHMENT_NOT_FOUND', async () => {
    const { inbox, m } = await received();
    const r = await api('GET', `/v1/inboxes/${inbox.id}/messages/${m.id}/attachments/att_00000000-0000-7000-8000-000000000000`, { key: inbox.api_key });
    expectError(r, 404, 'ATTACHMENT_NOT_FOUND');
    const t = await api('GET', `/v1/inboxes/${inbox.id}/threads/${m.thread_id}/messages/${m.id}/attachments/att_nope`, { key: inbox.api_key });
    expectError(t, 404, 'ATTACHMENT_NOT_FOUND');
  });
});

describe('broken headers', () => {
  it('a message with no From, To or Cc (the envelope alone names the inbox) arrives, in a thread of its own', async () => {
    const inbox = await newAccount();
    const subject = uniqueSubject('Headerless');
    await sendRaw(mime({ Subject: subject }, 'Nobody signed this.\r\n'), inbox.address);
    const m = await waitForMessage(inbox.api_key, inbox.id, subject);
    expect(m).toMatchObject({ from: '', to: [], cc: [], bcc: [inbox.address] });
    expect(m.body_text.trim()).toBe('Nobody signed this.');
    const t = await api('GET', `/v1/inboxes/${inbox.id}/threads/${m.thread_id}`, { key: inbox.api_key });
    expect(t.status, t.text).toBe(200);
    expect(t.body.result.thread).toMatchObject({ message_count: 1, participants: [inbox.address] });
  });

  it('a reply with no From, To or Cc that joins an existing thread is stored', async () => {
    const inbox = await newAccount();
    const first = messageId();
    const s1 = uniqueSubject('Thread starter');
    await sendMail({ to: inbox.address, subject: s1, text: 'Start.', messageId: first.header });
    const m1 = await waitForMessage(inbox.api_key, inbox.id, s1);
    const s2 = `Re: ${s1}`;
    await sendRaw(mime({ Subject: s2, 'In-Reply-To': first.header }, 'An anonymous reply.\r\n'), inbox.address);
    const m2 = await waitForMessage(inbox.api_key, inbox.id, s2);
    expect(m2.thread_id).toBe(m1.thread_id);
  });

  it('a header line without a name (a broken fold) leaves the message and the inbox list readable', async () => {
    const inbox = await newAccount();
    const subject = uniqueSubject('Broken fold');
    // The second References line is folded without leading whitespace, so "something@bar.net>" is a header line of its own.
    const raw = Buffer.from([
      `From: <redacted@example.net>`, `Subject: ${subject}`, `To: <${inbox.address}>`, `Message-ID: ${messageId().header}`,
      'References: <foo@bar.net>', 'References: <baz@bar.net>, <invalid.   ', 'something@bar.net>', '', 'foo', '',
    ].join('\r\n'));
    await sendRaw(raw, inbox.address);
    const m = await waitForMessage(inbox.api_key, inbox.id, subject);
    expect(m.body_text.trim()).toBe('foo');
    const later = uniqueSubject('After the broken one');
    await sendMail({ to: inbox.address, subject: later, text: 'Still readable?' });
    await waitForMessage(inbox.api_key, inbox.id, later);
  });
});

describe('charsets', () => {
  it('an RFC 2047 ISO-8859-1 quoted-printable subject and a Windows-1252 body decode', async () => {
    const inbox = await newAccount();
    const token = uniqueSubject('cs');
    const raw = mime({
      From: 'Ren\xe9 <rene@example.fr>',
      To: inbox.address,
      Subject: `=?ISO-8859-1?Q?Caf=E9_cr=E8me_br=FBl=E9e?= ${token}`,
      'Message-ID': messageId().header,
      'MIME-Version': '1.0',
      'Content-Type': 'text/plain; charset=windows-1252',
      'Content-Transfer-Encoding': '8bit',
    }, Buffer.from('\x93Smart quotes\x94 \x96 and the euro: \x80 42, na\xefve caf\xe9.\r\n', 'latin1'));
    await sendRaw(raw, inbox.address, 'rene@example.fr');
    const m = await waitForMessage(inbox.api_key, inbox.id, `Café crème brûlée ${token}`);
    expect(m.body_text.trim()).toBe('\u201cSmart quotes\u201d \u2013 and the euro: \u20ac 42, naïve café.');
  });

  it('a Shift_JIS base64 body decodes', async () => {
    const inbox = await newAccount();
    const subject = uniqueSubject('Shift_JIS');
    const body = Buffer.from('82b182f182c982bf82cd90a28a45', 'hex'); // こんにちは世界
    const raw = mime({
      From: SENDER, To: inbox.address, Subject: subject, 'Message-ID': messageId().header, 'MIME-Version': '1.0',
      'Content-Type': 'text/plain; charset=Shift_JIS', 'Content-Transfer-Encoding': 'base64',
    }, `${body.toString('base64')}\r\n`);
    await sendRaw(raw, inbox.address);
    const m = await waitForMessage(inbox.api_key, inbox.id, subject);
    expect(m.body_text.trim()).toBe('こんにちは世界');
  });

  it('a GB2312 base64 body and an RFC 2047 GB2312 subject decode', async () => {
    const inbox = await newAccount();
    const token = uniqueSubject('gb');
    const words = Buffer.from('c4e3bac3a3accac0bde7', 'hex'); // 你好，世界
    const raw = mime({
      From: SENDER, To: inbox.address, Subject: `=?GB2312?B?${words.toString('base64')}?= ${token}`,
      'Message-ID': messageId().header, 'MIME-Version': '1.0',
      'Content-Type': 'text/plain; charset="gb2312"', 'Content-Transfer-Encoding': 'base64',
    }, `${words.toString('base64')}\r\n`);
    await sendRaw(raw, inbox.address);
    const m = await waitForMessage(inbox.api_key, inbox.id, `你好，世界 ${token}`);
    expect(m.body_text.trim()).toBe('你好，世界');
  });
});

describe('recipients', () => {
  it('BCC: an inbox only in the SMTP envelope receives the message and sees itself in bcc', async () => {
    const inbox = await newAccount();
    const subject = uniqueSubject('Blind copy');
    await sendMail({ to: 'someone@example.net', subject, text: 'You were BCCed.', envelope: { from: SENDER, to: [inbox.address] } });
    const m = await waitForMessage(inbox.api_key, inbox.id, subject);
    expect(m.to).toEqual(['someone@example.net']);
    expect(m.cc).toEqual([]);
    expect(m.bcc).toEqual([inbox.address]);
  });

  it('two inboxes of different accounts in To and Cc each get their own copy', async () => {
    const [a, b] = [await newAccount(), await newAccount()];
    const subject = uniqueSubject('Shared');
    const id = messageId();
    await sendMail({ to: a.address, cc: b.address, subject, text: 'One message, two inboxes.', messageId: id.header });
    const ma = await waitForMessage(a.api_key, a.id, subject);
    const mb = await waitForMessage(b.api_key, b.id, subject);
    expect(ma.id).not.toBe(mb.id);
    expect(ma.thread_id).not.toBe(mb.thread_id);
    expect(ma.inbox_id).toBe(a.id);
    expect(mb.inbox_id).toBe(b.id);
    for (const m of [ma, mb]) {
      expect(m.to).toEqual([a.address]);
      expect(m.cc).toEqual([b.address]);
      expect(m.bcc).toEqual([]);
      expect(m.body_text.trim()).toBe('One message, two inboxes.');
      expect(m.message_id_header.replace(/^<|>$/g, '')).toBe(id.bare);
    }
    // Neither account sees the other's copy.
    expectError(await api('GET', `/v1/inboxes/${a.id}/messages/${mb.id}`, { key: a.api_key }), 404, 'MESSAGE_NOT_FOUND');
  });

  it('a recipient at an unknown username gets nothing, and the known one still gets it', async () => {
    const known = await newAccount();
    const ghost = uniqueUsername('ghost');
    const subject = uniqueSubject('Known and unknown');
    const info = await sendMail({ to: [known.address, addressOf(ghost)], subject, text: 'Hi both.' });
    expect(info.accepted).toEqual(expect.arrayContaining([known.address, addressOf(ghost)]));
    await waitForMessage(known.api_key, known.id, subject);
    // An inbox created later under that name does not inherit the mail.
    const late = await newAccount(ghost);
    expect(await allMessages(late.api_key, late.id)).toEqual([]);
    expect((await inboxDetail(late.api_key, late.id)).message_count).toBe(0);
  });

  it('mail to a deleted inbox is not stored', async () => {
    const witness = await newAccount();
    const gone = await addInbox(witness.account_api_key);
    const del = await api('DELETE', `/v1/inboxes/${gone.id}`, { key: witness.account_api_key });
    expect(del.status, del.text).toBe(200);
    const subject = uniqueSubject('To the departed');
    await sendMail({ to: [witness.address, gone.address], subject, text: 'Anyone there?' });
    await waitForMessage(witness.api_key, witness.id, subject);
    const list = await api('GET', '/v1/inboxes?include_deleted=true', { key: witness.account_api_key });
    expect(list.status, list.text).toBe(200);
    const deleted = list.body.result.inboxes.find((i: { id: string }) => i.id === gone.id);
    expect(deleted).toMatchObject({ status: 'deleted', message_count: 0, thread_count: 0, last_received_at: null });
    // No thread was filed for it either: the account's threads are the witness's one.
    const threads = await api('GET', '/v1/threads', { key: witness.account_api_key });
    expect(threads.status, threads.text).toBe(200);
    expect(threads.body.result.threads.map((t: { inbox_id: string }) => t.inbox_id)).toEqual([witness.id]);
  });

  it('mail for another domain is refused at RCPT TO with 550', async () => {
    const err = await smtp().sendMail({ from: SENDER, to: 'someone@not-our-domain.example', subject: 'relay?', text: 'x' })
      .then(() => undefined, (e: { responseCode?: number; response?: string; code?: string }) => e);
    expect(err, 'the send must fail').toBeDefined();
    expect(err!.code).toBe('EENVELOPE');
    expect(err!.responseCode).toBe(550);
    expect(err!.response).toMatch(/^550/);
  });

  it('a foreign recipient beside one of ours is refused alone; ours still gets the mail', async () => {
    const inbox = await newAccount();
    const subject = uniqueSubject('Mixed domains');
    const info = await smtp().sendMail({ from: SENDER, to: [inbox.address, 'x@not-our-domain.example'], subject, text: 'x' });
    expect(info.accepted).toEqual([inbox.address]);
    expect(info.rejected).toEqual(['x@not-our-domain.example']);
    await waitForMessage(inbox.api_key, inbox.id, subject);
  });

  it('user+tag@domain delivers to user', async () => {
    const username = uniqueUsername('plus');
    const inbox = await newAccount(username);
    const tagged = addressOf(`${username}+newsletters`);
    const subject = uniqueSubject('Plus addressed');
    await sendMail({ to: tagged, subject, text: 'Tagged.' });
    const m = await waitForMessage(inbox.api_key, inbox.id, subject);
    expect(m.to).toEqual([tagged]);
    expect(m.inbox_id).toBe(inbox.id);
  });

  it('a plus-addressed To recipient is not reported as BCC', async () => {
    // The inbox is in To (as user+tag@), so it was not blind-copied: bcc must stay empty.
    const username = uniqueUsername('plusbcc');
    const inbox = await newAccount(username);
    const tagged = addressOf(`${username}+shop`);
    const subject = uniqueSubject('Plus in To');
    await sendMail({ to: tagged, subject, text: 'Order confirmed.' });
    const m = await waitForMessage(inbox.api_key, inbox.id, subject);
    expect(m.bcc).toEqual([]);
  });
});

describe('what is derived from the content', () => {
  it('reply_body of a reply with quoted history holds only the new text', async () => {
    const inbox = await newAccount();
    const subject = uniqueSubject('Re: Meeting');
    await sendMail({
      to: inbox.address, subject,
      text: 'Sounds good, see you Tuesday at 10.\n\nOn Mon, Jan 6, 2025 at 9:00 AM Bob <bob@example.org> wrote:\n> Can we meet on Tuesday?\n> Bob\n',
    });
    const m = await waitForMessage(inbox.api_key, inbox.id, subject);
    expect(m.reply_body.trim()).toBe('Sounds good, see you Tuesday at 10.');
    expect(m.body_text).toContain('> Can we meet on Tuesday?');
  });

  it('links lists every distinct URL once', async () => {
    const inbox = await newAccount();
    const subject = uniqueSubject('Links');
    await sendMail({
      to: inbox.address, subject,
      text: 'Docs: https://docs.example.com/start\nAgain: https://docs.example.com/start\nPricing (https://example.com/pricing).\n'
        + 'Mail me: mailto:help@example.com\n',
      html: '<p>Docs: <a href="https://docs.example.com/start">start</a>, <a href="https://blog.example.com/post?id=7&amp;ref=mail">blog</a></p>',
    });
    const m = await waitForMessage(inbox.api_key, inbox.id, subject);
    expect(new Set(m.links).size, 'no duplicates').toBe(m.links.length);
    expect([...m.links].sort()).toEqual(['https://blog.example.com/post?id=7&ref=mail', 'https://docs.example.com/start', 'https://example.com/pricing']);
  });

  it("a verification email's first cta_link is the verify link, typed verification", async () => {
    const inbox = await newAccount();
    const subject = uniqueSubject('Verify your email address');
    const verify = 'https://app.example.com/verify?token=9f8e7d6c5b4a';
    await sendMail({
      to: inbox.address, subject,
      html: `<p>Welcome to Example!</p><p>Please confirm your email address to finish signing up.</p>
        <p><a href="${verify}" style="background:#06c;color:#fff;padding:10px">Verify email</a></p>
        <p>Read our <a href="https://example.com/blog">blog</a> or <a href="https://example.com/unsubscribe?u=1">unsubscribe</a>.</p>`,
    });
    const m = await waitForMessage(inbox.api_key, inbox.id, subject);
    expect(m.cta_links.length).toBeGreaterThan(0);
    expect(m.cta_links[0]).toMatchObject({ url: verify, type: 'verification' });
    expect(typeof m.cta_links[0].text).toBe('string');
    expect(['high', 'medium', 'low']).toContain(m.cta_links[0].confidence);
    expect(m.cta_links.map((c: { url: string }) => c.url)).not.toContain('https://example.com/unsubscribe?u=1');
    expect(m.links).toEqual(expect.arrayContaining([verify, 'https://example.com/blog']));
  });

  it('"Your code is 482913" yields verification_codes[0].code 482913', async () => {
    const inbox = await newAccount();
    const subject = uniqueSubject('Your sign-in code');
    await sendMail({ to: inbox.address, subject, text: 'Hi,\n\nYour code is 482913\n\nIt expires in 10 minutes.\n' });
    const m = await waitForMessage(inbox.api_key, inbox.id, subject);
    expect(m.verification_codes.length).toBeGreaterThan(0);
    expect(m.verification_codes[0].code).toBe('482913');
    expect(m.verification_codes[0].context).toContain('482913');
  });

  it('failed SPF, DKIM and DMARC give a higher spam_score than passing ones', async () => {
    const inbox = await newAccount();
    const [good, bad] = [uniqueSubject('Authenticated'), uniqueSubject('Forged')];
    const ar = (v: string) => `mx.example.net; spf=${v} smtp.mailfrom=example.org; dkim=${v} header.d=example.org; dmarc=${v} header.from=example.org`;
    await sendMail({ to: inbox.address, subject: good, text: 'Legit.', headers: { 'Authentication-Results': ar('pass') } });
    await sendMail({ to: inbox.address, subject: bad, text: 'Legit, honest.', headers: { 'Authentication-Results': ar('fail') } });
    const g = await waitForMessage(inbox.api_key, inbox.id, good);
    const b = await waitForMessage(inbox.api_key, inbox.id, bad);
    for (const m of [g, b]) {
      expect(m.spam_score).toBeGreaterThanOrEqual(0);
      expect(m.spam_score).toBeLessThanOrEqual(10);
    }
    // The SES stand-in takes the verdicts from Authentication-Results, as SES computes them.
    expect(g.spam_score).toBe(0);
    expect(b.spam_score).toBeGreaterThan(g.spam_score);
  });
});

describe('inbox counters', () => {
  it('message_count, thread_count and last_received_at follow what arrived', async () => {
    const inbox = await newAccount();
    const fresh = await inboxDetail(inbox.api_key, inbox.id);
    expect(fresh).toMatchObject({ message_count: 0, thread_count: 0, last_received_at: null });

    const first = messageId();
    const s1 = uniqueSubject('Counter one');
    await sendMail({ to: inbox.address, subject: s1, text: 'one', messageId: first.header });
    const s2 = uniqueSubject('Counter two');
    await sendMail({ to: inbox.address, subject: s2, text: 'two' });
    const s3 = `Re: ${s1}`;
    await sendMail({ to: inbox.address, subject: s3, text: 'three', inReplyTo: first.header, references: [first.header] });
    const messages = await waitForMessages(inbox.api_key, inbox.id, (ms) => ms.length >= 3);
    expect(messages).toHaveLength(3);

    const latest = messages.map((m) => m.received_at).sort().at(-1);
    const d = await eventuallyValue(() => inboxDetail(inbox.api_key, inbox.id), (v) => v.message_count === 3, 'message_count 3');
    expect(d.message_count).toBe(3);
    expect(d.thread_count).toBe(2);
    expect(d.last_received_at).toBe(latest);

    const all = await api('GET', '/v1/inboxes', { key: inbox.account_api_key });
    expect(all.body.result.inboxes.find((i: { id: string }) => i.id === inbox.id))
      .toMatchObject({ message_count: 3, thread_count: 2, last_received_at: latest });
  });
});

describe('GET /v1/inboxes/{id}/messages', () => {
  /** Five messages, sent one after another; the 2nd is a reply to the 1st. */
  async function fiveMessages() {
    const inbox = await newAccount();
    const subjects: string[] = [];
    const first = messageId();
    for (let i = 1; i <= 5; i++) {
      const subject = i === 2 ? `Re: ${subjects[0]}` : uniqueSubject(`List ${i}`);
      subjects.push(subject);
      await sendMail({
        to: inbox.address, subject, text: `Message number ${i}.`,
        ...(i === 1 ? { messageId: first.header } : {}),
        ...(i === 2 ? { inReplyTo: first.header, references: [first.header] } : {}),
      });
    }
    await waitForMessages(inbox.api_key, inbox.id, (ms) => ms.length >= 5);
    return { inbox, subjects };
  }

  const list = async (key: string, inboxId: string, query = '') => {
    const r = await api('GET', `/v1/inboxes/${inboxId}/messages${query}`, { key });
    expect(r.status, r.text).toBe(200);
    return r.body.result as { messages: { id: string; subject: string; read: boolean; thread_id: string; received_at: string }[];
      total: number; limit: number; offset: number; has_more: boolean };
  };

  it('pages with limit, offset, total and has_more, newest first by default; sort=asc is the reverse', async () => {
    const { inbox, subjects } = await fiveMessages();
    const all = await list(inbox.api_key, inbox.id);
    expect(all.total).toBe(5);
    expect(all.has_more).toBe(false);
    expect(all.messages.map((m) => m.subject)).toEqual([...subjects].reverse());

    const desc = await list(inbox.api_key, inbox.id, '?sort=desc');
    expect(desc.messages.map((m) => m.subject)).toEqual([...subjects].reverse());
    const asc = await list(inbox.api_key, inbox.id, '?sort=asc');
    expect(asc.messages.map((m) => m.subject)).toEqual(subjects);
    const times = asc.messages.map((m) => m.received_at);
    expect([...times].sort()).toEqual(times);

    const p1 = await list(inbox.api_key, inbox.id, '?limit=2');
    expect(p1).toMatchObject({ total: 5, limit: 2, offset: 0, has_more: true });
    expect(p1.messages.map((m) => m.subject)).toEqual([subjects[4], subjects[3]]);
    const p2 = await list(inbox.api_key, inbox.id, '?limit=2&offset=2');
    expect(p2).toMatchObject({ total: 5, limit: 2, offset: 2, has_more: true });
    expect(p2.messages.map((m) => m.subject)).toEqual([subjects[2], subjects[1]]);
    const p3 = await list(inbox.api_key, inbox.id, '?limit=2&offset=4');
    expect(p3).toMatchObject({ total: 5, offset: 4, has_more: false });
    expect(p3.messages.map((m) => m.subject)).toEqual([subjects[0]]);
    const past = await list(inbox.api_key, inbox.id, '?offset=10');
    expect(past).toMatchObject({ total: 5, has_more: false });
    expect(past.messages).toEqual([]);
    const ascPage = await list(inbox.api_key, inbox.id, '?sort=asc&limit=2&offset=1');
    expect(ascPage.messages.map((m) => m.subject)).toEqual([subjects[1], subjects[2]]);
  });

  it('filters unread (unread_only=true, read=false), read (read=true) and by thread_id', async () => {
    const { inbox, subjects } = await fiveMessages();
    const all = await list(inbox.api_key, inbox.id, '?sort=asc');
    for (const m of [all.messages[0]!, all.messages[3]!]) {
      const r = await api('PATCH', `/v1/inboxes/${inbox.id}/messages/${m.id}`, { key: inbox.api_key, body: { read: true } });
      expect(r.status, r.text).toBe(200);
    }
    const unreadSubjects = [subjects[1], subjects[2], subjects[4]];
    const unreadOnly = await list(inbox.api_key, inbox.id, '?unread_only=true&sort=asc');
    expect(unreadOnly.total).toBe(3);
    expect(unreadOnly.messages.map((m) => m.subject)).toEqual(unreadSubjects);
    const readFalse = await list(inbox.api_key, inbox.id, '?read=false&sort=asc');
    expect(readFalse.messages.map((m) => m.subject)).toEqual(unreadSubjects);
    const readTrue = await list(inbox.api_key, inbox.id, '?read=true&sort=asc');
    expect(readTrue.total).toBe(2);
    expect(readTrue.messages.map((m) => m.subject)).toEqual([subjects[0], subjects[3]]);
    expect(readTrue.messages.every((m) => m.read)).toBe(true);

    const threadId = all.messages[0]!.thread_id;
    expect(all.messages[1]!.thread_id).toBe(threadId);
    const inThread = await list(inbox.api_key, inbox.id, `?thread_id=${threadId}&sort=asc`);
    expect(inThread.total).toBe(2);
    expect(inThread.messages.map((m) => m.subject)).toEqual([subjects[0], subjects[1]]);
    const unreadInThread = await list(inbox.api_key, inbox.id, `?thread_id=${threadId}&unread_only=true`);
    expect(unreadInThread.messages.map((m) => m.subject)).toEqual([subjects[1]]);
    const otherThread = await list(inbox.api_key, inbox.id, '?thread_id=thr_00000000-0000-7000-8000-000000000000');
    expect(otherThread).toMatchObject({ total: 0, messages: [], has_more: false });
  });

  it.each([
    ['limit=0', 'limit'], ['limit=101', 'limit'], ['limit=ten', 'limit'], ['offset=-1', 'offset'],
    ['sort=sideways', 'sort'], ['read=yes', 'read'], ['unread_only=1', 'unread_only'],
  ])('?%s is 400 naming the field %s', async (query, field) => {
    const inbox = await newAccount();
    const r = await api('GET', `/v1/inboxes/${inbox.id}/messages?${query}`, { key: inbox.api_key });
    expectError(r, 400, 'VALIDATION_ERROR');
    expect(r.body.field).toBe(field);
    expect(r.body.message).toContain(field);
  });
});

describe('one message: read and update', () => {
  async function oneMessage() {
    const inbox = await newAccount();
    const subject = uniqueSubject('Single');
    await sendMail({ to: inbox.address, subject, text: 'Read me.' });
    return { inbox, m: await waitForMessage(inbox.api_key, inbox.id, subject) };
  }

  it('GET returns the same message as the list', async () => {
    const { inbox, m } = await oneMessage();
    const [listed] = await allMessages(inbox.api_key, inbox.id);
    expect(m).toEqual(listed);
    const r = await api('GET', `/v1/inboxes/${inbox.id}/messages/${m.id}`, { key: inbox.api_key });
    expect(r.body.next_steps.length).toBeGreaterThan(0);
  });

  it('PATCH read true then false, and labels replace the whole set', async () => {
    const { inbox, m } = await oneMessage();
    const patch = (body: unknown) => api('PATCH', `/v1/inboxes/${inbox.id}/messages/${m.id}`, { key: inbox.api_key, body });
    const get = async () => (await api('GET', `/v1/inboxes/${inbox.id}/messages/${m.id}`, { key: inbox.api_key })).body.result;

    let r = await patch({ read: true });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result).toMatchObject({ id: m.id, read: true, labels: [] });
    expect((await get()).read).toBe(true);
    r = await patch({ read: false });
    expect(r.body.result.read).toBe(false);
    expect((await get()).read).toBe(false);

    r = await patch({ labels: ['invoices', 'todo'] });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result.labels).toEqual(['invoices', 'todo']);
    r = await patch({ labels: ['done'] });
    expect(r.body.result.labels).toEqual(['done']);
    expect((await get()).labels).toEqual(['done']);
    r = await patch({ labels: ['Done', 'done', 'Done'] });
    expect(r.body.result.labels).toEqual(['Done', 'done']);
    r = await patch({ labels: [], read: true });
    expect(r.body.result).toMatchObject({ labels: [], read: true });
    expect(await get()).toMatchObject({ labels: [], read: true, subject: m.subject, body_text: m.body_text });
  });

  it('PATCH with nothing to change, or a wrong type, is 400', async () => {
    const { inbox, m } = await oneMessage();
    for (const body of [{}, { read: 'yes' }, { labels: 'todo' }, { labels: [''] }]) {
      const r = await api('PATCH', `/v1/inboxes/${inbox.id}/messages/${m.id}`, { key: inbox.api_key, body });
      expect(r.status, `${JSON.stringify(body)} → ${r.text}`).toBe(400);
    }
  });

  it('unknown message ids are 404 MESSAGE_NOT_FOUND for GET and PATCH', async () => {
    const { inbox } = await oneMessage();
    for (const id of ['msg_00000000-0000-7000-8000-000000000000', 'not-an-id']) {
      expectError(await api('GET', `/v1/inboxes/${inbox.id}/messages/${id}`, { key: inbox.api_key }), 404, 'MESSAGE_NOT_FOUND');
      expectError(await api('PATCH', `/v1/inboxes/${inbox.id}/messages/${id}`, { key: inbox.api_key, body: { read: true } }), 404, 'MESSAGE_NOT_FOUND');
    }
  });
});

describe('who may read messages', () => {
  it('the account key reads and updates messages of its inbox', async () => {
    const inbox = await newAccount();
    const second = await addInbox(inbox.account_api_key);
    const subject = uniqueSubject('Account reads');
    await sendMail({ to: second.address, subject, text: 'For the account.' });
    const m = await waitForMessage(second.api_key, second.id, subject);
    const list = await api('GET', `/v1/inboxes/${second.id}/messages`, { key: inbox.account_api_key });
    expect(list.status, list.text).toBe(200);
    expect(list.body.result.messages.map((x: { id: string }) => x.id)).toEqual([m.id]);
    const one = await api('GET', `/v1/inboxes/${second.id}/messages/${m.id}`, { key: inbox.account_api_key });
    expect(one.status).toBe(200);
    expect(one.body.result.subject).toBe(subject);
    const upd = await api('PATCH', `/v1/inboxes/${second.id}/messages/${m.id}`, { key: inbox.account_api_key, body: { read: true } });
    expect(upd.status).toBe(200);
    expect(upd.body.result.read).toBe(true);
  });

  it("another account's keys get no message data: 404 INBOX_NOT_FOUND (account key), 401 INVALID_API_KEY (inbox key)", async () => {
    const owner = await newAccount();
    const stranger = await newAccount();
    const subject = uniqueSubject('Private');
    await sendMail({ to: owner.address, subject, text: 'Secret body text.',
      attachments: [{ filename: 'secret.txt', content: 'top secret' }] });
    const m = await waitForMessage(owner.api_key, owner.id, subject);
    const paths = [
      `/v1/inboxes/${owner.id}/messages`,
      `/v1/inboxes/${owner.id}/messages/${m.id}`,
      `/v1/inboxes/${owner.id}/messages/${m.id}/attachments/${m.attachments[0].id}`,
      `/v1/inboxes/${owner.id}/threads/${m.thread_id}/messages/${m.id}/attachments/${m.attachments[0].id}`,
      `/v1/inboxes/${owner.id}/rejections`,
    ];
    for (const path of paths) {
      const byAccount = await api('GET', path, { key: stranger.account_api_key });
      expectError(byAccount, 404, 'INBOX_NOT_FOUND');
      const byInbox = await api('GET', path, { key: stranger.api_key });
      expectError(byInbox, 401, 'INVALID_API_KEY');
      for (const r of [byAccount, byInbox]) {
        expect(r.text).not.toContain(subject);
        expect(r.text).not.toContain('Secret body');
        expect(r.text).not.toContain('secret.txt');
      }
    }
    const patch = await api('PATCH', `/v1/inboxes/${owner.id}/messages/${m.id}`, { key: stranger.account_api_key, body: { read: true } });
    expectError(patch, 404, 'INBOX_NOT_FOUND');
    expect((await waitForMessage(owner.api_key, owner.id, subject)).read).toBe(false);
    expectError(await api('GET', `/v1/inboxes/${owner.id}/messages`), 401, 'UNAUTHORIZED');
  });
});
