import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../platform/errors.ts';
import { isId, newId } from '../platform/ids.ts';
import { normalizePattern } from './sender-rules.ts';
import type { CreateListEntryBody, ListEntriesQuery } from './lists.schemas.ts';
import { getInbox } from '../accounts/accounts.store.ts';
import * as store from './lists.store.ts';
import type { ListEntryRecord } from './messages.entities.ts';

export type CreateListEntryInput = z.output<typeof CreateListEntryBody>;
export type ListEntriesInput = z.output<typeof ListEntriesQuery>;

async function inboxOfAccount(accountId: string, inboxId: string) {
  const inbox = isId('inbox', inboxId) ? await getInbox(inboxId) : undefined;
  if (!inbox || inbox.account_id !== accountId || inbox.status === 'deleted') {
    throw notFound('INBOX_NOT_FOUND', `No inbox ${inboxId} in this account.`);
  }
  return inbox;
}

/** Allows or blocks a sender pattern, account-wide or for one inbox of the account. */
export async function createListEntry(accountId: string, input: CreateListEntryInput): Promise<ListEntryRecord> {
  const raw = (input.address ?? input.pattern)!;
  const address = normalizePattern(raw);
  if (!address) {
    throw badRequest('INVALID_ADDRESS', `"${raw}" is not an email address, *@domain, or *@*.domain.`, { field: 'address' });
  }
  const inbox = input.inbox_id ? await inboxOfAccount(accountId, input.inbox_id) : undefined;
  const entry: ListEntryRecord = {
    id: newId('listEntry'), account_id: accountId, type: input.type, address,
    inbox_id: inbox?.id ?? null, inbox_address: inbox?.address ?? null, status: 'active', created_at: new Date().toISOString(),
  };
  if ((await store.createListEntry(entry)) === 'duplicate') {
    throw conflict('LIST_ENTRY_EXISTS', `A ${entry.type} entry for ${address} ${inbox ? `on inbox ${inbox.id}` : 'account-wide'} already exists.`);
  }
  return entry;
}

/**
 * A page of the account's entries, oldest first; inbox_id 'null' means account-wide ones only.
 * Each filter is its own partition and counter, so a page reads only its entries.
 */
export async function listListEntries(accountId: string, { type, inbox_id, limit, offset, cursor }: ListEntriesInput) {
  if (inbox_id && inbox_id !== 'null') await inboxOfAccount(accountId, inbox_id);
  const f: store.ListEntryFilter = { type, inboxId: inbox_id === undefined ? undefined : inbox_id === 'null' ? null : inbox_id };
  const [page, total] = await Promise.all([store.pageListEntries(accountId, f, { limit, offset, cursor }), store.countListEntries(accountId, f)]);
  return { entries: page.entries, total, limit, offset, has_more: page.has_more, next_cursor: page.next_cursor };
}

export async function deleteListEntry(accountId: string, entryId: string): Promise<ListEntryRecord> {
  const entry = isId('listEntry', entryId) ? await store.getListEntry(accountId, entryId) : undefined;
  if (!entry || !(await store.deleteListEntry(entry))) {
    throw notFound('LIST_ENTRY_NOT_FOUND', `No list entry ${entryId} in this account.`, { next_steps: ['GET /v1/lists shows the entries.'] });
  }
  return entry;
}
