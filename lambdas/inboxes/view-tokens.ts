/**
 * The view token of an inbox: what view_url carries instead of the inbox key. It opens the inbox
 * page (read only) and nothing else: it is shaped unlike an API key, so the API refuses it as a
 * malformed key before any lookup. It is derived, not stored: an HMAC of the inbox id and the
 * inbox's view_token_version under the link signing secret, so GET /v1/inboxes/{id} can answer
 * the link again, and bumping the version (POST /v1/inboxes/{id}/view-url) revokes every earlier one.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const VIEW_TOKEN_PREFIX = 'mrv_';
/** The prefix and 43 base64url characters: a whole SHA-256 MAC. */
const VIEW_TOKEN_SHAPE = /^mrv_[A-Za-z0-9_-]{43}$/;

/**
 * `mailroom-view.` separates these MACs from the magic links' (`mailroom-link.`) made with the
 * same secret: no signature of one kind is ever a valid one of the other.
 */
export const viewToken = (secret: string, inboxId: string, version: number) =>
  `${VIEW_TOKEN_PREFIX}${createHmac('sha256', secret).update(`mailroom-view.${inboxId}.${version}`).digest('base64url')}`;

export const looksLikeViewToken = (token: string) => VIEW_TOKEN_SHAPE.test(token);

/** Whether `token` is the current view token of the inbox (constant-time comparison). */
export function viewTokenMatches(secret: string, inboxId: string, version: number, token: string): boolean {
  if (!looksLikeViewToken(token)) return false;
  const expected = Buffer.from(viewToken(secret, inboxId, version));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
