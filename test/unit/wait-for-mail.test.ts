/**
 * The wait use case (lambdas/messages/wait.ts) over an inbox in memory: the message store, the
 * arrival sequencer's pending entries and the account's wait slots are faked at their
 * interfaces, the clock is vitest's. What an agent waiting for mail notices: mail already there
 * (from the last 10 s, or after a given message) answers at once, mail arriving during the wait
 * answers as soon as it is stored, a timeout says where to go on from, and an account holds at
 * most its tier's number of waits.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountRecord } from '../../lambdas/accounts/accounts.entities.ts';
import type { InboxRecord } from '../../lambdas/inboxes/inboxes.entities.ts';
import type { ArrivalRecord } from '../../lambdas/ingest/ingest.entities.ts';
import type { MessageRecord } from '../../lambdas/messages/messages.entities.ts';

vi.hoisted(() => {
  Object.assign(process.env, {
    TABLE_NAME: 'unit-table', MAIL_DOMAIN: 'unit.example', SITE_URL: 'https://unit.example', BUCKET_NAME: 'unit-bucket',
    AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'unit', AWS_SECRET_ACCESS_KEY: 'unit',
  });
  delete process.env.MAX_CONCURRENT_WAITS; // the tier's own cap
});

// ---- one inbox in memory -------------------------------------------------------------------
const box = vi.hoisted(() => ({
  messages: new Map<string, any>(),
  arrivals: [] as { seq: number; message_id: string; received_at: string }[],
  /** Stored but not yet given a place in the arrival order. */
  pending: new Set<string>(),
  /** Wait slots held per account, and how many the store hands out before saying "all held". */
  slotsHeld: 0,
  slotsReleased: 0,
}));
const copy = <T>(v: T): T => (v === undefined ? v : structuredClone(v));

vi.mock('../../lambdas/messages/messages.store.ts', () => ({
  getMessage: async (_inbox: string, id: string) => copy(box.messages.get(id)),
  getMessages: async (_inbox: string, ids: string[]) => ids.map((id) => copy(box.messages.get(id))).filter(Boolean),
  getArrivalMarker: async () => {
    const last = box.arrivals.at(-1);
    return last && { seq: last.seq, last_message_id: last.message_id, last_received_at: last.received_at };
  },
  listArrivals: async (_inbox: string, afterSeq: number, uptoSeq: number, limit: number) =>
    box.arrivals.filter((a) => a.seq > afterSeq && a.seq <= uptoSeq).slice(0, limit).map(copy),
  listLatestArrivals: async (_inbox: string, uptoSeq: number, limit: number) =>
    box.arrivals.filter((a) => a.seq <= uptoSeq).reverse().slice(0, limit).map(copy),
}));

vi.mock('../../lambdas/ingest/arrivals.store.ts', () => ({
  isPending: async (_inbox: string, id: string) => box.pending.has(id),
}));

vi.mock('../../lambdas/messages/wait-slots.store.ts', () => ({
  takeWaitSlot: async (_account: string, cap: number, holder: string, leaseMs: number) => {
    if (box.slotsHeld >= cap) return { ok: false, inUse: box.slotsHeld, firstExpiry: Date.now() + leaseMs };
    box.slotsHeld++;
    return { ok: true, held: { slot: box.slotsHeld, holder, expiresAt: Date.now() + leaseMs } };
  },
  releaseWaitSlot: async () => { box.slotsHeld--; box.slotsReleased++; },
}));

const { waitForMail, waitForMessage, WAIT_DEFAULT_LOOKBACK_MS } = await import('../../lambdas/messages/wait.ts');

// ---- records -------------------------------------------------------------------------------
const ACC = 'acc_0193a1b2-c3d4-7e5f-8a9b-00000000000a';
const INBOX_ID = 'inb_0193a1b2-c3d4-7e5f-8a9b-000000000001';
const NOW = Date.parse('2026-03-02T12:00:00.000Z');

const account: AccountRecord = {
  id: ACC, tier: 'free', status: 'active', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', inbox_count: 1,
  billing: { provider: null, payment_customer_id: null, subscription_id: null, subscription_status: 'free' },
} as AccountRecord;
const inbox = { id: INBOX_ID, account_id: ACC, username: 'agent', address: 'agent@unit.example', status: 'active' } as InboxRecord;

let n = 0;
/** A stored message of the inbox, received `agoMs` before now. */
function message(over: Partial<MessageRecord> & { agoMs?: number } = {}): MessageRecord {
  const { agoMs = 0, ...rest } = over;
  const id = `msg_0193a1b2-c3d4-7e5f-8a9b-${String(++n).padStart(12, '0')}`;
  const at = new Date(Date.now() - agoMs).toISOString();
  return {
    id, inbox_id: INBOX_ID, account_id: ACC, thread_id: `thr_${id.slice(4)}`, direction: 'inbound', from: 'noreply@acme.example', from_name: 'Acme',
    to: ['agent@unit.example'], cc: [], bcc: [], reply_to: [], subject: 'Your Acme code', body_text: 'Your code is 123456', body_html: null,
    reply_body: 'Your code is 123456', links: [], cta_links: [], verification_codes: [{ code: '123456' }], headers: {}, message_id_header: `<${id}@acme.example>`,
    in_reply_to: null, references: [], labels: [], read: false, spam_score: 0, spam_verdict: { spf: 'PASS', dkim: 'PASS', dmarc: 'PASS' },
    received_at: at, created_at: at, attachments: [], raw_s3_key: `raw/${id}`, ...rest,
  };
}

/** Stores a message and (unless told otherwise) gives it the next place in the arrival order, as ingest does. */
function deliver(m: MessageRecord, o: { sequenced?: boolean } = {}) {
  box.messages.set(m.id, m);
  if (o.sequenced === false) { box.pending.add(m.id); return m; }
  sequence(m.id);
  return m;
}
function sequence(id: string) {
  const m = box.messages.get(id)!;
  const a: ArrivalRecord = { seq: box.arrivals.length + 1, message_id: id, received_at: m.received_at };
  box.arrivals.push(a);
  m.arrival_seq = a.seq;
  box.pending.delete(id);
}

const query = (over: Record<string, unknown> = {}) =>
  ({ timeout: 20, has: 'any', unread_only: false, verified_only: false, ...over }) as Parameters<typeof waitForMessage>[1];

/** Runs the wait while the clock moves `ms` ahead; resolves with its answer or its error. */
async function during<T>(p: Promise<T>, ms: number): Promise<{ value?: T; error?: any; elapsedMs: number }> {
  const started = Date.now();
  let elapsedMs = -1;
  const settled = p.then((value) => { elapsedMs = Date.now() - started; return { value }; },
    (error) => { elapsedMs = Date.now() - started; return { error }; });
  await vi.advanceTimersByTimeAsync(ms);
  const out = await settled;
  return { ...out, elapsedMs };
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  box.messages.clear(); box.arrivals.length = 0; box.pending.clear(); box.slotsHeld = 0; box.slotsReleased = 0;
});
afterEach(() => vi.useRealTimers());

describe('waitForMessage: mail already there', () => {
  it('mail received in the last 10 seconds answers at once; older mail does not count', async () => {
    deliver(message({ agoMs: WAIT_DEFAULT_LOOKBACK_MS + 50_000, subject: 'Old code' }));
    const recent = deliver(message({ agoMs: 5_000, subject: 'New code' }));
    const r = await during(waitForMessage(inbox, query()), 0);
    expect(r.value?.message?.id).toBe(recent.id);
    expect(r.value?.resume).toEqual({ after: recent.id });
    expect(r.elapsedMs).toBe(0);
  });

  it('since reaches further back than the default', async () => {
    const old = deliver(message({ agoMs: 60_000 }));
    const r = await during(waitForMessage(inbox, query({ since: new Date(NOW - 120_000).toISOString() })), 0);
    expect(r.value?.message?.id).toBe(old.id);
  });

  it('of several matching messages the first to arrive is the answer, and non-matching ones are passed over', async () => {
    deliver(message({ agoMs: 3_000, subject: 'Newsletter', verification_codes: [] }));
    const first = deliver(message({ agoMs: 2_000, subject: 'Code 1' }));
    deliver(message({ agoMs: 1_000, subject: 'Code 2' }));
    const r = await during(waitForMessage(inbox, query({ has: 'code' })), 0);
    expect(r.value?.message?.id).toBe(first.id);
  });

  it('after a message: the next matching one that arrived after it, never it or anything before', async () => {
    const before = deliver(message({ agoMs: 600_000 }));
    const handled = deliver(message({ agoMs: 500_000 }));
    const next = deliver(message({ agoMs: 400_000 }));
    const r = await during(waitForMessage(inbox, query({ after: handled.id })), 0);
    expect(r.value?.message?.id).toBe(next.id);
    expect(r.value?.message?.id).not.toBe(before.id);
  });
});

describe('waitForMessage: mail that arrives during the wait', () => {
  it('is answered as soon as it is stored, well before the timeout', async () => {
    let arrived: MessageRecord | undefined;
    setTimeout(() => { arrived = deliver(message({ subject: 'Sign-in code' })); }, 3_000);
    const r = await during(waitForMessage(inbox, query({ timeout: 20, subject: 'sign-in' })), 20_000);
    expect(r.value?.message?.id).toBe(arrived!.id);
    // Polled every 300 ms at most: seen within one poll of being stored.
    expect(r.elapsedMs).toBeGreaterThanOrEqual(3_000);
    expect(r.elapsedMs).toBeLessThanOrEqual(3_300);
  });

  it('mail that does not match the filters does not end the wait', async () => {
    setTimeout(() => deliver(message({ from: 'someone@other.example' })), 1_000);
    let wanted: MessageRecord | undefined;
    setTimeout(() => { wanted = deliver(message({ from: 'noreply@mail.github.com' })); }, 2_000);
    const r = await during(waitForMessage(inbox, query({ from: 'github.com' })), 20_000);
    expect(r.value?.message?.id).toBe(wanted!.id);
  });

  it('a timeout answers no message, after the timeout and not before', async () => {
    const r = await during(waitForMessage(inbox, query({ timeout: 2 })), 5_000);
    expect(r.value?.message).toBeNull();
    expect(r.elapsedMs).toBeGreaterThanOrEqual(2_000);
    expect(r.elapsedMs).toBeLessThan(2_400);
  });

  it('a timeout on an empty inbox resumes from the since it used', async () => {
    const r = await during(waitForMessage(inbox, query({ timeout: 1 })), 2_000);
    expect(r.value?.resume).toEqual({ since: new Date(NOW - WAIT_DEFAULT_LOOKBACK_MS).toISOString() });
  });

  it('a timeout resumes after the last message it looked at, so the next wait misses nothing', async () => {
    deliver(message({ agoMs: 60_000 }));
    let passedOver: MessageRecord | undefined;
    setTimeout(() => { passedOver = deliver(message({ subject: 'Not it' })); }, 500);
    const r = await during(waitForMessage(inbox, query({ timeout: 2, subject: 'invoice' })), 3_000);
    expect(r.value?.message).toBeNull();
    expect(r.value?.resume).toEqual({ after: passedOver!.id });
  });
});

describe('waitForMessage: the after message', () => {
  it('an id that is no message of the inbox is MESSAGE_NOT_FOUND', async () => {
    const r = await during(waitForMessage(inbox, query({ after: 'msg_0193a1b2-c3d4-7e5f-8a9b-999999999999' })), 0);
    expect(r.error?.error).toBe('MESSAGE_NOT_FOUND');
    expect(r.error?.message).toContain('msg_0193a1b2-c3d4-7e5f-8a9b-999999999999');
  });

  it('a message the inbox sent (not received) is a VALIDATION_ERROR on after', async () => {
    const sent = message({ direction: 'outbound' });
    box.messages.set(sent.id, sent); // sent mail has no place in the arrival order
    const r = await during(waitForMessage(inbox, query({ after: sent.id })), 0);
    expect(r.error?.error).toBe('VALIDATION_ERROR');
    expect(r.error?.message).toMatch(/^after: /);
  });

  it('a message listed but not yet in the arrival order is waited for, then the wait goes on after it', async () => {
    const handled = deliver(message({ agoMs: 1_000 }), { sequenced: false });
    setTimeout(() => sequence(handled.id), 700);
    let next: MessageRecord | undefined;
    setTimeout(() => { next = deliver(message()); }, 1_500);
    const r = await during(waitForMessage(inbox, query({ after: handled.id })), 20_000);
    expect(r.value?.message?.id).toBe(next!.id);
  });

  it('a message stored before the inbox kept an arrival order is a VALIDATION_ERROR pointing to since', async () => {
    const legacy = message({ agoMs: 86_400_000 });
    box.messages.set(legacy.id, legacy); // neither sequenced nor pending: it never will be
    const r = await during(waitForMessage(inbox, query({ after: legacy.id })), 0);
    expect(r.error?.error).toBe('VALIDATION_ERROR');
    expect(r.error?.message).toContain('since');
  });
});

describe('waitForMail: the answer and the account\'s wait slots', () => {
  it('answers the message with its best code and link to act on', async () => {
    const cta = { url: 'https://acme.example/verify?t=1', text: 'Verify', type: 'verify' };
    const m = deliver(message({ agoMs: 1_000, verification_codes: [{ code: '424242' }, { code: '111111' }], cta_links: [cta] }));
    const r = await during(waitForMail(account, inbox, query()), 0);
    expect(r.value).toMatchObject({ message: { id: m.id }, verification_code: '424242', cta, resume: { after: m.id } });
  });

  it('at the timeout the answer is null throughout, with where to resume', async () => {
    const r = await during(waitForMail(account, inbox, query({ timeout: 1 })), 2_000);
    expect(r.value).toEqual({ message: null, verification_code: null, cta: null, resume: { since: expect.any(String) } });
  });

  it('a wait past the tier\'s concurrent waits is RATE_LIMIT_EXCEEDED with a retry time, and waits nothing', async () => {
    box.slotsHeld = 1_000; // every slot of any tier held
    const r = await during(waitForMail(account, inbox, query()), 0);
    expect(r.error?.error).toBe('RATE_LIMIT_EXCEEDED');
    expect(r.error?.message).toMatch(/concurrent waits/);
    expect(r.elapsedMs).toBe(0);
  });

  it('the slot is given back when the wait ends, answered, timed out or refused', async () => {
    deliver(message({ agoMs: 1_000 }));
    await during(waitForMail(account, inbox, query()), 0);
    await during(waitForMail(account, inbox, query({ timeout: 1, subject: 'nothing like it' })), 2_000);
    const refused = await during(waitForMail(account, inbox, query({ after: 'msg_0193a1b2-c3d4-7e5f-8a9b-999999999999' })), 0);
    expect(refused.error?.error).toBe('MESSAGE_NOT_FOUND');
    expect({ held: box.slotsHeld, released: box.slotsReleased }).toEqual({ held: 0, released: 3 });
  });
});
