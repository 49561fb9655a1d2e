/**
 * Every list is a page (issue 10): inboxes, drafts, webhooks, webhook logs, allow/block lists and
 * custom domains page by cursor, each item seen exactly once; totals follow creations and
 * deletions (counters written with the item); each filter is its own partition; a cursor from
 * another list, filter, inbox or account — or an edited one — is a 400 naming `cursor`. Thread
 * lists filtered by unread (read-state partitions) and label (label index) return exactly the
 * threads the unfiltered list shows in that state, across pages, as states and labels change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { seedMessages, type SeedSpec } from '../seed-store.ts';
import { addInbox, api, newAccount, target, type CreatedInbox } from './client.ts';
import { startReceiver, type Receiver } from './receiver.ts';

interface Page { total: number; limit: number; offset: number; has_more: boolean; next_cursor: string | null; [items: string]: unknown }

async function page(path: string, key: string): Promise<Page> {
  const r = await api('GET', path, { key });
  expect(r.status, r.text).toBe(200);
  return r.body.result as Page;
}

/** Every page of a list by cursor: the ids in the order seen, and the total each page gave. */
async function allByCursor(path: string, key: string, items: string, limit = 2) {
  const seen: string[] = [];
  const totals = new Set<number>();
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const p = await page(`${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, key);
    const rows = p[items] as { id?: string; event_id?: string }[];
    expect(rows.length).toBeLessThanOrEqual(limit);
    seen.push(...rows.map((x) => (x.id ?? x.event_id)!));
    expect(p.has_more).toBe(p.next_cursor !== null);
    totals.add(p.total);
    cursor = p.next_cursor;
    pages += 1;
  } while (cursor && pages < 50);
  return { seen, totals: [...totals] };
}

/** The first page's next_cursor (the list must have more than `limit` items). */
async function cursorOf(path: string, key: string, limit = 1) {
  const p = await page(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}`, key);
  expect(p.next_cursor).not.toBeNull();
  return p.next_cursor!;
}

async function expectCursorRefused(path: string, key: string, cursor: string) {
  const r = await api('GET', `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`, { key });
  expect(r.status, r.text).toBe(400);
  expect(r.body.error).toBe('VALIDATION_ERROR');
  expect(r.body.field).toBe('cursor');
}

/** A cursor with one character of its key changed: still well-formed, pointing elsewhere. */
const edited = (cursor: string) => {
  const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  for (const [k, v] of Object.entries(decoded.k)) if (k.endsWith('pk')) decoded.k[k] = `${v as string}x`;
  return Buffer.from(JSON.stringify(decoded)).toString('base64url');
};

async function created(method: string, path: string, key: string, body: unknown): Promise<{ id: string }> {
  const r = await api(method, path, { key, body });
  expect(r.status, r.text).toBe(201);
  return r.body.result;
}

let receiver: Receiver;
beforeAll(async () => { receiver = await startReceiver('list-pages'); });
afterAll(async () => { await receiver?.close(); });

describe('GET /v1/inboxes', () => {
  let acct: CreatedInbox;
  let ids: string[];
  let deletedId: string;
  beforeAll(async () => {
    acct = await newAccount();
    const more = [];
    for (let i = 0; i < 4; i++) more.push(await addInbox(acct.account_api_key));
    ids = [acct.id, ...more.map((m) => m.id)].sort();
    deletedId = more[1]!.id;
    expect((await api('DELETE', `/v1/inboxes/${deletedId}`, { key: acct.account_api_key })).status).toBe(200);
  });

  it('pages the active inboxes by cursor in creation order, each once; total from the account counter', async () => {
    const { seen, totals } = await allByCursor('/v1/inboxes', acct.account_api_key, 'inboxes');
    expect(seen).toEqual(ids.filter((id) => id !== deletedId));
    expect(totals).toEqual([4]);
  });

  it('include_deleted pages every inbox, the deleted one too', async () => {
    const { seen, totals } = await allByCursor('/v1/inboxes?include_deleted=true', acct.account_api_key, 'inboxes');
    expect(seen).toEqual(ids);
    expect(totals).toEqual([5]);
  });

  it('offset keeps working', async () => {
    const p = await page('/v1/inboxes?limit=2&offset=2', acct.account_api_key);
    expect((p.inboxes as { id: string }[]).map((i) => i.id)).toEqual(ids.filter((id) => id !== deletedId).slice(2, 4));
    expect(p.has_more).toBe(false);
  });

  it('refuses a cursor of another filter, of another account, an edited one, and cursor with offset', async () => {
    const cursor = await cursorOf('/v1/inboxes', acct.account_api_key);
    await expectCursorRefused('/v1/inboxes?include_deleted=true', acct.account_api_key, cursor);
    const other = await newAccount();
    await addInbox(other.account_api_key);
    await expectCursorRefused('/v1/inboxes', acct.account_api_key, await cursorOf('/v1/inboxes', other.account_api_key));
    await expectCursorRefused('/v1/inboxes', acct.account_api_key, edited(cursor));
    await expectCursorRefused('/v1/inboxes', acct.account_api_key, 'not-a-cursor');
    const r = await api('GET', `/v1/inboxes?offset=1&cursor=${cursor}`, { key: acct.account_api_key });
    expect(r.status).toBe(400);
    expect(r.body.field).toBe('offset');
  });
});

describe('GET /v1/inboxes/{id}/drafts', () => {
  let inbox: CreatedInbox;
  let ids: string[];
  const draftsPath = () => `/v1/inboxes/${inbox.id}/drafts`;
  beforeAll(async () => {
    inbox = await newAccount();
    ids = [];
    for (let i = 0; i < 7; i++) {
      const d = await created('POST', draftsPath(), inbox.api_key,
        { to: ['someone@example.com'], subject: `draft ${i}`, body: 'text', labels: i % 2 === 0 ? ['urgent', `n${i}`] : [`n${i}`] });
      ids.push(d.id);
    }
  });

  it('pages newest first by cursor, each once; total from the counter', async () => {
    const { seen, totals } = await allByCursor(draftsPath(), inbox.api_key, 'drafts', 3);
    expect(seen).toEqual([...ids].reverse());
    expect(totals).toEqual([7]);
  });

  it('a label filter pages exactly the drafts with that label, and follows relabelling and discarding', async () => {
    const urgent = ids.filter((_, i) => i % 2 === 0);
    let res = await allByCursor(`${draftsPath()}?label=urgent`, inbox.api_key, 'drafts');
    expect(res.seen).toEqual([...urgent].reverse());
    expect(res.totals).toEqual([4]);

    // ids[0] loses urgent, ids[1] gains it, ids[2] is discarded.
    expect((await api('PATCH', `${draftsPath()}/${ids[0]}`, { key: inbox.api_key, body: { labels: ['n0'] } })).status).toBe(200);
    expect((await api('PATCH', `${draftsPath()}/${ids[1]}`, { key: inbox.api_key, body: { labels: ['urgent'] } })).status).toBe(200);
    expect((await api('DELETE', `${draftsPath()}/${ids[2]}`, { key: inbox.api_key })).status).toBe(200);
    res = await allByCursor(`${draftsPath()}?label=urgent`, inbox.api_key, 'drafts');
    expect(res.seen).toEqual([ids[6], ids[4], ids[1]]);
    expect(res.totals).toEqual([3]);
    expect((await allByCursor(`${draftsPath()}?label=n0`, inbox.api_key, 'drafts')).seen).toEqual([ids[0]]);
    expect((await allByCursor(`${draftsPath()}?label=n2`, inbox.api_key, 'drafts')).totals).toEqual([0]);
    expect((await allByCursor(draftsPath(), inbox.api_key, 'drafts')).totals).toEqual([6]);
  });

  it('refuses a cursor of another label, another inbox, or an edited one', async () => {
    const cursor = await cursorOf(draftsPath(), inbox.api_key);
    await expectCursorRefused(`${draftsPath()}?label=urgent`, inbox.api_key, cursor);
    await expectCursorRefused(draftsPath(), inbox.api_key, await cursorOf(`${draftsPath()}?label=urgent`, inbox.api_key));
    const other = await addInbox(inbox.account_api_key);
    for (let i = 0; i < 2; i++) await created('POST', `/v1/inboxes/${other.id}/drafts`, other.api_key, { to: ['x@example.com'], subject: 's', body: 'b' });
    await expectCursorRefused(draftsPath(), inbox.api_key, await cursorOf(`/v1/inboxes/${other.id}/drafts`, other.api_key));
    await expectCursorRefused(draftsPath(), inbox.api_key, edited(cursor));
  });
});

describe('GET /v1/webhooks and /v1/webhooks/{id}/logs', () => {
  let acct: CreatedInbox;
  let second: CreatedInbox;
  let accountWide: string[];
  let ofSecond: string[];
  beforeAll(async () => {
    acct = await newAccount();
    second = await addInbox(acct.account_api_key);
    accountWide = [];
    ofSecond = [];
    for (let i = 0; i < 3; i++) accountWide.push((await created('POST', '/v1/webhooks', acct.account_api_key, { url: receiver.url, events: ['message.received'] })).id);
    for (let i = 0; i < 3; i++) {
      ofSecond.push((await created('POST', '/v1/webhooks', acct.account_api_key, { url: receiver.url, events: ['message.received'], inbox_id: second.id })).id);
    }
  });

  it('the account key pages every webhook, oldest first; an inbox key pages its inbox\'s only (from its own partition)', async () => {
    const all = await allByCursor('/v1/webhooks', acct.account_api_key, 'webhooks');
    expect(all.seen).toEqual([...accountWide, ...ofSecond]);
    expect(all.totals).toEqual([6]);
    const mine = await allByCursor('/v1/webhooks', second.api_key, 'webhooks');
    expect(mine.seen).toEqual(ofSecond);
    expect(mine.totals).toEqual([3]);
    expect((await allByCursor('/v1/webhooks', acct.api_key, 'webhooks')).seen).toEqual([]);
  });

  it('deleting a webhook counts it out', async () => {
    expect((await api('DELETE', `/v1/webhooks/${ofSecond[0]}`, { key: second.api_key })).status).toBe(200);
    expect((await allByCursor('/v1/webhooks', second.api_key, 'webhooks')).totals).toEqual([2]);
    expect((await allByCursor('/v1/webhooks', acct.account_api_key, 'webhooks')).totals).toEqual([5]);
    ofSecond.shift();
  });

  it('refuses the account list\'s cursor on an inbox key, and another account\'s cursor', async () => {
    const cursor = await cursorOf('/v1/webhooks', acct.account_api_key);
    await expectCursorRefused('/v1/webhooks', second.api_key, cursor);
    await expectCursorRefused('/v1/webhooks', acct.account_api_key, await cursorOf('/v1/webhooks', second.api_key));
    const other = await newAccount();
    for (let i = 0; i < 2; i++) await created('POST', '/v1/webhooks', other.account_api_key, { url: receiver.url, events: ['message.received'] });
    await expectCursorRefused('/v1/webhooks', acct.account_api_key, await cursorOf('/v1/webhooks', other.account_api_key));
  });

  it('logs page newest first by cursor, each attempt once; another webhook\'s cursor is refused', async () => {
    const hook = accountWide[0]!;
    const events: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await api('POST', `/v1/webhooks/${hook}/test`, { key: acct.account_api_key });
      expect(r.status, r.text).toBe(200);
      events.push(r.body.result.event_id);
    }
    const { seen, totals } = await allByCursor(`/v1/webhooks/${hook}/logs`, acct.account_api_key, 'logs');
    expect(seen).toEqual([...events].reverse());
    expect(totals).toEqual([5]);
    const other = accountWide[1]!;
    for (let i = 0; i < 2; i++) expect((await api('POST', `/v1/webhooks/${other}/test`, { key: acct.account_api_key })).status).toBe(200);
    await expectCursorRefused(`/v1/webhooks/${hook}/logs`, acct.account_api_key, await cursorOf(`/v1/webhooks/${other}/logs`, acct.account_api_key));
  });
});

describe('GET /v1/lists', () => {
  let acct: CreatedInbox;
  let second: CreatedInbox;
  const entries: { id: string; type: string; inbox_id: string | null }[] = [];
  beforeAll(async () => {
    acct = await newAccount();
    second = await addInbox(acct.account_api_key);
    for (let i = 0; i < 9; i++) {
      const type = i % 2 === 0 ? 'blocklist' : 'allowlist';
      const inbox_id = i % 3 === 0 ? null : i % 3 === 1 ? acct.id : second.id;
      const e = await created('POST', '/v1/lists', acct.account_api_key, { type, address: `sender${i}@example.com`, ...(inbox_id ? { inbox_id } : {}) });
      entries.push({ id: e.id, type, inbox_id });
    }
  });

  const expected = (type?: string, inbox?: string | null) => entries
    .filter((e) => (type === undefined || e.type === type) && (inbox === undefined || e.inbox_id === inbox)).map((e) => e.id);

  it('pages every filter (type, inbox, account-wide, both) exactly, oldest first, with its own total', async () => {
    const cases: [string, string | undefined, string | null | undefined][] = [
      ['', undefined, undefined], ['type=allowlist', 'allowlist', undefined], ['type=blocklist', 'blocklist', undefined],
      [`inbox_id=${second.id}`, undefined, second.id], ['inbox_id=null', undefined, null],
      [`type=blocklist&inbox_id=${acct.id}`, 'blocklist', acct.id], ['type=allowlist&inbox_id=null', 'allowlist', null],
    ];
    for (const [query, type, inbox] of cases) {
      const { seen, totals } = await allByCursor(`/v1/lists${query ? `?${query}` : ''}`, acct.account_api_key, 'lists');
      const want = expected(type, inbox);
      expect(seen, query).toEqual(want);
      expect(totals, query).toEqual([want.length]);
    }
  });

  it('deleting an entry takes it out of its pages and totals', async () => {
    const gone = entries.find((e) => e.type === 'allowlist' && e.inbox_id === second.id)!;
    expect((await api('DELETE', `/v1/lists/${gone.id}`, { key: acct.account_api_key })).status).toBe(200);
    entries.splice(entries.indexOf(gone), 1);
    for (const query of ['', 'type=allowlist', `inbox_id=${second.id}`, `type=allowlist&inbox_id=${second.id}`]) {
      const { seen, totals } = await allByCursor(`/v1/lists${query ? `?${query}` : ''}`, acct.account_api_key, 'lists');
      const [type, inbox] = [query.includes('allowlist') ? 'allowlist' : undefined, query.includes('inbox_id') ? second.id : undefined];
      expect(seen, query).toEqual(expected(type, inbox));
      expect(totals, query).toEqual([expected(type, inbox).length]);
    }
  });

  it('refuses a cursor of another filter or another account', async () => {
    const cursor = await cursorOf('/v1/lists?type=blocklist', acct.account_api_key);
    await expectCursorRefused('/v1/lists?type=allowlist', acct.account_api_key, cursor);
    await expectCursorRefused('/v1/lists', acct.account_api_key, cursor);
    const other = await newAccount();
    for (let i = 0; i < 2; i++) await created('POST', '/v1/lists', other.account_api_key, { type: 'blocklist', address: `x${i}@example.com` });
    await expectCursorRefused('/v1/lists?type=blocklist', acct.account_api_key, await cursorOf('/v1/lists?type=blocklist', other.account_api_key));
  });
});

describe('GET /v1/domains', () => {
  it('pages the account\'s domains by cursor, total from the domain counter; another account\'s cursor is refused', async () => {
    const paid = async () => {
      const a = await newAccount();
      const r = await api('POST', '/v1/account/upgrade', { key: a.account_api_key, body: { tier: 'growth', payment_method: 'pm_card_visa' } });
      expect(r.status, r.text).toBe(200);
      return a;
    };
    const acct = await paid();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await created('POST', '/v1/domains', acct.account_api_key, { domain: `pages-${randomBytes(4).toString('hex')}.example-${i}.test` })).id);
    }
    const { seen, totals } = await allByCursor('/v1/domains', acct.account_api_key, 'domains');
    expect(seen).toEqual(ids);
    expect(totals).toEqual([3]);
    const other = await paid();
    for (let i = 0; i < 2; i++) await created('POST', '/v1/domains', other.account_api_key, { domain: `other-${randomBytes(4).toString('hex')}.example.test` });
    await expectCursorRefused('/v1/domains', acct.account_api_key, await cursorOf('/v1/domains', other.account_api_key));
  });
});

describe('GET /v1/inboxes/{id}/threads and /v1/threads filtered by unread and label', () => {
  let inbox: CreatedInbox;
  let second: CreatedInbox;
  const messagesOf = new Map<string, string[]>();
  interface T { id: string; unread_count: number; labels: string[] }

  /** The unfiltered list (the thread index), newest activity first: what every filter must agree with. */
  const everyThread = async (path: string, key: string) => {
    const all: T[] = [];
    let cursor: string | null = null;
    do {
      const p = await page(`${path}${path.includes('?') ? '&' : '?'}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, key);
      all.push(...(p.threads as T[]));
      cursor = p.next_cursor;
    } while (cursor);
    return all;
  };

  async function expectFiltersAgree() {
    for (const [path, key] of [[`/v1/inboxes/${inbox.id}/threads`, inbox.api_key], ['/v1/threads', inbox.account_api_key]] as const) {
      const all = await everyThread(path, key);
      const want = {
        'unread=true': all.filter((t) => t.unread_count > 0), 'unread=false': all.filter((t) => t.unread_count === 0),
        'label=vip': all.filter((t) => t.labels.includes('vip')), 'label=vip&unread=true': all.filter((t) => t.labels.includes('vip') && t.unread_count > 0),
      };
      for (const [query, threads] of Object.entries(want)) {
        const { seen, totals } = await allByCursor(`${path}?${query}`, key, 'threads', 3);
        expect(seen, `${path}?${query}`).toEqual(threads.map((t) => t.id));
        expect(totals, `${path}?${query}`).toEqual([threads.length]);
      }
    }
  }

  beforeAll(async () => {
    inbox = await newAccount();
    second = await addInbox(inbox.account_api_key);
    const t = target();
    Object.assign(process.env, {
      TABLE_NAME: t.tableName, MAIL_DOMAIN: t.mailDomain, SITE_URL: t.siteUrl, AWS_ENDPOINT_URL: t.awsEndpoint, AWS_REGION: 'us-east-1',
      ...(t.awsCredentials ? { AWS_ACCESS_KEY_ID: t.awsCredentials.accessKeyId, AWS_SECRET_ACCESS_KEY: t.awsCredentials.secretAccessKey } : {}),
    });
    const { getInbox } = await import('../../lambdas/accounts/accounts.store.ts');
    // 36 messages in 12 threads of the first inbox (every 3rd read), and 8 in 4 threads of the second.
    const spec = (i: number, threads: number): SeedSpec => ({ subject: `topic ${i % threads}`, body: `message ${i}`, from: 'a@example.com', read: i % 3 === 0, thread: i % threads });
    for (const [created, n, threads] of [[inbox, 36, 12], [second, 8, 4]] as const) {
      const seeded = await seedMessages((await getInbox(created.id))!, Array.from({ length: n }, (_, i) => spec(i, threads)));
      for (const m of seeded) messagesOf.set(m.thread_id, [...(messagesOf.get(m.thread_id) ?? []), m.id]);
    }
    const threads = await everyThread(`/v1/inboxes/${inbox.id}/threads`, inbox.api_key);
    for (const [i, th] of threads.entries()) {
      if (i % 3 === 0) expect((await api('POST', `/v1/inboxes/${inbox.id}/threads/${th.id}/labels`, { key: inbox.api_key, body: { label: 'vip' } })).status).toBe(200);
    }
  }, 120_000);

  it('unread, read, label and label+unread pages match the unfiltered list, in one inbox and account-wide', async () => {
    await expectFiltersAgree();
  });

  it('reading a thread\'s last unread messages moves it to the read pages; one unread message moves it back; labels follow', async () => {
    const threads = await everyThread(`/v1/inboxes/${inbox.id}/threads`, inbox.api_key);
    const target = threads.find((t) => t.unread_count > 0 && t.labels.includes('vip'))!;
    for (const m of messagesOf.get(target.id)!) {
      expect((await api('PATCH', `/v1/inboxes/${inbox.id}/messages/${m}`, { key: inbox.api_key, body: { read: true } })).status).toBe(200);
    }
    const unreadNow = (await allByCursor(`/v1/inboxes/${inbox.id}/threads?unread=true`, inbox.api_key, 'threads', 3)).seen;
    expect(unreadNow).not.toContain(target.id);
    await expectFiltersAgree();
    expect((await api('PATCH', `/v1/inboxes/${inbox.id}/messages/${messagesOf.get(target.id)![0]}`, { key: inbox.api_key, body: { read: false } })).status).toBe(200);
    const other = threads.find((t) => !t.labels.includes('vip'))!;
    expect((await api('DELETE', `/v1/inboxes/${inbox.id}/threads/${target.id}/labels/vip`, { key: inbox.api_key })).status).toBe(200);
    expect((await api('PATCH', `/v1/inboxes/${inbox.id}/threads/${other.id}`, { key: inbox.api_key, body: { labels: ['vip', 'x'] } })).status).toBe(200);
    expect((await allByCursor(`/v1/inboxes/${inbox.id}/threads?unread=true`, inbox.api_key, 'threads', 3)).seen).toContain(target.id);
    await expectFiltersAgree();
  });

  it('refuses the unread pages\' cursor on the read pages, and another inbox\'s', async () => {
    const cursor = await cursorOf(`/v1/inboxes/${inbox.id}/threads?unread=true`, inbox.api_key);
    await expectCursorRefused(`/v1/inboxes/${inbox.id}/threads?unread=false`, inbox.api_key, cursor);
    await expectCursorRefused(`/v1/inboxes/${inbox.id}/threads`, inbox.api_key, cursor);
    await expectCursorRefused(`/v1/inboxes/${inbox.id}/threads?unread=true`, inbox.api_key, await cursorOf(`/v1/inboxes/${second.id}/threads?unread=true`, second.api_key));
    await expectCursorRefused(`/v1/inboxes/${inbox.id}/threads?label=vip`, inbox.api_key,
      await cursorOf(`/v1/threads?label=vip`, inbox.account_api_key));
  });
});
