/**
 * No item every message of an inbox must win: the transaction that stores an inbound message
 * writes no key that storing another message of the same inbox also writes, whether the two
 * start threads or join the same one. On DynamoDB, concurrent transactions on one item cancel each
 * other (TransactionConflict) and one item takes ~1,000 writes/s; the emulator serialises every
 * transaction and shows neither, so the rule is held here, on the items themselves.
 */
import { describe, expect, it } from 'vitest';

Object.assign(process.env, { TABLE_NAME: 'unit-table', MAIL_DOMAIN: 'unit.example', SITE_URL: 'https://site.example' });
const { inboundWriteItems } = await import('../../lambdas/messages/messages.store.ts');

const inbox = {
  id: 'inb_1', account_id: 'acc_1', username: 'bot', address: 'bot@unit.example', status: 'active', created_at: '2026-11-26T00:00:00.000Z',
} as any;

function args(n: number, thread: 'new' | string, answers: string[] = []) {
  const id = `msg_${n}`;
  const threadId = thread === 'new' ? `thr_${n}` : thread;
  const at = new Date(Date.UTC(2026, 10, 26, 0, 0, n)).toISOString();
  const message = {
    id, inbox_id: inbox.id, account_id: inbox.account_id, thread_id: threadId, direction: 'inbound', from: `s${n}@example.org`,
    from_name: null, to: [inbox.address], cc: [], bcc: [], reply_to: [], subject: `subject ${n} shared words`, body_text: `body ${n} common text`,
    body_html: null, reply_body: `body ${n}`, links: [], cta_links: [], verification_codes: [], headers: {}, message_id_header: `m${n}@example.org`,
    in_reply_to: answers[0] ?? null, references: answers, labels: [], read: false, spam_score: 0, spam_verdict: {}, received_at: at, created_at: at,
    attachments: [], raw_s3_key: `inbound/${n}`,
  } as any;
  const events = [{ event_id: `evt_${n}`, event: 'message.received', account_id: inbox.account_id, inbox_id: inbox.id, timestamp: at, dispatched: false, payload: '{}' }] as any;
  return {
    message, inbox, preview: 'p', events, claims: { own: message.message_id_header, candidates: answers },
    thread: thread === 'new'
      ? { kind: 'new' as const, record: { id: threadId, inbox_id: inbox.id, account_id: inbox.account_id, subject: 's', participants: [], labels: [],
        message_count: 1, unread_count: 1, status: 'active', created_at: at, updated_at: at, latest_message: { id, from_address: '', preview: '', received_at: at } } as any }
      : { kind: 'existing' as const, id: threadId },
  };
}

const keysOf = (items: any[]) => items.map((i) => {
  const op = i.Put ?? i.Update ?? i.Delete ?? i.ConditionCheck;
  const key = i.Put ? { pk: op.Item.pk, sk: op.Item.sk } : op.Key;
  return `${key.pk}|${key.sk}`;
});

describe('storing an inbound message', () => {
  it('two messages starting threads in one inbox write no common item', () => {
    const a = keysOf(inboundWriteItems(args(1, 'new')));
    const b = keysOf(inboundWriteItems(args(2, 'new')));
    expect(a.filter((k) => b.includes(k))).toEqual([]);
  });

  it('two replies joining the same thread write no common item (the thread\'s counts are the sequencer\'s)', () => {
    // Ingest passes only ids not claimed yet: the parent's id is claimed, so neither claims it.
    const joining = (n: number) => ({ ...args(n, 'thr_0', ['m0@example.org']), claims: { own: `m${n}@example.org`, candidates: [] } });
    const a = keysOf(inboundWriteItems(joining(3)));
    const b = keysOf(inboundWriteItems(joining(4)));
    expect(a.filter((k) => b.includes(k))).toEqual([]);
  });

  it('two replies to a parent not stored yet meet only on the claim of the parent\'s id', () => {
    const a = keysOf(inboundWriteItems(args(6, 'new', ['m0@example.org'])));
    const b = keysOf(inboundWriteItems(args(7, 'new', ['m0@example.org'])));
    expect(a.filter((k) => b.includes(k))).toEqual(['INBOX#inb_1|MID#m0@example.org']);
  });

  it('touches neither the inbox, its arrival marker, the account nor an existing thread', () => {
    const keys = keysOf(inboundWriteItems(args(5, 'thr_0', ['m0@example.org'])));
    for (const shared of ['INBOX#inb_1|INBOX', 'INBOX#inb_1|ARRIVALS', 'ACCOUNT#acc_1|ACCOUNT', 'INBOX#inb_1|THREAD#thr_0', 'INBOX#inb_1|THREADSTATE#thr_0']) {
      expect(keys).not.toContain(shared);
    }
  });
});
