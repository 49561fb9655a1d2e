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
  /**
   * Long-poll waits (GET …/messages/wait, the MCP wait tool) an account may hold at once: each
   * holds a Lambda execution for up to 25 s out of the region's concurrency that every function
   * shares (1,000 by default), so without a cap one account can throttle ingest for everyone.
   */
  concurrentWaits: number;
  /**
   * WebSocket stream connections an account may hold at once: every event is posted to each of
   * them by webhook-deliver (one Management API call per connection), and API Gateway's
   * connection quota is the AWS account's.
   */
  streamConnections: number;
  /**
   * Scheduled drafts (each one an EventBridge Scheduler schedule; the AWS account's schedule
   * quota, 10 million by default, and its CreateSchedule rate are shared by every tenant).
   * Capped per inbox and per account; the count reads at most the cap (keeps it cheap).
   */
  scheduledDraftsPerInbox: number;
  scheduledDraftsPerAccount: number;
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
    concurrentWaits: 10,
    streamConnections: 5,
    scheduledDraftsPerInbox: 100,
    scheduledDraftsPerAccount: 100,
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
    concurrentWaits: 20,
    streamConnections: 20,
    scheduledDraftsPerInbox: 100,
    scheduledDraftsPerAccount: 1_000,
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
    concurrentWaits: 50,
    streamConnections: 50,
    scheduledDraftsPerInbox: 100,
    scheduledDraftsPerAccount: 5_000,
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
    concurrentWaits: 200,
    streamConnections: 200,
    scheduledDraftsPerInbox: 1_000,
    scheduledDraftsPerAccount: 20_000,
    priceCentsPerMonth: null,
  },
};

export const isPaid = (tier: Tier) => tier !== 'free';
export const tierRank = (tier: Tier) => TIERS.indexOf(tier);

/** Overrides for local runs and test suites (README: configuration). */
export interface LimitOverrides {
  freeInboxCreatesPerIpPerHour?: number;
  apiRateLimitMultiplier?: number;
  /** Fair-share caps for every tier (test stacks set them small to reach them quickly). */
  concurrentWaits?: number;
  streamConnections?: number;
  scheduledDraftsPerInbox?: number;
  scheduledDraftsPerAccount?: number;
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
    concurrentWaits: o.concurrentWaits ?? base.concurrentWaits,
    streamConnections: o.streamConnections ?? base.streamConnections,
    scheduledDraftsPerInbox: o.scheduledDraftsPerInbox ?? base.scheduledDraftsPerInbox,
    scheduledDraftsPerAccount: o.scheduledDraftsPerAccount ?? base.scheduledDraftsPerAccount,
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
