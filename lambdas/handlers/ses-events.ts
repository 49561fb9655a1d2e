import type { SNSEvent } from 'aws-lambda';
import { log } from '../log.ts';

/**
 * SES configuration-set events (delivery, bounce, complaint) for outbound mail (issue #5) land
 * here. Until sending exists no such events occur; any that do are logged, with their type
 * and SES message id only, so they can be traced.
 */
export async function handler(event: SNSEvent): Promise<void> {
  for (const r of event.Records ?? []) {
    let type = 'unknown';
    let messageId = '';
    try {
      const body = JSON.parse(r.Sns.Message) as { eventType?: string; mail?: { messageId?: string } };
      type = body.eventType ?? type;
      messageId = body.mail?.messageId ?? '';
    } catch { /* not JSON: still logged below */ }
    log.warn('SES event received before outbound delivery tracking exists', { event_type: type, ses_message_id: messageId });
  }
}
