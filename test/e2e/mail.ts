/**
 * Mail for the end-to-end suite: real SMTP to the stack's receiving endpoint (the local SES
 * stand-in), and pollers that read the result back through the API. The SMTP 250 comes after
 * ingest, so the first poll usually sees the message, and a mail not stored is not stored at once.
 */
import { randomBytes } from 'node:crypto';
import { createTransport, type Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { expect } from 'vitest';
import { api, target } from './client.ts';

/** How long a message may take to show up: a failed first ingest attempt is retried within seconds. */
const DELIVERY_TIMEOUT_MS = 15_000;

let pooled: Transporter<SMTPPool.SentMessageInfo> | undefined;

/** One pooled SMTP connection per test file; close it with closeMail() in afterAll. */
export function smtp(): Transporter<SMTPPool.SentMessageInfo> {
  if (!pooled) {
    const t = target();
    pooled = createTransport({ host: t.smtpHost, port: t.smtpPort, secure: false, ignoreTLS: true, pool: true, maxConnections: 2 });
  }
  return pooled;
}

export function closeMail() {
  pooled?.close();
  pooled = undefined;
}

/** A sender outside our domain. */
export const SENDER = 'alice@example.org';

/** `<username>@<mail domain>` */
export const addressOf = (username: string) => `${username}@${target().mailDomain}`;

let n = 0;
/** A subject (or token) nobody else in this run sends. */
export const uniqueSubject = (what = 'mail') => `${what} ${Date.now().toString(36)}-${(n++).toString(36)}${randomBytes(3).toString('hex')}`;

/**
 * Six random letters: a tag for subjects of mails that carry a code. A hex tag can be all digits
 * ("833605"), and a subject like "SDK code 833605" then rightly yields that as the code.
 */
export const letterTag = () => Array.from(randomBytes(6), (b) => String.fromCharCode(97 + (b % 26))).join('');

/** A Message-ID of our own making, with angle brackets, and the bare id. */
export function messageId(): { header: string; bare: string } {
  const bare = `${randomBytes(8).toString('hex')}.${Date.now()}@sender.example.org`;
  return { header: `<${bare}>`, bare };
}

/** Sends one message over SMTP; every envelope recipient must be accepted (250). */
export async function sendMail(mail: Mail.Options) {
  const info = await smtp().sendMail({ from: `Alice Sender <${SENDER}>`, ...mail });
  expect(info.rejected, JSON.stringify(info)).toEqual([]);
  return info;
}

/** Sends exact MIME bytes with an explicit envelope (the headers need not name the recipients). */
export async function sendRaw(raw: string | Buffer, to: string | string[], from = SENDER) {
  const info = await smtp().sendMail({ envelope: { from, to: Array.isArray(to) ? to : [to] }, raw });
  expect(info.rejected, JSON.stringify(info)).toEqual([]);
  return info;
}

/** Raw MIME from header lines and a body, CRLF line endings. */
export function mime(headers: Record<string, string>, body: string | Buffer): Buffer {
  const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\r\n');
  const text = typeof body === 'string' ? Buffer.from(body.replace(/\r?\n/g, '\r\n'), 'latin1') : body;
  return Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), text]);
}

export type Msg = Record<string, any>;

/** Every message of an inbox (all pages), newest first. */
export async function allMessages(inboxKey: string, inboxId: string): Promise<Msg[]> {
  const out: Msg[] = [];
  for (let offset = 0; ; offset += 100) {
    const r = await api('GET', `/v1/inboxes/${inboxId}/messages?limit=100&offset=${offset}`, { key: inboxKey });
    expect(r.status, r.text).toBe(200);
    out.push(...r.body.result.messages);
    if (!r.body.result.has_more) return out;
  }
}

/**
 * Polls the inbox until `predicate` holds for its messages (all pages, newest first), and
 * returns them. Fails with what the inbox held when the time is up.
 */
export async function waitForMessages(inboxKey: string, inboxId: string, predicate: (messages: Msg[]) => boolean,
  timeoutMs = DELIVERY_TIMEOUT_MS): Promise<Msg[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await allMessages(inboxKey, inboxId);
    if (predicate(messages)) return messages;
    if (Date.now() > deadline) {
      throw new Error(`inbox ${inboxId}: the expected messages did not arrive in ${timeoutMs} ms; it holds ${messages.length}: `
        + JSON.stringify(messages.map((m) => ({ subject: m.subject, from: m.from }))).slice(0, 2000));
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The one message with this subject, once it has arrived (its full record, read via GET). */
export async function waitForMessage(inboxKey: string, inboxId: string, subject: string, timeoutMs?: number): Promise<Msg> {
  const list = await waitForMessages(inboxKey, inboxId, (ms) => ms.some((m) => m.subject === subject), timeoutMs);
  const matches = list.filter((m) => m.subject === subject);
  expect(matches, `exactly one message "${subject}"`).toHaveLength(1);
  const r = await api('GET', `/v1/inboxes/${inboxId}/messages/${matches[0]!.id}`, { key: inboxKey });
  expect(r.status, r.text).toBe(200);
  return r.body.result;
}

/** Polls `read` until `done` holds for its result; returns that result. */
export async function eventuallyValue<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: not reached in ${timeoutMs} ms; last value ${JSON.stringify(v).slice(0, 1500)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** GET /v1/inboxes/{id} result. */
export async function inboxDetail(inboxKey: string, inboxId: string): Promise<Msg> {
  const r = await api('GET', `/v1/inboxes/${inboxId}`, { key: inboxKey });
  expect(r.status, r.text).toBe(200);
  return r.body.result;
}

/** An error envelope with this status and code, message and next_steps included. */
export function expectError(r: { status: number; body: any; text?: string }, status: number, error: string) {
  expect({ status: r.status, error: r.body?.error }, r.text ?? JSON.stringify(r.body)).toEqual({ status, error });
  expect(typeof r.body.message).toBe('string');
  expect(Array.isArray(r.body.next_steps)).toBe(true);
}
