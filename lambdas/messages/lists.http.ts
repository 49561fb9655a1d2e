/** HTTP mapping of the lists function (allow and block lists of senders). */
import type { HttpRequest, OperationResult } from '../platform/http/types.ts';
import type { ListEntryRecord } from './messages.entities.ts';
import * as lists from './lists.ts';

const view = (e: ListEntryRecord) => ({
  id: e.id, type: e.type, address: e.address, inbox_id: e.inbox_id, inbox_address: e.inbox_address, status: e.status, created_at: e.created_at,
});

async function createListEntry(req: HttpRequest<'account', lists.CreateListEntryInput>): Promise<OperationResult> {
  const entry = await lists.createListEntry(req.principal.account.id, req.body);
  return {
    status: 201,
    result: view(entry),
    nextSteps: entry.type === 'allowlist'
      ? [`${entry.inbox_id ? 'This inbox' : 'Every inbox of the account'} now accepts only allowlisted senders.`, 'Refused mail is listed at GET /v1/inboxes/{id}/rejections.']
      : ['Mail from this sender is refused from now on and listed at GET /v1/inboxes/{id}/rejections.'],
  };
}

async function listListEntries(req: HttpRequest<'account', unknown, lists.ListEntriesInput>): Promise<OperationResult> {
  const { entries, ...page } = await lists.listListEntries(req.principal.account.id, req.query);
  return { result: { ...page, lists: entries.map(view) }, nextSteps: ['Remove an entry with DELETE /v1/lists/{id}.'] };
}

async function deleteListEntry(req: HttpRequest<'account'>): Promise<OperationResult> {
  const entry = await lists.deleteListEntry(req.principal.account.id, req.params.id);
  return { result: { id: entry.id, deleted: true }, nextSteps: ['The change applies to the next message that arrives.'] };
}

export const listsApi = { createListEntry, listListEntries, deleteListEntry };
