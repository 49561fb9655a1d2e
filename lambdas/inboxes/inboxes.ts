import { generateApiKey, hashApiKey } from '../accounts/api-keys.ts';
import { badRequest, conflict, forbidden, notFound, paymentRequired, tooManyRequests, type DomainError } from '../platform/errors.ts';
import { isId, newId } from '../platform/ids.ts';
import { effectiveLimits, isPaid, type Tier } from '../accounts/tiers.ts';
import { usernameProblem } from './usernames.ts';
import { config } from '../platform/config.ts';
import * as store from '../accounts/accounts.store.ts';
import type { AccountRecord } from '../accounts/accounts.entities.ts';
import type { CustomDomainRecord } from '../domains/domains.entities.ts';
import type { InboxRecord } from './inboxes.entities.ts';
import { getDomain } from '../domains/domains.store.ts';
import { getIdempotentResource, getLegacyIdempotentResource, idempotencyScope } from '../platform/dynamo/idempotency.ts';
import { rotateInboxKey as rotateStoredInboxKey } from '../accounts/credentials.store.ts';
import type { z } from 'zod';
import type { CreateInboxBody, ListInboxesQuery, UpdateInboxBody } from './inboxes.schemas.ts';
import { dispatchAfterCommit, newEvent } from '../events/outbox.ts';
import { upgradeContext } from '../accounts/upgrade-context.ts';
import { displayName } from './inbox-views.ts';

/** Rolling window for inbox creation limits (spec: 10 per hour per IP, rolling). */
const CREATION_WINDOW_MS = 3600_000;
/** Metadata is stored on the inbox item; keep it far below DynamoDB's 400 KB item cap. */
const MAX_METADATA_BYTES = 4096;
/**
 * Concurrent creations from one subject (an IP, an account) race on its creation window: each
 * round exactly one of them wins the optimistic version check. Retrying at once makes the losers
 * collide again, so back off with full jitter; enough rounds that a burst of a dozen parallel
 * creations all get through (worst case about 2 s of waiting).
 */
const CREATE_ATTEMPTS = 12;
const CREATE_BACKOFF_CAP_MS = 250;
const backoff = (attempt: number) =>
  new Promise((r) => setTimeout(r, Math.random() * Math.min(CREATE_BACKOFF_CAP_MS, 10 * 2 ** attempt)));

/**
 * The display name becomes the sender name of outbound mail: control characters (CR/LF above
 * all) could forge headers there, and no person's name needs them.
 */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
function checkDisplayName(name: string | null | undefined) {
  if (name && CONTROL_CHARACTERS.test(name)) {
    throw badRequest('VALIDATION_ERROR', 'display_name: must not contain line breaks, tabs or other control characters', { field: 'display_name' });
  }
}

export type CreateInboxInput = z.output<typeof CreateInboxBody>;
export type ListInboxesInput = z.output<typeof ListInboxesQuery>;

/**
 * A new inbox with its keys (shown this once), or — a repeat with the same client_id — the
 * inbox that client_id created, without keys (they are stored only as hashes).
 */
export type CreateInboxOutcome =
  | { kind: 'created'; inbox: InboxRecord; tier: Tier; apiKey: string; accountApiKey?: string }
  | { kind: 'replayed'; inbox: InboxRecord; tier: Tier; clientId: string; showMetadata: boolean };

function accountProblem(account: AccountRecord): DomainError | undefined {
  if (account.status === 'under_review') return forbidden('ACCOUNT_UNDER_REVIEW', 'This account is under review; creating inboxes is paused.');
  if (account.status === 'suspended') return forbidden('ACCOUNT_SUSPENDED', 'This account is suspended.');
  return undefined;
}

async function inboxLimitError(account: AccountRecord, max: number) {
  return forbidden('INBOX_LIMIT_EXCEEDED', `This account has ${max} inboxes, the most its ${account.tier} tier allows.`, {
    current_usage: { inboxes: account.inbox_count, max_inboxes: max },
    upgrade_context: await upgradeContext(account.id, account.tier, `I have reached the limit of ${max} inboxes.`),
  });
}

/**
 * Creates an inbox: in `account`, or without one in a new free account. `sourceIp` is what
 * keyless creation is limited and made idempotent by.
 */
export async function createInbox(body: CreateInboxInput, account: AccountRecord | undefined, sourceIp: string): Promise<CreateInboxOutcome> {
  const username = body.username;
  const problem = usernameProblem(username);
  if (problem) throw badRequest('INVALID_USERNAME', problem, { field: 'username' });
  checkDisplayName(body.display_name);
  if (body.metadata && Buffer.byteLength(JSON.stringify(body.metadata)) > MAX_METADATA_BYTES) {
    throw badRequest('VALIDATION_ERROR', `metadata: at most ${MAX_METADATA_BYTES} bytes of JSON`, { field: 'metadata' });
  }
  const tier: Tier = account?.tier ?? 'free';
  let domain: CustomDomainRecord | undefined;
  if (body.domain_id) {
    if (!isPaid(tier)) {
      throw paymentRequired('DOMAIN_REQUIRES_PAID', 'Custom domains need a paid tier.', {
        upgrade_context: account ? await upgradeContext(account.id, tier, 'I need a custom email domain.') : undefined,
      });
    }
    domain = await getDomain(account!.id, body.domain_id);
    if (!domain) throw badRequest('DOMAIN_NOT_FOUND', `domain_id: no custom domain ${body.domain_id} in this account.`, { field: 'domain_id' });
    if (domain.status !== 'verified') {
      throw conflict('DOMAIN_NOT_VERIFIED', `${domain.domain} is not verified yet; inboxes there are created once it is.`, { field: 'domain_id',
        next_steps: [`Publish the records of GET /v1/domains/${domain.id}, then POST /v1/domains/${domain.id}/verify.`] });
    }
  }
  if (account) {
    const blocked = accountProblem(account);
    if (blocked) throw blocked;
  }

  // Keyless: scoped to the source IP AND the username, so agents sharing one NAT address cannot
  // replay (and read) each other's inbox by reusing a client_id. Its own operation: a client_id of
  // a send never names an inbox.
  const idem: IdempotencyScopes = {
    scope: idempotencyScope('create_inbox', account ? `acc:${account.id}` : `ip:${sourceIp}#${username}`),
    legacy: account ? { scope: `acc:${account.id}`, accountId: account.id } : { scope: `ip:${sourceIp}#${username}`, username },
  };
  if (body.client_id) {
    const replay = await replayIdempotent(idem, body.client_id, tier, account?.id);
    if (replay) return replay;
  }

  const limits = effectiveLimits(tier, config.limitOverrides);
  const windowSubject = tier === 'free' ? `ip:${sourceIp}` : `acc:${account!.id}`;
  if (account && limits.maxInboxes >= 0 && account.inbox_count >= limits.maxInboxes) {
    throw await inboxLimitError(account, limits.maxInboxes);
  }

  for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
    const window = await store.getCreationWindow(windowSubject);
    const nowMs = Date.now();
    const recent = window.times.filter((t) => t > nowMs - CREATION_WINDOW_MS).sort((a, b) => a - b);
    if (recent.length >= limits.inboxCreatesPerHour) {
      const retryAfter = Math.max(1, Math.ceil((recent[0]! + CREATION_WINDOW_MS - nowMs) / 1000));
      throw tooManyRequests(
        tier === 'free'
          ? `At most ${limits.inboxCreatesPerHour} free inboxes can be created per hour from one IP address.`
          : `At most ${limits.inboxCreatesPerHour} inboxes can be created per hour per account.`,
        { code: 'INBOX_CREATE_RATE_LIMIT', retry_after: retryAfter,
          current_usage: { created_last_hour: recent.length, limit: limits.inboxCreatesPerHour, window_seconds: 3600 } },
      );
    }

    const now = new Date(nowMs).toISOString();
    const accountId = account?.id ?? newId('account', nowMs);
    const inboxKey = generateApiKey(tier);
    const accountKey = account ? undefined : generateApiKey('free');
    const inbox: InboxRecord = {
      id: newId('inbox', nowMs),
      account_id: accountId,
      username,
      address: `${username}@${domain?.domain ?? config.mailDomain}`,
      ...(domain ? { domain_id: domain.id } : {}),
      display_name: body.display_name ?? null,
      status: 'active',
      created_at: now,
      updated_at: now,
      message_count: 0,
      thread_count: 0,
      last_received_at: null,
      ...(body.client_id ? { client_id: body.client_id } : {}),
      ...(body.metadata ? { metadata: body.metadata } : {}),
      key_hash: hashApiKey(inboxKey),
    };
    const newAccount: AccountRecord | undefined = account ? undefined : {
      id: accountId, tier: 'free', status: 'active', created_at: now, updated_at: now, inbox_count: 1, deleted_inbox_count: 0,
      key_hash: hashApiKey(accountKey!),
      billing: { provider: null, payment_customer_id: null, subscription_id: null, subscription_status: 'free' },
    };
    const created = await newEvent('inbox.created', { account_id: accountId, inbox_id: inbox.id, timestamp: now }, {
      inbox: { id: inbox.id, address: inbox.address, display_name: displayName(inbox), status: inbox.status, created_at: now },
    });
    const outcome = await store.createInbox({
      events: [created],
      inbox,
      inboxKeyHash: inbox.key_hash!,
      newAccount: newAccount && accountKey ? { account: newAccount, accountKeyHash: newAccount.key_hash! } : undefined,
      maxInboxes: limits.maxInboxes,
      creationWindow: {
        subject: windowSubject,
        times: [...recent, nowMs],
        expectedVersion: window.version,
        windowMs: CREATION_WINDOW_MS,
      },
      idempotency: body.client_id ? { scope: idem.scope, clientId: body.client_id } : undefined,
      domain: domain ? { accountId: domain.account_id, domainId: domain.id } : undefined,
    });
    if (outcome.ok) {
      await dispatchAfterCommit([created]);
      return { kind: 'created', inbox, tier, apiKey: inboxKey, ...(accountKey ? { accountApiKey: accountKey } : {}) };
    }
    switch (outcome.reason) {
      case 'username_taken': {
        // Concurrent repeats of one creation race for the username: the winner's transaction
        // wrote the client_id too, so a loser answers with that inbox like any later repeat.
        const replay = body.client_id ? await replayIdempotent(idem, body.client_id, tier, account?.id) : undefined;
        if (replay) return replay;
        throw conflict('USERNAME_TAKEN', domain ? `${inbox.address} is already taken.` : `The username "${username}" is already taken.`, { field: 'username' });
      }
      case 'domain_unverified':
        throw badRequest('DOMAIN_NOT_FOUND', `domain_id: custom domain ${body.domain_id} was deleted meanwhile.`, { field: 'domain_id' });
      case 'inbox_limit': {
        const fresh = await store.getAccount(accountId);
        const blocked = fresh && accountProblem(fresh);
        if (blocked) throw blocked;
        throw await inboxLimitError(fresh ?? account!, limits.maxInboxes);
      }
      case 'duplicate_client_id': {
        const replay = await replayIdempotent(idem, body.client_id!, tier, account?.id);
        if (replay) return replay;
        await backoff(attempt);
        continue;
      }
      case 'window_changed':
      case 'account_inactive':
        await backoff(attempt);
        continue;
    }
  }
  throw tooManyRequests('Too many inbox creations at the same moment; try again.', { code: 'CONCURRENT_CREATE', retry_after: 1 });
}

/**
 * Where a creation's client_id is kept: its key (operation create_inbox, the account or the IP and
 * username), and the key items written before per-operation keys used, with what the inbox it
 * names must match (those items never expire; a repeat across that deploy still finds its inbox).
 */
interface IdempotencyScopes {
  scope: string;
  legacy: { scope: string; accountId?: string; username?: string };
}

/**
 * A repeat with the same client_id: the existing inbox, 200, without keys (they are hashed).
 * `callerTier` is the caller's; a keyless caller is "free" even when the inbox's account has
 * been upgraded since, so the owner's tier is read for that case.
 */
async function replayIdempotent(idem: IdempotencyScopes, clientId: string, callerTier: Tier, callerAccountId?: string): Promise<CreateInboxOutcome | undefined> {
  let inbox: InboxRecord | undefined;
  const inboxId = await getIdempotentResource(idem.scope, clientId);
  if (inboxId) inbox = await store.getInbox(inboxId);
  else {
    const legacyId = await getLegacyIdempotentResource(idem.legacy.scope, clientId);
    const legacy = legacyId && isId('inbox', legacyId) ? await store.getInbox(legacyId) : undefined;
    const { accountId, username } = idem.legacy;
    if (legacy && (accountId ? legacy.account_id === accountId : legacy.username === username)) inbox = legacy;
  }
  if (!inbox) return undefined;
  const tier = inbox.account_id === callerAccountId ? callerTier : (await store.getAccount(inbox.account_id))?.tier ?? callerTier;
  // Metadata only to the owning account's key: a keyless replay proves no ownership.
  return { kind: 'replayed', inbox, tier, clientId, showMetadata: inbox.account_id === callerAccountId };
}

/**
 * A page of the account's inboxes in id (creation) order; deleted ones only when asked. The total
 * is the account's counters (active inboxes, plus deleted ones), written with each inbox.
 */
export async function listInboxes(account: AccountRecord, { limit, offset, cursor, include_deleted }: ListInboxesInput) {
  const page = await store.pageAccountInboxes(account.id, include_deleted === true, { limit, offset, cursor });
  const total = !include_deleted ? account.inbox_count
    : account.deleted_inbox_count !== undefined ? account.inbox_count + account.deleted_inbox_count : await store.countAllInboxes(account.id);
  return { inboxes: page.inboxes, total, limit, offset, has_more: page.has_more, next_cursor: page.next_cursor };
}

/** Changes the display name (the sender name of the inbox's mail). */
export async function updateInbox(inbox: InboxRecord, displayName: z.output<typeof UpdateInboxBody>["display_name"]): Promise<InboxRecord> {
  checkDisplayName(displayName);
  const updated = await store.updateInboxDisplayName(inbox.id, displayName, new Date().toISOString());
  if (!updated) throw notFound('INBOX_NOT_FOUND', `Inbox ${inbox.id} was deleted.`);
  return updated;
}

/** Soft delete: mail is no longer accepted and the key stops working; inbox.deleted in the same transaction. */
export async function deleteInbox(inbox: InboxRecord): Promise<{ deleted_at: string }> {
  const now = new Date().toISOString();
  const event = await newEvent('inbox.deleted', { account_id: inbox.account_id, inbox_id: inbox.id, timestamp: now }, {
    inbox: { id: inbox.id, address: inbox.address, status: 'deleted', deleted_at: now },
  });
  const deleted = await store.softDeleteInbox(inbox, now, [event]);
  if (!deleted) throw notFound('INBOX_NOT_FOUND', `Inbox ${inbox.id} is already deleted.`);
  await dispatchAfterCommit([event]);
  return { deleted_at: now };
}

/**
 * A new key for the inbox, shown once; the old one is refused from the next request on. The view
 * token is separate and stays (a leaked key is not a leaked view link: POST …/view-url for that).
 * `presented`: the caller's key and its kind; an inbox key presented here is the old key itself.
 */
export async function rotateInboxKey(inbox: InboxRecord, tier: Tier, presented: { kind: 'account' | 'inbox'; key: string }) {
  const apiKey = generateApiKey(tier);
  const oldHash = inbox.key_hash ?? (presented.kind === 'inbox' ? hashApiKey(presented.key) : undefined);
  const out = await rotateStoredInboxKey(inbox, oldHash, hashApiKey(apiKey));
  if (!out.ok) {
    throw conflict('KEY_CHANGED', `The key of inbox ${inbox.id} was rotated (or the inbox deleted) by another request meanwhile; this rotation changed nothing.`, {
      next_steps: ['Use the api_key that the other rotation returned; rotate again with it (or the account key) if it is lost.'],
    });
  }
  return { apiKey, rotatedAt: out.now };
}
