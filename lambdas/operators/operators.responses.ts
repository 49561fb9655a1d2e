import * as z from 'zod/mini';
import { components } from '../platform/http/common.schemas.ts';
import { Timestamp } from '../platform/http/common.responses.ts';

export const UpgradeLinkResult = z.object({
  url: z.string().check(z.describe('Signed magic link to the checkout; valid 7 days, single use, bound to this account')),
  expires_at: Timestamp,
  target_tier: z.string(),
  operator_action_label: z.string(),
  agent_script: z.string().check(z.describe('Words to relay to your operator, link included')),
}).register(components, { id: 'UpgradeLinkResult' });

export const NotificationStatus = z.enum(['pending', 'approved', 'declined']).register(components, { id: 'NotificationStatus' });
export const OperatorNotification = z.object({
  notification_id: z.string().check(z.describe('not_…')),
  operator_action_url: z.string().check(z.describe('Signed magic link to the notification page; valid 7 days')),
  operator_action_label: z.string(),
  agent_script: z.string().check(z.describe('Words to relay to your operator, link included')),
  expires_at: Timestamp,
  status: NotificationStatus,
}).register(components, { id: 'OperatorNotification' });

export const NotificationView = z.object({
  notification_id: z.string(),
  issue: z.string(),
  context: z.unknown(),
  action_label: z.string(),
  status: NotificationStatus.check(z.describe('pending until the operator answers on the page')),
  response_note: z.nullable(z.string()).check(z.describe('What the operator wrote back')),
  responded_at: z.nullable(Timestamp),
  created_at: Timestamp,
  expires_at: Timestamp,
}).register(components, { id: 'Notification' });

export const PaymentWebhookResult = z.object({ received: z.boolean(), outcome: z.string() }).register(components, { id: 'PaymentWebhookResult' });
