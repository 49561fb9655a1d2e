/**
 * Lists as pages (issue 10): a 1,000-message inbox read page by page, by cursor and by offset,
 * shows every message exactly once; the read/unread filters, the thread filter, thread labels
 * and search return exactly the right messages; a forged or foreign cursor is a 400 naming it.
 * The inbox is filled through the store (the same transaction ingest makes) to be fast.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SeedSpec } from '../seed-store.ts';
import { seedInbox } from './seed.ts';
import { api, newAccount, type CreatedInbox } from './client.ts';
import { expectError } from './mail.ts';

const SIZE = 1000;
const THREADS = 40;

/** Message i: every 3rd read, every 7th has Café in the subject, every 10th zebrafish in the body, every 5th from billing@. */
const spec = (i: number): SeedSpec => ({
  subject: `${i % 7 === 0 ? 'Café order' : 'Weekly report'} number ${i}`,
  body: `${i % 10 === 0 ? 'The Zebrafish tank' : 'Nothing special'} in message ${i}.`,
  from: i % 5 === 0 ? 'billing@vendor.example' : 'news@letters.example',
  read: i % 3 === 0,
  thread: i % THREADS,
});

let inbox: CreatedInbox;
let ids: string[] = [];
const idsWhere = (pred: (i: number) => boolean) => ids.filter((_, i) => pred(i));

async function list(path: string, key = inbox.api_key) {
  const r = await api('GET', path, { key });
  expect(r.status, r.text).toBe(200);
  return r.body.result as { messages: any[]; threads: any[]; total: number; has_more: boolean; next_cursor: string | null };
}

/** Every page of a list by cursor; ids in the order seen. */
async function allByCursor(path: string, items: 'messages' | 'threads' = 'messages', limit = 100) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await list(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    seen.push(...page[items].map((m: { id: string }) => m.id));
    expect(page.has_more).toBe(page.next_cursor !== null);
    cursor = page.next_cursor;
    pages += 1;
  } while (cursor && pages < 100);
  return seen;
}

beforeAll(async () => {
  inbox = await newAccount();
  const seeded = await seedInbox(inbox, Array.from({ length: SIZE }, (_, i) => spec(i)));
  ids = seeded.map((m) => m.id);
}, 600_000);

describe('GET /v1/inboxes/{id}/messages on 1,000 messages', { timeout: 300_000 }, () => {
  it('by cursor: every message exactly once, newest first, total from the counters', async () => {
    const first = await list(`/v1/inboxes/${inbox.id}/messages?limit=100`);
    expect(first.total).toBe(SIZE);
    const seen = await allByCursor(`/v1/inboxes/${inbox.id}/messages`);
    expect(seen).toEqual([...ids].reverse());
    expect((await allByCursor(`/v1/inboxes/${inbox.id}/messages?sort=asc`))).toEqual(ids);
  });

  it('by offset: every message exactly once', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < SIZE; offset += 100) {
      const page = await list(`/v1/inboxes/${inbox.id}/messages?limit=100&offset=${offset}&view=summary`);
      expect(page.total).toBe(SIZE);
      expect(page.has_more).toBe(offset + 100 < SIZE);
      seen.push(...page.messages.map((m) => m.id));
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it('view=summary leaves out bodies and headers; the full view has them', async () => {
    const summary = await list(`/v1/inboxes/${inbox.id}/messages?limit=2&view=summary`);
    expect(summary.messages[0]).not.toHaveProperty('body_text');
    expect(summary.messages[0]).not.toHaveProperty('headers');
    expect(summary.messages[0]).toMatchObject({ id: ids[SIZE - 1], subject: spec(SIZE - 1).subject, read: spec(SIZE - 1).read });
    const full = await list(`/v1/inboxes/${inbox.id}/messages?limit=2`);
    expect(full.messages[0]).toMatchObject({ id: ids[SIZE - 1], body_text: spec(SIZE - 1).body, headers: {} });
  });

  it('unread and read filters page exactly the right messages, totals included', async () => {
    const unread = idsWhere((i) => i % 3 !== 0).reverse();
    expect((await list(`/v1/inboxes/${inbox.id}/messages?unread_only=true&limit=1`)).total).toBe(unread.length);
    expect(await allByCursor(`/v1/inboxes/${inbox.id}/messages?unread_only=true`)).toEqual(unread);
    const read = idsWhere((i) => i % 3 === 0).reverse();
    expect((await list(`/v1/inboxes/${inbox.id}/messages?read=true&limit=1`)).total).toBe(read.length);
    expect(await allByCursor(`/v1/inboxes/${inbox.id}/messages?read=true`)).toEqual(read);
  });

  it('marking a message read moves it between the filters and their totals', async () => {
    const target = ids[1]!; // 1 % 3 !== 0: unread
    const r = await api('PATCH', `/v1/inboxes/${inbox.id}/messages/${target}`, { key: inbox.api_key, body: { read: true } });
    expect(r.status, r.text).toBe(200);
    const unread = await allByCursor(`/v1/inboxes/${inbox.id}/messages?unread=true`);
    expect(unread).not.toContain(target);
    expect((await list(`/v1/inboxes/${inbox.id}/messages?unread=true&limit=1`)).total).toBe(unread.length);
    expect(await allByCursor(`/v1/inboxes/${inbox.id}/messages?read=true`)).toContain(target);
    await api('PATCH', `/v1/inboxes/${inbox.id}/messages/${target}`, { key: inbox.api_key, body: { read: false } });
    expect(await allByCursor(`/v1/inboxes/${inbox.id}/messages?unread=true`)).toContain(target);
  });

  it('thread_id pages one thread, with its total', async () => {
    const first = await list(`/v1/inboxes/${inbox.id}/messages?limit=1&offset=${SIZE - 1}`);
    const threadId = first.messages[0].thread_id as string; // the thread of message 0
    const inThread = idsWhere((i) => i % THREADS === 0);
    expect(await allByCursor(`/v1/inboxes/${inbox.id}/messages?thread_id=${threadId}&sort=asc`)).toEqual(inThread);
    expect((await list(`/v1/inboxes/${inbox.id}/messages?thread_id=${threadId}&limit=5`)).total).toBe(inThread.length);
  });

  it('search: words of subject, body and sender, prefix, case- and accent-insensitive, all words must match', async () => {
    const search = async (q: string) => allByCursor(`/v1/inboxes/${inbox.id}/messages?search=${encodeURIComponent(q)}`);
    expect(await search('CAFE')).toEqual(idsWhere((i) => i % 7 === 0).reverse());
    expect(await search('zebra')).toEqual(idsWhere((i) => i % 10 === 0).reverse());
    expect(await search('billing')).toEqual(idsWhere((i) => i % 5 === 0).reverse());
    expect(await search('café zebrafish')).toEqual(idsWhere((i) => i % 70 === 0).reverse());
    expect(await search('zebra billing')).toEqual(idsWhere((i) => i % 10 === 0).reverse());
    const page = await list(`/v1/inboxes/${inbox.id}/messages?search=zebra&limit=10&view=summary`);
    expect(page).toMatchObject({ total: SIZE / 10, has_more: true });
    expect(await search('zebrafishy')).toEqual([]);
    expect((await list(`/v1/inboxes/${inbox.id}/messages?search=zebra&unread_only=true&limit=100`)).messages.map((m) => m.id))
      .toEqual(idsWhere((i) => i % 10 === 0 && i % 3 !== 0).reverse());
  });
});

describe('threads of the 1,000-message inbox', { timeout: 300_000 }, () => {
  it('by cursor and by offset: every thread once, newest activity first; labels and unread filter exactly', async () => {
    const byCursor = await allByCursor(`/v1/inboxes/${inbox.id}/threads`, 'threads', 7);
    expect(byCursor).toHaveLength(THREADS);
    expect(new Set(byCursor).size).toBe(THREADS);
    const byOffset: string[] = [];
    for (let offset = 0; offset < THREADS; offset += 15) {
      byOffset.push(...(await list(`/v1/inboxes/${inbox.id}/threads?limit=15&offset=${offset}`)).threads.map((t) => t.id));
    }
    expect(byOffset).toEqual(byCursor);
    const labelled = byCursor.filter((_, i) => i % 4 === 1);
    for (const t of labelled) {
      expect((await api('POST', `/v1/inboxes/${inbox.id}/threads/${t}/labels`, { key: inbox.api_key, body: { label: 'paging' } })).status).toBe(200);
    }
    const found = await list(`/v1/inboxes/${inbox.id}/threads?label=paging&limit=100`);
    expect(found.threads.map((t) => t.id)).toEqual(labelled);
    expect(found.total).toBe(labelled.length);
    const accountWide = await list(`/v1/threads?label=paging&limit=100`, inbox.account_api_key);
    expect(accountWide.threads.map((t) => t.id)).toEqual(labelled);
    const searched = await list(`/v1/threads?search=zebrafish&limit=100`, inbox.account_api_key);
    // Message i has zebrafish when i % 10 == 0: threads 0, 10, 20, 30.
    expect(searched.total).toBe(4);
  });
});

describe('cursors cannot be forged', { timeout: 300_000 }, () => {
  it('a cursor edited to point into another inbox, one of another inbox, or garbage is a 400 naming cursor', async () => {
    const other = await newAccount();
    const page = await list(`/v1/inboxes/${inbox.id}/messages?limit=5`);
    const cursor = page.next_cursor!;
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    decoded.k.pk = `INBOX#${other.id}`;
    const forged = Buffer.from(JSON.stringify(decoded)).toString('base64url');
    for (const [inboxId, key, c] of [[inbox.id, inbox.api_key, forged], [other.id, other.api_key, cursor], [inbox.id, inbox.api_key, 'not-a-cursor']]) {
      const r = await api('GET', `/v1/inboxes/${inboxId}/messages?cursor=${encodeURIComponent(c!)}`, { key });
      expectError(r, 400, 'VALIDATION_ERROR');
      expect(r.body.field).toBe('cursor');
    }
    const filtered = await api('GET', `/v1/inboxes/${inbox.id}/messages?unread_only=true&cursor=${encodeURIComponent(cursor)}`, { key: inbox.api_key });
    expectError(filtered, 400, 'VALIDATION_ERROR');
    const threadCursor = (await list(`/v1/threads?limit=1`, inbox.account_api_key)).next_cursor!;
    const foreign = await api('GET', `/v1/threads?cursor=${encodeURIComponent(threadCursor)}`, { key: other.account_api_key });
    expectError(foreign, 400, 'VALIDATION_ERROR');
    expect(foreign.body.field).toBe('cursor');
    const both = await api('GET', `/v1/inboxes/${inbox.id}/messages?offset=5&cursor=${encodeURIComponent(cursor)}`, { key: inbox.api_key });
    expectError(both, 400, 'VALIDATION_ERROR');
    expect(both.body.field).toBe('offset');
  });
});
