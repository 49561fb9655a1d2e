/**
 * The Done-when bar of issue 27 on the shared mail-safety corpus (test/fixtures/safety), through
 * the real pipeline (parse → derive → assess): hostile recall ≥ 0.95 and benign false positives
 * ≤ 5 % on the whole set, and the held-out third within 10 points of the tuned part on both.
 */
import { describe, expect, it } from 'vitest';
import { assessSafety } from '../../lambdas/content/safety/index.ts';
import { loadSafetyCorpus, safetyInputOfCase, scoreSafety } from '../safety-corpus.ts';

const corpus = loadSafetyCorpus();
const results = await Promise.all(corpus.map(async (c) => ({ c, reported: assessSafety(await safetyInputOfCase(c)).flags.map((f) => f.type) })));
const all = scoreSafety(results);
const tuned = scoreSafety(results.filter((r) => r.c.split === 'tuned'));
const heldOut = scoreSafety(results.filter((r) => r.c.split === 'held-out'));

describe('the safety assessment on the shared corpus', () => {
  it('splits the 60 cases by the fixed rule: every third by id is held out', () => {
    expect(corpus).toHaveLength(60);
    expect(corpus.filter((c) => c.split === 'held-out')).toHaveLength(20);
  });

  it('catches at least 95 % of hostile mail', () => {
    expect(all.hostileRecall).toBeGreaterThanOrEqual(0.95);
  });

  it('flags at most 5 % of benign mail', () => {
    expect(all.benignFpRate).toBeLessThanOrEqual(0.05);
  });

  it('does as well (within 10 points) on the held-out part as on the tuned part', () => {
    expect(Math.abs(heldOut.hostileRecall - tuned.hostileRecall)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(heldOut.benignFpRate - tuned.benignFpRate)).toBeLessThanOrEqual(0.1);
  });
});
