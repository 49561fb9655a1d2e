import {
  AlreadyExistsException, CreateEmailIdentityCommand, DeleteEmailIdentityCommand, GetEmailIdentityCommand, NotFoundException,
  PutEmailIdentityMailFromAttributesCommand, SESv2Client,
} from '@aws-sdk/client-sesv2';
import { config } from '../config.ts';

const ses = new SESv2Client({});

export interface IdentityState { dkimTokens: string[]; verified: boolean }

/**
 * Whether SES treats an identity as verified for sending. The emulator never flips
 * VerifiedForSendingStatus, so locally a created identity's VerificationStatus stands in
 * (the same rule as lambdas/aws/ses.ts).
 */
export const identityVerified = (r: { VerifiedForSendingStatus?: boolean; VerificationStatus?: string }) =>
  r.VerifiedForSendingStatus === true || (config.localMode && r.VerificationStatus === 'SUCCESS');

/** The identity's Easy DKIM tokens and state, or undefined when SES has no such identity. */
export async function getDomainIdentity(domain: string): Promise<IdentityState | undefined> {
  try {
    const r = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: domain }));
    return { dkimTokens: r.DkimAttributes?.Tokens ?? [], verified: identityVerified(r) };
  } catch (e) {
    if (e instanceof NotFoundException || (e as Error).name === 'NotFoundException') return undefined;
    throw e;
  }
}

/**
 * Creates the SES domain identity with Easy DKIM (SES generates the three key tokens) and the
 * custom MAIL FROM subdomain. An identity left by an earlier attempt is reused with its tokens.
 */
export async function createDomainIdentity(domain: string, mailFrom: string): Promise<IdentityState> {
  let state: IdentityState;
  try {
    const r = await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: domain }));
    state = { dkimTokens: r.DkimAttributes?.Tokens ?? [], verified: r.VerifiedForSendingStatus === true };
  } catch (e) {
    if (!(e instanceof AlreadyExistsException || (e as Error).name === 'AlreadyExistsException')) throw e;
    state = (await getDomainIdentity(domain))!;
  }
  // USE_DEFAULT_VALUE: until the MAIL FROM records exist SES falls back to amazonses.com, so mail still goes out.
  await ses.send(new PutEmailIdentityMailFromAttributesCommand({ EmailIdentity: domain, MailFromDomain: mailFrom, BehaviorOnMxFailure: 'USE_DEFAULT_VALUE' }));
  return state;
}

export async function deleteDomainIdentity(domain: string): Promise<void> {
  try {
    await ses.send(new DeleteEmailIdentityCommand({ EmailIdentity: domain }));
  } catch (e) {
    if (!(e instanceof NotFoundException || (e as Error).name === 'NotFoundException')) throw e;
  }
}
