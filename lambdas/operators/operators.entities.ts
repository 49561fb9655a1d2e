/**
 * The single table's magic-link uses and operator notifications: each entity's record type, key shapes and declaration
 * (platform/dynamo/entity.ts), in one place. Access pattern → key:
 *   single-use magic link claim/use (TTL) pk LINKUSE#<jti>                   sk LINKUSE
 *   account → operator notifications (TTL) pk ACCOUNT#<acc>                  sk NOTIFICATION#<not>
 *   notify-operator per account per hour (TTL) pk NOTIFY#<acc>#<hour start> sk NOTIFY
 */
import { declare, epochSeconds } from '../platform/dynamo/entity.ts';

export type LinkUse = { state: 'claimed'; claimed_at: number } | { state: 'used'; used_at: string; account_id: string };
// ---------------------------------------------------------------------------------------------
// Operator notifications, and the notify-operator rate window.
// ---------------------------------------------------------------------------------------------

export type NotificationStatus = 'pending' | 'approved' | 'declined';
export interface NotificationRecord {
  id: string;
  account_id: string;
  issue: string;
  context: unknown;
  action_label: string;
  status: NotificationStatus;
  /** What the operator wrote back, if anything. */
  response_note: string | null;
  responded_at: string | null;
  created_at: string;
  expires_at: string;
}
export const linkUseKey = (jti: string) => ({ pk: `LINKUSE#${jti}`, sk: 'LINKUSE' });
export const notificationKey = (accountId: string, notificationId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `NOTIFICATION#${notificationId}` });
export const notifyWindowKey = (accountId: string, windowStart: number) => ({ pk: `NOTIFY#${accountId}#${windowStart}`, sk: 'NOTIFY' });
/** Records of used links outlive the link itself by a day (then the link is expired anyway). */
export const LINK_USE_GRACE_SECONDS = 86_400;
/** Notifications are kept 30 days past their link's expiry, so the agent can still read the answer. */
export const NOTIFICATION_KEEP_SECONDS = 30 * 86_400;
export const linkUse = /* @__PURE__ */ declare<LinkUse & { account_id: string }, { jti: string; linkExpiresAt: number }>({
  name: 'link-use',
  key: (_u, c) => linkUseKey(c.jti),
  expiresAt: (_u, c) => c.linkExpiresAt + LINK_USE_GRACE_SECONDS,
});
export const notification = /* @__PURE__ */ declare<NotificationRecord>({
  name: 'notification',
  key: (n) => notificationKey(n.account_id, n.id),
  expiresAt: (n) => epochSeconds(n.expires_at) + NOTIFICATION_KEEP_SECONDS,
});
/** notify-operator calls of an account in one window. */
export const notifyWindow = /* @__PURE__ */ declare<{ accountId: string; windowStart: number; windowSeconds: number }>({
  name: 'notify-window', key: (w) => notifyWindowKey(w.accountId, w.windowStart), expiresAt: (w) => w.windowStart + w.windowSeconds * 2,
});
