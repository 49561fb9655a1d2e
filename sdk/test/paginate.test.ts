/**
 * The list iterator's paging rules, over pages of the shapes the API answers: offset pages with
 * total/has_more (today), and pages carrying next_cursor (a scheme the API may move to).
 */
import { describe, expect, it } from 'vitest';
import { paginate, type Page, type PageRequest } from '../src/index.ts';

const items = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: `m${from + i}` }));
async function collect<T>(it: AsyncIterable<T>) { const out: T[] = []; for await (const x of it) out.push(x); return out; }

describe('paginate', () => {
  it('walks offset pages until total, asking for the page size given (capped at 100)', async () => {
    const asked: PageRequest[] = [];
    const got = await collect(paginate(async (p) => { asked.push(p); return { items: items(p.offset, Math.min(p.limit, 5 - p.offset)), total: 5 }; }, { pageSize: 2 }));
    expect(got.map((x) => x.id)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(asked).toEqual([{ limit: 2, offset: 0 }, { limit: 2, offset: 2 }, { limit: 2, offset: 4 }]);
    const capped: PageRequest[] = [];
    await collect(paginate(async (p) => { capped.push(p); return { items: [], total: 0 }; }, { pageSize: 500 }));
    expect(capped[0]!.limit).toBe(100);
  });

  it('skips an item seen on the previous page (offsets shift when new mail arrives mid-walk)', async () => {
    const pages: Page<{ id: string }>[] = [{ items: items(0, 2), has_more: true }, { items: [{ id: 'm1' }, { id: 'm2' }], has_more: false }];
    expect((await collect(paginate(async () => pages.shift()!, { pageSize: 2 }))).map((x) => x.id)).toEqual(['m0', 'm1', 'm2']);
  });

  it('follows next_cursor when pages carry it, until it is null', async () => {
    const asked: PageRequest[] = [];
    const pages: Record<string, Page<{ id: string }>> = {
      start: { items: items(0, 2), next_cursor: 'c2' },
      c2: { items: items(2, 2), next_cursor: 'c4' },
      c4: { items: items(4, 1), next_cursor: null },
    };
    const got = await collect(paginate(async (p) => { asked.push(p); return pages[p.cursor ?? 'start']!; }, { pageSize: 2 }));
    expect(got.map((x) => x.id)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(asked.map((p) => p.cursor)).toEqual([undefined, 'c2', 'c4']);
  });

  it('stops after max items without asking for another page', async () => {
    let calls = 0;
    const got = await collect(paginate(async (p) => { calls++; return { items: items(p.offset, 2), has_more: true }; }, { pageSize: 2, max: 3 }));
    expect(got).toHaveLength(3);
    expect(calls).toBe(2);
  });
});
