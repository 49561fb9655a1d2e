import type { Context, SESEvent } from 'aws-lambda';
import type { VerdictStatus } from '../content/spam.ts';
import { errorFields, log, setLogContext } from '../platform/log.ts';
import { flushMetrics } from '../platform/metrics.ts';
import { ingestInboundMail, sweepArrivals, type IngestOutcome } from './ingest.ts';

const status = (v: { status?: string } | undefined): VerdictStatus => (v?.status as VerdictStatus | undefined) ?? 'GRAY';

type ScheduledEvent = { source?: string; 'detail-type'?: string };

/**
 * Two triggers. SES receipt rule → (S3 action stores the raw mail under inbound/) → this
 * function, invoked asynchronously with the receipt notification: failures throw so Lambda
 * retries (then the dead-letter queue, which `npm run replay` empties); ingest is idempotent, so
 * a retry never stores a message twice. And a one-minute schedule that sweeps messages stored but
 * left out of their inbox's arrival order.
 */
export async function handler(event: SESEvent | ScheduledEvent, context?: Context): Promise<{ results: IngestOutcome[] } | { swept: number; left: boolean }> {
  const deadline = context ? Date.now() + context.getRemainingTimeInMillis() : undefined;
  try {
    if (!('Records' in event)) {
      setLogContext({ request_id: context?.awsRequestId ?? 'local' });
      const r = await sweepArrivals(deadline);
      return { swept: r.inboxes, left: r.left };
    }
    return await ingestRecords(event, context?.awsRequestId ?? 'local', deadline);
  } finally {
    await flushMetrics();
  }
}

async function ingestRecords(event: SESEvent, requestId: string, deadline: number | undefined): Promise<{ results: IngestOutcome[] }> {
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
      }, deadline));
    } catch (e) {
      log.error('ingest failed', errorFields(e));
      throw e;
    }
  }
  return { results };
}
