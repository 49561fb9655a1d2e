/**
 * Inboxes as an agent meets them: create one with no key, add more with the account key, read,
 * rename and delete them — and the refusals it gets when it does something wrong.
 */
import { describe, expect, it } from 'vitest';
import { addInbox, api, newAccount, target, uniqueUsername } from './client.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const INBOX_ID = new RegExp(`^inb_${UUID}$`);
const FREE_KEY = /^mr_free_[0-9a-f]{32}$/;

/** An error envelope with this status and code, next_steps included. */
function expectError(r: { status: number; body: any }, status: number, error: string) {
  expect({ status: r.status, error: r.body?.error }, JSON.stringify(r.body)).toEqual({ status, error });
  expect(typeof r.body.message).toBe('string');
  expect(Array.isArray(r.body.next_steps) && r.body.next_steps.length > 0).toBe(true);
}

const listTotal = async (accountKey: string) => {
  const r = await api('GET', '/v1/inboxes', { key: accountKey });
  expect(r.status).toBe(200);
  return r.body.result as { inboxes: { id: string; status: string }[]; total: number };
};

const currentInboxes = async (accountKey: string) => {
  const r = await api('GET', '/v1/account', { key: accountKey });
  expect(r.status).toBe(200);
  return r.body.result.limits.current_inboxes as number;
};

describe('POST /v1/inboxes with no key', () => {
  it('creates a free account and its first inbox: 201 with an inb_<uuid> id, the address, both keys and next steps', async () => {
    const username = uniqueUsername('first');
    const before = Date.now();
    const r = await api('POST', '/v1/inboxes', { body: { username } });
    expect(r.status, r.text).toBe(201);
    const inbox = r.body.result;
    expect(inbox.id).toMatch(INBOX_ID);
    expect(inbox.address).toBe(`${username}@${target().mailDomain}`);
    expect(inbox.api_key).toMatch(FREE_KEY);
    expect(inbox.account_api_key).toMatch(FREE_KEY);
    expect(inbox.account_api_key).not.toBe(inbox.api_key);
    expect(inbox.display_name).toBe(username);
    expect(inbox.status).toBe('active');
    expect(inbox.tier).toBe('free');
    // A view token of its own, never a key.
    expect(new URL(inbox.view_url).searchParams.get('token')).toMatch(/^mrv_[A-Za-z0-9_-]{43}$/);
    expect(inbox.view_url).not.toContain(inbox.api_key);
    expect(inbox.view_url).toContain(inbox.id);
    expect(Date.parse(inbox.created_at)).toBeGreaterThanOrEqual(before - 5_000);
    expect(inbox.created_at).toMatch(/Z$/);
    expect(r.body.next_steps.length).toBeGreaterThan(0);
    expect(r.body.next_steps.every((s: unknown) => typeof s === 'string' && s.length > 0)).toBe(true);
  });

  it('keeps the display_name it is given', async () => {
    const r = await api('POST', '/v1/inboxes', { body: { username: uniqueUsername('named'), display_name: 'Billing Bot' } });
    expect(r.status).toBe(201);
    expect(r.body.result.display_name).toBe('Billing Bot');
  });

  it('gives both keys real power: the account key lists the inbox, the inbox key reads it', async () => {
    const inbox = await newAccount();
    const list = await listTotal(inbox.account_api_key);
    expect(list.total).toBe(1);
    expect(list.inboxes.map((i) => i.id)).toEqual([inbox.id]);
    const read = await api('GET', `/v1/inboxes/${inbox.id}`, { key: inbox.api_key });
    expect(read.status).toBe(200);
    expect(read.body.result.address).toBe(inbox.address);
  });
});

describe('POST /v1/inboxes with an account key', () => {
  it('adds the inbox to that account and returns no account_api_key', async () => {
    const first = await newAccount();
    const username = uniqueUsername('second');
    const r = await api('POST', '/v1/inboxes', { key: first.account_api_key, body: { username } });
    expect(r.status, r.text).toBe(201);
    expect(r.body.result).not.toHaveProperty('account_api_key');
    expect(r.body.result.api_key).toMatch(FREE_KEY);
    expect(r.body.result.address).toBe(`${username}@${target().mailDomain}`);
    const list = await listTotal(first.account_api_key);
    expect(list.total).toBe(2);
    expect(list.inboxes.map((i) => i.id).sort()).toEqual([first.id, r.body.result.id].sort());
  });

  it('refuses an inbox key: inbox keys cannot create inboxes (401 INVALID_API_KEY)', async () => {
    const first = await newAccount();
    const r = await api('POST', '/v1/inboxes', { key: first.api_key, body: { username: uniqueUsername() } });
    expectError(r, 401, 'INVALID_API_KEY');
  });
});

describe('username rules', () => {
  it.each([
    ['too short (2 characters)', 'ab'],
    ['too long (33 characters)', `a${'b'.repeat(31)}c`],
    ['uppercase letters', 'Agent-Smith'],
    ['a leading hyphen', '-agent'],
    ['a trailing hyphen', 'agent-'],
    ['an underscore', 'agent_smith'],
    ['a dot', 'agent.smith'],
    ['a reserved name (postmaster)', 'postmaster'],
    ['a reserved name (admin)', 'admin'],
  ])('refuses a username with %s: 400 INVALID_USERNAME naming the field', async (_why, username) => {
    const r = await api('POST', '/v1/inboxes', { body: { username } });
    expectError(r, 400, 'INVALID_USERNAME');
    expect(r.body.field).toBe('username');
  });

  it('refuses a missing username with 400 naming the field', async () => {
    const r = await api('POST', '/v1/inboxes', { body: {} });
    expect(r.status).toBe(400);
    expect(r.body.field).toBe('username');
  });

  it('accepts the longest allowed username (32 characters)', async () => {
    const base = uniqueUsername('max');
    const username = `${base}${'x'.repeat(32 - base.length)}`;
    expect(username).toHaveLength(32);
    const r = await api('POST', '/v1/inboxes', { body: { username } });
    expect(r.status, r.text).toBe(201);
    expect(r.body.result.address).toBe(`${username}@${target().mailDomain}`);
  });

  it('accepts the shortest allowed username (3 characters) and inner hyphens', async () => {
    // Three-character names are few; on a long-lived stack some are taken, so try a handful.
    let created: any;
    for (let i = 0; i < 30 && !created; i++) {
      const pick = () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 36)]!;
      const username = `${pick()}-${pick()}`;
      const r = await api('POST', '/v1/inboxes', { body: { username } });
      if (r.status === 201) created = r.body.result;
      else expectError(r, 409, 'USERNAME_TAKEN');
    }
    expect(created?.address).toMatch(/^[a-z0-9]-[a-z0-9]@/);
  });

  it('refuses a username that is already taken: 409 USERNAME_TAKEN, in any account', async () => {
    const first = await newAccount();
    const username = first.address.split('@')[0]!;
    expectError(await api('POST', '/v1/inboxes', { body: { username } }), 409, 'USERNAME_TAKEN');
    const again = await api('POST', '/v1/inboxes', { key: first.account_api_key, body: { username } });
    expectError(again, 409, 'USERNAME_TAKEN');
    expect(again.body.field).toBe('username');
    // Nothing was half-written: the account still has its one inbox.
    expect((await listTotal(first.account_api_key)).total).toBe(1);
  });
});

describe('idempotent creation with client_id', () => {
  it('a repeat with the same client_id returns the same inbox with 200 and creates no second one', async () => {
    const clientId = `cid-${uniqueUsername()}`;
    const username = uniqueUsername('idem');
    const first = await api('POST', '/v1/inboxes', { body: { username, client_id: clientId } });
    expect(first.status, first.text).toBe(201);
    const again = await api('POST', '/v1/inboxes', { body: { username, client_id: clientId } });
    expect(again.status, again.text).toBe(200);
    expect(again.body.result.id).toBe(first.body.result.id);
    expect(again.body.result.address).toBe(first.body.result.address);
    // No new keys are minted for the replay: no second account, no second inbox key.
    expect(again.body.result.account_api_key).toBeUndefined();
    expect([null, first.body.result.api_key]).toContain(again.body.result.api_key);
    expect(again.body.next_steps.length).toBeGreaterThan(0);

    const list = await listTotal(first.body.result.account_api_key);
    expect(list.total).toBe(1);
    expect(list.inboxes.map((i) => i.id)).toEqual([first.body.result.id]);
  });

  it('inside an account: same client_id → same inbox (even with another username); a different client_id → a new inbox', async () => {
    const acct = await newAccount();
    const key = acct.account_api_key;
    const clientId = `cid-${uniqueUsername()}`;
    const a = await api('POST', '/v1/inboxes', { key, body: { username: uniqueUsername('ida'), client_id: clientId } });
    expect(a.status, a.text).toBe(201);
    const replay = await api('POST', '/v1/inboxes', { key, body: { username: uniqueUsername('idb'), client_id: clientId } });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body.result.id).toBe(a.body.result.id);
    expect(replay.body.result.address).toBe(a.body.result.address);
    const other = await api('POST', '/v1/inboxes', { key, body: { username: uniqueUsername('idc'), client_id: `${clientId}-2` } });
    expect(other.status, other.text).toBe(201);
    expect(other.body.result.id).not.toBe(a.body.result.id);

    const list = await listTotal(key);
    expect(list.total).toBe(3);
    expect(list.inboxes.map((i) => i.id).sort()).toEqual([acct.id, a.body.result.id, other.body.result.id].sort());
  });
});

describe('a keyless idempotent replay reports the tier of the inbox\'s account', () => {
  it('the replay shows the tier of the account that owns the inbox', async () => {
    const clientId = `cid-${uniqueUsername()}`;
    const username = uniqueUsername('tier');
    const first = await api('POST', '/v1/inboxes', { body: { username, client_id: clientId } });
    expect(first.status).toBe(201);
    const up = await api('POST', '/v1/account/upgrade', { key: first.body.result.account_api_key, body: { tier: 'developer', payment_method: 'pm_card_visa' } });
    expect(up.status, up.text).toBe(200);
    const replay = await api('POST', '/v1/inboxes', { body: { username, client_id: clientId } });
    expect(replay.status).toBe(200);
    expect(replay.body.result.id).toBe(first.body.result.id);
    expect(replay.body.result.tier).toBe('developer');
  });
});

describe('agents behind one IP cannot replay each other\'s inbox with a shared client_id', () => {
  it('a keyless client_id is scoped to the username too, and a keyless replay never shows metadata', async () => {
    const clientId = `shared-${uniqueUsername()}`;
    const mine = await api('POST', '/v1/inboxes', { body: { username: uniqueUsername('mine'), client_id: clientId, metadata: { secret: 'mine' } } });
    const theirs = await api('POST', '/v1/inboxes', { body: { username: uniqueUsername('theirs'), client_id: clientId } });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.result.id).not.toBe(mine.body.result.id);
    const replay = await api('POST', '/v1/inboxes', { body: { username: mine.body.result.address.split('@')[0], client_id: clientId } });
    expect(replay.status).toBe(200);
    expect(replay.body.result.id).toBe(mine.body.result.id);
    expect(replay.body.result.metadata).toBeUndefined();
  });
});

describe('the free inbox limit', () => {
  it('after 10 inboxes a free account gets 403 INBOX_LIMIT_EXCEEDED with an upgrade_context for its operator', async () => {
    const acct = await newAccount();
    for (let i = 1; i < 10; i++) await addInbox(acct.account_api_key);
    expect(await currentInboxes(acct.account_api_key)).toBe(10);

    const r = await api('POST', '/v1/inboxes', { key: acct.account_api_key, body: { username: uniqueUsername('eleventh') } });
    expectError(r, 403, 'INBOX_LIMIT_EXCEEDED');
    const ctx = r.body.upgrade_context;
    expect(ctx).toBeTruthy();
    expect(new URL(ctx.operator_action_url).protocol).toMatch(/^https?:$/);
    expect(typeof ctx.operator_action_label).toBe('string');
    expect(ctx.operator_action_label.length).toBeGreaterThan(0);
    expect(ctx.agent_script).toContain(ctx.operator_action_url);
    expect((await listTotal(acct.account_api_key)).total).toBe(10);
  });

  it('counts only inboxes that are not deleted: deleting one makes room for another', async () => {
    const acct = await newAccount();
    const extra: string[] = [];
    for (let i = 1; i < 10; i++) extra.push((await addInbox(acct.account_api_key)).id);
    expect((await api('DELETE', `/v1/inboxes/${extra[0]}`, { key: acct.account_api_key })).status).toBe(200);
    const r = await api('POST', '/v1/inboxes', { key: acct.account_api_key, body: { username: uniqueUsername('room') } });
    expect(r.status, r.text).toBe(201);
    expect(await currentInboxes(acct.account_api_key)).toBe(10);
  });
});

describe('parallel inbox creations are not refused with a spurious 429', () => {
  // Creations from one IP or account race on one rolling-window record; the losers retried at
  // once, a few times, and most of a burst of 9 got "Too many inbox creations at the same moment".
  it('a burst of parallel creations in one account all succeed, far below every limit', async () => {
    const acct = await newAccount();
    const results = await Promise.all(Array.from({ length: 9 }, () =>
      api('POST', '/v1/inboxes', { key: acct.account_api_key, body: { username: uniqueUsername('burst') } })));
    expect(results.map((r) => r.status), results.map((r) => r.text).join('\n')).toEqual(Array(9).fill(201));
    expect(await currentInboxes(acct.account_api_key)).toBe(10);
    expect((await listTotal(acct.account_api_key)).total).toBe(10);
  });

  it('a burst of parallel keyless creations (new accounts, one IP) all succeed', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () =>
      api('POST', '/v1/inboxes', { body: { username: uniqueUsername('burst') } })));
    expect(results.map((r) => r.status), results.map((r) => r.text).join('\n')).toEqual(Array(8).fill(201));
  });
});

describe('the local stack keeps writes when a concurrent transaction fails', () => {
  // moto's TransactWriteItems snapshots the whole table and restores it when a condition fails,
  // erasing what concurrent requests wrote meanwhile and exposing its own half-applied items.
  it('refused and accepted creations racing in one account leave counts that agree with the inboxes', async () => {
    const acct = await newAccount();
    const taken = acct.address.split('@')[0]!;
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) =>
      api('POST', '/v1/inboxes', { key: acct.account_api_key, body: { username: i % 2 ? taken : uniqueUsername('race') } })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201), results.map((r) => r.text).join('\n')).toHaveLength(6);
    expect(statuses.filter((s) => s === 409)).toHaveLength(6);
    const list = await listTotal(acct.account_api_key);
    expect(list.total).toBe(7);
    expect(await currentInboxes(acct.account_api_key)).toBe(7);
    // Every inbox that was reported created can be read with its key.
    for (const r of results.filter((x) => x.status === 201)) {
      expect((await api('GET', `/v1/inboxes/${r.body.result.id}`, { key: r.body.result.api_key })).status).toBe(200);
    }
  });
});

describe('a display name carries no CR/LF (nor other control characters) toward mail headers', () => {
  // The display name becomes the sender name of outbound mail; "Bot\r\nBcc: ..." must never be stored.
  it.each([['CR LF', 'Bot\r\nBcc: victim@example.com'], ['LF', 'Bot\nX-Injected: 1'], ['NUL', 'Bot\u0000'], ['a tab', 'Bot\tName']])(
    'a display name with %s is refused with 400 naming display_name, at creation and on update', async (_what, name) => {
      const username = uniqueUsername('crlf');
      const create = await api('POST', '/v1/inboxes', { body: { username, display_name: name } });
      expect(create.status, create.text).toBe(400);
      expect(create.body.field).toBe('display_name');
      // Nothing was created under that username.
      expect((await api('POST', '/v1/inboxes', { body: { username } })).status).toBe(201);

      const acct = await newAccount();
      const patch = await api('PATCH', `/v1/inboxes/${acct.id}`, { key: acct.api_key, body: { display_name: name } });
      expect(patch.status, patch.text).toBe(400);
      expect(patch.body.field).toBe('display_name');
      expect((await api('GET', `/v1/inboxes/${acct.id}`, { key: acct.api_key })).body.result.display_name).toBe(acct.address.split('@')[0]);
    });

  it('ordinary Unicode display names are kept as given', async () => {
    const r = await api('POST', '/v1/inboxes', { body: { username: uniqueUsername('uni'), display_name: 'Zoë – Support Bot 🤖' } });
    expect(r.status, r.text).toBe(201);
    expect(r.body.result.display_name).toBe('Zoë – Support Bot 🤖');
  });
});

describe('GET /v1/inboxes', () => {
  it('lists the account\'s inboxes with their fields and a total', async () => {
    const acct = await newAccount();
    const second = await addInbox(acct.account_api_key);
    const r = await api('GET', '/v1/inboxes', { key: acct.account_api_key });
    expect(r.status).toBe(200);
    expect(r.body.result.total).toBe(2);
    expect(r.body.next_steps.length).toBeGreaterThan(0);
    const byId = new Map<string, any>(r.body.result.inboxes.map((i: any) => [i.id, i]));
    expect([...byId.keys()].sort()).toEqual([acct.id, second.id].sort());
    expect(byId.get(second.id)).toMatchObject({
      id: second.id, address: second.address, display_name: second.address.split('@')[0], status: 'active',
      message_count: 0, thread_count: 0, last_received_at: null,
    });
    expect(typeof byId.get(second.id).created_at).toBe('string');
  });

  it('pages with limit and offset while total stays the whole count', async () => {
    const acct = await newAccount();
    await addInbox(acct.account_api_key);
    await addInbox(acct.account_api_key);
    const p1 = await api('GET', '/v1/inboxes?limit=2', { key: acct.account_api_key });
    const p2 = await api('GET', '/v1/inboxes?limit=2&offset=2', { key: acct.account_api_key });
    expect(p1.body.result.inboxes).toHaveLength(2);
    expect(p2.body.result.inboxes).toHaveLength(1);
    expect(p1.body.result.total).toBe(3);
    expect(p2.body.result.total).toBe(3);
    const ids = [...p1.body.result.inboxes, ...p2.body.result.inboxes].map((i: any) => i.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('refuses an inbox key with 401 INVALID_API_KEY', async () => {
    const acct = await newAccount();
    expectError(await api('GET', '/v1/inboxes', { key: acct.api_key }), 401, 'INVALID_API_KEY');
  });

  it('never shows another account\'s inboxes', async () => {
    const a = await newAccount();
    const b = await newAccount();
    const list = await listTotal(a.account_api_key);
    expect(list.inboxes.map((i) => i.id)).not.toContain(b.id);
  });
});

describe('GET /v1/inboxes/{id}', () => {
  it('with the inbox key of that inbox: its details, counters and the view_url it was created with', async () => {
    const acct = await newAccount();
    const r = await api('GET', `/v1/inboxes/${acct.id}`, { key: acct.api_key });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({
      id: acct.id, address: acct.address, display_name: acct.address.split('@')[0], status: 'active',
      message_count: 0, thread_count: 0, last_received_at: null,
    });
    expect(r.body.result.view_url).toBe(acct.view_url);
    expect(r.body.result.view_url).not.toContain(acct.api_key);
    expect(r.body.next_steps.length).toBeGreaterThan(0);
  });

  it('with the key of another inbox, even in the same account: 401 INVALID_API_KEY', async () => {
    const acct = await newAccount();
    const sibling = await addInbox(acct.account_api_key);
    const stranger = await newAccount();
    expectError(await api('GET', `/v1/inboxes/${acct.id}`, { key: sibling.api_key }), 401, 'INVALID_API_KEY');
    expectError(await api('GET', `/v1/inboxes/${acct.id}`, { key: stranger.api_key }), 401, 'INVALID_API_KEY');
  });

  it('with an inbox key and an id that names no inbox: a 4xx, never another inbox', async () => {
    const acct = await newAccount();
    const r = await api('GET', '/v1/inboxes/inb_00000000-0000-7000-8000-000000000000', { key: acct.api_key });
    expect([401, 404]).toContain(r.status);
    expect(['INVALID_API_KEY', 'INBOX_NOT_FOUND']).toContain(r.body.error);
  });
});

describe('PATCH /v1/inboxes/{id}', () => {
  it('sets the display name; null reverts it to the username; the address never changes', async () => {
    const acct = await newAccount();
    const username = acct.address.split('@')[0]!;
    const set = await api('PATCH', `/v1/inboxes/${acct.id}`, { key: acct.api_key, body: { display_name: 'Research Agent', address: `evil@${target().mailDomain}` } });
    expect(set.status, set.text).toBe(200);
    expect(set.body.result).toMatchObject({ id: acct.id, address: acct.address, display_name: 'Research Agent', status: 'active' });
    expect(typeof set.body.result.updated_at).toBe('string');
    expect((await api('GET', `/v1/inboxes/${acct.id}`, { key: acct.api_key })).body.result.display_name).toBe('Research Agent');

    const cleared = await api('PATCH', `/v1/inboxes/${acct.id}`, { key: acct.api_key, body: { display_name: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.result.display_name).toBe(username);
    const read = await api('GET', `/v1/inboxes/${acct.id}`, { key: acct.api_key });
    expect(read.body.result.display_name).toBe(username);
    expect(read.body.result.address).toBe(acct.address);
  });

  it('refuses an empty display name with 400 naming the field', async () => {
    const acct = await newAccount();
    const r = await api('PATCH', `/v1/inboxes/${acct.id}`, { key: acct.api_key, body: { display_name: '' } });
    expect(r.status).toBe(400);
    expect(r.body.field).toBe('display_name');
  });

  it('with another inbox\'s key: 401 INVALID_API_KEY and the name is unchanged', async () => {
    const acct = await newAccount();
    const sibling = await addInbox(acct.account_api_key);
    const r = await api('PATCH', `/v1/inboxes/${acct.id}`, { key: sibling.api_key, body: { display_name: 'Hijacked' } });
    expectError(r, 401, 'INVALID_API_KEY');
    const read = await api('GET', `/v1/inboxes/${acct.id}`, { key: acct.api_key });
    expect(read.body.result.display_name).toBe(acct.address.split('@')[0]);
  });
});

describe('DELETE /v1/inboxes/{id}', () => {
  it('soft-deletes: the inbox is gone from reads and lists, the count drops, the username stays taken', async () => {
    const acct = await newAccount();
    const doomed = await addInbox(acct.account_api_key);
    expect(await currentInboxes(acct.account_api_key)).toBe(2);

    const del = await api('DELETE', `/v1/inboxes/${doomed.id}`, { key: doomed.api_key });
    expect(del.status, del.text).toBe(200);
    expect(del.body.result).toMatchObject({ id: doomed.id, status: 'deleted' });
    expect(del.body.next_steps.length).toBeGreaterThan(0);

    expectError(await api('GET', `/v1/inboxes/${doomed.id}`, { key: doomed.api_key }), 404, 'INBOX_NOT_FOUND');
    const list = await listTotal(acct.account_api_key);
    expect(list.total).toBe(1);
    expect(list.inboxes.map((i) => i.id)).toEqual([acct.id]);
    expect(await currentInboxes(acct.account_api_key)).toBe(1);

    const reuse = await api('POST', '/v1/inboxes', { body: { username: doomed.address.split('@')[0] } });
    expectError(reuse, 409, 'USERNAME_TAKEN');
  });

  it('revokes the deleted inbox\'s key everywhere else', async () => {
    const acct = await newAccount();
    const doomed = await addInbox(acct.account_api_key);
    expect((await api('DELETE', `/v1/inboxes/${doomed.id}`, { key: doomed.api_key })).status).toBe(200);
    expectError(await api('GET', '/v1/capabilities', { key: doomed.api_key }), 401, 'INVALID_API_KEY');
    expectError(await api('PATCH', `/v1/inboxes/${doomed.id}`, { key: doomed.api_key, body: { display_name: 'x' } }), 404, 'INBOX_NOT_FOUND');
  });

  it('works with the account key; deleting twice, or another account\'s inbox, is 404 INBOX_NOT_FOUND', async () => {
    const acct = await newAccount();
    const doomed = await addInbox(acct.account_api_key);
    const stranger = await newAccount();
    expect((await api('DELETE', `/v1/inboxes/${doomed.id}`, { key: acct.account_api_key })).status).toBe(200);
    expectError(await api('DELETE', `/v1/inboxes/${doomed.id}`, { key: acct.account_api_key }), 404, 'INBOX_NOT_FOUND');
    expectError(await api('DELETE', `/v1/inboxes/${stranger.id}`, { key: acct.account_api_key }), 404, 'INBOX_NOT_FOUND');
    // The stranger's inbox is untouched.
    expect((await api('GET', `/v1/inboxes/${stranger.id}`, { key: stranger.api_key })).status).toBe(200);
  });

  it('with another inbox\'s key: 401 INVALID_API_KEY and nothing is deleted', async () => {
    const acct = await newAccount();
    const sibling = await addInbox(acct.account_api_key);
    expectError(await api('DELETE', `/v1/inboxes/${acct.id}`, { key: sibling.api_key }), 401, 'INVALID_API_KEY');
    expect((await api('GET', `/v1/inboxes/${acct.id}`, { key: acct.api_key })).status).toBe(200);
  });
});

describe('keys', () => {
  const someInbox = 'inb_00000000-0000-7000-8000-000000000000';
  const calls: [string, string, unknown?][] = [
    ['GET', '/v1/inboxes'],
    ['GET', `/v1/inboxes/${someInbox}`],
    ['PATCH', `/v1/inboxes/${someInbox}`, { display_name: 'x' }],
    ['DELETE', `/v1/inboxes/${someInbox}`],
  ];

  it.each(calls)('%s %s with no key: 401 UNAUTHORIZED', async (method, path, body) => {
    expectError(await api(method, path, { body }), 401, 'UNAUTHORIZED');
  });

  it.each(calls)('%s %s with a malformed key: 401 INVALID_API_KEY', async (method, path, body) => {
    expectError(await api(method, path, { body, key: 'sk_not-a-mailroom-key' }), 401, 'INVALID_API_KEY');
  });

  it.each(calls)('%s %s with a well-formed key nobody was given: 401 INVALID_API_KEY', async (method, path, body) => {
    const unknown = `mr_free_${Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`;
    expectError(await api(method, path, { body, key: unknown }), 401, 'INVALID_API_KEY');
  });

  it('POST /v1/inboxes with an unknown key is refused (401 INVALID_API_KEY), not silently anonymous', async () => {
    const r = await api('POST', '/v1/inboxes', { key: `mr_free_${'0'.repeat(32)}`, body: { username: uniqueUsername() } });
    expectError(r, 401, 'INVALID_API_KEY');
  });

  it('an Authorization header that is not "Bearer <key>" is 401 UNAUTHORIZED', async () => {
    const acct = await newAccount();
    const r = await api('GET', '/v1/inboxes', { headers: { authorization: `Basic ${acct.account_api_key}` } });
    expectError(r, 401, 'UNAUTHORIZED');
  });
});
