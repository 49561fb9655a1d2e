import { badRequest } from '../errors.ts';

/**
 * Opaque page cursors. A cursor is the last key of the page, base64url JSON, bound to the scope
 * it was read from: decoding checks that its partition attributes are exactly the ones this
 * caller's query uses, so an edited or foreign cursor is refused as invalid and can never read elsewhere
 * (a start key only positions a query inside its own partition).
 */
type Key = Record<string, string>;

const invalid = (why: string) => badRequest('VALIDATION_ERROR', `cursor: ${why}. Pass next_cursor from the previous page of this same list, unchanged.`, {
  field: 'cursor', next_steps: ['Start again without cursor to get the first page and its next_cursor.'],
});

export function encodeCursor(key: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify({ v: 1, k: key })).toString('base64url');
}

/**
 * The start key in `cursor`, checked against the query: `fixed` attributes must hold exactly
 * these values, `free` ones must be present strings, and nothing else may be there.
 */
export function decodeCursor(cursor: string, expect: { fixed: Key; free: string[] }): Key {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid('not a cursor this API issued');
  }
  const key = (parsed as { v?: unknown; k?: unknown })?.k;
  if ((parsed as { v?: unknown }).v !== 1 || typeof key !== 'object' || key === null || Array.isArray(key)) throw invalid('not a cursor this API issued');
  const names = Object.keys(key).sort();
  const wanted = [...Object.keys(expect.fixed), ...expect.free].sort();
  if (names.join('\n') !== wanted.join('\n')) throw invalid('it belongs to another list or filter');
  for (const [name, value] of Object.entries(key as Record<string, unknown>)) {
    if (typeof value !== 'string' || value.length > 1024) throw invalid('not a cursor this API issued');
    if (name in expect.fixed && expect.fixed[name] !== value) throw invalid('it belongs to another list, filter or inbox');
  }
  return key as Key;
}

/** Picks the key attributes of an item (the start key of the page after it). */
export const keyOf = (item: Record<string, unknown>, names: string[]): Key =>
  Object.fromEntries(names.map((n) => [n, item[n] as string]));

/**
 * A search result page ends at a message id; its cursor binds that id to the scope searched
 * (inbox or account id), so another caller's cursor is refused rather than reinterpreted.
 */
export const encodeSearchCursor = (last: string, scope: string) => encodeCursor({ last, scope });

export function decodeSearchCursor(cursor: string, scope: string): string {
  return decodeCursor(cursor, { fixed: { scope }, free: ['last'] }).last!;
}
