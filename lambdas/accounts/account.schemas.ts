import * as z from 'zod/mini';
import { components } from '../platform/http/common.schemas.ts';

export const UpgradeBody = z.object({
  tier: z.optional(z.enum(['developer', 'growth', 'enterprise'])),
  target_tier: z.optional(z.enum(['developer', 'growth', 'enterprise'])).check(z.describe('Alias of tier')),
  payment_method: z.string().check(z.minLength(1), z.maxLength(255), z.describe('Payment method id. Sandbox: pm_card_visa succeeds, pm_card_chargeDeclined is declined.')),
}).check(z.refine((b) => b.tier ?? b.target_tier, { message: 'tier is required: developer, growth or enterprise', path: ['tier'] })).register(components, { id: 'UpgradeRequest' });
