/**
 * The long-poll wait (GET /v1/inboxes/{id}/messages/wait) and the sender trust fields, over real
 * HTTP and real SMTP: a wait that is pending when the mail lands returns it with its code or
 * link, `after` chains waits without losing mail, filters pick the right message, a timeout says
 * how to go on, keys of other inboxes are refused, and concurrent waiters all see the mail.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { addInbox, api, newAccount } from './client.ts';
import { closeMail, expectError, sendMail, sendRaw, mime, uniqueSubject, waitForMessage as pollForMessage } from './mail.ts';

afterAll(() => closeMail());

const waitPath = (inboxId: string, query: Record<string, string> = {}) =>
  `/v1/inboxes/${inboxId}/messages/wait${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`;

/** Starts a wait now; resolves with the response and how long it took. */
function startWait(key: string, inboxId: string, query: Record<string, string> = {}) {
  const t0 = Date.now();
  return api('GET', waitPath(inboxId, query), { key }).then((r) => ({ ...r, ms: Date.now() - t0 }));
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a pending wait returns the mail as it lands', () => {
  it('a code mail: verification_code is its code', async () => {
    const inbox = await newAccount();
    const waiting = startWait(inbox.api_key, inbox.id, { timeout: '20' });
    await pause(1500);
    const subject = uniqueSubject('Your sign-in code');
    await sendMail({ to: inbox.address, subject, text: 'Hi,\n\nYour code is 482913\n\nIt expires in 10 minutes.\n' });
    const r = await waiting;
    expect(r.status, r.text).toBe(200);
    expect(r.body.result).toMatchObject({ timed_out: false, verification_code: '482913' });
    expect(r.body.result.message.subject).toBe(subject);
    expect(r.body.result.message.verification_codes[0].code).toBe('482913');
    // Answered when the mail landed, not at the timeout.
    expect(r.ms).toBeLessThan(15_000);
    expect(r.body.next_steps.join(' ')).toContain(`wait?after=${r.body.result.message.id}`);
  });

  it('a link mail: cta is its verify link', async () => {
    const inbox = await newAccount();
    const waiting = startWait(inbox.api_key, inbox.id, { has: 'link' });
    await pause(1000);
    const verify = 'https://app.example.com/verify?token=9f8e7d6c5b4a';
    await sendMail({
      to: inbox.address, subject: uniqueSubject('Verify your email address'),
      html: `<p>Welcome to Example!</p><p>Please confirm your email address to finish signing up.</p>
        <p><a href="${verify}" style="background:#06c;color:#fff;padding:10px">Verify email</a></p>`,
    });
    const r = await waiting;
    expect(r.status, r.text).toBe(200);
    expect(r.body.result.timed_out).toBe(false);
    expect(r.body.result.cta).toMatchObject({ url: verify, type: 'verification' });
    expect(typeof r.body.result.cta.text).toBe('string');
  });

  it('mail that landed just before the call is still found (since defaults to now - 10 s)', async () => {
    const inbox = await newAccount();
    const subject = uniqueSubject('Just before');
    await sendMail({ to: inbox.address, subject, text: 'Code 771203.' });
    const r = await startWait(inbox.api_key, inbox.id, { timeout: '5' });
    expect(r.body.result.message?.subject, r.text).toBe(subject);
    expect(r.ms).toBeLessThan(4000);
  });
});

describe('after', () => {
  it('never loses a mail that arrived between two waits', async () => {
    const inbox = await newAccount();
    const [s1, s2, s3] = [uniqueSubject('First'), uniqueSubject('Second'), uniqueSubject('Third')];
    const first = startWait(inbox.api_key, inbox.id);
    await pause(800);
    await sendMail({ to: inbox.address, subject: s1, text: 'one' });
    const w1 = await first;
    expect(w1.body.result.message.subject, w1.text).toBe(s1);

    // Two mails land while nobody waits.
    await sendMail({ to: inbox.address, subject: s2, text: 'two' });
    await sendMail({ to: inbox.address, subject: s3, text: 'three' });
    await pause(11_000); // longer than the default look-back: only `after` can find them now

    const w2 = await startWait(inbox.api_key, inbox.id, { after: w1.body.result.message.id, timeout: '5' });
    expect(w2.body.result.message?.subject, w2.text).toBe(s2);
    const w3 = await startWait(inbox.api_key, inbox.id, { after: w2.body.result.message.id, timeout: '5' });
    expect(w3.body.result.message?.subject, w3.text).toBe(s3);
    const w4 = await startWait(inbox.api_key, inbox.id, { after: w3.body.result.message.id, timeout: '1' });
    expect(w4.body.result, w4.text).toMatchObject({ message: null, timed_out: true });
    expect(w4.body.next_steps[0]).toContain(`GET /v1/inboxes/${inbox.id}/messages/wait?after=${w3.body.result.message.id}`);
  }, 60_000);

  it('refuses a message id this inbox does not hold', async () => {
    const inbox = await newAccount();
    const r = await api('GET', waitPath(inbox.id, { after: 'msg_0190f3b2-0000-7000-8000-000000000000', timeout: '1' }), { key: inbox.api_key });
    expectError(r, 404, 'MESSAGE_NOT_FOUND');
  });
});

describe('filters', () => {
  it('from, subject and has=code pick the one matching mail among others', async () => {
    const inbox = await newAccount();
    const tag = uniqueSubject('Acme code');
    const waiting = startWait(inbox.api_key, inbox.id, { from: 'NOREPLY@ACME.EXAMPLE', subject: tag.toUpperCase(), has: 'code' });
    await pause(800);
    await sendMail({ from: 'Other <noreply@other.example>', to: inbox.address, subject: tag, text: 'Your code is 111111' });
    await sendMail({ from: 'Acme <noreply@acme.example>', to: inbox.address, subject: 'Newsletter', text: 'Your code is 222222' });
    await sendMail({ from: 'Acme <noreply@acme.example>', to: inbox.address, subject: tag, text: 'Welcome aboard, no code here.' });
    await sendMail({ from: 'Acme <noreply@acme.example>', to: inbox.address, subject: `${tag} again`, text: 'Your code is 333333' });
    const r = await waiting;
    expect(r.body.result, r.text).toMatchObject({ timed_out: false, verification_code: '333333' });
    expect(r.body.result.message.from).toBe('noreply@acme.example');
  });

  it('verified_only skips mail whose sender is not verified', async () => {
    const inbox = await newAccount();
    const ar = (v: string, domain: string) => `mx.example.net; spf=${v} smtp.mailfrom=${domain}; dkim=${v} header.d=${domain}; dmarc=${v} header.from=${domain}`;
    const waiting = startWait(inbox.api_key, inbox.id, { verified_only: 'true' });
    await pause(800);
    const forged = uniqueSubject('Forged');
    const real = uniqueSubject('Real');
    await sendMail({ to: inbox.address, subject: forged, text: 'code 123456', headers: { 'Authentication-Results': ar('fail', 'example.org') } });
    await sendMail({ to: inbox.address, subject: real, text: 'code 654321', headers: { 'Authentication-Results': ar('pass', 'example.org') } });
    const r = await waiting;
    expect(r.body.result.message?.subject, r.text).toBe(real);
    expect(r.body.result.message.authentication).toEqual({ spf: 'pass', dkim: 'pass', dmarc: 'pass', sender_verified: true });
  });

  it('unread_only skips mail already marked read', async () => {
    const inbox = await newAccount();
    const [seen, fresh] = [uniqueSubject('Seen'), uniqueSubject('Fresh')];
    await sendMail({ to: inbox.address, subject: seen, text: 'old news' });
    const m = await pollForMessage(inbox.api_key, inbox.id, seen);
    const mark = await api('PATCH', `/v1/inboxes/${inbox.id}/messages/${m.id}`, { key: inbox.api_key, body: { read: true } });
    expect(mark.status, mark.text).toBe(200);
    const since = new Date(Date.now() - 60_000).toISOString();
    const all = await startWait(inbox.api_key, inbox.id, { since, timeout: '2' });
    expect(all.body.result.message?.subject, all.text).toBe(seen);
    const waiting = startWait(inbox.api_key, inbox.id, { since, unread_only: 'true' });
    await pause(800);
    await sendMail({ to: inbox.address, subject: fresh, text: 'new' });
    const r = await waiting;
    expect(r.body.result.message?.subject, r.text).toBe(fresh);
  });

  it('bad values are a 400 naming the field', async () => {
    const inbox = await newAccount();
    for (const [query, field] of [[{ timeout: '26' }, 'timeout'], [{ timeout: '0' }, 'timeout'], [{ has: 'pdf' }, 'has'],
      [{ since: 'yesterday' }, 'since'], [{ after: 'nope' }, 'after'], [{ verified_only: 'yes' }, 'verified_only']] as const) {
      const r = await api('GET', waitPath(inbox.id, query), { key: inbox.api_key });
      expectError(r, 400, 'VALIDATION_ERROR');
      expect(r.body.field).toBe(field);
    }
  });
});

describe('timeout', () => {
  it('answers 200 timed_out with the exact call to go on waiting, which then finds the next mail', async () => {
    const inbox = await newAccount();
    const r = await startWait(inbox.api_key, inbox.id, { timeout: '1', subject: 'Invoice' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result).toEqual({ message: null, verification_code: null, cta: null, timed_out: true });
    expect(r.ms).toBeGreaterThanOrEqual(1000);
    expect(r.ms).toBeLessThan(5000);
    const call = /GET (\/v1\/inboxes\/\S+\/messages\/wait\?\S+)/.exec(r.body.next_steps[0])?.[1];
    expect(call, r.body.next_steps[0]).toBeDefined();
    expect(call).toContain('subject=Invoice');

    const subject = uniqueSubject('Invoice');
    await sendMail({ to: inbox.address, subject, text: 'Amount due: 10 EUR' });
    const next = await api('GET', call!, { key: inbox.api_key });
    expect(next.body.result.message?.subject, next.text).toBe(subject);
  });
});

describe('who may wait', () => {
  it('the account key of the owning account works; a key of another inbox or account is refused', async () => {
    const inbox = await newAccount();
    const sibling = await addInbox(inbox.account_api_key);
    const stranger = await newAccount();
    const q = { timeout: '1' };
    expect((await api('GET', waitPath(inbox.id, q), { key: inbox.account_api_key })).status).toBe(200);
    expectError(await api('GET', waitPath(inbox.id, q), { key: sibling.api_key }), 401, 'INVALID_API_KEY');
    expectError(await api('GET', waitPath(inbox.id, q), { key: stranger.api_key }), 401, 'INVALID_API_KEY');
    expectError(await api('GET', waitPath(inbox.id, q), { key: stranger.account_api_key }), 404, 'INBOX_NOT_FOUND');
    expectError(await api('GET', waitPath(inbox.id, q)), 401, 'UNAUTHORIZED');
  });
});

describe('concurrent waiters', () => {
  it('two waiters on one inbox both get the same mail', async () => {
    const inbox = await newAccount();
    const a = startWait(inbox.api_key, inbox.id);
    const b = startWait(inbox.account_api_key, inbox.id, { has: 'code' });
    await pause(1000);
    const subject = uniqueSubject('Shared code');
    await sendMail({ to: inbox.address, subject, text: 'Your code is 904512' });
    const [ra, rb] = await Promise.all([a, b]);
    for (const r of [ra, rb]) {
      expect(r.body.result, r.text).toMatchObject({ timed_out: false, verification_code: '904512' });
      expect(r.body.result.message.subject).toBe(subject);
    }
    expect(ra.body.result.message.id).toBe(rb.body.result.message.id);
  });
});

describe('sender trust', () => {
  it('authentication and envelope_from: DMARC pass for the From domain verifies the sender; for another domain it does not', async () => {
    const inbox = await newAccount();
    const [ok, other] = [uniqueSubject('Aligned'), uniqueSubject('Unaligned')];
    const headers = (subject: string, dmarcDomain: string) => ({
      From: 'Alice <alice@example.org>', To: inbox.address, Subject: subject, 'Message-ID': `<${subject.replace(/\W/g, '')}@example.org>`,
      'Authentication-Results': `mx.example.net; spf=pass smtp.mailfrom=bounces.example.org; dkim=pass header.d=example.org; dmarc=pass header.from=${dmarcDomain}`,
    });
    await sendRaw(mime(headers(ok, 'example.org'), 'Hello.'), inbox.address, 'bounce+123@bounces.example.org');
    await sendRaw(mime(headers(other, 'evil.example'), 'Hello.'), inbox.address, 'bounce+456@bounces.example.org');
    const a = await pollForMessage(inbox.api_key, inbox.id, ok);
    const b = await pollForMessage(inbox.api_key, inbox.id, other);
    expect(a.authentication).toEqual({ spf: 'pass', dkim: 'pass', dmarc: 'pass', sender_verified: true });
    expect(a.envelope_from).toBe('bounce+123@bounces.example.org');
    expect(b.authentication.sender_verified).toBe(false);
    const none = uniqueSubject('No results');
    await sendMail({ to: inbox.address, subject: none, text: 'Plain.' });
    const c = await pollForMessage(inbox.api_key, inbox.id, none);
    expect(c.authentication).toEqual({ spf: 'none', dkim: 'none', dmarc: 'none', sender_verified: false });
  });
});
