/**
 * Fair shares of webhook delivery (issue #23): every receiver starts in the fast lane; one whose
 * attempts keep taking longer than its share moves to the slow lane (a queue of its own with a
 * small concurrency), so it can no longer hold the fast lane's executions while fast receivers
 * wait; it comes back once it answers within its share again. Pure rules; the store keeps the
 * streaks on the webhook and usecases/webhooks/delivery.ts moves the jobs.
 */

export type Lane = 'fast' | 'slow';

/**
 * An attempt longer than this is slower than its share: a receiver should acknowledge and work
 * later (the POST's own limit is 5 s; Standard Webhooks receivers are told to answer fast).
 */
export const SLOW_DELIVERY_MS = 2_000;
/** Consecutive slow attempts that move a receiver to the slow lane: one slow answer is noise, three are a habit. */
export const SLOW_LANE_AFTER = 3;
/** Consecutive attempts within the share that bring it back to the fast lane. */
export const FAST_LANE_AFTER = 3;

export interface Pace { slow_streak?: number; fast_streak?: number; lane?: 'slow' }

export const isSlow = (latencyMs: number) => latencyMs > SLOW_DELIVERY_MS;

export const laneOf = (p: Pace): Lane => (p.lane === 'slow' ? 'slow' : 'fast');

/** The lane a receiver should be in after its streaks became `p`; undefined when it stays where it is. */
export function laneChange(p: Pace): Lane | undefined {
  if (laneOf(p) === 'fast' && (p.slow_streak ?? 0) >= SLOW_LANE_AFTER) return 'slow';
  if (laneOf(p) === 'slow' && (p.fast_streak ?? 0) >= FAST_LANE_AFTER) return 'fast';
  return undefined;
}
