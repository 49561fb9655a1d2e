/**
 * Simulated inbound mail (test mode only): a raw message, or a scenario's, takes exactly the path
 * SES mail takes — the raw object under inbound/, then the ingest function invoked with an SES
 * receipt notification naming the inbox as envelope recipient — so extraction, threads, lists,
 * webhooks, the stream and waits behave as for real mail. The answer says which message it became.
 */
import { randomBytes } from 'node:crypto';
import type { SESEvent } from 'aws-lambda';
import { invokeFunction } from '../platform/aws/lambda.ts';
import { config, requireEnv } from '../platform/config.ts';
import { badRequest, conflict, notFound, unavailable } from '../platform/errors.ts';
import { putObject, rawInboundKey } from '../messages/blobs.store.ts';
import { getMessage } from '../messages/messages.store.ts';
import type { InboxRecord } from '../inboxes/inboxes.entities.ts';
import type { IngestOutcome } from '../ingest/ingest.ts';
import { simulatedMail, type FeedbackScenario, type Scenario, type Verdicts } from './scenarios.ts';

const ingestFunctionArn = requireEnv('INGEST_FUNCTION_ARN');
const sesEventsFunctionArn = requireEnv('SES_EVENTS_FUNCTION_ARN');

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

  // An id shaped like SES's (lower-case alphanumerics), marked as simulated.
  const sesMessageId = `sim${randomBytes(18).toString('hex')}`;
  await putObject(rawInboundKey(sesMessageId), raw, 'message/rfc822');
  const now = new Date().toISOString();
  const verdict = (v: string) => ({ status: v });
  const event = {
    Records: [{
      eventSource: 'aws:ses', eventVersion: '1.0',
      ses: {
        mail: {
          timestamp: now, source: envelopeFrom, messageId: sesMessageId, destination: [inbox.address],
          headersTruncated: false, headers: [], commonHeaders: { returnPath: envelopeFrom, from: [envelopeFrom], to: [inbox.address], messageId: sesMessageId },
        },
        receipt: {
          timestamp: now, processingTimeMillis: 0, recipients: [inbox.address],
          spamVerdict: verdict(verdicts.spam), virusVerdict: verdict(verdicts.virus), spfVerdict: verdict(verdicts.spf),
          dkimVerdict: verdict(verdicts.dkim), dmarcVerdict: verdict(verdicts.dmarc),
          action: { type: 'Lambda', functionArn: ingestFunctionArn, invocationType: 'Event' },
        },
      },
    }],
  } as unknown as SESEvent;
  let outcome: IngestOutcome | undefined;
  try {
    outcome = (await invokeFunction<{ results: IngestOutcome[] }>(ingestFunctionArn, event)).results?.[0];
  } catch (e) {
    throw unavailable('SIMULATE_FAILED', `The ingest function did not take the simulated mail (${(e as Error).name}).`, { retry_after: 2 });
  }
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
  const snsEvent = { Records: [{ EventSource: 'aws:sns', EventVersion: '1.0', EventSubscriptionArn: sesEventsFunctionArn,
    Sns: { Type: 'Notification', MessageId: `sim${randomBytes(12).toString('hex')}`, TopicArn: 'simulated', Subject: null, Message: JSON.stringify(notification),
      Timestamp: now, SignatureVersion: '1', Signature: '', SigningCertUrl: '', UnsubscribeUrl: '', MessageAttributes: {} } }] };
  try {
    await invokeFunction(sesEventsFunctionArn, snsEvent);
  } catch (e) {
    throw unavailable('SIMULATE_FAILED', `The ses-events function did not take the simulated ${scenario} (${(e as Error).name}).`, { retry_after: 2 });
  }
  return {
    status: scenario === 'bounce' ? 'bounced' : 'complained', message_id: sent.id, thread_id: sent.thread_id, rejected_reason: null,
    ses_message_id: sesMessageId, planted: { recipient },
  };
}
