import { GetEmailIdentityCommand, SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { config, requireEnv } from '../config.ts';

const configurationSet = requireEnv('SES_CONFIGURATION_SET');
const ses = new SESv2Client({});

export interface SentMail { raw: Buffer; from: string; destinations: string[]; sesMessageId: string }
/**
 * The local stack plays SES's outbound side here (delivery to our own domain through the inbound
 * path, mailbox-simulator events); in AWS nothing is registered and SES does it.
 */
let afterSend: ((m: SentMail) => Promise<void>) | undefined;
export const registerLocalOutbound = (fn: (m: SentMail) => Promise<void>) => { afterSend = fn; };

let verified: Promise<boolean> | undefined;
/** Whether the mail domain is a verified sending identity (cached per container once true). */
export function sendingConfigured(): Promise<boolean> {
  verified ??= ses.send(new GetEmailIdentityCommand({ EmailIdentity: config.mailDomain }))
    .then((r) => r.VerifiedForSendingStatus === true || (config.localMode && r.VerificationStatus === 'SUCCESS'))
    .catch(() => false)
    .then((ok) => { if (!ok) verified = undefined; return ok; });
  return verified;
}

/** Sends raw MIME through the configuration set (so delivery, bounce and complaint events flow). */
export async function sendRawMail(raw: Buffer, from: string, destinations: string[]): Promise<string> {
  const res = await ses.send(new SendEmailCommand({
    FromEmailAddress: from,
    Destination: { ToAddresses: destinations },
    Content: { Raw: { Data: raw } },
    ConfigurationSetName: configurationSet,
  }));
  const sesMessageId = res.MessageId!;
  if (afterSend) await afterSend({ raw, from, destinations, sesMessageId });
  return sesMessageId;
}
