/**
 * Event types and payload shapes (spec: Events). The JSON built here is the exact body a
 * webhook receives and signs.
 */
export const EVENT_TYPES = [
  'message.received', 'message.sent', 'message.bounced', 'message.complaint',
  'thread.created', 'inbox.created', 'inbox.deleted', 'account.upgraded', 'webhook.unhealthy', 'domain.verified',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const isEventType = (s: string): s is EventType => (EVENT_TYPES as readonly string[]).includes(s);

export interface EventContext {
  event_id: string;
  timestamp: string;
  account_id: string;
  inbox_id: string | null;
}

/** Common fields first (event, event_id, timestamp, account_id, inbox_id), then the payload. */
export function eventBody(type: EventType, ctx: EventContext, data: Record<string, unknown>) {
  return {
    event: type,
    event_id: ctx.event_id,
    timestamp: ctx.timestamp,
    account_id: ctx.account_id,
    ...(ctx.inbox_id ? { inbox_id: ctx.inbox_id } : {}),
    ...data,
  };
}

/**
 * message.received carries the full message, plus the aliases the spec shows for webhook
 * payloads (body, plain_body, html_body, from_address, to_address).
 */
export function messageReceivedData(message: Record<string, any>) {
  return {
    message: {
      ...message,
      body: message.body_text,
      plain_body: message.body_text,
      html_body: message.body_html,
      from_address: message.from,
      to_address: message.to,
    },
  };
}
