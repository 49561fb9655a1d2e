/**
 * The JSON shape checks walk with an explicit stack: values nested far deeper than any call stack
 * allows are judged, not crashed on.
 */
import { describe, expect, it } from 'vitest';
import { findIllFormedString, freeJsonProblem, jsonTextDepthExceeds } from '../../lambdas/platform/json-shape.ts';

/** A value nested `n` levels deep, built without recursion. */
function nested(n: number, leaf: unknown = 1): unknown {
  let v = leaf;
  for (let i = 0; i < n; i++) v = i % 2 ? { a: v } : [v];
  return v;
}

describe('jsonTextDepthExceeds', () => {
  it('counts brackets outside strings only, escapes included', () => {
    expect(jsonTextDepthExceeds('{"a":[[1]]}', 3)).toBe(false);
    expect(jsonTextDepthExceeds('{"a":[[[1]]]}', 3)).toBe(true);
    expect(jsonTextDepthExceeds('{"a":"[[[[[[\\"[[[["}', 1)).toBe(false);
    expect(jsonTextDepthExceeds('['.repeat(1_000_000), 32)).toBe(true);
  });
});

describe('freeJsonProblem', () => {
  it('judges a value nested 1,000,000 levels deep without overflowing', () => {
    expect(freeJsonProblem(nested(1_000_000))?.message).toMatch(/deeper than 16 levels/);
  });

  it('takes 16 levels and refuses 17, naming the path', () => {
    expect(freeJsonProblem(nested(16))).toBeUndefined();
    expect(freeJsonProblem(nested(17))?.path.length).toBe(16);
  });

  it('refuses empty and overlong keys, wherever they are', () => {
    expect(freeJsonProblem({ a: [{ ok: 1 }, { '': 2 }] })).toEqual({ path: ['a', 1], message: expect.stringMatching(/empty key/) });
    expect(freeJsonProblem({ ['k'.repeat(257)]: 1 })?.message).toMatch(/257 characters/);
    expect(freeJsonProblem({ ['k'.repeat(256)]: 1, list: [null, 'x', 2] })).toBeUndefined();
  });

  it('refuses numbers DynamoDB cannot store (1e300, 4.45e-292), naming where they are; takes the rest', () => {
    expect(freeJsonProblem({ a: [1, 4.623070089017984e+143] })).toEqual({ path: ['a', 1], message: expect.stringMatching(/cannot be stored/) });
    expect(freeJsonProblem([4.451287218097526e-292])?.path).toEqual([0]);
    expect(freeJsonProblem(-1e126)?.path).toEqual([]);
    expect(freeJsonProblem({ zero: 0, small: 1e-130, big: -9.99e125, usual: [3.14, -42, 1e20, Number.MAX_SAFE_INTEGER] })).toBeUndefined();
  });
});

describe('findIllFormedString', () => {
  it('finds a lone surrogate in a value or a key, deep down', () => {
    expect(findIllFormedString({ a: ['ok', { b: 'x\ud800' }] })).toEqual({ path: ['a', 1, 'b'], inKey: false });
    expect(findIllFormedString({ a: { 'k\udc00': 1 } })).toEqual({ path: ['a'], inKey: true });
    expect(findIllFormedString(nested(200_000, '\ud83d'))?.path.length).toBe(200_000);
  });

  it('accepts well-formed text, pairs included', () => {
    expect(findIllFormedString({ emoji: '🤖', list: ['a', 1, null, { 'ключ': 'значение' }] })).toBeUndefined();
  });
});
