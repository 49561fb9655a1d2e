/**
 * next_steps wording, written for an agent reading the response: what to do now.
 * Operations add their own; these are the defaults for each error code.
 */
const ERROR_STEPS: Record<string, string[]> = {
  UNAUTHORIZED: ['Send your key as "Authorization: Bearer <key>".', 'No key yet? POST /v1/inboxes with {"username": "..."} creates an inbox and returns one.'],
  INVALID_API_KEY: ['Check that you are using the right key: api_key for one inbox, account_api_key for account-wide calls.', 'GET /v1/capabilities shows what your key can do.'],
  INVALID_USERNAME: ['Use 3-32 characters: lowercase letters, digits and hyphens, starting and ending with a letter or digit.'],
  USERNAME_TAKEN: ['Pick another username, e.g. add a suffix such as "-2" or a short random string.'],
  INBOX_NOT_FOUND: ['List your inboxes with GET /v1/inboxes (account key) to find the right id.'],
  INBOX_LIMIT_EXCEEDED: ['Delete an inbox you no longer need (DELETE /v1/inboxes/{id}), or ask your operator to upgrade using upgrade_context.'],
  RATE_LIMIT_EXCEEDED: ['Wait retry_after seconds, then retry with exponential backoff.'],
  VALIDATION_ERROR: ['Fix the field named in "field" and send the request again.', 'GET /openapi.json describes every field.'],
  MALFORMED_JSON: ['Send a valid JSON object with Content-Type: application/json.'],
  PAYLOAD_TOO_LARGE: ['Send a smaller body.'],
  UNSUPPORTED_MEDIA_TYPE: ['Send the body as JSON with Content-Type: application/json.'],
  NOT_FOUND: ['Check the path and method; GET /openapi.json lists every route.'],
  METHOD_NOT_ALLOWED: ['Use one of the methods in the Allow header.'],
  PAYMENT_DECLINED: ['Ask your operator for another payment method: relay upgrade_context.agent_script, whose link lets them pay without logging in.'],
  TIER_ALREADY_HELD: ['GET /v1/account shows your current tier; choose a higher tier.'],
  ACCOUNT_UNDER_REVIEW: ['Ask your operator to contact support; most operations are paused while the account is reviewed.'],
  INTERNAL_ERROR: ['Retry with exponential backoff. If it keeps failing, report the request_id.'],
  ATTACHMENT_NOT_FOUND: ['Read the message (GET /v1/inboxes/{id}/messages/{msgId}) and use an id from its attachments.'],
  SEND_REQUIRES_PAID: ['Free accounts receive only. Relay upgrade_context.agent_script to your operator; sending works as soon as they upgrade.'],
  SEND_LIMIT_EXCEEDED: ['Wait retry_after seconds (the daily quota resets at midnight UTC), or ask your operator to upgrade using upgrade_context.'],
  DOMAIN_REQUIRES_PAID: ['Create the inbox without domain_id: it gets an address at the service domain. Custom domains need a paid tier (see GET /v1/capabilities).'],
  SMTP_REQUIRES_PAID: ['This deployment offers no SMTP submission on any tier: send with POST /v1/inboxes/{id}/send (paid tiers).'],
  SMTP_NOT_OFFERED: ['This deployment offers no SMTP submission: send with POST /v1/inboxes/{id}/send.'],
  DOMAIN_LIMIT_EXCEEDED: ['Delete a domain you no longer use (DELETE /v1/domains/{id}), or relay upgrade_context.agent_script to your operator for a tier with more domains.'],
  DOMAIN_EXISTS: ['This account already has the domain: GET /v1/domains lists it with its records and status.'],
  DOMAIN_TAKEN: ['Another account has claimed this domain. If it is yours, ask support to release it; otherwise use a domain you control.'],
  DOMAIN_NOT_VERIFIED: ['Publish the records of GET /v1/domains/{id}, then POST /v1/domains/{id}/verify until status is verified.'],
  DOMAIN_IN_USE: ['Delete the inboxes at this domain first (GET /v1/inboxes lists them), then delete the domain.'],
  INVALID_DOMAIN: ['Send a bare domain name you control, like agents.example.com (Unicode names are accepted).'],
  WEBHOOK_ENDPOINT_UNHEALTHY: ['Fix the endpoint (it must answer 200 within 5 seconds), then POST /v1/webhooks/{id}/enable.'],
  ACCOUNT_SUSPENDED: ['Ask your operator to contact support; a suspended account cannot create or send.'],
  DOMAIN_NOT_FOUND: ['Omit domain_id to use the service domain, or check the id of your verified custom domain.'],
  INVALID_PAYMENT_METHOD: ['Ask your operator for a valid payment method id (in the sandbox: pm_card_visa).'],
  DOWNGRADE_NOT_SUPPORTED: ['Ask your operator to contact support to change plans downward; GET /v1/account shows the current tier.'],
  BIN_LIMIT_EXCEEDED: ['Delete a bin you no longer need (GET /v1/test/bins lists them, DELETE /v1/test/bins/{id}), or wait for one to expire.'],
  BIN_NOT_FOUND: ['GET /v1/test/bins lists your live bins; a bin past its expires_at or deleted is gone: create another with POST /v1/test/bins.'],
  CONFLICT: ['Something changed while this request ran: read the resource again, then retry if it is still needed.'],
};

export const nextStepsForError = (code: string): string[] =>
  ERROR_STEPS[code] ?? ['Read the message, correct the request, and try again.'];
