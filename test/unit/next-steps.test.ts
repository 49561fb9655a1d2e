import { describe, expect, it } from 'vitest';
import { nextStepsForError } from '../../lambdas/platform/http/next-steps.ts';

const FALLBACK = nextStepsForError('SOMETHING_NOBODY_RETURNS');

/** The error codes of the interface spec, and those the HTTP layer, inboxes and account return. */
const CODES = [
  // spec: Errors
  'INVALID_USERNAME', 'USERNAME_TAKEN', 'INVALID_API_KEY', 'UNAUTHORIZED', 'INBOX_NOT_FOUND', 'ATTACHMENT_NOT_FOUND',
  'RATE_LIMIT_EXCEEDED', 'SEND_REQUIRES_PAID', 'SEND_LIMIT_EXCEEDED', 'DOMAIN_REQUIRES_PAID', 'SMTP_REQUIRES_PAID',
  'INBOX_LIMIT_EXCEEDED', 'WEBHOOK_ENDPOINT_UNHEALTHY', 'ACCOUNT_UNDER_REVIEW',
  // the HTTP layer
  'VALIDATION_ERROR', 'MALFORMED_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'NOT_FOUND', 'METHOD_NOT_ALLOWED', 'INTERNAL_ERROR',
  // inboxes and account
  'ACCOUNT_SUSPENDED', 'DOMAIN_NOT_FOUND', 'PAYMENT_DECLINED', 'INVALID_PAYMENT_METHOD', 'TIER_ALREADY_HELD', 'DOWNGRADE_NOT_SUPPORTED', 'CONFLICT',
  // custom domains and capabilities (issue 15)
  'INVALID_DOMAIN', 'DOMAIN_TAKEN', 'DOMAIN_LIMIT_EXCEEDED', 'DOMAIN_NOT_VERIFIED', 'DOMAIN_IN_USE', 'SMTP_NOT_OFFERED',
];

describe('next_steps for errors', () => {
  it('an unknown code still gets something to do', () => {
    expect(FALLBACK.length).toBeGreaterThan(0);
  });
});

describe('every error code has next steps of its own, not only "Read the message, correct the request, and try again."', () => {
  // DOMAIN_REQUIRES_PAID, SEND_REQUIRES_PAID, INVALID_PAYMENT_METHOD, ACCOUNT_SUSPENDED, … fell
  // back to the generic line, which tells an agent nothing it can do.
  it('PAYMENT_DECLINED does not send the agent to an upgrade-link endpoint that does not exist', () => {
    expect(nextStepsForError('PAYMENT_DECLINED').join(' ')).not.toContain('/v1/account/upgrade-link');
    expect(nextStepsForError('PAYMENT_DECLINED').join(' ')).toContain('upgrade_context');
  });

  it.each(CODES)('%s has its own next steps', (code) => {
    const steps = nextStepsForError(code);
    expect(steps).not.toEqual(FALLBACK);
    expect(steps.length).toBeGreaterThan(0);
    for (const s of steps) expect(s.trim().length).toBeGreaterThan(10);
  });
});
