import { log } from '../platform/log.ts';
import { getMessage } from '../messages/messages.store.ts';
import { messageForSesId, recordDeliveryOutcome, setDeliveryStatus } from './sending.store.ts';
import { dispatchAfterCommit, newEvent } from '../events/outbox.ts';

/** The parts of an SES configuration-set event (SNS message body) we act on. */
export interface SesEvent {
  eventType: 'Send' | 'Delivery' | 'Bounce' | 'Complaint' | 'Reject' | 'DeliveryDelay' | string;
  mail: { messageId: string; timestamp?: string; destination?: string[] };
  bounce?: { bounceType: 'Permanent' | 'Transient' | 'Undetermined'; bounceSubType?: string; timestamp?: string;
    bouncedRecipients: { emailAddress: string; action?: string; status?: string; diagnosticCode?: string }[] };
  complaint?: { complainedRecipients: { emailAddress: string }[]; complaintFeedbackType?: string; timestamp?: string; userAgent?: string };
  delivery?: { timestamp?: string; recipients?: string[] };
  reject?: { reason?: string };
}

const smtpCode = (status?: string, diagnostic?: string) => {
  const m = /\b([245]\d\d)\b/.exec(diagnostic ?? '') ?? /^([245])\.\d+\.\d+$/.exec(status ?? '');
  return m ? Number(m[1]!.length === 1 ? `${m[1]}50` : m[1]) : null;
};

/**
 * Applies one SES event: delivery status moves forward (queued → sent → delivered | bounced |
 * failed), permanent bounces and complaints suppress the recipient for the account, and
 * message.bounced / message.complaint go to the account's webhooks.
 */
export async function applySesEvent(e: SesEvent): Promise<string> {
  const link = await messageForSesId(e.mail.messageId);
  if (!link) return 'unknown-message';
  const m = await getMessage(link.inbox_id, link.message_id);
  if (!m) return 'unknown-message';
  const now = new Date().toISOString();
  const original = { id: m.id, to: m.to, subject: m.subject, sent_at: m.received_at };
  switch (e.eventType) {
    case 'Send':
      await setDeliveryStatus(m.inbox_id, m.id, 'sent');
      return 'sent';
    case 'Delivery':
      await setDeliveryStatus(m.inbox_id, m.id, 'delivered', { delivered_at: e.delivery?.timestamp ?? now });
      return 'delivered';
    case 'Reject':
      await setDeliveryStatus(m.inbox_id, m.id, 'failed', { failure_reason: e.reject?.reason ?? 'rejected by SES' });
      return 'failed';
    case 'Bounce': {
      const b = e.bounce!;
      const permanent = b.bounceType === 'Permanent';
      const perRecipient = [];
      for (const r of b.bouncedRecipients) {
        const suppress = permanent ? { accountId: m.account_id, address: r.emailAddress.toLowerCase(),
          reason: `it bounced permanently (${r.diagnosticCode ?? r.status ?? 'no diagnostic'})`, at: now } : undefined;
        perRecipient.push({ suppress, event: await newEvent('message.bounced', { account_id: m.account_id, inbox_id: m.inbox_id }, {
          message_id: m.id,
          bounce: { type: permanent ? 'permanent' : 'temporary', recipient: r.emailAddress, reason: b.bounceSubType ?? b.bounceType,
            smtp_code: smtpCode(r.status, r.diagnosticCode), bounced_at: b.timestamp ?? now, diagnostic_code: r.diagnosticCode ?? '' },
          original_message: original,
        }) });
      }
      // Status, suppressions and message.bounced events commit together (outbox).
      await recordDeliveryOutcome({
        status: permanent ? { inboxId: m.inbox_id, messageId: m.id, status: 'bounced', extra: { bounced_at: b.timestamp ?? now } } : undefined,
        perRecipient,
      });
      await dispatchAfterCommit(perRecipient.map((r) => r.event));
      return permanent ? 'bounced' : 'bounce-temporary';
    }
    case 'Complaint': {
      const c = e.complaint!;
      const perRecipient = [];
      for (const r of c.complainedRecipients) {
        const suppress = { accountId: m.account_id, address: r.emailAddress.toLowerCase(), reason: 'the recipient reported your mail as spam', at: now };
        perRecipient.push({ suppress, event: await newEvent('message.complaint', { account_id: m.account_id, inbox_id: m.inbox_id }, {
          message_id: m.id,
          complaint: { recipient: r.emailAddress, feedback_type: c.complaintFeedbackType ?? 'other', complaint_date: c.timestamp ?? now, user_agent: c.userAgent ?? '' },
          original_message: original,
        }) });
      }
      await recordDeliveryOutcome({ perRecipient });
      await dispatchAfterCommit(perRecipient.map((r) => r.event));
      return 'complaint';
    }
    default:
      log.info('SES event ignored', { event_type: e.eventType });
      return 'ignored';
  }
}
