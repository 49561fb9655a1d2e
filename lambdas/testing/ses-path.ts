/**
 * Test mode's way onto SES's path: a raw mail stored where the receipt rule's S3 action stores it
 * and ingest invoked with the rule's notification; feedback handed to ses-events as SNS hands it.
 * The AWS side of simulate, so the use case (simulate.ts) reads as what it does.
 */
import { randomBytes } from 'node:crypto';
import type { Verdicts } from '../content/spam.ts';
import { sesReceiptEvent } from '../ingest/ses-receipt.ts';
import type { IngestOutcome } from '../ingest/ingest.ts';
import { putObject, rawInboundKey } from '../messages/blobs.store.ts';
import { invokeFunction } from '../platform/aws/lambda.ts';
import { requireEnv } from '../platform/config.ts';
import { unavailable } from '../platform/errors.ts';
import { sesNotificationEvent } from '../sending/ses-notification.ts';

const ingestFunctionArn = requireEnv('INGEST_FUNCTION_ARN');
const sesEventsFunctionArn = requireEnv('SES_EVENTS_FUNCTION_ARN');

/** Receives `raw` for `recipient` as SES would; answers ingest's outcome and the SES message id it was stored under. */
export async function receiveAsSes(m: { raw: Buffer; source: string; recipient: string; verdicts: Verdicts }): Promise<{ sesMessageId: string; outcome?: IngestOutcome }> {
  // An id shaped like SES's (lower-case alphanumerics), marked as simulated.
  const sesMessageId = `sim${randomBytes(18).toString('hex')}`;
  await putObject(rawInboundKey(sesMessageId), m.raw, 'message/rfc822');
  const event = sesReceiptEvent({ sesMessageId, source: m.source, recipients: [m.recipient], verdicts: m.verdicts, functionArn: ingestFunctionArn });
  try {
    return { sesMessageId, outcome: (await invokeFunction<{ results: IngestOutcome[] }>(ingestFunctionArn, event)).results?.[0] };
  } catch (e) {
    throw unavailable('SIMULATE_FAILED', `The ingest function did not take the simulated mail (${(e as Error).name}).`, { retry_after: 2 });
  }
}

/** Hands SES's feedback on a sent mail (a Bounce or Complaint event) to ses-events, as the configuration set's topic does. */
export async function feedbackAsSes(notification: { eventType: string }): Promise<void> {
  try {
    await invokeFunction(sesEventsFunctionArn, sesNotificationEvent(notification, 'arn:aws:sns:simulated:000000000000:mailroom-test-mode'));
  } catch (e) {
    throw unavailable('SIMULATE_FAILED', `The ses-events function did not take the simulated ${notification.eventType.toLowerCase()} (${(e as Error).name}).`, { retry_after: 2 });
  }
}
