import * as z from 'zod';
import { components, FreeJson, Timestamp, PathId } from './common.ts';

/** Operator links and notifications (spec: upgrade-link, notify-operator, Operator notification). */

export const ISSUE_MAX = 1000;
export const ACTION_LABEL_MAX = 60;
/** `context` is kept with the notification and shown on its page: any JSON up to this size. */
export const CONTEXT_MAX_BYTES = 16 * 1024;

export const UpgradeLinkBody = z.object({
  target_tier: z.enum(['developer', 'growth', 'enterprise']).describe('The paid tier the operator is asked to buy'),
}).register(components, { id: 'UpgradeLinkRequest' });

export const UpgradeLinkResult = z.object({
  url: z.string().describe('Signed magic link to the checkout; valid 7 days, single use, bound to this account'),
  expires_at: Timestamp,
  target_tier: z.string(),
  operator_action_label: z.string(),
  agent_script: z.string().describe('Words to relay to your operator, link included'),
}).register(components, { id: 'UpgradeLinkResult' });

export const NotifyOperatorBody = z.object({
  issue: z.string().min(1, 'issue must be 1-1000 characters').max(ISSUE_MAX, 'issue must be 1-1000 characters')
    .refine((s) => s.trim().length > 0, 'issue must contain more than whitespace')
    .describe('What you need from your operator, in plain words (1-1000 characters)'),
  context: FreeJson.optional()
    .refine((v) => v === undefined || Buffer.byteLength(JSON.stringify(v) ?? '') <= CONTEXT_MAX_BYTES, `context may be at most ${CONTEXT_MAX_BYTES} bytes of JSON`)
    .describe('Any JSON that helps the operator decide (16 KB, 16 levels deep, keys 1-256 characters); shown readably on the page'),
  action_label: z.string().trim().min(1).max(ACTION_LABEL_MAX).default('Review Request').describe('Label of the operator\'s action button'),
}).register(components, { id: 'NotifyOperatorRequest' });

export const NotificationStatus = z.enum(['pending', 'approved', 'declined']).register(components, { id: 'NotificationStatus' });

export const OperatorNotification = z.object({
  notification_id: z.string().describe('not_…'),
  operator_action_url: z.string().describe('Signed magic link to the notification page; valid 7 days'),
  operator_action_label: z.string(),
  agent_script: z.string().describe('Words to relay to your operator, link included'),
  expires_at: Timestamp,
  status: NotificationStatus,
}).register(components, { id: 'OperatorNotification' });

export const NotificationParams = z.object({ id: PathId });

export const NotificationView = z.object({
  notification_id: z.string(),
  issue: z.string(),
  context: z.unknown(),
  action_label: z.string(),
  status: NotificationStatus.describe('pending until the operator answers on the page'),
  response_note: z.string().nullable().describe('What the operator wrote back'),
  responded_at: Timestamp.nullable(),
  created_at: Timestamp,
  expires_at: Timestamp,
}).register(components, { id: 'Notification' });

// Pages (HTML for people; the token or key in the query is the credential).
const Token = z.string().max(4096);
export const TokenQuery = z.object({ token: Token.optional() });
export const CheckoutCompleteQuery = z.object({ token: Token.optional(), session_id: z.string().max(255).optional() });
export const NotificationPageParams = z.object({ notificationId: PathId });
export const InboxPageParams = z.object({ id: PathId });
export const InboxPageQuery = z.object({
  key: z.string().max(200).optional(),
  view: z.enum(['messages', 'threads']).optional(),
  thread: z.string().max(100).optional(),
  message: z.string().max(100).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).optional(),
});
export const MessagePageParams = z.object({ id: PathId, msgId: PathId });
export const AttachmentPageParams = MessagePageParams.extend({ attachId: PathId });
export const KeyQuery = z.object({ key: z.string().max(200).optional() });
export const PaymentWebhookResult = z.object({ received: z.boolean(), outcome: z.string() }).register(components, { id: 'PaymentWebhookResult' });
