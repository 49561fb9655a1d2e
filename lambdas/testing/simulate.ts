/**
 * Simulated inbound mail (test mode only): a raw message, or a scenario's, takes exactly the path
 * SES mail takes — the raw object under inbound/, then the ingest function invoked with an SES
 * receipt notification naming the inbox as envelope recipient — so extraction, threads, lists,
 * webhooks, the stream and waits behave as for real mail. The answer says which message it became.
 */
import { config } from '../platform/config.ts';
import { badRequest, conflict, notFound } from '../platform/errors.ts';
import { getMessage } from '../messages/messages.store.ts';
import type { InboxRecord } from '../inboxes/inboxes.entities.ts';
import { simulatedMail, type FeedbackScenario, type Scenario, type Verdicts } from './scenarios.ts';
import { feedbackAsSes, receiveAsSes } from './ses-path.ts';

export interface SimulateInput {
  raw?: string;
  scenario?: Scenario | FeedbackScenario;
  from?: string;
  subject?: string;
  code?: string;
  link?: string;
  text?: string;
  message_id?: string;
  verdicts?: Partial<Verdicts>;
}

export interface SimulateResult {
  status: 'delivered' | 'rejected' | 'bounced' | 'complained';
  message_id: string | null;
  thread_id: string | null;
  rejected_reason: string | null;
  /** The SES message id the mail was stored under (inbound/<id>), as real mail's. */
  ses_message_id: string;
  /** What a scenario put in the mail: the code, the link, the reply text. */
  planted: Record<string, string>;
}

/** Raw mail with no verdicts given: spam and virus checks pass, and nothing authenticated the sender. */
const RAW_VERDICTS: Verdicts = { spam: 'PASS', virus: 'PASS', spf: 'GRAY', dkim: 'GRAY', dmarc: 'GRAY' };

/** The first address of the raw message's From header: the envelope sender SES would report. */
function headerFrom(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const from = /^from:[ \t]*((?:.*)(?:\r?\n[ \t].*)*)/im.exec(head)?.[1] ?? '';
  return /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? /([^\s<>"',;]+@[^\s<>"',;]+)/.exec(from)?.[1] ?? '';
}

export async function simulateInbound(inbox: InboxRecord, input: SimulateInput): Promise<SimulateResult> {
  // The route exists only with test mode on; the use case holds the line too.
  if (!config.testMode) throw notFound('NOT_FOUND', 'Simulated mail is a test-mode feature: this stack is not a sandbox.');
  if (input.scenario === 'bounce' || input.scenario === 'complaint') return simulateFeedback(inbox, input.scenario, input.message_id);
  let raw: Buffer;
  let envelopeFrom: string;
  let verdicts: Verdicts;
  let planted: Record<string, string> = {};
  if (input.raw !== undefined) {
    raw = Buffer.from(input.raw, 'utf8');
    envelopeFrom = input.from ?? headerFrom(input.raw);
    verdicts = { ...RAW_VERDICTS, ...input.verdicts };
  } else {
    const scenario = input.scenario as Scenario;
    let inReplyTo;
    if (scenario === 'reply') {
      if (!input.message_id) throw badRequest('VALIDATION_ERROR', 'The reply scenario answers a message: give message_id.', { field: 'message_id' });
      const original = await getMessage(inbox.id, input.message_id);
      if (!original) throw notFound('MESSAGE_NOT_FOUND', `No message ${input.message_id} in inbox ${inbox.id}.`, { field: 'message_id' });
      inReplyTo = {
        messageIdHeader: original.message_id_header, references: original.references, subject: original.subject,
        counterpart: original.direction === 'outbound' ? original.to[0] ?? 'alice@example.org' : original.from,
      };
    }
    const mail = await simulatedMail({ scenario, to: inbox.address, from: input.from, subject: input.subject, code: input.code, link: input.link, text: input.text, inReplyTo });
    ({ raw, envelopeFrom, planted } = mail);
    verdicts = { ...mail.verdicts, ...input.verdicts };
  }

  const { sesMessageId, outcome } = await receiveAsSes({ raw, source: envelopeFrom, recipient: inbox.address, verdicts });
  const delivered = outcome?.delivered.find((d) => d.inboxId === inbox.id);
  const rejected = outcome?.rejected.find((r) => r.inboxId === inbox.id);
  return {
    status: delivered ? 'delivered' : 'rejected',
    message_id: delivered?.messageId ?? null,
    thread_id: delivered?.threadId ?? null,
    rejected_reason: delivered ? null : rejected?.reason ?? outcome?.parseError ?? 'not stored',
    ses_message_id: sesMessageId,
    planted,
  };
}

/**
 * SES's feedback on a mail this inbox sent: the notification SES publishes to the configuration
 * set's topic, delivered to the ses-events function as SNS delivers it — so the delivery status,
 * the account's suppression list and the message.bounced / message.complaint events follow as for
 * real feedback. A permanent bounce of the first recipient, or a complaint from it.
 */
async function simulateFeedback(inbox: InboxRecord, scenario: FeedbackScenario, messageId: string | undefined): Promise<SimulateResult> {
  if (!messageId) throw badRequest('VALIDATION_ERROR', `The ${scenario} scenario is feedback on a mail this inbox sent: give its message_id.`, { field: 'message_id' });
  const sent = await getMessage(inbox.id, messageId);
  if (!sent) throw notFound('MESSAGE_NOT_FOUND', `No message ${messageId} in inbox ${inbox.id}.`, { field: 'message_id' });
  const sesMessageId = (sent as { ses_message_id?: string }).ses_message_id;
  if (sent.direction !== 'outbound' || !sesMessageId) {
    throw conflict('MESSAGE_NOT_SENT', `Message ${messageId} is not a mail this inbox sent through SES: only those bounce or draw complaints.`, { field: 'message_id' });
  }
  const recipient = sent.to[0]!;
  const now = new Date().toISOString();
  const mail = { messageId: sesMessageId, timestamp: now, source: inbox.address, destination: sent.to };
  const notification = scenario === 'bounce'
    ? { eventType: 'Bounce', mail, bounce: { bounceType: 'Permanent', bounceSubType: 'General', timestamp: now,
      bouncedRecipients: [{ emailAddress: recipient, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown (simulated)' }] } }
    : { eventType: 'Complaint', mail, complaint: { complainedRecipients: [{ emailAddress: recipient }], complaintFeedbackType: 'abuse', timestamp: now, userAgent: 'Mailroom test mode' } };
  await feedbackAsSes(notification);
  return {
    status: scenario === 'bounce' ? 'bounced' : 'complained', message_id: sent.id, thread_id: sent.thread_id, rejected_reason: null,
    ses_message_id: sesMessageId, planted: { recipient },
  };
}
