/**
 * SES v2 outbound over aws4fetch (lambdas/platform/aws/fetch.ts, rest-json) instead of
 * @aws-sdk/client-sesv2, ~230 KB with its @smithy core (docs/decisions.md, "Bundles, AWS calls and observability").
 */
import type { GetEmailIdentityResponse, SendEmailResponse } from '@aws-sdk/client-sesv2';
import { config, requireEnv } from '../config.ts';
import { sesCall } from './sesv2.ts';

const configurationSet = requireEnv('SES_CONFIGURATION_SET');

export interface SentMail { raw: Buffer; from: string; destinations: string[]; sesMessageId: string }
/**
 * The local stack plays SES's outbound side here (delivery to our own domain through the inbound
 * path, mailbox-simulator events); in AWS nothing is registered and SES does it.
 */
let afterSend: ((m: SentMail) => Promise<void>) | undefined;
export const registerLocalSend = (fn: (m: SentMail) => Promise<void>) => { afterSend = fn; };

const verified = new Map<string, Promise<boolean>>();
/**
 * Whether a domain (the mail domain, or an inbox's custom domain) is a verified sending identity
 * (cached per container once true).
 */
export function sendingConfigured(identity: string = config.mailDomain): Promise<boolean> {
  let check = verified.get(identity);
  if (!check) {
    check = sesCall<GetEmailIdentityResponse>('GET', `/v2/email/identities/${encodeURIComponent(identity)}`)
      .then((r) => r.VerifiedForSendingStatus === true || (config.localMode && r.VerificationStatus === 'SUCCESS'))
      .catch(() => false)
      .then((ok) => { if (!ok) verified.delete(identity); return ok; });
    verified.set(identity, check);
  }
  return check;
}

/** Sends raw MIME through the configuration set (so delivery, bounce and complaint events flow). */
export async function sendRawMail(raw: Buffer, from: string, destinations: string[]): Promise<string> {
  const res = await sesCall<SendEmailResponse>('POST', '/v2/email/outbound-emails', {
    FromEmailAddress: from,
    Destination: { ToAddresses: destinations },
    Content: { Raw: { Data: raw.toString('base64') } },
    ConfigurationSetName: configurationSet,
  });
  const sesMessageId = res.MessageId!;
  if (afterSend) await afterSend({ raw, from, destinations, sesMessageId });
  return sesMessageId;
}
