import * as z from 'zod/mini';
import { components } from '../platform/http/common.schemas.ts';
import { Timestamp, UpgradeContext } from '../platform/http/common.responses.ts';
import { TierName } from '../inboxes/inboxes.responses.ts';

export const AccountView = z.object({
  account_id: z.string(),
  tier: TierName,
  status: z.enum(['active', 'suspended', 'under_review']),
  created_at: Timestamp,
  limits: z.object({
    max_inboxes: z.number().check(z.int(), z.describe('-1 = unlimited')),
    current_inboxes: z.number().check(z.int()),
    max_sends_per_day: z.number().check(z.int()),
    current_sends_today: z.number().check(z.int()),
    webhooks_enabled: z.boolean(),
    custom_domains_enabled: z.boolean(),
    max_custom_domains: z.number().check(z.int(), z.describe('-1 = unlimited')),
    current_custom_domains: z.number().check(z.int()),
    api_requests_per_minute: z.number().check(z.int()),
  }),
  billing: z.object({
    payment_customer_id: z.nullable(z.string()),
    subscription_status: z.string(),
    subscription_id: z.nullable(z.string()),
    provider: z.nullable(z.string()),
  }),
}).register(components, { id: 'Account' });

export const Capability = z.object({ action: z.string(), description: z.string() }).register(components, { id: 'Capability' });
export const MissingCapability = z.object({
  action: z.string(),
  description: z.string(),
  reason: z.string().check(z.describe('The error code a call would get')),
  unlock_url: z.nullable(z.string()).check(z.describe('null: no upgrade unlocks it (this deployment does not offer it)')),
  api_call: z.nullable(z.string()).check(z.describe('null: no upgrade unlocks it')),
}).register(components, { id: 'MissingCapability' });

export const Capabilities = z.object({
  tier: TierName,
  can: z.array(Capability),
  cannot: z.array(MissingCapability),
  upgrade_context: z.nullable(UpgradeContext),
  usage: z.object({
    inboxes: z.number().check(z.int()),
    max_inboxes: z.number().check(z.int()),
    sends_today: z.number().check(z.int()),
    sends_per_day: z.number().check(z.int()),
    custom_domains: z.number().check(z.int()),
    max_custom_domains: z.number().check(z.int(), z.describe('-1 = unlimited')),
  }),
}).register(components, { id: 'Capabilities' });

export const UpgradeResult = z.object({
  account_id: z.string(),
  from_tier: TierName,
  tier: TierName,
  upgraded_at: Timestamp,
  subscription_id: z.string(),
  payment_customer_id: z.string(),
  new_limits: z.object({
    max_inboxes: z.number().check(z.int()),
    max_sends_per_day: z.number().check(z.int()),
    webhooks_enabled: z.boolean(),
    custom_domains_enabled: z.boolean(),
    max_custom_domains: z.number().check(z.int()),
  }),
}).register(components, { id: 'UpgradeResult' });

export const AccountKeyRotated = z.object({
  account_id: z.string(),
  account_api_key: z.string().check(z.describe('The new account key, shown this once (stored only as a hash); the old key is refused from now on')),
  rotated_at: Timestamp,
}).register(components, { id: 'AccountKeyRotated' });
