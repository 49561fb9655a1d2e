/**
 * The environment, read once at cold start. A missing value throws here, at import, so a
 * misconfigured function fails its first invocation loudly instead of half-working.
 */
import { TEST_MODE } from './test-mode.ts';
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`Missing required environment variable ${name}`);
  return value;
}

function optionalNumber(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`Environment variable ${name} must be a positive number, got "${raw}"`);
  return n;
}

const trimSlash = (u: string) => u.replace(/\/+$/, '');

export const config = {
  tableName: requireEnv('TABLE_NAME'),
  mailDomain: requireEnv('MAIL_DOMAIN').toLowerCase(),
  /** Public web address of the pages (upgrade, notifications, inbox view, llms.txt). */
  siteUrl: trimSlash(requireEnv('SITE_URL')),
  /** True only in the local stack: allows http://127.0.0.1 webhooks and similar conveniences. */
  localMode: process.env.MAILROOM_LOCAL_MODE === 'true',
  /** The stack runs in test mode (sandbox stacks, the local stack): its testMode routes are routed. */
  testMode: TEST_MODE,
  limitOverrides: {
    freeInboxCreatesPerIpPerHour: optionalNumber('FREE_INBOX_CREATES_PER_IP_PER_HOUR'),
    apiRateLimitMultiplier: optionalNumber('API_RATE_LIMIT_MULTIPLIER'),
    // Fair-share caps (lambdas/accounts/tiers.ts) for every tier: test stacks set them small.
    concurrentWaits: optionalNumber('MAX_CONCURRENT_WAITS'),
    streamConnections: optionalNumber('MAX_STREAM_CONNECTIONS'),
    scheduledDraftsPerInbox: optionalNumber('MAX_SCHEDULED_DRAFTS_PER_INBOX'),
    scheduledDraftsPerAccount: optionalNumber('MAX_SCHEDULED_DRAFTS_PER_ACCOUNT'),
  },
} as const;
