/**
 * The one tier table (ARCHITECTURE: decisions on the spec's variants). Every limit, price and
 * capability of a tier is read from here; nothing else hard-codes a tier's numbers.
 */
export const TIERS = ['free', 'developer', 'growth', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];
export const PAID_TIERS = ['developer', 'growth', 'enterprise'] as const satisfies readonly Tier[];
export type PaidTier = (typeof PAID_TIERS)[number];

export interface TierLimits {
  /** -1 = unlimited. */
  maxInboxes: number;
  /** Inbox creations per rolling hour: per source IP on free, per account on paid tiers. */
  inboxCreatesPerHour: number;
  sendsPerDay: number;
  sendBurstPerMinute: number;
  concurrentSends: number;
  apiRequestsPerMinute: number;
  webhooksEnabled: boolean;
  customDomainsEnabled: boolean;
  maxCustomDomains: number;
  /** Monthly price in USD cents; null = custom. */
  priceCentsPerMonth: number | null;
  label: string;
}

export const TIER_LIMITS: Record<Tier, TierLimits> = {
  free: {
    label: 'Free',
    maxInboxes: 10,
    inboxCreatesPerHour: 10,
    sendsPerDay: 0,
    sendBurstPerMinute: 0,
    concurrentSends: 0,
    apiRequestsPerMinute: 100,
    webhooksEnabled: true,
    customDomainsEnabled: false,
    maxCustomDomains: 0,
    priceCentsPerMonth: 0,
  },
  developer: {
    label: 'Developer',
    maxInboxes: -1,
    inboxCreatesPerHour: 100,
    sendsPerDay: 1_000,
    sendBurstPerMinute: 10,
    concurrentSends: 5,
    apiRequestsPerMinute: 200,
    webhooksEnabled: true,
    customDomainsEnabled: true,
    maxCustomDomains: 1,
    priceCentsPerMonth: 2_900,
  },
  growth: {
    label: 'Growth',
    maxInboxes: -1,
    inboxCreatesPerHour: 100,
    sendsPerDay: 10_000,
    sendBurstPerMinute: 100,
    concurrentSends: 20,
    apiRequestsPerMinute: 500,
    webhooksEnabled: true,
    customDomainsEnabled: true,
    maxCustomDomains: 5,
    priceCentsPerMonth: 9_900,
  },
  enterprise: {
    label: 'Enterprise',
    maxInboxes: -1,
    inboxCreatesPerHour: 100,
    sendsPerDay: 100_000,
    sendBurstPerMinute: 1_000,
    concurrentSends: 100,
    apiRequestsPerMinute: 1_000,
    webhooksEnabled: true,
    customDomainsEnabled: true,
    maxCustomDomains: -1,
    priceCentsPerMonth: null,
  },
};

export const isPaid = (tier: Tier) => tier !== 'free';
export const tierRank = (tier: Tier) => TIERS.indexOf(tier);

/** Overrides for local runs and test suites (README: configuration). */
export interface LimitOverrides {
  freeInboxCreatesPerIpPerHour?: number;
  apiRateLimitMultiplier?: number;
}

export function effectiveLimits(tier: Tier, o: LimitOverrides = {}): TierLimits {
  const base = TIER_LIMITS[tier];
  const multiplier = o.apiRateLimitMultiplier ?? 1;
  return {
    ...base,
    inboxCreatesPerHour:
      tier === 'free' && o.freeInboxCreatesPerIpPerHour !== undefined
        ? o.freeInboxCreatesPerIpPerHour
        : base.inboxCreatesPerHour,
    apiRequestsPerMinute: Math.max(1, Math.round(base.apiRequestsPerMinute * multiplier)),
  };
}

/** The `new_limits` / `limits` view the API shows for a tier. */
export function publicLimits(tier: Tier) {
  const l = TIER_LIMITS[tier];
  return {
    max_inboxes: l.maxInboxes,
    max_sends_per_day: l.sendsPerDay,
    webhooks_enabled: l.webhooksEnabled,
    custom_domains_enabled: l.customDomainsEnabled,
    max_custom_domains: l.maxCustomDomains,
  };
}
