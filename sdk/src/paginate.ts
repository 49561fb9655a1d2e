/**
 * Async iteration over the API's lists. Today a list takes limit/offset and answers total (and
 * has_more); when a page carries `next_cursor`, the next page is asked for with `cursor` instead,
 * so the same loop keeps working if the API moves to cursors.
 */

export interface PageRequest {
  limit: number;
  offset: number;
  /** Set from the previous page's next_cursor, when it had one. */
  cursor?: string;
}

export interface Page<T> {
  items: T[];
  total?: number;
  has_more?: boolean;
  next_cursor?: string | null;
}

export interface PaginateOptions {
  /** Page size asked for (the API's maximum is 100). */
  pageSize?: number;
  /** Stop after this many items. */
  max?: number;
}

/** The API's page-size cap: fewer round trips without a 400. */
export const MAX_PAGE_SIZE = 100;

export async function* paginate<T extends object>(fetchPage: (p: PageRequest) => Promise<Page<T>>, options: PaginateOptions = {}): AsyncGenerator<T, void, undefined> {
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, options.pageSize ?? MAX_PAGE_SIZE));
  let offset = 0;
  let cursor: string | undefined;
  let yielded = 0;
  // Offsets shift when items arrive during the walk (newest first): skip what was already seen.
  const seen = new Set<string>();
  for (;;) {
    const page = await fetchPage({ limit, offset, ...(cursor !== undefined ? { cursor } : {}) });
    for (const item of page.items) {
      const id = (item as { id?: unknown }).id;
      if (typeof id === 'string') {
        if (seen.has(id)) continue;
        seen.add(id);
      }
      yield item;
      if (options.max !== undefined && ++yielded >= options.max) return;
    }
    if (page.next_cursor !== undefined) {
      if (!page.next_cursor) return;
      cursor = page.next_cursor;
      continue;
    }
    offset += page.items.length;
    if (page.items.length === 0 || page.has_more === false || (page.total !== undefined && offset >= page.total)) return;
  }
}
