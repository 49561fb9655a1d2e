import * as z from 'zod/mini';
import { components, FreeJson, PathId } from '../platform/http/common.schemas.ts';

/** Operator links and notifications (spec: upgrade-link, notify-operator, Operator notification). */

export const ISSUE_MAX = 1000;
export const ACTION_LABEL_MAX = 60;
/** `context` is kept with the notification and shown on its page: any JSON up to this size. */
export const CONTEXT_MAX_BYTES = 16 * 1024;

export const UpgradeLinkBody = z.object({
  target_tier: z.enum(['developer', 'growth', 'enterprise']).check(z.describe('The paid tier the operator is asked to buy')),
}).register(components, { id: 'UpgradeLinkRequest' });

export const NotifyOperatorBody = z.object({
  issue: z.string().check(z.minLength(1, 'issue must be 1-1000 characters'), z.maxLength(ISSUE_MAX, 'issue must be 1-1000 characters'), z.refine((s) => s.trim().length > 0, 'issue must contain more than whitespace'), z.describe('What you need from your operator, in plain words (1-1000 characters)')),
  context: z.optional(FreeJson).check(z.refine((v) => v === undefined || Buffer.byteLength(JSON.stringify(v) ?? '') <= CONTEXT_MAX_BYTES, `context may be at most ${CONTEXT_MAX_BYTES} bytes of JSON`), z.describe('Any JSON that helps the operator decide (16 KB, 16 levels deep, keys 1-256 characters); shown readably on the page')),
  action_label: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(ACTION_LABEL_MAX)), 'Review Request').check(z.describe('Label of the operator\'s action button')),
}).register(components, { id: 'NotifyOperatorRequest' });

export const NotificationParams = z.object({ id: PathId });

// Pages (HTML for people; the token or key in the query is the credential).
const Token = z.string().check(z.maxLength(4096));
export const TokenQuery = z.object({ token: z.optional(Token) });
export const CheckoutCompleteQuery = z.object({ token: z.optional(Token), session_id: z.optional(z.string().check(z.maxLength(255))) });
export const NotificationPageParams = z.object({ notificationId: PathId });
export const InboxPageParams = z.object({ id: PathId });
export const MessagePageParams = z.object({ id: PathId, msgId: PathId });
export const AttachmentPageParams = z.extend(MessagePageParams, { attachId: PathId });
