/**
 * SES v2 domain identities over aws4fetch (rest-json), as lambdas/aws/ses.ts: errors are named by
 * SES's error code (NotFoundException, AlreadyExistsException), as the SDK named them.
 */
import type { CreateEmailIdentityResponse, GetEmailIdentityResponse } from '@aws-sdk/client-sesv2';
import { config } from '../config.ts';
import { awsRestJsonCall } from './fetch.ts';

/** One SES v2 call (signing name `ses`, host email.<region>; AWS_ENDPOINT_URL_SESV2 overrides). */
export const sesCall = <T>(method: string, path: string, body?: unknown) =>
  awsRestJsonCall<T>({ service: 'ses', envId: 'SESV2', host: 'email', method, path, body });
const identityPath = (domain: string) => `/v2/email/identities/${encodeURIComponent(domain)}`;

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
    const r = await sesCall<GetEmailIdentityResponse>('GET', identityPath(domain));
    return { dkimTokens: r.DkimAttributes?.Tokens ?? [], verified: identityVerified(r) };
  } catch (e) {
    if ((e as Error).name === 'NotFoundException') return undefined;
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
    const r = await sesCall<CreateEmailIdentityResponse>('POST', '/v2/email/identities', { EmailIdentity: domain });
    state = { dkimTokens: r.DkimAttributes?.Tokens ?? [], verified: r.VerifiedForSendingStatus === true };
  } catch (e) {
    if ((e as Error).name !== 'AlreadyExistsException') throw e;
    state = (await getDomainIdentity(domain))!;
  }
  // USE_DEFAULT_VALUE: until the MAIL FROM records exist SES falls back to amazonses.com, so mail still goes out.
  await sesCall('PUT', `${identityPath(domain)}/mail-from`, { MailFromDomain: mailFrom, BehaviorOnMxFailure: 'USE_DEFAULT_VALUE' });
  return state;
}

export async function deleteDomainIdentity(domain: string): Promise<void> {
  try {
    await sesCall('DELETE', identityPath(domain));
  } catch (e) {
    if ((e as Error).name !== 'NotFoundException') throw e;
  }
}
