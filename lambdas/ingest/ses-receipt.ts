/**
 * The SES receipt notification a receipt rule's Lambda action delivers to ingest: built here once
 * for everything that plays SES's part — test mode's simulate (lambdas/testing/simulate.ts) and the
 * local SMTP stand-in (lib/local/smtp.ts) — so the envelope ingest reads cannot drift between them.
 */
import type { SESEvent } from 'aws-lambda';
import type { Verdicts } from '../content/spam.ts';

export interface ReceiptInput {
  /** SES's message id: the raw mail is stored at inbound/<id>. */
  sesMessageId: string;
  /** Envelope sender (MAIL FROM). */
  source: string;
  /** Envelope recipients (RCPT TO), Bcc included. */
  recipients: string[];
  verdicts: Verdicts;
  functionArn: string;
  /** What SES parsed of the headers; ingest reads the raw mail, so these are informational. */
  commonHeaders?: { from?: string[]; to?: string[]; messageId?: string; subject?: string };
  /** The rule's S3 action, when it ran before the Lambda action. */
  s3?: { bucket: string; key: string };
  now?: string;
}

export function sesReceiptEvent(r: ReceiptInput): SESEvent {
  const now = r.now ?? new Date().toISOString();
  const verdict = (status: string) => ({ status });
  return {
    Records: [{
      eventSource: 'aws:ses', eventVersion: '1.0',
      ses: {
        mail: {
          timestamp: now, source: r.source, messageId: r.sesMessageId, destination: r.recipients, headersTruncated: false, headers: [],
          commonHeaders: { returnPath: r.source, from: [r.source], to: r.recipients, messageId: r.sesMessageId, ...r.commonHeaders },
        },
        receipt: {
          timestamp: now, processingTimeMillis: 0, recipients: r.recipients,
          spamVerdict: verdict(r.verdicts.spam), virusVerdict: verdict(r.verdicts.virus), spfVerdict: verdict(r.verdicts.spf),
          dkimVerdict: verdict(r.verdicts.dkim), dmarcVerdict: verdict(r.verdicts.dmarc),
          action: { type: 'Lambda', functionArn: r.functionArn, invocationType: 'Event' },
          ...(r.s3 ? { s3Action: { bucketName: r.s3.bucket, objectKey: r.s3.key } } : {}),
        },
      },
    }],
  } as unknown as SESEvent;
}
