import { describe, expect, it } from 'vitest';
import { effectiveLimits, isPaid, PAID_TIERS, publicLimits, tierRank, TIER_LIMITS, TIERS } from '../../lambdas/accounts/tiers.ts';

describe('the tier table (ARCHITECTURE: decisions on the spec\'s variants)', () => {
  it('free: receive only, 10 inboxes, 10 creations an hour, 100 requests a minute, no custom domains or SMTP', () => {
    expect(TIER_LIMITS.free).toMatchObject({
      maxInboxes: 10, inboxCreatesPerHour: 10, sendsPerDay: 0, sendBurstPerMinute: 0, concurrentSends: 0,
      apiRequestsPerMinute: 100, webhooksEnabled: true, customDomainsEnabled: false,
    });
  });

  it.each([
    ['developer', 1_000, 10, 5, 200],
    ['growth', 10_000, 100, 20, 500],
    ['enterprise', 100_000, 1_000, 100, 1_000],
  ] as const)('%s: %i sends a day, burst %i a minute, %i concurrent, %i requests a minute', (tier, perDay, burst, concurrent, rpm) => {
    expect(TIER_LIMITS[tier]).toMatchObject({ sendsPerDay: perDay, sendBurstPerMinute: burst, concurrentSends: concurrent, apiRequestsPerMinute: rpm });
  });

  it('paid tiers have unlimited inboxes (-1), 100 creations an hour, webhooks, custom domains and SMTP', () => {
    for (const t of PAID_TIERS) {
      expect(TIER_LIMITS[t], t).toMatchObject({ maxInboxes: -1, inboxCreatesPerHour: 100, webhooksEnabled: true, customDomainsEnabled: true });
      expect(isPaid(t)).toBe(true);
    }
    expect(isPaid('free')).toBe(false);
  });

  it('ranks tiers free < developer < growth < enterprise, and every higher tier allows at least as much', () => {
    expect(TIERS.map(tierRank)).toEqual([0, 1, 2, 3]);
    for (let i = 1; i < TIERS.length; i++) {
      const lo = TIER_LIMITS[TIERS[i - 1]!];
      const hi = TIER_LIMITS[TIERS[i]!];
      expect(hi.sendsPerDay).toBeGreaterThan(lo.sendsPerDay);
      expect(hi.apiRequestsPerMinute).toBeGreaterThan(lo.apiRequestsPerMinute);
      expect(hi.sendBurstPerMinute).toBeGreaterThan(lo.sendBurstPerMinute);
    }
  });

  it('publicLimits shows what the API promises (new_limits of an upgrade)', () => {
    expect(publicLimits('free')).toEqual({ max_inboxes: 10, max_sends_per_day: 0, webhooks_enabled: true, custom_domains_enabled: false, max_custom_domains: 0 });
    expect(publicLimits('developer')).toMatchObject({ max_inboxes: -1, max_sends_per_day: 1000, custom_domains_enabled: true });
  });
});

describe('effectiveLimits (overrides for local runs and test suites)', () => {
  it('without overrides is the table itself', () => {
    for (const t of TIERS) expect(effectiveLimits(t)).toEqual(TIER_LIMITS[t]);
    expect(effectiveLimits('free', {})).toEqual(TIER_LIMITS.free);
  });

  it('API_RATE_LIMIT_MULTIPLIER scales every tier\'s requests per minute, and nothing else', () => {
    for (const t of TIERS) {
      const l = effectiveLimits(t, { apiRateLimitMultiplier: 1000 });
      expect(l.apiRequestsPerMinute).toBe(TIER_LIMITS[t].apiRequestsPerMinute * 1000);
      expect({ ...l, apiRequestsPerMinute: 0 }).toEqual({ ...TIER_LIMITS[t], apiRequestsPerMinute: 0 });
    }
  });

  it('a fractional multiplier rounds, and never goes below one request a minute', () => {
    expect(effectiveLimits('free', { apiRateLimitMultiplier: 0.015 }).apiRequestsPerMinute).toBe(2);
    expect(effectiveLimits('free', { apiRateLimitMultiplier: 0.0001 }).apiRequestsPerMinute).toBe(1);
  });

  it('FREE_INBOX_CREATES_PER_IP_PER_HOUR raises only the free per-IP creation limit', () => {
    expect(effectiveLimits('free', { freeInboxCreatesPerIpPerHour: 5000 }).inboxCreatesPerHour).toBe(5000);
    for (const t of PAID_TIERS) expect(effectiveLimits(t, { freeInboxCreatesPerIpPerHour: 5000 }).inboxCreatesPerHour).toBe(100);
    // The inbox cap itself is not an override.
    expect(effectiveLimits('free', { freeInboxCreatesPerIpPerHour: 5000 }).maxInboxes).toBe(10);
  });

  it('does not change the table it reads from', () => {
    const before = structuredClone(TIER_LIMITS);
    effectiveLimits('growth', { apiRateLimitMultiplier: 3, freeInboxCreatesPerIpPerHour: 1 });
    expect(TIER_LIMITS).toEqual(before);
  });
});
