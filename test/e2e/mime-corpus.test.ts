/**
 * Parser robustness end to end: every message of the shared MIME corpus (real-world, historical,
 * RFC-example and deliberately malformed mail) is sent byte for byte over SMTP to one inbox, and
 * none may be lost: each one is counted, then all are listed and read through the API — no 500s. Many of
 * them lack From or have broken headers; the SMTP envelope delivers them regardless.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corporaDir } from '../corpora.ts';
import { api, newAccount, type CreatedInbox } from './client.ts';
import { allMessages, closeMail, eventuallyValue, inboxDetail, sendRaw, type Msg } from './mail.ts';

afterAll(closeMail);

const dir = join(corporaDir(), 'mime');
const files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * Files go to CHAINS inboxes round-robin, each inbox's files one after another (so its messages,
 * oldest first, are its files in sending order), the inboxes side by side: the stack ingests a
 * few mails at once, as it does in production, and the file takes a third of the time.
 */
const CHAINS = 5;

interface Chain {
  inbox: CreatedInbox;
  /** Messages counted so far; a lost message re-bases it so later files are judged on their own. */
  expected: number;
  /** The files delivered, in sending order. */
  sent: string[];
  /** The previous file's test in this chain: the next file waits for it. */
  last: Promise<unknown>;
}

describe('the shared MIME corpus over SMTP', () => {
  const chains: Chain[] = [];

  beforeAll(async () => {
    for (let i = 0; i < CHAINS; i++) chains.push({ inbox: await newAccount(), expected: 0, sent: [], last: Promise.resolve() });
  });

  it('is all there: 165 messages, as its README says', () => {
    expect(files.length).toBe(165);
  });

  it.concurrent.each(files.map((file, i) => [file, i % CHAINS] as const))('%s is delivered and counted', async (file, c) => {
    const chain = chains[c]!;
    const previous = chain.last;
    let finished!: () => void;
    chain.last = new Promise<void>((r) => { finished = r; });
    try {
      await previous;
      const { inbox } = chain;
      await sendRaw(readFileSync(join(dir, file)), inbox.address);
      chain.expected++;
      // The inbox read is cheap whatever the inbox holds; the list is read once, at the end.
      const d = await eventuallyValue(() => inboxDetail(inbox.api_key, inbox.id), (v) => v.message_count >= chain.expected, `${file} counted`)
        .catch((e) => { chain.expected--; throw e; });
      expect(d.message_count, 'exactly one message per delivery').toBe(chain.expected);
      chain.sent.push(file);
    } finally {
      finished();
    }
  });

  it('loses none: message_count equals the number sent, and every message lists, reads and opens its thread', async () => {
    const failures: string[] = [];
    let total = 0;
    for (const { inbox, sent } of chains) {
      const d = await inboxDetail(inbox.api_key, inbox.id);
      total += d.message_count;
      // Sent one after another, so oldest first they are the files in sending order.
      const messages = (await allMessages(inbox.api_key, inbox.id)).reverse();
      expect(messages).toHaveLength(d.message_count);
      expect(new Set(messages.map((m) => m.id)).size).toBe(d.message_count);
      expect(d.last_received_at).toBe(messages.at(-1)!.received_at);
      const threads = new Set(messages.map((m) => m.thread_id));
      expect(d.thread_count).toBe(threads.size);

      for (const [i, listed] of messages.entries()) {
        const file = sent[i] ?? `message #${i}`;
        const r = await api('GET', `/v1/inboxes/${inbox.id}/messages/${listed.id}`, { key: inbox.api_key });
        if (r.status !== 200) { failures.push(`${file}: GET ${r.status} ${r.text.slice(0, 200)}`); continue; }
        const m = r.body.result;
        const problems: string[] = [];
        if (!new RegExp(`^msg_${UUID}$`).test(m.id)) problems.push(`id ${m.id}`);
        if (!new RegExp(`^thr_${UUID}$`).test(m.thread_id)) problems.push(`thread_id ${m.thread_id}`);
        if (m.inbox_id !== inbox.id || m.direction !== 'inbound' || m.read !== false) problems.push('inbox_id/direction/read');
        for (const k of ['from', 'subject', 'body_text', 'reply_body', 'message_id_header']) if (typeof m[k] !== 'string') problems.push(`${k} is not a string`);
        for (const k of ['to', 'cc', 'bcc', 'links', 'cta_links', 'verification_codes', 'attachments', 'labels']) if (!Array.isArray(m[k])) problems.push(`${k} is not an array`);
        if (typeof m.headers !== 'object' || m.headers === null) problems.push('headers');
        if (!(m.spam_score >= 0 && m.spam_score <= 10)) problems.push(`spam_score ${m.spam_score}`);
        // The recipient came from the envelope only when the file names other addresses: then it is BCC.
        if (!m.to.includes(inbox.address) && !m.cc.includes(inbox.address) && JSON.stringify(m.bcc) !== JSON.stringify([inbox.address])) problems.push(`bcc ${JSON.stringify(m.bcc)}`);
        for (const a of m.attachments) {
          if (!new RegExp(`^att_${UUID}$`).test(a.id) || typeof a.filename !== 'string' || !a.filename || !Number.isInteger(a.size)) problems.push(`attachment ${JSON.stringify(a)}`);
        }
        if (problems.length) failures.push(`${file}: ${problems.join('; ')}`);
      }
      // Every thread opens, and together they hold every message exactly once.
      const inThreads: string[] = [];
      for (const threadId of threads) {
        const t = await api('GET', `/v1/inboxes/${inbox.id}/threads/${threadId}`, { key: inbox.api_key });
        if (t.status !== 200) { failures.push(`thread ${threadId}: ${t.status} ${t.text.slice(0, 200)}`); continue; }
        inThreads.push(...t.body.result.thread.messages.map((x: Msg) => x.id));
      }
      expect(inThreads.sort()).toEqual(messages.map((m) => m.id).sort());
    }
    expect(failures).toEqual([]);
    expect(total).toBe(files.length);
  }, 180_000);
});
