/** HTTP mapping of the inboxes function: request → use case input, result → envelope and next_steps. */
import type { z } from 'zod';
import type { HttpRequest, OperationResult } from '../platform/http/types.ts';
import type { UpdateInboxBody } from './inboxes.schemas.ts';
import { displayName, inboxDetail, inboxSummary } from './inbox-views.ts';
import { reissueViewUrl, viewUrl } from './view-links.ts';
import * as inboxes from './inboxes.ts';

async function createInbox(req: HttpRequest<'optional-account', inboxes.CreateInboxInput>): Promise<OperationResult> {
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
      view_url: await viewUrl(inbox),
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

async function listInboxes(req: HttpRequest<'account', unknown, inboxes.ListInboxesInput>): Promise<OperationResult> {
  const page = await inboxes.listInboxes(req.principal.account, req.query);
  return {
    result: { ...page, inboxes: page.inboxes.map(inboxSummary) },
    nextSteps: page.total === 0
      ? ['Create an inbox with POST /v1/inboxes and your account key.']
      : ['Read an inbox\'s mail with GET /v1/inboxes/{id}/messages.'],
  };
}

async function getInbox(req: HttpRequest<'inbox'>): Promise<OperationResult> {
  const p = req.principal;
  const inbox = p.inbox;
  return {
    result: inboxDetail(inbox, p.account.tier, await viewUrl(inbox)),
    nextSteps: [
      `List mail with GET /v1/inboxes/${inbox.id}/messages.`,
      'Give view_url to your operator to read this inbox in a browser: it opens only that page (read-only) and no API call. If it leaks, POST /v1/inboxes/{id}/view-url revokes it and issues another.',
    ],
  };
}

async function updateInbox(req: HttpRequest<'inbox', z.output<typeof UpdateInboxBody>>): Promise<OperationResult> {
  const updated = await inboxes.updateInbox(req.principal.inbox, req.body.display_name);
  return {
    result: { id: updated.id, address: updated.address, display_name: displayName(updated), status: updated.status, updated_at: updated.updated_at },
    nextSteps: ['The display name is used as the sender name on mail this inbox sends.'],
  };
}

async function deleteInbox(req: HttpRequest<'inbox-or-account'>): Promise<OperationResult> {
  const inbox = req.principal.inbox;
  const { deleted_at } = await inboxes.deleteInbox(inbox);
  return {
    result: { id: inbox.id, address: inbox.address, status: 'deleted', deleted_at },
    nextSteps: [
      `Mail to ${inbox.address} is no longer accepted, and its inbox key stops working.`,
      'The username stays reserved so that nobody else receives mail meant for this inbox.',
    ],
  };
}

async function rotateInboxKey(req: HttpRequest<'inbox-or-account'>): Promise<OperationResult> {
  const p = req.principal;
  const inbox = p.inbox;
  const { apiKey, rotatedAt } = await inboxes.rotateInboxKey(inbox, p.account.tier, { kind: p.kind, key: p.key });
  return {
    result: { id: inbox.id, api_key: apiKey, rotated_at: rotatedAt },
    nextSteps: [
      'Save api_key now: it is shown only once. The old inbox key is refused from now on.',
      'view_url is unchanged; POST /v1/inboxes/{id}/view-url to revoke it as well.',
    ],
  };
}

async function reissueInboxViewUrl(req: HttpRequest<'inbox-or-account'>): Promise<OperationResult> {
  const { inbox, viewUrl: url } = await reissueViewUrl(req.principal.inbox);
  return {
    result: { id: inbox.id, view_url: url, issued_at: inbox.updated_at },
    nextSteps: ['Every earlier view_url of this inbox no longer opens the page. Give this one to your operator.'],
  };
}

export const inboxesApi = {
  createInbox, listInboxes, getInbox, updateInbox, deleteInbox, rotateInboxKey, reissueViewUrl: reissueInboxViewUrl,
};
