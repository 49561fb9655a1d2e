/**
 * What the HTTP pipeline needs before any operation runs: who a presented API key is, and how
 * many requests its subject made in the current rate window.
 */
import { hashApiKey } from './api-keys.ts';
import { getAccountAndInbox, getApiKey } from './accounts.store.ts';
import { countRequest } from './rate-limits.store.ts';
import type { Caller } from '../platform/caller.ts';

export type KeyLookup = { ok: true; caller: Caller } | { ok: false; reason: 'unknown_key' | 'owner_gone' };

/**
 * The caller a well-formed key stands for. An inbox key always means its own inbox; an account
 * key means the inbox `addressedInboxId` when the request addresses one (undefined if it is not
 * an inbox of any account: authorisation decides what that means).
 */
export async function callerForKey(key: string, addressedInboxId: string | undefined): Promise<KeyLookup>;
/**
 * …and `alongside(accountId)` (the rate counter) run beside the read of the account and inbox, so
 * that counting the request costs no round trip of its own; its result comes back as `counted`.
 */
export async function callerForKey<T>(key: string, addressedInboxId: string | undefined,
  alongside: (accountId: string) => Promise<T>): Promise<KeyLookup & { counted?: T }>;
export async function callerForKey<T>(key: string, addressedInboxId: string | undefined,
  alongside?: (accountId: string) => Promise<T>): Promise<KeyLookup & { counted?: T }> {
  const hash = hashApiKey(key);
  // Both reads strongly consistent: the request right after a rotation must see it.
  const record = await getApiKey(hash);
  if (!record) return { ok: false, reason: 'unknown_key' };
  const inboxId = record.kind === 'inbox' ? record.inbox_id : addressedInboxId;
  const [{ account, inbox }, counted] = await Promise.all([getAccountAndInbox(record.account_id, inboxId, true), alongside?.(record.account_id)]);
  if (!account) return { ok: false, reason: 'owner_gone' };
  if (record.kind === 'inbox' && !inbox) return { ok: false, reason: 'owner_gone' };
  if (isRevoked(record.kind === 'inbox' ? inbox : account, hash)) return { ok: false, reason: 'unknown_key' };
  return { ok: true, caller: { kind: record.kind, account, inbox }, counted };
}

/**
 * A key item whose owner records another current key was rotated away: its item is normally
 * deleted by the rotation, but one whose hash the rotation did not know (an inbox key from before
 * rotation existed, rotated with the account key) is left behind and refused here.
 */
const isRevoked = (owner: { key_hash?: string } | undefined, hash: string) => !!owner?.key_hash && owner.key_hash !== hash;

/** Counts one request of `subject` in the window starting at `windowStart`; returns the count so far. */
export const countApiRequest = (subject: string, windowStart: number, windowSeconds: number): Promise<number> =>
  countRequest(subject, windowStart, windowSeconds);
