import { randomBytes } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { AcceptsDomain } from './custom-domains.ts';
import type { SESEvent } from 'aws-lambda';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { verdictsFromAuthenticationResults } from '../../lambdas/core/spam.ts';
import { RESOURCE_SETTINGS } from '../../lambdas/resource-settings.ts';
import type { MailSpool, SpooledMail } from './spool.ts';

/** SES receiving accepts messages up to 40 MB. */
export const SES_MAX_MESSAGE_BYTES = 40 * 1024 * 1024;
/** SES accepts at most 50 recipients per message. */
const SES_MAX_RECIPIENTS = 50;

export type IngestFn = (event: SESEvent) => Promise<unknown>;

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

/** The SES receipt notification the deployed rule's Lambda action would deliver. */
export function sesReceiptEvent(id: string, source: string, recipients: string[], raw: Buffer, bucket: string, now = new Date().toISOString()): SESEvent {
  const auth = verdictsFromAuthenticationResults(headerValues(raw, 'authentication-results'));
  const v = (status: string) => ({ status });
  return {
    Records: [{
      eventSource: 'aws:ses', eventVersion: '1.0',
      ses: {
        mail: {
          timestamp: now, source, messageId: id, destination: recipients, headersTruncated: false,
          headers: [], commonHeaders: { returnPath: source, from: headerValues(raw, 'from'), to: headerValues(raw, 'to'), messageId: headerValues(raw, 'message-id')[0] ?? '', subject: headerValues(raw, 'subject')[0] ?? '' } as never,
        },
        receipt: {
          timestamp: now, processingTimeMillis: 0, recipients,
          // No scanner runs locally: spam and virus pass; SPF/DKIM/DMARC come from the message.
          spamVerdict: v('PASS'), virusVerdict: v('PASS'), spfVerdict: v(auth.spf), dkimVerdict: v(auth.dkim), dmarcVerdict: v(auth.dmarc),
          action: { type: 'Lambda', functionArn: 'arn:aws:lambda:us-east-1:000000000000:function:ingest', invocationType: 'Event' },
          // S3 action ran first, as in the deployed rule.
          s3Action: { bucketName: bucket, objectKey: `${RESOURCE_SETTINGS.inboundPrefix}${id}` },
        } as never,
      },
    }],
  };
}

/**
 * The SES receiving stand-in: accepts mail for the mail domain only (as SES does for verified
 * domains), stores the raw message under inbound/ in the bucket, and invokes ingest with the
 * receipt notification — envelope recipients (BCC) included.
 */
export function startSmtpServer(opts: { port: number; host: string; mailDomain: string; bucket: string; ingest: IngestFn; spool?: MailSpool;
  /** Verified custom domains are accepted too (lib/local/custom-domains.ts). */
  acceptsDomain?: AcceptsDomain }): Promise<SMTPServer> {
  const s3 = new S3Client({ forcePathStyle: true });
  const deliver = (m: SpooledMail) => deliverAccepted(s3, opts.bucket, opts.ingest, m, opts.spool);
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
          await deliver(m);
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

/** What SES does with a message it accepted: store it under inbound/, then invoke ingest (retried once). */
async function deliverAccepted(s3: S3Client, bucket: string, ingest: IngestFn, m: SpooledMail, spool?: MailSpool) {
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: `${RESOURCE_SETTINGS.inboundPrefix}${m.id}`, Body: m.raw, ContentType: 'message/rfc822' }));
  const event = () => sesReceiptEvent(m.id, m.source, m.recipients, m.raw, bucket, m.receivedAt);
  try {
    await ingest(event());
  } catch (e) {
    // SES has accepted the mail once it is stored; a failed ingest is retried, not bounced.
    console.error(JSON.stringify({ level: 'error', message: 'local ingest failed; retrying once', ses_message_id: m.id, error: String(e) }));
    try {
      await ingest(event());
    } catch (e2) {
      // Left in the spool: the next start ingests it again.
      console.error(JSON.stringify({ level: 'error', message: 'local ingest failed again', ses_message_id: m.id, error: String(e2) }));
      return;
    }
  }
  spool?.markIngested(m.id);
}

/** Ingests what an earlier run accepted but may not have kept (a kill -9 between SMTP 250 and the next snapshot). */
export async function replaySpool(o: { spool: MailSpool; bucket: string; ingest: IngestFn }): Promise<number> {
  const s3 = new S3Client({ forcePathStyle: true });
  const pending = o.spool.pending();
  for (const m of pending) await deliverAccepted(s3, o.bucket, o.ingest, m, o.spool);
  return pending.length;
}
