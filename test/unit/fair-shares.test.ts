/**
 * Fair shares (issue #23): the pure rules behind them — when a webhook receiver changes delivery
 * lane, and the caps every tier declares in the one tier table (overridable for test stacks).
 */
import { describe, expect, it } from 'vitest';
import { FAST_LANE_AFTER, isSlow, laneChange, laneOf, SLOW_DELIVERY_MS, SLOW_LANE_AFTER, type Pace } from '../../lambdas/events/webhook-lanes.ts';
import { effectiveLimits, TIER_LIMITS, TIERS } from '../../lambdas/accounts/tiers.ts';

/** The streaks after a run of attempts, as the store keeps them (a slow one zeroes fast_streak, and the reverse). */
function run(latenciesMs: number[], start: Pace = {}): Pace {
  let p: Pace = { ...start };
  for (const ms of latenciesMs) {
    p = isSlow(ms) ? { ...p, slow_streak: (p.slow_streak ?? 0) + 1, fast_streak: 0 } : { ...p, fast_streak: (p.fast_streak ?? 0) + 1, slow_streak: 0 };
    const to = laneChange(p);
    if (to === 'slow') p = { ...p, lane: 'slow' };
    if (to === 'fast') { const { lane: _gone, ...rest } = p; p = rest; }
  }
  return p;
}

describe('delivery lanes', () => {
  it('a receiver answering 2xx in 4.9 s (under the 5 s timeout) is slower than its share', () => {
    expect(isSlow(4_900)).toBe(true);
    expect(isSlow(SLOW_DELIVERY_MS)).toBe(false);
    expect(isSlow(150)).toBe(false);
  });

  it('a receiver slower than its share several times in a row moves to the slow lane', () => {
    expect(laneOf(run(Array(SLOW_LANE_AFTER - 1).fill(4_900)))).toBe('fast');
    expect(laneOf(run(Array(SLOW_LANE_AFTER).fill(4_900)))).toBe('slow');
  });

  it('one slow answer among fast ones keeps a receiver in the fast lane', () => {
    expect(laneOf(run([4_900, 100, 4_900, 100, 4_900, 100, 4_900]))).toBe('fast');
  });

  it('a receiver in the slow lane comes back after answering within its share several times in a row', () => {
    const slow = run(Array(SLOW_LANE_AFTER).fill(3_000));
    expect(laneOf(run(Array(FAST_LANE_AFTER - 1).fill(100), slow))).toBe('slow');
    expect(laneOf(run(Array(FAST_LANE_AFTER).fill(100), slow))).toBe('fast');
  });
});

describe('fair-share caps in the tier table', () => {
  it('every tier caps concurrent waits, stream connections and scheduled drafts (per inbox within per account), higher tiers no lower', () => {
    for (const t of TIERS) {
      const l = TIER_LIMITS[t];
      for (const cap of [l.concurrentWaits, l.streamConnections, l.scheduledDraftsPerInbox, l.scheduledDraftsPerAccount]) {
        expect(Number.isInteger(cap) && cap > 0, t).toBe(true);
      }
      expect(l.scheduledDraftsPerInbox).toBeLessThanOrEqual(l.scheduledDraftsPerAccount);
    }
    for (let i = 1; i < TIERS.length; i++) {
      const [lo, hi] = [TIER_LIMITS[TIERS[i - 1]!], TIER_LIMITS[TIERS[i]!]];
      expect(hi.concurrentWaits).toBeGreaterThanOrEqual(lo.concurrentWaits);
      expect(hi.streamConnections).toBeGreaterThanOrEqual(lo.streamConnections);
      expect(hi.scheduledDraftsPerAccount).toBeGreaterThanOrEqual(lo.scheduledDraftsPerAccount);
    }
  });

  it('a test stack may set every fair-share cap for all tiers; without overrides the table holds', () => {
    const o = { concurrentWaits: 2, streamConnections: 3, scheduledDraftsPerInbox: 4, scheduledDraftsPerAccount: 5 };
    for (const t of TIERS) {
      expect(effectiveLimits(t, o)).toMatchObject(o);
      expect(effectiveLimits(t)).toEqual(TIER_LIMITS[t]);
    }
  });
});
