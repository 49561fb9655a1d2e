/**
 * Sender trust end to end (issue 23), with real SMTP mail whose Authentication-Results header
 * the local SES stand-in turns into SES's verdicts: an allowlist admits only a verified sender,
 * `wait?from=` matches the sender's address (domain at a label boundary, or the whole address)
 * and never its display name, and a mail with 60 KB of Authentication-Results headers gets the
 * right verdict while its inbox's list still answers.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { api, newAccount, type CreatedInbox } from './client.ts';
import { authHeavyMail } from './auth-headers-mail.ts';
import { closeMail, eventuallyValue, expectError, sendMail, sendRaw, uniqueSubject, waitForMessage, type Msg } from './mail.ts';

afterAll(closeMail);

const ar = (result: string, domain: string) =>
  `mx.example.net; spf=${result} smtp.mailfrom=${domain}; dkim=${result} header.d=${domain}; dmarc=${result} header.from=${domain}`;

async function addEntry(accountKey: string, body: Record<string, unknown>) {
  const r = await api('POST', '/v1/lists', { key: accountKey, body });
  expect(r.status, r.text).toBe(201);
  return r.body.result as Msg;
}

const rejectionOf = async (inbox: CreatedInbox, subject: string) => {
  const all = await eventuallyValue(async () => (await api('GET', `/v1/inboxes/${inbox.id}/rejections`, { key: inbox.api_key })).body.result.rejections as Msg[],
    (v) => v.some((x) => x.subject === subject), `rejection of "${subject}"`);
  return all.find((x) => x.subject === subject)!;
};

describe('allowlists admit verified senders only', () => {
  it('a spoofed sender on an allowlisted domain is rejected as not on the allowlist, saying it could not be verified; the verified one is admitted', async () => {
    const inbox = await newAccount();
    await addEntry(inbox.account_api_key, { type: 'allowlist', address: '*@corp.example', inbox_id: inbox.id });
    const [spoofed, failed, real] = [uniqueSubject('Spoofed boss'), uniqueSubject('Failed boss'), uniqueSubject('Real boss')];
    // No Authentication-Results: DMARC none, as for anyone writing boss@corp.example in From.
    await sendMail({ from: 'Boss <boss@corp.example>', to: inbox.address, subject: spoofed, text: 'Wire the money.' });
    await sendMail({ from: 'boss@corp.example', to: inbox.address, subject: failed, text: 'Wire it now.', headers: { 'Authentication-Results': ar('fail', 'corp.example') } });
    await sendMail({ from: 'boss@corp.example', to: inbox.address, subject: real, text: 'Lunch?', headers: { 'Authentication-Results': ar('pass', 'corp.example') } });

    const got = await waitForMessage(inbox.api_key, inbox.id, real);
    expect(got.authentication).toEqual({ spf: 'pass', dkim: 'pass', dmarc: 'pass', sender_verified: true });
    for (const subject of [spoofed, failed]) {
      const r = await rejectionOf(inbox, subject);
      expect(r.from).toBe('boss@corp.example');
      expect(r.rule).toBeNull();
      expect(r.reason).toContain('allowlist');
      expect(r.reason).toContain('*@corp.example');
      expect(r.reason).toContain('could not be verified');
    }
    const listed = (await api('GET', `/v1/inboxes/${inbox.id}/messages`, { key: inbox.api_key })).body.result.messages as Msg[];
    expect(listed.map((m) => m.subject)).toEqual([real]);
  });

  it('a blocklist entry matches the From as written: a spoofed blocked address is rejected by it', async () => {
    const inbox = await newAccount();
    const block = await addEntry(inbox.account_api_key, { type: 'blocklist', address: 'ceo@corp.example' });
    const subject = uniqueSubject('Spoofed blocked');
    await sendMail({ from: 'ceo@corp.example', to: inbox.address, subject, text: 'x' });
    expect((await rejectionOf(inbox, subject)).rule).toMatchObject({ id: block.id, type: 'blocklist' });
  });
});

describe('wait?from= matches the sender address, never the display name', () => {
  it('from=github.com matches the domain at a label boundary: not a look-alike domain, a local part or a display name', async () => {
    const inbox = await newAccount();
    const tag = uniqueSubject('gh');
    const waiting = api('GET', `/v1/inboxes/${inbox.id}/messages/wait?from=github.com&subject=${encodeURIComponent(tag)}&timeout=20`, { key: inbox.api_key });
    await new Promise((r) => setTimeout(r, 800));
    await sendMail({ from: '"noreply@github.com" <x@evil.example>', to: inbox.address, subject: `${tag} display name`, text: 'a' });
    await sendMail({ from: 'github.com@evil.example', to: inbox.address, subject: `${tag} local part`, text: 'b' });
    await sendMail({ from: 'a@github.com.evil.example', to: inbox.address, subject: `${tag} look-alike`, text: 'c' });
    await sendMail({ from: 'noreply@mail.github.com', to: inbox.address, subject: `${tag} subdomain`, text: 'd' });
    const r = await waiting;
    expect(r.body.result?.message?.subject, r.text).toBe(`${tag} subdomain`);

    // The whole address, case-insensitively; and only that address.
    const exact = await api('GET', `/v1/inboxes/${inbox.id}/messages/wait?from=${encodeURIComponent('NoReply@Mail.GitHub.com')}&since=2000-01-01T00:00:00Z&timeout=1`, { key: inbox.api_key });
    expect(exact.body.result.message?.from, exact.text).toBe('noreply@mail.github.com');
    const display = await api('GET', `/v1/inboxes/${inbox.id}/messages/wait?from=${encodeURIComponent('noreply@github.com')}&since=2000-01-01T00:00:00Z&timeout=1`, { key: inbox.api_key });
    expect(display.body.result, display.text).toMatchObject({ message: null, timed_out: true });
  });

  it('a from that is neither a domain nor an address (a display name) is 400 naming the field', async () => {
    const inbox = await newAccount();
    for (const from of ['GitHub <noreply@github.com>', 'a@b@c.example', 'noreply@']) {
      const r = await api('GET', `/v1/inboxes/${inbox.id}/messages/wait?from=${encodeURIComponent(from)}&timeout=1`, { key: inbox.api_key });
      expectError(r, 400, 'VALIDATION_ERROR');
      expect(r.body.field, r.text).toBe('from');
    }
  });
});

describe('60 KB of Authentication-Results headers', () => {
  it('the verdict is right (withheld past the headers read) and the list of the inbox still answers, full and summary', async () => {
    const inbox = await newAccount();
    const [readable, tooMany, plain] = [uniqueSubject('Heavy readable'), uniqueSubject('Heavy too many'), uniqueSubject('Plain')];
    for (const [subject, isReadable] of [[readable, true], [tooMany, false]] as const) {
      await sendRaw(authHeavyMail({ from: 'alerts@example.org', to: inbox.address, subject, text: 'Your code is 583920', readable: isReadable }), inbox.address, 'alerts@example.org');
    }
    await sendMail({ to: inbox.address, subject: plain, text: 'Hello.', headers: { 'Authentication-Results': ar('pass', 'example.org') } });
    const heavy = await waitForMessage(inbox.api_key, inbox.id, readable);
    expect(JSON.stringify(heavy.headers['authentication-results']).length).toBeGreaterThan(55 * 1024);
    expect(heavy.authentication).toEqual({ spf: 'pass', dkim: 'pass', dmarc: 'pass', sender_verified: true });
    expect(heavy.verification_codes.map((c: Msg) => c.code)).toContain('583920');

    for (const view of ['full', 'summary']) {
      const r = await api('GET', `/v1/inboxes/${inbox.id}/messages?limit=50&view=${view}`, { key: inbox.api_key });
      expect(r.status, r.text).toBe(200);
      const bySubject = new Map((r.body.result.messages as Msg[]).map((m) => [m.subject, m]));
      expect(bySubject.get(readable)?.authentication?.sender_verified, view).toBe(true);
      // More headers than a relay writes: unreadable, so the verdict is withheld (they can only lower trust).
      expect(bySubject.get(tooMany)?.authentication, view).toEqual({ spf: 'pass', dkim: 'pass', dmarc: 'pass', sender_verified: false });
      expect(bySubject.get(plain)?.authentication?.sender_verified, view).toBe(true);
    }
    const waited = await api('GET', `/v1/inboxes/${inbox.id}/messages/wait?verified_only=true&from=example.org&has=code&since=2000-01-01T00:00:00Z&timeout=1`, { key: inbox.api_key });
    expect(waited.body.result.message?.subject, waited.text).toBe(readable);
  });
});
