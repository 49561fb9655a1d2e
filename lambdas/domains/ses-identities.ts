/**
 * SES v2 domain identities over aws4fetch (rest-json), as lambdas/platform/aws/ses.ts: errors are named by
 * SES's error code (NotFoundException, AlreadyExistsException), as the SDK named them.
 *
 * There is one SES identity per domain name in the AWS account, shared by every stack and by
 * whatever else the account sends as. So nothing here touches an identity it did not create: an
 * identity is created with the stack's and the claim's tags (core/domains.ts identityTags), looked
 * up before it is created, and given a MAIL FROM or deleted only when it carries those tags. The
 * functions' IAM policy holds the stack tag too (aws:ResourceTag), so code alone is not the guard.
 */
import type { CreateEmailIdentityResponse, GetEmailIdentityResponse } from '@aws-sdk/client-sesv2';
import { config } from '../platform/config.ts';
import { identityOwnedBy, identityTags } from './dns-records.ts';
import { sesCall } from '../platform/aws/sesv2.ts';

const identityPath = (domain: string) => `/v2/email/identities/${encodeURIComponent(domain)}`;

/** The stack's tag value: its table, one per stack in an account and region. */
const stackId = () => config.tableName;

export interface IdentityState {
  dkimTokens: string[];
  verified: boolean;
  /** Created by this stack for the claim asked about (its tags say so). */
  owned: boolean;
}

/**
 * Whether SES treats an identity as verified for sending. The emulator never flips
 * VerifiedForSendingStatus, so locally a created identity's VerificationStatus stands in
 * (the same rule as lambdas/platform/aws/ses.ts).
 */
export const identityVerified = (r: { VerifiedForSendingStatus?: boolean; VerificationStatus?: string }) =>
  r.VerifiedForSendingStatus === true || (config.localMode && r.VerificationStatus === 'SUCCESS');

/**
 * The identity's Easy DKIM tokens, state and whether this stack created it for `claimId` (asked
 * without one: whether any identity exists); undefined when SES has no such identity.
 */
export async function getDomainIdentity(domain: string, claimId?: string): Promise<IdentityState | undefined> {
  try {
    const r = await sesCall<GetEmailIdentityResponse>('GET', identityPath(domain));
    return { dkimTokens: r.DkimAttributes?.Tokens ?? [], verified: identityVerified(r),
      owned: claimId !== undefined && identityOwnedBy(r.Tags, stackId(), claimId) };
  } catch (e) {
    if ((e as Error).name === 'NotFoundException') return undefined;
    throw e;
  }
}

export type EnsureIdentityOutcome = { ok: true; identity: IdentityState } | { ok: false; reason: 'foreign' };

/**
 * The claim's SES domain identity with Easy DKIM (SES generates the three key tokens) and the
 * custom MAIL FROM subdomain: created, tagged, when there is none; reused when this stack created
 * it for this claim (a retry); refused ('foreign') when it is anyone else's — another stack's,
 * another claim's, or one made outside Mailroom — which is then left exactly as it was.
 */
export async function ensureDomainIdentity(domain: string, mailFrom: string, claimId: string): Promise<EnsureIdentityOutcome> {
  let identity = await getDomainIdentity(domain, claimId);
  if (!identity) {
    try {
      const r = await sesCall<CreateEmailIdentityResponse>('POST', '/v2/email/identities', { EmailIdentity: domain, Tags: identityTags(stackId(), claimId) });
      identity = { dkimTokens: r.DkimAttributes?.Tokens ?? [], verified: identityVerified(r), owned: true };
    } catch (e) {
      // Created meanwhile, by a concurrent retry of this claim or by someone else: look again.
      if ((e as Error).name !== 'AlreadyExistsException') throw e;
      identity = await getDomainIdentity(domain, claimId);
      if (!identity) throw e;
    }
  }
  if (!identity.owned) return { ok: false, reason: 'foreign' };
  // USE_DEFAULT_VALUE: until the MAIL FROM records exist SES falls back to amazonses.com, so mail still goes out.
  await sesCall('PUT', `${identityPath(domain)}/mail-from`, { MailFromDomain: mailFrom, BehaviorOnMxFailure: 'USE_DEFAULT_VALUE' });
  return { ok: true, identity };
}

/**
 * Deletes the claim's identity if this stack created it for this claim; anyone else's identity
 * (or none) stays as it is. Answers whether there was one of ours to delete.
 */
export async function deleteOwnedDomainIdentity(domain: string, claimId: string): Promise<boolean> {
  const identity = await getDomainIdentity(domain, claimId);
  if (!identity?.owned) return false;
  try {
    await sesCall('DELETE', identityPath(domain));
  } catch (e) {
    if ((e as Error).name !== 'NotFoundException') throw e;
  }
  return true;
}
