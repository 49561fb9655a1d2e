/** HTTP mapping of the inboxes function: request → use case input, result → envelope and next_steps. */
import type { z } from 'zod';
import type { HttpRequest, Operation, OperationResult } from '../http/types.ts';
import type { UpdateInboxBody } from '../schemas/inboxes.ts';
import { displayName, inboxDetail, inboxSummary, viewUrl } from '../usecases/accounts/inbox-views.ts';
import * as inboxes from '../usecases/accounts/inboxes.ts';

async function createInbox(req: HttpRequest<inboxes.CreateInboxInput>): Promise<OperationResult> {
  const out = await inboxes.createInbox(req.body, req.principal?.account, req.sourceIp);
  const { inbox, tier } = out;
  if (out.kind === 'replayed') {
    return {
      status: 200,
      result: {
        id: inbox.id, address: inbox.address, api_key: null, display_name: displayName(inbox), status: inbox.status, tier,
        view_url: null, created_at: inbox.created_at, client_id: out.clientId,
        ...(inbox.metadata && out.showMetadata ? { metadata: inbox.metadata } : {}),
      },
      nextSteps: [
        `This client_id already created inbox ${inbox.id}; no second inbox was made.`,
        'Keys are shown only when an inbox is created. Use the api_key from the first response.',
      ],
    };
  }
  return {
    status: 201,
    result: {
      id: inbox.id,
      address: inbox.address,
      api_key: out.apiKey,
      ...(out.accountApiKey ? { account_api_key: out.accountApiKey } : {}),
      display_name: displayName(inbox),
      status: inbox.status,
      tier,
      view_url: viewUrl(inbox.id, out.apiKey),
      created_at: inbox.created_at,
      ...(inbox.client_id ? { client_id: inbox.client_id } : {}),
      ...(inbox.metadata ? { metadata: inbox.metadata } : {}),
    },
    nextSteps: [
      'Save api_key (and account_api_key if present) now: keys are shown only once and are stored only as hashes.',
      `Mail sent to ${inbox.address} appears at GET /v1/inboxes/${inbox.id}/messages (Authorization: Bearer <api_key>).`,
      'Register a webhook (POST /v1/webhooks) to be told about new mail instead of polling.',
      'GET /v1/capabilities shows what this account can and cannot do.',
    ],
  };
}

async function listInboxes(req: HttpRequest<unknown, inboxes.ListInboxesInput>): Promise<OperationResult> {
  const page = await inboxes.listInboxes(req.principal!.account, req.query);
  return {
    result: { ...page, inboxes: page.inboxes.map(inboxSummary) },
    nextSteps: page.total === 0
      ? ['Create an inbox with POST /v1/inboxes and your account key.']
      : ['Read an inbox\'s mail with GET /v1/inboxes/{id}/messages.'],
  };
}

async function getInbox(req: HttpRequest): Promise<OperationResult> {
  const p = req.principal!;
  const inbox = p.inbox!;
  return {
    result: inboxDetail(inbox, p.account.tier, p.key),
    nextSteps: [
      `List mail with GET /v1/inboxes/${inbox.id}/messages.`,
      'Open view_url in a browser to read this inbox as a person; it carries this inbox key, so share it only with your operator.',
    ],
  };
}

async function updateInbox(req: HttpRequest<z.output<typeof UpdateInboxBody>>): Promise<OperationResult> {
  const updated = await inboxes.updateInbox(req.principal!.inbox!, req.body.display_name);
  return {
    result: { id: updated.id, address: updated.address, display_name: displayName(updated), status: updated.status, updated_at: updated.updated_at },
    nextSteps: ['The display name is used as the sender name on mail this inbox sends.'],
  };
}

async function deleteInbox(req: HttpRequest): Promise<OperationResult> {
  const inbox = req.principal!.inbox!;
  const { deleted_at } = await inboxes.deleteInbox(inbox);
  return {
    result: { id: inbox.id, address: inbox.address, status: 'deleted', deleted_at },
    nextSteps: [
      `Mail to ${inbox.address} is no longer accepted, and its inbox key stops working.`,
      'The username stays reserved so that nobody else receives mail meant for this inbox.',
    ],
  };
}

export const inboxesApi: Record<string, Operation> = { createInbox, listInboxes, getInbox, updateInbox, deleteInbox };
