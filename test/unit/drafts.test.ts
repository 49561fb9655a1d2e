/**
 * The drafts use cases (lambdas/sending/drafts.ts) with the draft store, the message store and
 * the account store in memory, faked at their interfaces; the scheduler (EventBridge Scheduler)
 * and the send-mail step (SES) are recorded at their boundary. What an agent notices: a draft is
 * scheduled exactly when it has a send_at, moving or removing send_at moves or removes the
 * schedule, a draft being sent can no longer be changed, a send is exactly once, and a scheduled
 * send that meets a passing limit is postponed while one refused for good leaves the draft.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountRecord } from '../../lambdas/accounts/accounts.entities.ts';
import type { InboxRecord } from '../../lambdas/inboxes/inboxes.entities.ts';
import type { MessageRecord, ThreadRecord } from '../../lambdas/messages/messages.entities.ts';
import type { CreateDraftInput } from '../../lambdas/sending/drafts.ts';
import type { DraftRecord } from '../../lambdas/sending/sending.entities.ts';

vi.hoisted(() => {
  Object.assign(process.env, {
    TABLE_NAME: 'unit-table', MAIL_DOMAIN: 'unit.example', SITE_URL: 'https://unit.example', BUCKET_NAME: 'unit-bucket',
    AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'unit', AWS_SECRET_ACCESS_KEY: 'unit',
    // Small caps so a test can reach them.
    MAX_SCHEDULED_DRAFTS_PER_INBOX: '2', MAX_SCHEDULED_DRAFTS_PER_ACCOUNT: '3',
  });
});

// ---- stores in memory, boundaries recorded --------------------------------------------------
const mem = vi.hoisted(() => ({
  drafts: new Map<string, any>(),
  messages: new Map<string, any>(),
  threads: new Map<string, any>(),
  accounts: new Map<string, any>(),
  inboxes: new Map<string, any>(),
  /** Runs once, right after the next draft read: another request acting in between. */
  afterNextRead: undefined as undefined | (() => void),
  scheduled: [] as { draft_id: string; send_at: string }[],
  cancelled: [] as { draft_id: string; send_at: string }[],
  sent: [] as { subject: string; to: string[]; in_reply_to?: string }[],
  /** What the send-mail step refuses with, when set. */
  refuse: undefined as Error | undefined,
}));
const copy = <T>(v: T): T => (v === undefined ? v : structuredClone(v));
const editable = (d: { status: string } | undefined) => d?.status === 'draft' || d?.status === 'scheduled';

vi.mock('../../lambdas/sending/drafts.store.ts', () => ({
  putDraft: async (d: any) => { mem.drafts.set(d.id, copy(d)); },
  getDraft: async (_inbox: string, id: string) => {
    const d = copy(mem.drafts.get(id));
    const then = mem.afterNextRead; mem.afterNextRead = undefined; then?.();
    return d;
  },
  pageDrafts: async (inboxId: string) => ({ drafts: [...mem.drafts.values()].filter((d) => d.inbox_id === inboxId).map(copy), has_more: false, next_cursor: null }),
  countDrafts: async (inboxId: string) => [...mem.drafts.values()].filter((d) => d.inbox_id === inboxId).length,
  countScheduledDrafts: async (accountId: string, inboxId: string | undefined, max: number) =>
    Math.min(max, [...mem.drafts.values()].filter((d) => d.status === 'scheduled' && d.account_id === accountId && (!inboxId || d.inbox_id === inboxId)).length),
  // The store's conditions: the version read (updated_at) and an editable status.
  replaceDraft: async (d: any, before: any) => {
    const cur = mem.drafts.get(d.id);
    if (!editable(cur) || cur.updated_at !== before.updated_at) return false;
    mem.drafts.set(d.id, copy(d));
    return true;
  },
  claimDraftForSending: async (d: any, now: string) => {
    const cur = mem.drafts.get(d.id);
    if (!editable(cur) || cur.updated_at !== d.updated_at) return false;
    Object.assign(cur, { status: 'sending', updated_at: now });
    return true;
  },
  releaseDraft: async (d: any) => {
    const cur = mem.drafts.get(d.id);
    if (cur?.status === 'sending') Object.assign(cur, { status: d.status, updated_at: d.updated_at });
  },
  deleteDraft: async (d: any, onlyEditable = true) => {
    const cur = mem.drafts.get(d.id);
    if (!cur || (onlyEditable && (!editable(cur) || cur.updated_at !== d.updated_at))) return false;
    mem.drafts.delete(d.id);
    return true;
  },
}));

vi.mock('../../lambdas/messages/messages.store.ts', () => ({
  getMessage: async (_inbox: string, id: string) => copy(mem.messages.get(id)),
  getThread: async (_inbox: string, id: string) => copy(mem.threads.get(id)),
}));

vi.mock('../../lambdas/accounts/accounts.store.ts', () => ({
  getAccountAndInbox: async (accountId: string, inboxId?: string) =>
    ({ account: copy(mem.accounts.get(accountId)), inbox: inboxId ? copy(mem.inboxes.get(inboxId)) : undefined }),
}));

vi.mock('../../lambdas/platform/aws/scheduler.ts', () => ({
  scheduleDraftSend: async (s: { draft_id: string; send_at: string }) => { mem.scheduled.push({ draft_id: s.draft_id, send_at: s.send_at }); },
  cancelDraftSchedule: async (draft_id: string, send_at: string) => { mem.cancelled.push({ draft_id, send_at }); },
}));

vi.mock('../../lambdas/platform/aws/secrets.ts', () => ({ linkSigningSecret: async () => 'unit-link-secret-0123456789abcdef0123456789' }));

vi.mock('../../lambdas/sending/send-mail.ts', () => ({
  assertMaySend: async () => { if (mem.refuse) throw mem.refuse; },
  sendMail: async (r: { inbox: any; account: any; to: string[]; subject: string; answering?: any; threadId: string | null }) => {
    if (mem.refuse) throw mem.refuse;
    mem.sent.push({ subject: r.subject, to: r.to, ...(r.answering ? { in_reply_to: r.answering.id } : {}) });
    const id = `msg_0193a1b2-c3d4-7e5f-8a9b-${String(900_000_000_000 + mem.sent.length)}`;
    return { id, inbox_id: r.inbox.id, thread_id: r.threadId ?? `thr_${id.slice(4)}`, direction: 'outbound', subject: r.subject, to: r.to };
  },
}));

const drafts = await import('../../lambdas/sending/drafts.ts');
const { paymentRequired, rateLimited, upstreamRefused } = await import('../../lambdas/platform/errors.ts');

// ---- records -------------------------------------------------------------------------------
const ACC = 'acc_0193a1b2-c3d4-7e5f-8a9b-00000000000a';
const INBOX_ID = 'inb_0193a1b2-c3d4-7e5f-8a9b-000000000001';
const SISTER_ID = 'inb_0193a1b2-c3d4-7e5f-8a9b-000000000002';
const NO_DRAFT = 'dft_00000000-0000-7000-8000-000000000000';

const account: AccountRecord = {
  id: ACC, tier: 'developer', status: 'active', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', inbox_count: 2,
  billing: { provider: 'sandbox', payment_customer_id: 'cus_1', subscription_id: 'sub_1', subscription_status: 'active' },
};
const inboxRecord = (id: string): InboxRecord => ({
  id, account_id: ACC, username: id.slice(-4), address: `${id.slice(-4)}@unit.example`, display_name: null, status: 'active',
  created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', message_count: 1, thread_count: 1, last_received_at: null,
});
const inbox = inboxRecord(INBOX_ID);
const sister = inboxRecord(SISTER_ID);

const THREAD_ID = 'thr_0193a1b2-c3d4-7e5f-8a9b-000000000001';
const received = {
  id: 'msg_0193a1b2-c3d4-7e5f-8a9b-000000000001', inbox_id: INBOX_ID, account_id: ACC, thread_id: THREAD_ID, direction: 'inbound',
  from: 'alice@acme.example', subject: 'Question', received_at: '2026-02-01T00:00:00Z',
} as MessageRecord;
const thread = { id: THREAD_ID, inbox_id: INBOX_ID, account_id: ACC, subject: 'Question' } as ThreadRecord;

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const body = (over: Partial<CreateDraftInput> = {}): CreateDraftInput =>
  ({ to: ['bob@example.com'], cc: [], bcc: [], subject: 'Report', body: 'Here it is.', labels: [], ...over });
const stored = (id: string) => mem.drafts.get(id) as DraftRecord | undefined;

/** Awaits a use case that must fail; returns its error. */
async function refused(p: Promise<unknown>): Promise<{ error: string; message: string; extras?: Record<string, unknown> }> {
  try { await p; } catch (e) { return e as never; }
  throw new Error('expected the use case to refuse');
}

beforeEach(() => {
  for (const m of [mem.drafts, mem.messages, mem.threads, mem.accounts, mem.inboxes]) m.clear();
  mem.scheduled.length = 0; mem.cancelled.length = 0; mem.sent.length = 0; mem.refuse = undefined; mem.afterNextRead = undefined;
  mem.messages.set(received.id, received); mem.threads.set(thread.id, thread);
  mem.accounts.set(ACC, account); mem.inboxes.set(INBOX_ID, inbox); mem.inboxes.set(SISTER_ID, sister);
});

describe('createDraft', () => {
  it('without send_at the draft is kept unscheduled, its labels once each, and nothing is scheduled', async () => {
    const d = await drafts.createDraft(inbox, account, body({ labels: ['q1', 'q1', 'finance'] }));
    expect(d).toMatchObject({ status: 'draft', send_at: null, labels: ['q1', 'finance'], in_reply_to: null, thread_id: null });
    expect(d.id).toMatch(/^dft_/);
    expect(stored(d.id)).toEqual(d);
    expect(mem.scheduled).toEqual([]);
  });

  it('with send_at it is scheduled, and its send is scheduled for exactly then', async () => {
    const at = later(30);
    const d = await drafts.createDraft(inbox, account, body({ send_at: at }));
    expect(d).toMatchObject({ status: 'scheduled', send_at: at });
    expect(mem.scheduled).toEqual([{ draft_id: d.id, send_at: at }]);
  });

  it('answering a message puts the draft in that message\'s thread', async () => {
    const d = await drafts.createDraft(inbox, account, body({ in_reply_to: received.id }));
    expect(d).toMatchObject({ in_reply_to: received.id, thread_id: THREAD_ID });
  });

  it('in_reply_to that is no message of the inbox is MESSAGE_NOT_FOUND on in_reply_to; nothing is stored', async () => {
    const e = await refused(drafts.createDraft(inbox, account, body({ in_reply_to: 'msg_0193a1b2-c3d4-7e5f-8a9b-999999999999' })));
    expect(e).toMatchObject({ error: 'MESSAGE_NOT_FOUND', extras: { field: 'in_reply_to' } });
    expect(mem.drafts.size).toBe(0);
  });

  it('a thread_id the inbox does not have is THREAD_NOT_FOUND', async () => {
    const e = await refused(drafts.createDraft(inbox, account, body({ thread_id: 'thr_0193a1b2-c3d4-7e5f-8a9b-999999999999' })));
    expect(e.error).toBe('THREAD_NOT_FOUND');
  });

  it('a send_at the account may not send at is refused with the send\'s own error, and nothing is stored or scheduled', async () => {
    mem.refuse = paymentRequired('SEND_REQUIRES_PAID', 'Free accounts receive mail only; sending needs a paid tier.');
    const e = await refused(drafts.createDraft(inbox, account, body({ send_at: later(30) })));
    expect(e.error).toBe('SEND_REQUIRES_PAID');
    expect(mem.drafts.size).toBe(0);
    expect(mem.scheduled).toEqual([]);
    // An unscheduled draft needs no right to send.
    expect((await drafts.createDraft(inbox, account, body())).status).toBe('draft');
  });

  it('past the inbox\'s scheduled drafts the next one is SCHEDULED_DRAFT_LIMIT_EXCEEDED naming the inbox', async () => {
    await drafts.createDraft(inbox, account, body({ send_at: later(30) }));
    await drafts.createDraft(inbox, account, body({ send_at: later(31) }));
    const e = await refused(drafts.createDraft(inbox, account, body({ send_at: later(32) })));
    expect(e).toMatchObject({ error: 'SCHEDULED_DRAFT_LIMIT_EXCEEDED', extras: { field: 'send_at' } });
    expect(e.message).toMatch(/This inbox has 2 scheduled drafts/);
    expect(mem.scheduled).toHaveLength(2);
  });

  it('past the account\'s scheduled drafts the refusal names the tier and offers the upgrade', async () => {
    await drafts.createDraft(inbox, account, body({ send_at: later(30) }));
    await drafts.createDraft(inbox, account, body({ send_at: later(31) }));
    await drafts.createDraft(sister, account, body({ send_at: later(32) }));
    const e = await refused(drafts.createDraft(sister, account, body({ send_at: later(33) })));
    expect(e.error).toBe('SCHEDULED_DRAFT_LIMIT_EXCEEDED');
    expect(e.message).toMatch(/This account has 3 scheduled drafts, the most its developer tier allows \(3\)/);
    expect(e.extras?.upgrade_context).toMatchObject({ operator_action_url: expect.stringMatching(/^https:\/\/unit\.example\/upgrade\?token=/) });
  });
});

describe('updateDraft', () => {
  it('a new send_at moves the schedule: the new time is scheduled and the old one cancelled', async () => {
    const [first, second] = [later(30), later(60)];
    const d = await drafts.createDraft(inbox, account, body({ send_at: first }));
    const moved = await drafts.updateDraft(inbox, account, d.id, { send_at: second });
    expect(moved).toMatchObject({ status: 'scheduled', send_at: second });
    expect(mem.scheduled.at(-1)).toEqual({ draft_id: d.id, send_at: second });
    expect(mem.cancelled).toEqual([{ draft_id: d.id, send_at: first }]);
  });

  it('send_at null unschedules: the draft is a plain draft again and its schedule is cancelled', async () => {
    const at = later(30);
    const d = await drafts.createDraft(inbox, account, body({ send_at: at }));
    const plain = await drafts.updateDraft(inbox, account, d.id, { send_at: null });
    expect(plain).toMatchObject({ status: 'draft', send_at: null });
    expect(mem.cancelled).toEqual([{ draft_id: d.id, send_at: at }]);
  });

  it('editing only the text of a scheduled draft keeps its schedule and does not count against the cap', async () => {
    const at = later(30);
    const d = await drafts.createDraft(inbox, account, body({ send_at: at }));
    await drafts.createDraft(inbox, account, body({ send_at: later(31) })); // the inbox is at its cap now
    const edited = await drafts.updateDraft(inbox, account, d.id, { subject: 'Report, final' });
    expect(edited).toMatchObject({ subject: 'Report, final', status: 'scheduled', send_at: at });
    expect(mem.cancelled).toEqual([]);
    expect(mem.scheduled).toHaveLength(2);
  });

  it('a draft being sent is DRAFT_NOT_EDITABLE', async () => {
    const d = await drafts.createDraft(inbox, account, body());
    stored(d.id)!.status = 'sending';
    expect((await refused(drafts.updateDraft(inbox, account, d.id, { subject: 'Too late' }))).error).toBe('DRAFT_NOT_EDITABLE');
  });

  it('a draft changed by another request after it was read is DRAFT_CHANGED, and the other change stands', async () => {
    const d = await drafts.createDraft(inbox, account, body());
    mem.afterNextRead = () => Object.assign(stored(d.id)!, { subject: 'Theirs', updated_at: '2099-01-01T00:00:00.000Z' });
    expect((await refused(drafts.updateDraft(inbox, account, d.id, { subject: 'Mine' }))).error).toBe('DRAFT_CHANGED');
    expect(stored(d.id)!.subject).toBe('Theirs');
  });

  it('an id that is no draft of the inbox is DRAFT_NOT_FOUND', async () => {
    expect((await refused(drafts.updateDraft(inbox, account, NO_DRAFT, { subject: 'x' }))).error).toBe('DRAFT_NOT_FOUND');
    expect((await refused(drafts.updateDraft(inbox, account, 'not-a-draft-id', { subject: 'x' }))).error).toBe('DRAFT_NOT_FOUND');
  });
});

describe('discardDraft', () => {
  it('discarding a scheduled draft removes it and cancels its send', async () => {
    const at = later(30);
    const d = await drafts.createDraft(inbox, account, body({ send_at: at }));
    expect(await drafts.discardDraft(INBOX_ID, d.id)).toMatchObject({ cancelledSchedule: true, draft: { id: d.id } });
    expect(stored(d.id)).toBeUndefined();
    expect(mem.cancelled).toEqual([{ draft_id: d.id, send_at: at }]);
  });

  it('a draft edited between the read and the delete is read again and discarded as it is now', async () => {
    const d = await drafts.createDraft(inbox, account, body());
    const at = later(45);
    mem.afterNextRead = () => Object.assign(stored(d.id)!, { status: 'scheduled', send_at: at, updated_at: '2099-01-01T00:00:00.000Z' });
    const out = await drafts.discardDraft(INBOX_ID, d.id);
    expect(out).toMatchObject({ cancelledSchedule: true, draft: { send_at: at } });
    expect(stored(d.id)).toBeUndefined();
    expect(mem.cancelled).toEqual([{ draft_id: d.id, send_at: at }]);
  });

  it('a draft that started sending meanwhile is DRAFT_NOT_EDITABLE and is not removed', async () => {
    const d = await drafts.createDraft(inbox, account, body());
    mem.afterNextRead = () => Object.assign(stored(d.id)!, { status: 'sending', updated_at: '2099-01-01T00:00:00.000Z' });
    expect((await refused(drafts.discardDraft(INBOX_ID, d.id))).error).toBe('DRAFT_NOT_EDITABLE');
    expect(stored(d.id)?.status).toBe('sending');
  });
});

describe('sendDraft', () => {
  it('a draft without a future send_at is sent now: the message comes back and the draft is gone', async () => {
    const d = await drafts.createDraft(inbox, account, body({ in_reply_to: received.id }));
    const out = await drafts.sendDraft(inbox, account, d.id);
    expect(out.kind).toBe('sent');
    expect(mem.sent).toEqual([{ subject: 'Report', to: ['bob@example.com'], in_reply_to: received.id }]);
    expect(stored(d.id)).toBeUndefined();
  });

  it('a draft whose send_at is ahead is not sent now: its send is (re)scheduled for then', async () => {
    const at = later(30);
    const d = await drafts.createDraft(inbox, account, body({ send_at: at }));
    const out = await drafts.sendDraft(inbox, account, d.id);
    expect(out).toMatchObject({ kind: 'scheduled', sendAt: at });
    expect(mem.sent).toEqual([]);
    expect(mem.scheduled.filter((s) => s.draft_id === d.id)).toHaveLength(2);
  });

  it('a scheduled draft sent early goes now, and its schedule is cancelled', async () => {
    const d = await drafts.createDraft(inbox, account, body());
    const past = new Date(Date.now() - 60_000).toISOString();
    Object.assign(stored(d.id)!, { status: 'scheduled', send_at: past });
    expect((await drafts.sendDraft(inbox, account, d.id)).kind).toBe('sent');
    expect(mem.cancelled).toEqual([{ draft_id: d.id, send_at: past }]);
  });

  it('a draft already being sent is DRAFT_ALREADY_SENT and is not sent twice', async () => {
    const d = await drafts.createDraft(inbox, account, body());
    stored(d.id)!.status = 'sending';
    expect((await refused(drafts.sendDraft(inbox, account, d.id))).error).toBe('DRAFT_ALREADY_SENT');
    expect(mem.sent).toEqual([]);
  });

  it('a send that is refused gives the draft back exactly as it was, with the refusal\'s error', async () => {
    const d = await drafts.createDraft(inbox, account, body());
    const before = structuredClone(stored(d.id));
    mem.refuse = rateLimited('SEND_LIMIT_EXCEEDED', 'The tier sends at most 1,000 messages a day.', { retry_after: 3600 });
    expect((await refused(drafts.sendDraft(inbox, account, d.id))).error).toBe('SEND_LIMIT_EXCEEDED');
    expect(stored(d.id)).toEqual(before);
    // …and so it can be sent once the limit has passed.
    mem.refuse = undefined;
    expect((await drafts.sendDraft(inbox, account, d.id)).kind).toBe('sent');
  });
});

describe('sendScheduledDraft (the scheduler\'s target)', () => {
  const fire = (d: DraftRecord) => drafts.sendScheduledDraft({ draft_id: d.id, inbox_id: d.inbox_id, account_id: d.account_id, send_at: d.send_at! });

  async function due() {
    const d = await drafts.createDraft(inbox, account, body({ send_at: later(30) }));
    mem.scheduled.length = 0;
    return d;
  }

  it('a draft still scheduled for this time is sent, once', async () => {
    const d = await due();
    expect(await fire(d)).toMatchObject({ outcome: 'sent', message_id: expect.stringMatching(/^msg_/) });
    expect(await fire(d)).toEqual({ outcome: 'gone' });
    expect(mem.sent).toHaveLength(1);
  });

  it('a firing for a time the draft was moved from sends nothing', async () => {
    const d = await due();
    await drafts.updateDraft(inbox, account, d.id, { send_at: later(90) });
    expect(await fire(d)).toEqual({ outcome: 'moved' });
    expect(mem.sent).toEqual([]);
  });

  it('a discarded draft, or one whose inbox was deleted, sends nothing', async () => {
    const d = await due();
    mem.inboxes.set(INBOX_ID, { ...inbox, status: 'deleted' });
    expect(await fire(d)).toEqual({ outcome: 'gone' });
    await drafts.discardDraft(INBOX_ID, d.id);
    expect(await fire(d)).toEqual({ outcome: 'gone' });
    expect(mem.sent).toEqual([]);
  });

  it('a limit that passes postpones the send by its retry_after: still scheduled, scheduled anew', async () => {
    const d = await due();
    mem.refuse = rateLimited('SEND_BURST_EXCEEDED', 'Too many sends this minute.', { retry_after: 40 });
    const before = Date.now();
    const out = await fire(d);
    expect(out.outcome).toBe('postponed');
    const at = Date.parse((out as { send_at: string }).send_at);
    expect(at).toBeGreaterThanOrEqual(before + 40_000);
    expect(at).toBeLessThan(Date.now() + 41_000);
    expect(stored(d.id)).toMatchObject({ status: 'scheduled', send_at: new Date(at).toISOString() });
    expect(mem.scheduled).toEqual([{ draft_id: d.id, send_at: new Date(at).toISOString() }]);
  });

  it('a refusal for good keeps the draft, unscheduled, and says why', async () => {
    const d = await due();
    mem.refuse = paymentRequired('SEND_REQUIRES_PAID', 'Free accounts receive mail only; sending needs a paid tier.');
    expect(await fire(d)).toEqual({ outcome: 'refused', error: 'SEND_REQUIRES_PAID' });
    expect(stored(d.id)).toMatchObject({ status: 'draft', send_at: null });
    expect(mem.scheduled).toEqual([]);
  });

  it('a failure on the service\'s side is thrown (the scheduler retries) and the draft stays scheduled', async () => {
    const d = await due();
    mem.refuse = upstreamRefused('SEND_FAILED', 'The mail service refused this message; it was not sent.');
    expect((await refused(fire(d))).error).toBe('SEND_FAILED');
    expect(stored(d.id)).toMatchObject({ status: 'scheduled', send_at: d.send_at });
  });
});
