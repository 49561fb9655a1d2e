import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import { isId, newId } from '../../core/ids.ts';
import { normalizePattern } from '../../core/sender-rules.ts';
import type { HttpRequest, OperationResult } from '../../http/types.ts';
import type { CreateListEntryBody, ListEntriesQuery } from '../../schemas/lists.ts';
import { getInbox } from '../../store/accounts.ts';
import * as store from '../../store/lists.ts';
import type { ListEntryRecord } from '../../store/records.ts';

const view = (e: ListEntryRecord) => ({
  id: e.id, type: e.type, address: e.address, inbox_id: e.inbox_id, inbox_address: e.inbox_address, status: e.status, created_at: e.created_at,
});

async function inboxOfAccount(accountId: string, inboxId: string) {
  const inbox = isId('inbox', inboxId) ? await getInbox(inboxId) : undefined;
  if (!inbox || inbox.account_id !== accountId || inbox.status === 'deleted') {
    throw notFound('INBOX_NOT_FOUND', `No inbox ${inboxId} in this account.`);
  }
  return inbox;
}

export async function createListEntry(req: HttpRequest<z.output<typeof CreateListEntryBody>>): Promise<OperationResult> {
  const account = req.principal!.account;
  const raw = (req.body.address ?? req.body.pattern)!;
  const address = normalizePattern(raw);
  if (!address) {
    throw badRequest('INVALID_ADDRESS', `"${raw}" is not an email address, *@domain, or *@*.domain.`, { field: 'address' });
  }
  const inbox = req.body.inbox_id ? await inboxOfAccount(account.id, req.body.inbox_id) : undefined;
  const entry: ListEntryRecord = {
    id: newId('listEntry'), account_id: account.id, type: req.body.type, address,
    inbox_id: inbox?.id ?? null, inbox_address: inbox?.address ?? null, status: 'active', created_at: new Date().toISOString(),
  };
  if ((await store.createListEntry(entry)) === 'duplicate') {
    throw conflict('LIST_ENTRY_EXISTS', `A ${entry.type} entry for ${address} ${inbox ? `on inbox ${inbox.id}` : 'account-wide'} already exists.`);
  }
  return {
    status: 201,
    result: view(entry),
    nextSteps: entry.type === 'allowlist'
      ? [`${inbox ? 'This inbox' : 'Every inbox of the account'} now accepts only allowlisted senders.`, 'Refused mail is listed at GET /v1/inboxes/{id}/rejections.']
      : ['Mail from this sender is refused from now on and listed at GET /v1/inboxes/{id}/rejections.'],
  };
}

export async function listListEntries(req: HttpRequest<unknown, z.output<typeof ListEntriesQuery>>): Promise<OperationResult> {
  const account = req.principal!.account;
  const { type, inbox_id } = req.query;
  if (inbox_id && inbox_id !== 'null') await inboxOfAccount(account.id, inbox_id);
  const rows = (await store.listEntries(account.id))
    .filter((e) => (type === undefined || e.type === type)
      && (inbox_id === undefined || (inbox_id === 'null' ? e.inbox_id === null : e.inbox_id === inbox_id)))
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
  return { result: { lists: rows.map(view), total: rows.length }, nextSteps: ['Remove an entry with DELETE /v1/lists/{id}.'] };
}

export async function deleteListEntry(req: HttpRequest): Promise<OperationResult> {
  const account = req.principal!.account;
  const entry = (await store.listEntries(account.id)).find((e) => e.id === req.params.id);
  if (!entry || !(await store.deleteListEntry(entry))) {
    throw notFound('LIST_ENTRY_NOT_FOUND', `No list entry ${req.params.id} in this account.`, { next_steps: ['GET /v1/lists shows the entries.'] });
  }
  return { result: { id: entry.id, deleted: true }, nextSteps: ['The change applies to the next message that arrives.'] };
}
