import type { SNSEvent } from 'aws-lambda';
import { createTransport } from 'nodemailer';
import type { SentMail } from '../../lambdas/platform/aws/ses.ts';
import { sesNotificationEvent } from '../../lambdas/sending/ses-notification.ts';
import type { AcceptsDomain } from './custom-domains.ts';

export type SesEventsHandler = (event: SNSEvent) => Promise<unknown>;

/** SES's mailbox simulator (https://docs.aws.amazon.com/ses/latest/dg/send-an-email-from-console.html). */
const SIMULATOR_DOMAIN = 'simulator.amazonses.com';
/** How long after SendEmail the local "SES" reports what happened to the message. */
const SES_EVENT_DELAY_MS = 200;

const snsEvent = (message: unknown) => sesNotificationEvent(message, 'arn:aws:sns:us-east-1:000000000000:ses-events');

/**
 * SES signs what it sends with the verified domain's Easy DKIM key from an SPF-authorised server,
 * so SES receiving finds SPF, DKIM and DMARC passing and says so in Authentication-Results, which
 * the receiving stand-in reads (lib/local/smtp.ts): mail between two inboxes is sender_verified.
 */
function authenticationResults(from: string): Buffer {
  const domain = from.slice(from.lastIndexOf('@') + 1).replace(/>$/, '');
  return Buffer.from(`Authentication-Results: amazonses.com; spf=pass smtp.mailfrom=${from}; dkim=pass header.i=@${domain}; dmarc=pass header.from=${domain}\r\n`);
}

/**
 * What SES does after accepting a message, played locally: recipients at our own mail domain (and
 * verified custom domains) get
 * it through the inbound path (SMTP to the receiving stand-in, as MX would), and the mailbox
 * simulator's addresses produce their configuration-set events (delivery, bounce, complaint).
 */
export function localOutbound(o: { mailDomain: string; smtpHost: string; smtpPort: number; sesEvents: SesEventsHandler; acceptsDomain?: AcceptsDomain }) {
  const smtp = createTransport({ host: o.smtpHost, port: o.smtpPort, secure: false, ignoreTLS: true });
  const ours = async (address: string) => {
    const domain = address.toLowerCase().slice(address.lastIndexOf('@') + 1);
    return domain === o.mailDomain || (await o.acceptsDomain?.(domain)) === true;
  };
  return async (m: SentMail) => {
    const flags = await Promise.all(m.destinations.map(ours));
    const local = m.destinations.filter((_, i) => flags[i]);
    if (local.length) await smtp.sendMail({ envelope: { from: m.from, to: local }, raw: Buffer.concat([authenticationResults(m.from), m.raw]) });
    // SES reports delivery, bounces and complaints asynchronously, after SendEmail has answered.
    setTimeout(() => void emitEvents(m, local).catch((e) =>
      console.error(JSON.stringify({ level: 'error', message: 'local SES event failed', error: String(e) }))), SES_EVENT_DELAY_MS);
  };

  async function emitEvents(m: SentMail, local: string[]) {
    const now = new Date().toISOString();
    const mail = { messageId: m.sesMessageId, timestamp: now, source: m.from, destination: m.destinations };
    const simulated = m.destinations.filter((d) => d.toLowerCase().endsWith(`@${SIMULATOR_DOMAIN}`));
    for (const address of simulated) {
      const box = address.toLowerCase().split('@')[0]!.split('+')[0]!;
      if (box === 'bounce' || box === 'suppressionlist') {
        await o.sesEvents(snsEvent({ eventType: 'Bounce', mail, bounce: { bounceType: 'Permanent', bounceSubType: box === 'bounce' ? 'General' : 'OnAccountSuppressionList', timestamp: now,
          bouncedRecipients: [{ emailAddress: address, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }] } }));
      } else if (box === 'complaint') {
        await o.sesEvents(snsEvent({ eventType: 'Delivery', mail, delivery: { timestamp: now, recipients: [address] } }));
        await o.sesEvents(snsEvent({ eventType: 'Complaint', mail, complaint: { complainedRecipients: [{ emailAddress: address }], complaintFeedbackType: 'abuse', timestamp: now, userAgent: 'Mailroom local simulator' } }));
      } else {
        await o.sesEvents(snsEvent({ eventType: 'Delivery', mail, delivery: { timestamp: now, recipients: [address] } }));
      }
    }
    if (local.length && !simulated.length) await o.sesEvents(snsEvent({ eventType: 'Delivery', mail, delivery: { timestamp: now, recipients: local } }));
  }
}
