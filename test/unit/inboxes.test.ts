/**
 * The inbox use cases (lambdas/inboxes/inboxes.ts) with the account, domain and idempotency
 * stores in memory, faked at their interfaces; the fake's createInbox holds the conditions of the
 * real transaction (username free, account active and under its limit, creation window
 * unchanged, client_id unused, domain still verified). What an agent notices: who gets which
 * keys, the limits (per IP per hour, per account, per tier), custom domains, a repeat with the
 * same client_id answering the same inbox, and racing creations sorting themselves out.
 */
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountRecord } from '../../lambdas/accounts/accounts.entities.ts';
import type { InboxRecord } from '../../lambdas/inboxes/inboxes.entities.ts';
import type { CreateInboxInput, ListInboxesInput } from '../../lambdas/inboxes/inboxes.ts';

vi.hoisted(() => {
  Object.assign(process.env, {
    TABLE_NAME: 'unit-table', MAIL_DOMAIN: 'unit.example', SITE_URL: 'https://unit.example', BUCKET_NAME: 'unit-bucket',
    AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'unit', AWS_SECRET_ACCESS_KEY: 'unit',
  });
  delete process.env.FREE_INBOX_CREATES_PER_IP_PER_HOUR; // the free tier's own 10 an hour
});

// ---- stores in memory -------------------------------------------------------------------------
const mem = vi.hoisted(() => ({
  accounts: new Map<string, any>(),
  inboxes: new Map<string, any>(),
  /** address → inbox id */
  addresses: new Map<string, string>(),
  windows: new Map<string, { times: number[]; version: number }>(),
  /** scope#client_id → inbox id */
  idempotency: new Map<string, string>(),
  domains: new Map<string, any>(),
  dispatched: [] as { event: string; inbox_id: string | null }[],
  /** Runs once, just before the next creation commits: another request acting in between. */
  beforeNextCommit: undefined as undefined | (() => void),
  commits: 0,
}));
const copy = <T>(v: T): T => (v === undefined ? v : structuredClone(v));

vi.mock('../../lambdas/accounts/accounts.store.ts', () => ({
  getAccount: async (id: string) => copy(mem.accounts.get(id)),
  getInbox: async (id: string) => copy(mem.inboxes.get(id)),
  getCreationWindow: async (subject: string) => copy(mem.windows.get(subject) ?? { times: [], version: 0 }),
  createInbox: async (plan: any) => {
    const then = mem.beforeNextCommit; mem.beforeNextCommit = undefined; then?.();
    const { inbox } = plan;
    if (plan.domain && mem.domains.get(plan.domain.domainId)?.status !== 'verified') return { ok: false, reason: 'domain_unverified' };
    if (mem.addresses.has(inbox.address)) return { ok: false, reason: 'username_taken' };
    const owner = plan.newAccount ? undefined : mem.accounts.get(inbox.account_id);
    if (!plan.newAccount && (!owner || owner.status !== 'active' || (plan.maxInboxes >= 0 && owner.inbox_count >= plan.maxInboxes))) {
      return { ok: false, reason: 'inbox_limit' };
    }
    const w = plan.creationWindow;
    if ((mem.windows.get(w.subject)?.version ?? 0) !== w.expectedVersion) return { ok: false, reason: 'window_changed' };
    const idem = plan.idempotency && `${plan.idempotency.scope}#${plan.idempotency.clientId}`;
    if (idem && mem.idempotency.has(idem)) return { ok: false, reason: 'duplicate_client_id' };
    // All of it, or (above) none of it.
    mem.commits++;
    mem.inboxes.set(inbox.id, copy(inbox));
    mem.addresses.set(inbox.address, inbox.id);
    if (plan.newAccount) mem.accounts.set(plan.newAccount.account.id, copy(plan.newAccount.account));
    else owner.inbox_count++;
    mem.windows.set(w.subject, { times: [...w.times], version: w.expectedVersion + 1 });
    if (idem) mem.idempotency.set(idem, inbox.id);
    return { ok: true };
  },
  pageAccountInboxes: async (accountId: string, includeDeleted: boolean) => ({
    inboxes: [...mem.inboxes.values()].filter((i) => i.account_id === accountId && (includeDeleted || i.status === 'active')).map(copy),
    has_more: false, next_cursor: null,
  }),
  countAllInboxes: async (accountId: string) => [...mem.inboxes.values()].filter((i) => i.account_id === accountId).length,
  updateInboxDisplayName: async (id: string, displayName: string | null, now: string) => {
    const i = mem.inboxes.get(id);
    if (!i || i.status !== 'active') return undefined;
    Object.assign(i, { display_name: displayName, updated_at: now });
    return copy(i);
  },
  softDeleteInbox: async (inbox: any, now: string) => {
    const i = mem.inboxes.get(inbox.id);
    if (!i || i.status !== 'active') return false;
    Object.assign(i, { status: 'deleted', deleted_at: now });
    return true;
  },
}));

vi.mock('../../lambdas/domains/domains.store.ts', () => ({
  getDomain: async (accountId: string, id: string) => {
    const d = mem.domains.get(id);
    return d?.account_id === accountId ? copy(d) : undefined;
  },
}));

vi.mock('../../lambdas/platform/dynamo/idempotency.ts', async () => {
  const { idempotencyScope } = await import('../../lambdas/platform/dynamo/idempotency.entities.ts');
  return {
    idempotencyScope,
    getIdempotentResource: async (scope: string, clientId: string) => mem.idempotency.get(`${scope}#${clientId}`),
    getLegacyIdempotentResource: async () => undefined,
  };
});

vi.mock('../../lambdas/accounts/credentials.store.ts', () => ({
  rotateInboxKey: async () => ({ ok: true, now: new Date().toISOString() }),
}));

vi.mock('../../lambdas/events/outbox.ts', () => ({
  newEvent: async (type: string, ctx: { account_id: string; inbox_id: string | null }) =>
    ({ event_id: `evt_${Math.random().toString(16).slice(2)}`, event: type, account_id: ctx.account_id, inbox_id: ctx.inbox_id, dispatched: false }),
  dispatchAfterCommit: async (events: { event: string; inbox_id: string | null }[]) => {
    mem.dispatched.push(...events.map((e) => ({ event: e.event, inbox_id: e.inbox_id })));
  },
}));

vi.mock('../../lambdas/platform/aws/secrets.ts', () => ({ linkSigningSecret: async () => 'unit-link-secret-0123456789abcdef0123456789' }));

const inboxes = await import('../../lambdas/inboxes/inboxes.ts');

// ---- records ---------------------------------------------------------------------------------
const ACC = 'acc_0193a1b2-c3d4-7e5f-8a9b-00000000000a';
const PAID = 'acc_0193a1b2-c3d4-7e5f-8a9b-00000000000b';
const DOMAIN_ID = 'dom_0193a1b2-c3d4-7e5f-8a9b-000000000001';
const IP = '203.0.113.9';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const accountRecord = (id: string, over: Partial<AccountRecord> = {}): AccountRecord => ({
  id, tier: 'free', status: 'active', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', inbox_count: 1, deleted_inbox_count: 0,
  billing: { provider: null, payment_customer_id: null, subscription_id: null, subscription_status: 'free' }, ...over,
});
const account = () => mem.accounts.get(ACC) as AccountRecord;
const paid = () => mem.accounts.get(PAID) as AccountRecord;

let n = 0;
const uniqueName = () => `agent-${++n}`;
const body = (over: Partial<CreateInboxInput> = {}): CreateInboxInput => ({ username: uniqueName(), ...over });

async function refused(p: Promise<unknown>): Promise<{ error: string; message: string; extras?: Record<string, any> }> {
  try { await p; } catch (e) { return e as never; }
  throw new Error('expected the use case to refuse');
}

beforeEach(() => {
  for (const m of [mem.accounts, mem.inboxes, mem.addresses, mem.windows, mem.idempotency, mem.domains]) m.clear();
  mem.dispatched.length = 0; mem.beforeNextCommit = undefined; mem.commits = 0;
  mem.accounts.set(ACC, accountRecord(ACC));
  mem.accounts.set(PAID, accountRecord(PAID, { tier: 'developer' }));
  mem.domains.set(DOMAIN_ID, { id: DOMAIN_ID, account_id: PAID, domain: 'agents.example.com', status: 'verified' });
});

describe('createInbox: keys and accounts', () => {
  it('without a key it creates a free account: both keys are returned once and kept only as hashes', async () => {
    const out = await inboxes.createInbox(body({ username: 'support-bot' }), undefined, IP);
    if (out.kind !== 'created') throw new Error(out.kind);
    expect(out.tier).toBe('free');
    expect(out.apiKey).toMatch(/^mr_free_[0-9a-f]{32}$/);
    expect(out.accountApiKey).toMatch(/^mr_free_[0-9a-f]{32}$/);
    expect(out.inbox).toMatchObject({ username: 'support-bot', address: 'support-bot@unit.example', status: 'active', key_hash: sha256(out.apiKey) });
    const created = mem.accounts.get(out.inbox.account_id);
    expect(created).toMatchObject({ tier: 'free', inbox_count: 1, key_hash: sha256(out.accountApiKey!) });
    expect(JSON.stringify([...mem.inboxes.values(), ...mem.accounts.values()])).not.toContain(out.apiKey);
    expect(mem.dispatched).toEqual([{ event: 'inbox.created', inbox_id: out.inbox.id }]);
  });

  it('with an account key the inbox joins that account, and only the inbox key is returned', async () => {
    const out = await inboxes.createInbox(body(), paid(), IP);
    if (out.kind !== 'created') throw new Error(out.kind);
    expect(out.inbox.account_id).toBe(PAID);
    expect(out.accountApiKey).toBeUndefined();
    expect(out.apiKey).toMatch(/^mr_live_/); // a paid tier's key
    expect(paid().inbox_count).toBe(2);
  });

  it('a taken username is USERNAME_TAKEN on username', async () => {
    await inboxes.createInbox(body({ username: 'taken-name' }), undefined, IP);
    const e = await refused(inboxes.createInbox(body({ username: 'taken-name' }), account(), IP));
    expect(e).toMatchObject({ error: 'USERNAME_TAKEN', extras: { field: 'username' } });
  });

  it('a username outside the rules, or reserved, is INVALID_USERNAME saying which rule', async () => {
    expect(await refused(inboxes.createInbox(body({ username: 'Has Spaces' }), undefined, IP))).toMatchObject({ error: 'INVALID_USERNAME', extras: { field: 'username' } });
    expect((await refused(inboxes.createInbox(body({ username: 'postmaster' }), undefined, IP))).message).toMatch(/reserved/);
    expect(mem.commits).toBe(0);
  });

  it('a display name with a line break is refused: it would become a header of every sent mail', async () => {
    const e = await refused(inboxes.createInbox(body({ display_name: 'Support\r\nBcc: victim@example.com' }), undefined, IP));
    expect(e).toMatchObject({ error: 'VALIDATION_ERROR', extras: { field: 'display_name' } });
  });

  it('metadata over 4 KB of JSON is refused on metadata', async () => {
    const e = await refused(inboxes.createInbox(body({ metadata: { notes: 'x'.repeat(4096) } }), undefined, IP));
    expect(e).toMatchObject({ error: 'VALIDATION_ERROR', extras: { field: 'metadata' } });
    expect(e.message).toContain('4096 bytes');
  });
});

describe('createInbox: limits', () => {
  it('an IP creates at most 10 free inboxes an hour; the 11th is RATE_LIMIT_EXCEEDED with the time until one frees up', async () => {
    const now = Date.now();
    // Ten in the last hour, the oldest 50 minutes ago; one older than the hour does not count.
    mem.windows.set(`ip:${IP}`, { times: [now - 2 * 3600_000, ...Array.from({ length: 10 }, (_, i) => now - (50 - i) * 60_000)], version: 7 });
    const e = await refused(inboxes.createInbox(body(), undefined, IP));
    expect(e).toMatchObject({ error: 'RATE_LIMIT_EXCEEDED', extras: { code: 'INBOX_CREATE_RATE_LIMIT', current_usage: { created_last_hour: 10, limit: 10 } } });
    expect(e.extras!.retry_after).toBeGreaterThanOrEqual(599);
    expect(e.extras!.retry_after).toBeLessThanOrEqual(601);
    // Another address is not limited by it.
    expect((await inboxes.createInbox(body(), undefined, '203.0.113.10')).kind).toBe('created');
  });

  it('the window forgets creations older than an hour', async () => {
    const now = Date.now();
    mem.windows.set(`ip:${IP}`, { times: Array.from({ length: 10 }, (_, i) => now - 3600_000 - i * 1000), version: 1 });
    expect((await inboxes.createInbox(body(), undefined, IP)).kind).toBe('created');
    expect(mem.windows.get(`ip:${IP}`)!.times).toHaveLength(1);
  });

  it('a free account at its 10 inboxes is INBOX_LIMIT_EXCEEDED with the usage and an upgrade link', async () => {
    account().inbox_count = 10;
    const e = await refused(inboxes.createInbox(body(), account(), IP));
    expect(e).toMatchObject({ error: 'INBOX_LIMIT_EXCEEDED', extras: { current_usage: { inboxes: 10, max_inboxes: 10 } } });
    expect(e.extras!.upgrade_context.operator_action_url).toMatch(/^https:\/\/unit\.example\/upgrade\?token=/);
  });

  it('an account suspended or under review creates no inbox, and says which', async () => {
    mem.accounts.set(ACC, accountRecord(ACC, { status: 'suspended' }));
    expect((await refused(inboxes.createInbox(body(), account(), IP))).error).toBe('ACCOUNT_SUSPENDED');
    mem.accounts.set(ACC, accountRecord(ACC, { status: 'under_review' }));
    expect((await refused(inboxes.createInbox(body(), account(), IP))).error).toBe('ACCOUNT_UNDER_REVIEW');
  });

  it('an account suspended between the checks and the write is told so, not that it is full', async () => {
    mem.beforeNextCommit = () => { mem.accounts.get(ACC).status = 'suspended'; };
    expect((await refused(inboxes.createInbox(body(), account(), IP))).error).toBe('ACCOUNT_SUSPENDED');
  });
});

describe('createInbox: custom domains', () => {
  it('an inbox at a verified domain of the account gets its address there', async () => {
    const out = await inboxes.createInbox(body({ username: 'sales', domain_id: DOMAIN_ID }), paid(), IP);
    expect(out.inbox).toMatchObject({ address: 'sales@agents.example.com', domain_id: DOMAIN_ID });
  });

  it('a custom domain on the free tier is DOMAIN_REQUIRES_PAID', async () => {
    expect((await refused(inboxes.createInbox(body({ domain_id: DOMAIN_ID }), account(), IP))).error).toBe('DOMAIN_REQUIRES_PAID');
    expect((await refused(inboxes.createInbox(body({ domain_id: DOMAIN_ID }), undefined, IP))).error).toBe('DOMAIN_REQUIRES_PAID');
  });

  it('a domain the account does not have is DOMAIN_NOT_FOUND; one not yet verified is DOMAIN_NOT_VERIFIED', async () => {
    mem.domains.set(DOMAIN_ID, { ...mem.domains.get(DOMAIN_ID), account_id: ACC });
    expect(await refused(inboxes.createInbox(body({ domain_id: DOMAIN_ID }), paid(), IP))).toMatchObject({ error: 'DOMAIN_NOT_FOUND', extras: { field: 'domain_id' } });
    mem.domains.set(DOMAIN_ID, { ...mem.domains.get(DOMAIN_ID), account_id: PAID, status: 'pending' });
    expect((await refused(inboxes.createInbox(body({ domain_id: DOMAIN_ID }), paid(), IP))).error).toBe('DOMAIN_NOT_VERIFIED');
  });

  it('a domain deleted while the inbox is being written is DOMAIN_NOT_FOUND, and no inbox is left', async () => {
    mem.beforeNextCommit = () => { mem.domains.get(DOMAIN_ID).status = 'deleting'; };
    expect((await refused(inboxes.createInbox(body({ domain_id: DOMAIN_ID }), paid(), IP))).error).toBe('DOMAIN_NOT_FOUND');
    expect(mem.inboxes.size).toBe(0);
  });
});

describe('createInbox: client_id', () => {
  it('a repeat with the same client_id answers the same inbox, without keys, and creates nothing', async () => {
    const first = await inboxes.createInbox(body({ username: 'once', client_id: 'job-42' }), undefined, IP);
    const again = await inboxes.createInbox(body({ username: 'once', client_id: 'job-42' }), undefined, IP);
    expect(again).toMatchObject({ kind: 'replayed', clientId: 'job-42', inbox: { id: first.inbox.id }, showMetadata: false });
    expect(again).not.toHaveProperty('apiKey');
    expect(mem.commits).toBe(1);
  });

  it('a repeat by the owning account shows the inbox\'s metadata, at the account\'s tier', async () => {
    const first = await inboxes.createInbox(body({ username: 'owned', client_id: 'job-7', metadata: { team: 'a' } }), paid(), IP);
    const owner = await inboxes.createInbox(body({ username: 'owned', client_id: 'job-7' }), paid(), IP);
    expect(owner).toMatchObject({ kind: 'replayed', inbox: { id: first.inbox.id }, showMetadata: true, tier: 'developer' });
  });

  it('a keyless client_id is the IP\'s and the username\'s: another IP repeating it gets no one else\'s inbox', async () => {
    await inboxes.createInbox(body({ username: 'mine', client_id: 'job-1' }), undefined, IP);
    const e = await refused(inboxes.createInbox(body({ username: 'mine', client_id: 'job-1' }), undefined, '198.51.100.7'));
    expect(e.error).toBe('USERNAME_TAKEN');
  });

  it('two repeats racing: the one that loses the username answers the winner\'s inbox', async () => {
    let winner: string | undefined;
    mem.beforeNextCommit = () => {
      // The other request commits the same creation first (its own transaction, same client_id).
      const id = 'inb_0193a1b2-c3d4-7e5f-8a9b-0000000000ff';
      mem.inboxes.set(id, { id, account_id: PAID, username: 'racer', address: 'racer@unit.example', status: 'active' });
      mem.addresses.set('racer@unit.example', id);
      mem.idempotency.set(`create_inbox#${encodeURIComponent(`acc:${PAID}`)}#job-9`, id);
      winner = id;
    };
    const out = await inboxes.createInbox(body({ username: 'racer', client_id: 'job-9' }), paid(), IP);
    expect(out).toMatchObject({ kind: 'replayed', inbox: { id: winner } });
  });

  it('a creation that loses its window to a concurrent one tries again and is created', async () => {
    mem.beforeNextCommit = () => { mem.windows.set(`ip:${IP}`, { times: [Date.now()], version: 1 }); };
    const out = await inboxes.createInbox(body(), undefined, IP);
    expect(out.kind).toBe('created');
    expect(mem.windows.get(`ip:${IP}`)!.times).toHaveLength(2);
  });
});

describe('updateInbox, deleteInbox, listInboxes', () => {
  async function created(): Promise<InboxRecord> {
    return (await inboxes.createInbox(body(), account(), IP)).inbox;
  }

  it('deleting answers when, announces inbox.deleted once, and a second delete is INBOX_NOT_FOUND', async () => {
    const i = await created();
    mem.dispatched.length = 0;
    const out = await inboxes.deleteInbox(i);
    expect(Date.parse(out.deleted_at)).toBeGreaterThan(0);
    expect((await refused(inboxes.deleteInbox(i))).error).toBe('INBOX_NOT_FOUND');
    expect(mem.dispatched).toEqual([{ event: 'inbox.deleted', inbox_id: i.id }]);
  });

  it('renaming a deleted inbox is INBOX_NOT_FOUND; a name with control characters is refused first', async () => {
    const i = await created();
    expect((await inboxes.updateInbox(i, 'Support')).display_name).toBe('Support');
    expect(await refused(inboxes.updateInbox(i, 'Tab\there'))).toMatchObject({ error: 'VALIDATION_ERROR', extras: { field: 'display_name' } });
    await inboxes.deleteInbox(i);
    expect((await refused(inboxes.updateInbox(i, 'Support'))).error).toBe('INBOX_NOT_FOUND');
  });

  it('the list\'s total is the account\'s active inboxes, plus its deleted ones when those are asked for', async () => {
    mem.accounts.set(ACC, accountRecord(ACC, { inbox_count: 3, deleted_inbox_count: 2 }));
    const page = { limit: 20, offset: 0 } as ListInboxesInput;
    expect((await inboxes.listInboxes(account(), page)).total).toBe(3);
    expect((await inboxes.listInboxes(account(), { ...page, include_deleted: true })).total).toBe(5);
  });

  it('an account stored before deleted inboxes were counted has its inboxes counted instead', async () => {
    const i = await created();
    await created();
    await inboxes.deleteInbox(i);
    const { deleted_inbox_count: _gone, ...legacy } = account();
    void _gone;
    const out = await inboxes.listInboxes(legacy as AccountRecord, { limit: 20, offset: 0, include_deleted: true } as ListInboxesInput);
    expect(out.total).toBe(2);
    expect(out.inboxes.map((x) => x.status).sort()).toEqual(['active', 'deleted']);
  });
});
