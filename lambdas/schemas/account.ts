import * as z from 'zod';
import { components, Timestamp, UpgradeContext } from './common.ts';
import { TierName } from './inboxes.ts';

export const AccountView = z.object({
  account_id: z.string(),
  tier: TierName,
  status: z.enum(['active', 'suspended', 'under_review']),
  created_at: Timestamp,
  limits: z.object({
    max_inboxes: z.number().int().describe('-1 = unlimited'),
    current_inboxes: z.number().int(),
    max_sends_per_day: z.number().int(),
    current_sends_today: z.number().int(),
    webhooks_enabled: z.boolean(),
    custom_domains_enabled: z.boolean(),
    max_custom_domains: z.number().int().describe('-1 = unlimited'),
    current_custom_domains: z.number().int(),
    api_requests_per_minute: z.number().int(),
  }),
  billing: z.object({
    payment_customer_id: z.string().nullable(),
    subscription_status: z.string(),
    subscription_id: z.string().nullable(),
    provider: z.string().nullable(),
  }),
}).register(components, { id: 'Account' });

export const Capability = z.object({ action: z.string(), description: z.string() }).register(components, { id: 'Capability' });
export const MissingCapability = z.object({
  action: z.string(),
  description: z.string(),
  reason: z.string().describe('The error code a call would get'),
  unlock_url: z.string().nullable().describe('null: no upgrade unlocks it (this deployment does not offer it)'),
  api_call: z.string().nullable().describe('null: no upgrade unlocks it'),
}).register(components, { id: 'MissingCapability' });

export const Capabilities = z.object({
  tier: TierName,
  can: z.array(Capability),
  cannot: z.array(MissingCapability),
  upgrade_context: UpgradeContext.nullable(),
  usage: z.object({
    inboxes: z.number().int(),
    max_inboxes: z.number().int(),
    sends_today: z.number().int(),
    sends_per_day: z.number().int(),
    custom_domains: z.number().int(),
    max_custom_domains: z.number().int().describe('-1 = unlimited'),
  }),
}).register(components, { id: 'Capabilities' });

export const UpgradeBody = z.object({
  tier: z.enum(['developer', 'growth', 'enterprise']).optional(),
  target_tier: z.enum(['developer', 'growth', 'enterprise']).optional().describe('Alias of tier'),
  payment_method: z.string().min(1).max(255)
    .describe('Payment method id. Sandbox: pm_card_visa succeeds, pm_card_chargeDeclined is declined.'),
}).refine((b) => b.tier ?? b.target_tier, { message: 'tier is required: developer, growth or enterprise', path: ['tier'] }).register(components, { id: 'UpgradeRequest' });

export const UpgradeResult = z.object({
  account_id: z.string(),
  from_tier: TierName,
  tier: TierName,
  upgraded_at: Timestamp,
  subscription_id: z.string(),
  payment_customer_id: z.string(),
  new_limits: z.object({
    max_inboxes: z.number().int(),
    max_sends_per_day: z.number().int(),
    webhooks_enabled: z.boolean(),
    custom_domains_enabled: z.boolean(),
    max_custom_domains: z.number().int(),
  }),
}).register(components, { id: 'UpgradeResult' });
