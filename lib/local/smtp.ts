import { randomBytes, randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { AcceptsDomain } from './custom-domains.ts';
import type { SESEvent } from 'aws-lambda';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { verdictsFromAuthenticationResults } from '../../lambdas/content/spam.ts';
import { sesReceiptEvent } from '../../lambdas/ingest/ses-receipt.ts';
import { RESOURCE_SETTINGS } from '../../lambdas/platform/resource-settings.ts';
import type { MailSpool, SpooledMail } from './spool.ts';

/** SES receiving accepts messages up to 40 MB. */
export const SES_MAX_MESSAGE_BYTES = 40 * 1024 * 1024;
/** SES accepts at most 50 recipients per message. */
const SES_MAX_RECIPIENTS = 50;

/** Invokes ingest; `requestId` is the invocation's, kept across its retries as Lambda keeps it. */
export type IngestFn = (event: SESEvent, requestId: string) => Promise<unknown>;

/**
 * Something like SES's own message ids: lower-case alphanumerics. A time prefix keeps spooled
 * mail in arrival order.
 */
const sesMessageId = () => `${Date.now().toString(36).padStart(9, '0')}${randomBytes(16).toString('hex')}`.slice(0, 40);

function headerValues(raw: Buffer, name: string): string[] {
  const headEnd = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n');
  const head = raw.subarray(0, headEnd >= 0 ? headEnd : Math.min(raw.length, 65536)).toString('latin1').replace(/\r?\n[ \t]+/g, ' ');
  const out: string[] = [];
  for (const line of head.split(/\r?\n/)) {
    const idx = line.indexOf(':');
    if (idx > 0 && line.slice(0, idx).trim().toLowerCase() === name) out.push(line.slice(idx + 1).trim());
  }
  return out;
}

/**
 * The receipt notification for mail taken over SMTP. No scanner runs locally: spam and virus
 * pass; SPF, DKIM and DMARC are what the message's own Authentication-Results header says.
 */
export function smtpReceiptEvent(id: string, source: string, recipients: string[], raw: Buffer, bucket: string, now = new Date().toISOString()): SESEvent {
  return sesReceiptEvent({
    sesMessageId: id, source, recipients, now,
    verdicts: { spam: 'PASS', virus: 'PASS', ...verdictsFromAuthenticationResults(headerValues(raw, 'authentication-results')) },
    functionArn: 'arn:aws:lambda:us-east-1:000000000000:function:ingest',
    commonHeaders: { from: headerValues(raw, 'from'), to: headerValues(raw, 'to'), messageId: headerValues(raw, 'message-id')[0] ?? '', subject: headerValues(raw, 'subject')[0] ?? '' },
    // The S3 action ran first, as in the deployed rule.
    s3: { bucket, key: `${RESOURCE_SETTINGS.inboundPrefix}${id}` },
  });
}

/**
 * The SES receiving stand-in: accepts mail for the mail domain only (as SES does for verified
 * domains), stores the raw message under inbound/ in the bucket, and invokes ingest with the
 * receipt notification — envelope recipients (BCC) included.
 */
export function startSmtpServer(opts: { port: number; host: string; mailDomain: string; delivery: InboundDelivery; spool?: MailSpool;
  /** Verified custom domains are accepted too (lib/local/custom-domains.ts). */
  acceptsDomain?: AcceptsDomain }): Promise<SMTPServer> {
  const server = new SMTPServer({
    name: opts.mailDomain,
    banner: 'Mailroom local SES receiving stand-in',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: SES_MAX_MESSAGE_BYTES,
    logger: false,
    onRcptTo(address: SMTPServerAddress, session, callback) {
      const addr = address.address.toLowerCase();
      const domain = addr.slice(addr.lastIndexOf('@') + 1);
      void (async () => {
        if (domain !== opts.mailDomain && !(await opts.acceptsDomain?.(domain))) {
          return Object.assign(new Error(`5.7.1 Relaying to <${addr}> is not permitted: this server accepts mail for ${opts.mailDomain} and verified custom domains only`), { responseCode: 550 });
        }
        if (session.envelope.rcptTo.length >= SES_MAX_RECIPIENTS) {
          return Object.assign(new Error('4.5.3 Too many recipients'), { responseCode: 452 });
        }
        return undefined;
      })().then((refusal) => callback(refusal ?? undefined), (e) =>
        callback(Object.assign(new Error(`4.3.0 Temporary failure: ${String(e)}`), { responseCode: 451 })));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(Object.assign(new Error('5.3.4 Message exceeds the 40 MB limit'), { responseCode: 552 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        const id = sesMessageId();
        const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const source = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        (async () => {
          const m = { id, source, recipients, raw, receivedAt: new Date().toISOString() };
          await opts.spool?.keep(m);
          // Answered after the first ingest attempt, whatever its result: the mail is accepted
          // (spooled, in the bucket), and a failed ingest goes on in the background.
          await opts.delivery.deliver(m);
        })().then(() => callback(null, `Ok: queued as ${id}`), (e) => callback(e as Error));
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.on('error', (e) => console.error(JSON.stringify({ level: 'error', message: 'smtp server error', error: String(e) })));
    server.listen(opts.port, opts.host, () => resolve(server));
    (server as unknown as { server: { once(e: string, f: (err: Error) => void): void } }).server.once('error', reject);
  });
}

/** Lambda's asynchronous retries, compressed: seconds before each retry (`INGEST_RETRY_DELAYS`). */
export const DEFAULT_INGEST_RETRY_DELAYS = [1, 2];

/** `INGEST_RETRY_DELAYS`: comma-separated seconds, one per retry (Lambda retries twice, minutes apart). */
export function ingestRetryDelays(raw = process.env.INGEST_RETRY_DELAYS): number[] {
  if (raw === undefined || raw.trim() === '') return DEFAULT_INGEST_RETRY_DELAYS;
  const delays = raw.split(',').map((v) => Number(v.trim()));
  if (delays.some((d) => !Number.isFinite(d) || d < 0 || d > 3600)) {
    throw new Error(`INGEST_RETRY_DELAYS must be comma-separated seconds (0-3600), one per retry, e.g. "1,2"; got "${raw}"`);
  }
  return delays;
}

const STOP_GRACE_MS = 5_000;

/** Lambda truncates a dead-letter message's ErrorMessage attribute to 1 KB. */
const MAX_ERROR_MESSAGE_BYTES = 1024;

const logLine = (level: 'warn' | 'error', message: string, fields: Record<string, unknown>) =>
  console.error(JSON.stringify({ level, message, ...fields }));

/**
 * What SES and Lambda do with a message SES accepted: store it under inbound/, invoke ingest
 * asynchronously, and on failure retry it (INGEST_RETRY_DELAYS, like Lambda's two retries); after
 * the last failure the event goes to ingest's dead-letter queue as Lambda sends it there (body:
 * the event; attributes RequestID, ErrorCode, ErrorMessage), where `npm run replay -- --local`
 * finds it. A spooled message is marked done only once ingest stored it or the dead-letter queue
 * holds it; until then the next start delivers it again.
 */
export class InboundDelivery {
  private readonly s3 = new S3Client({ forcePathStyle: true });
  private readonly sqs = new SQSClient({});
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly o: {
    bucket: string;
    ingest: IngestFn;
    spool?: MailSpool;
    deadLetterQueueUrl: string;
    retryDelaysSeconds: readonly number[];
  }) {}

  /** Resolves after the first ingest attempt: true when it stored the mail, false when retries go on. */
  async deliver(m: SpooledMail): Promise<boolean> {
    await this.s3.send(new PutObjectCommand({ Bucket: this.o.bucket, Key: `${RESOURCE_SETTINGS.inboundPrefix}${m.id}`, Body: m.raw, ContentType: 'message/rfc822' }));
    const requestId = randomUUID();
    try {
      await this.o.ingest(this.event(m), requestId);
    } catch (e) {
      this.failed(m, requestId, 1, e);
      return false;
    }
    this.o.spool?.markIngested(m.id);
    return true;
  }

  /**
   * Pending retries are dropped and running ones get a few seconds to finish: what is not done
   * stays in the spool for the next start, so a stop never waits on a slow ingest.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((r) => { timer = setTimeout(r, STOP_GRACE_MS); }),
    ]);
    clearTimeout(timer);
  }

  private event(m: SpooledMail): SESEvent {
    return smtpReceiptEvent(m.id, m.source, m.recipients, m.raw, this.o.bucket, m.receivedAt);
  }

  private failed(m: SpooledMail, requestId: string, attempts: number, error: unknown) {
    if (this.stopped) return;
    const delay = this.o.retryDelaysSeconds[attempts - 1];
    if (delay === undefined) {
      this.track(this.deadLetter(m, requestId, attempts, error));
      return;
    }
    logLine('warn', 'local ingest failed; retrying', { ses_message_id: m.id, request_id: requestId, attempt: attempts, retry_in_seconds: delay, error: String(error) });
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track((async () => {
        try {
          await this.o.ingest(this.event(m), requestId);
          this.o.spool?.markIngested(m.id);
        } catch (e) {
          this.failed(m, requestId, attempts + 1, e);
        }
      })());
    }, delay * 1000);
    this.timers.add(timer);
  }

  private async deadLetter(m: SpooledMail, requestId: string, attempts: number, error: unknown) {
    const message = Buffer.from(error instanceof Error ? error.message : String(error)).subarray(0, MAX_ERROR_MESSAGE_BYTES).toString();
    try {
      await this.sqs.send(new SendMessageCommand({
        QueueUrl: this.o.deadLetterQueueUrl,
        MessageBody: JSON.stringify(this.event(m)),
        MessageAttributes: {
          RequestID: { DataType: 'String', StringValue: requestId },
          // Lambda's ErrorCode is the Invoke call's HTTP status: 200 for an error the function threw.
          ErrorCode: { DataType: 'Number', StringValue: '200' },
          ErrorMessage: { DataType: 'String', StringValue: message || 'Unknown error' },
        },
      }));
    } catch (e) {
      // Still in the spool: the next start tries again.
      logLine('error', 'local ingest failed and could not be put in the dead-letter queue', { ses_message_id: m.id, error: String(e) });
      return;
    }
    // The emulator's state now holds the mail (bucket + dead-letter queue): the spool may let it go.
    this.o.spool?.markIngested(m.id);
    logLine('error', 'local ingest failed after its retries: the event is in the ingest dead-letter queue (npm run replay -- --local)', {
      ses_message_id: m.id, request_id: requestId, attempts, error: message,
    });
  }

  private track(p: Promise<void>) {
    this.inFlight.add(p);
    const done = () => { this.inFlight.delete(p); };
    p.then(done, done);
  }
}

/** Ingests what an earlier run accepted but may not have kept (a kill -9 between SMTP 250 and the next snapshot). */
export async function replaySpool(o: { spool: MailSpool; delivery: InboundDelivery }): Promise<number> {
  const pending = o.spool.pending();
  for (const m of pending) await o.delivery.deliver(m);
  return pending.length;
}
