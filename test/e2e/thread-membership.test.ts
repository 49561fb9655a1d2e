/**
 * A reply and the mail it answers share one thread whatever order they are stored in: a reply
 * stored first claims the Message-ID it answers, so the parent joins the reply's thread, and a
 * reply racing its parent loses the claim and joins the winner's. Counts stay exact.
 */
import { createTransport } from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { api, newAccount, target } from './client.ts';
import { closeMail, eventuallyValue, messageId, sendRaw, mime, SENDER, waitForMessages, uniqueSubject } from './mail.ts';

afterAll(() => closeMail());

const parentMail = (to: string, subject: string, id: string) =>
  mime({ From: SENDER, To: to, Subject: subject, 'Message-ID': id }, `First message of ${subject}.\n`);
const replyMail = (to: string, subject: string, id: string, parent: string) =>
  mime({ From: 'bob@example.net', To: to, Subject: `Re: ${subject}`, 'Message-ID': id, 'In-Reply-To': parent, References: parent },
    `A reply to ${subject}.\n`);

async function threadsOf(key: string, inboxId: string) {
  const r = await api('GET', `/v1/inboxes/${inboxId}/threads?limit=100`, { key });
  expect(r.status, r.text).toBe(200);
  return r.body.result as { threads: { id: string; message_count: number; subject: string }[]; total: number };
}

describe('thread membership when a reply and its parent race', () => {
  it('a reply stored before its parent: the parent joins the reply\'s thread', async () => {
    const inbox = await newAccount();
    const subject = uniqueSubject('reply first');
    const parent = messageId();
    const reply = messageId();
    await sendRaw(replyMail(inbox.address, subject, reply.header, parent.header), inbox.address, 'bob@example.net');
    await sendRaw(parentMail(inbox.address, subject, parent.header), inbox.address);
    const messages = await waitForMessages(inbox.api_key, inbox.id, (ms) => ms.length === 2);
    expect(new Set(messages.map((m) => m.thread_id)).size, JSON.stringify(messages.map((m) => [m.subject, m.thread_id]))).toBe(1);
    const { threads, total } = await threadsOf(inbox.api_key, inbox.id);
    expect(total).toBe(1);
    expect(threads[0]!.message_count).toBe(2);
  });

  it('parents and replies sent at the same moment end up pairwise in one thread each', async () => {
    const inbox = await newAccount();
    const pairs = Array.from({ length: 12 }, () => ({ subject: uniqueSubject('race'), parent: messageId(), reply: messageId() }));
    const t = target();
    // Separate connections so the two ingests of a pair run side by side.
    const transports = Array.from({ length: 8 }, () =>
      createTransport({ host: t.smtpHost, port: t.smtpPort, secure: false, ignoreTLS: true, pool: true, maxConnections: 3 }));
    try {
      await Promise.all(pairs.flatMap((p, i) => [
        transports[(2 * i) % transports.length]!.sendMail({ envelope: { from: SENDER, to: [inbox.address] },
          raw: parentMail(inbox.address, p.subject, p.parent.header) }),
        transports[(2 * i + 1) % transports.length]!.sendMail({ envelope: { from: 'bob@example.net', to: [inbox.address] },
          raw: replyMail(inbox.address, p.subject, p.reply.header, p.parent.header) }),
      ]));
    } finally {
      for (const tr of transports) tr.close();
    }
    const messages = await waitForMessages(inbox.api_key, inbox.id, (ms) => ms.length === pairs.length * 2);
    for (const p of pairs) {
      const two = messages.filter((m) => m.subject.endsWith(p.subject));
      expect(two, p.subject).toHaveLength(2);
      expect(two[0]!.thread_id, `${p.subject}: parent and reply in one thread`).toBe(two[1]!.thread_id);
    }
    // The counts follow the listing by a moment when mail to one inbox arrives side by side.
    const { threads, total } = await eventuallyValue(() => threadsOf(inbox.api_key, inbox.id),
      (v) => v.total === pairs.length && v.threads.every((th) => th.message_count === 2), 'thread counts');
    expect(total).toBe(pairs.length);
    expect(threads.map((th) => th.message_count)).toEqual(pairs.map(() => 2));
    const info = await eventuallyValue(async () => (await api('GET', `/v1/inboxes/${inbox.id}`, { key: inbox.api_key })).body.result,
      (v) => v.message_count === pairs.length * 2, 'message_count');
    expect(info.message_count).toBe(pairs.length * 2);
  });
});
