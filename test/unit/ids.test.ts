import { describe, expect, it } from 'vitest';
import { ID_PREFIX, isId, newId, uuidv7 } from '../../lambdas/platform/ids.ts';

const UUIDV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('ids', () => {
  it('are <prefix>_<uuidv7> with the prefixes of the architecture decisions', () => {
    expect(ID_PREFIX).toMatchObject({ account: 'acc', inbox: 'inb', message: 'msg', thread: 'thr', draft: 'dft', webhook: 'wh', listEntry: 'lst', attachment: 'att', event: 'evt', notification: 'not', domain: 'dom' });
    for (const kind of Object.keys(ID_PREFIX) as (keyof typeof ID_PREFIX)[]) {
      const id = newId(kind);
      expect(id.startsWith(`${ID_PREFIX[kind]}_`)).toBe(true);
      expect(id.slice(ID_PREFIX[kind].length + 1)).toMatch(UUIDV7);
      expect(isId(kind, id)).toBe(true);
    }
  });

  it('carry their creation time in the first 48 bits', () => {
    const t = Date.UTC(2026, 10, 22, 7, 30, 0, 123);
    const hex = uuidv7(t).replace(/-/g, '').slice(0, 12);
    expect(parseInt(hex, 16)).toBe(t);
  });

  it('sort by creation time, as strings, across milliseconds, seconds and years', () => {
    const times = [0, 1, 999, 1000, 1_700_000_000_000, 1_700_000_000_001, Date.UTC(2030, 0, 1), Date.UTC(2100, 0, 1)];
    const ids = times.map((t) => newId('message', t));
    expect([...ids].sort()).toEqual(ids);
    // Many random ids at increasing times stay in order.
    const many = Array.from({ length: 500 }, (_, i) => newId('inbox', 1_800_000_000_000 + i * 7));
    expect([...many].sort()).toEqual(many);
  });

  it('are unique even within one millisecond', () => {
    const t = Date.now();
    expect(new Set(Array.from({ length: 2000 }, () => uuidv7(t))).size).toBe(2000);
  });

  it('isId checks the kind and the shape', () => {
    const inbox = newId('inbox');
    expect(isId('message', inbox)).toBe(false);
    expect(isId('inbox', 'inb_123')).toBe(false);
    expect(isId('inbox', `${inbox}x`)).toBe(false);
    expect(isId('inbox', inbox.toUpperCase())).toBe(false);
    expect(isId('inbox', 'inb_00000000-0000-4000-8000-000000000000')).toBe(false); // a v4 uuid
  });
});
