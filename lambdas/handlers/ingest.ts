import type { Context, SESEvent } from 'aws-lambda';
import type { VerdictStatus } from '../core/spam.ts';
import { errorFields, log, setLogContext } from '../log.ts';
import { flushMetrics } from '../metrics.ts';
import { ingestInboundMail, type IngestOutcome } from '../usecases/mail-in/ingest.ts';

const status = (v: { status?: string } | undefined): VerdictStatus => (v?.status as VerdictStatus | undefined) ?? 'GRAY';

/**
 * SES receipt rule → (S3 action stores the raw mail under inbound/) → this function, invoked
 * asynchronously with the receipt notification. Failures throw so Lambda retries; ingest is
 * idempotent, so a retry never stores a message twice.
 */
export async function handler(event: SESEvent, context?: Context): Promise<{ results: IngestOutcome[] }> {
  try {
    return await ingestRecords(event, context?.awsRequestId ?? 'local');
  } finally {
    await flushMetrics();
  }
}

async function ingestRecords(event: SESEvent, requestId: string): Promise<{ results: IngestOutcome[] }> {
  const results: IngestOutcome[] = [];
  for (const record of event.Records ?? []) {
    const { mail, receipt } = record.ses;
    setLogContext({ request_id: requestId, ses_message_id: mail.messageId });
    try {
      results.push(await ingestInboundMail({
        sesMessageId: mail.messageId,
        recipients: receipt.recipients,
        receivedAt: receipt.timestamp ?? mail.timestamp,
        envelopeFrom: mail.source,
        verdicts: {
          spam: status(receipt.spamVerdict), virus: status(receipt.virusVerdict),
          spf: status(receipt.spfVerdict), dkim: status(receipt.dkimVerdict), dmarc: status(receipt.dmarcVerdict),
        },
      }));
    } catch (e) {
      log.error('ingest failed', errorFields(e));
      throw e;
    }
  }
  return { results };
}
