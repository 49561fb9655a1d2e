/**
 * @mailroom/sdk: a typed client for the Mailroom API (email inboxes for AI agents).
 *
 * @example
 * import { Mailroom } from '@mailroom/sdk';
 * const mailroom = new Mailroom({ apiUrl: 'http://localhost:3000', apiKey: process.env.MAILROOM_API_KEY });
 * const inbox = await mailroom.inboxes.create({ username: 'my-agent' });
 * const { verification_code } = await mailroom.waitForMessage(inbox.id, { has: 'code' });
 */
export { DEFAULT_API_URL, DEFAULT_WAIT_SECONDS, MAX_WAIT_CALL_SECONDS, Mailroom } from './client.js';
export type { ArrivedMessage, ClaimedItem, MailroomOptions, WaitForMessageOptions, WaitQuery, WaitResult } from './client.js';
export { MailroomError, WaitTimeoutError, type ErrorEnvelope } from './errors.js';
export { CLIENT_ID_MAX_LENGTH, clientIdFrom, newClientId, withClientId } from './idempotency.js';
export { MAX_PAGE_SIZE, paginate, type Page, type PageRequest, type PaginateOptions } from './paginate.js';
export { DEFAULT_PING_INTERVAL_MS, StreamSubscribeError, type StreamEvent, type StreamOptions } from './stream.js';
export { DEFAULT_RETRY, retryingFetch, type RetryEvent, type RetryOptions } from './retry.js';
export {
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS, verifyWebhook, WebhookVerificationError,
  type VerifyWebhookOptions, type WebhookEvent, type WebhookHeaders, type WebhookVerificationFailure,
} from './webhooks.js';
// Every schema of openapi.json as a type: Message, Inbox, Thread, Draft, Webhook, …
export type * from './generated/schema.js';
