/** HTTP mapping of the drafts function: request → use case input, result → envelope and next_steps. */
import type { HttpRequest, OperationResult } from '../platform/http/types.ts';
import type { DraftRecord } from './sending.entities.ts';
import * as drafts from './drafts.ts';

const view = (d: DraftRecord) => ({
  id: d.id, inbox_id: d.inbox_id, to: d.to.join(', '), cc: d.cc, bcc: d.bcc, subject: d.subject, body_text: d.body_text,
  body_html: d.body_html, send_at: d.send_at, thread_id: d.thread_id, labels: d.labels, status: d.status,
  created_at: d.created_at, updated_at: d.updated_at,
});

async function createDraft(req: HttpRequest<'inbox', drafts.CreateDraftInput>): Promise<OperationResult> {
  const inbox = req.principal.inbox;
  const d = await drafts.createDraft(inbox, req.principal.account, req.body);
  const sendAt = d.send_at;
  return {
    status: 201, result: view(d),
    nextSteps: sendAt
      ? [`It will be sent at ${sendAt}${Date.parse(sendAt) <= Date.parse(d.created_at) ? ' (that is now)' : ''}. Cancel with DELETE, move with PATCH {"send_at": …}.`]
      : [`Send it with POST /v1/inboxes/${inbox.id}/drafts/${d.id}/send (paid tiers), or let a person review it first.`],
  };
}

async function listDrafts(req: HttpRequest<'inbox', unknown, drafts.ListDraftsInput>): Promise<OperationResult> {
  const page = await drafts.listInboxDrafts(req.principal.inbox.id, req.query);
  return { result: { ...page, drafts: page.drafts.map(view) }, nextSteps: ['Open one with GET /v1/inboxes/{id}/drafts/{draftId}.'] };
}

async function getDraft(req: HttpRequest<'inbox'>): Promise<OperationResult> {
  const d = await drafts.readDraft(req.principal.inbox.id, req.params.draftId);
  return { result: view(d), nextSteps: d.status === 'scheduled' ? [`Scheduled for ${d.send_at}.`] : ['Edit with PATCH, send with POST …/send.'] };
}

async function updateDraft(req: HttpRequest<'inbox', drafts.UpdateDraftInput>): Promise<OperationResult> {
  const d = await drafts.updateDraft(req.principal.inbox, req.principal.account, req.params.draftId, req.body);
  return { result: view(d), nextSteps: d.send_at ? [`Scheduled for ${d.send_at}.`] : ['Not scheduled; send it with POST …/send when ready.'] };
}

async function deleteDraft(req: HttpRequest<'inbox'>): Promise<OperationResult> {
  const { draft, cancelledSchedule } = await drafts.discardDraft(req.principal.inbox.id, req.params.draftId);
  return {
    result: { id: draft.id, deleted: true, cancelled_schedule: cancelledSchedule },
    nextSteps: [cancelledSchedule ? 'The scheduled send is cancelled.' : 'The draft is discarded.'],
  };
}

async function sendDraft(req: HttpRequest<'inbox'>): Promise<OperationResult> {
  const inbox = req.principal.inbox;
  const out = await drafts.sendDraft(inbox, req.principal.account, req.params.draftId);
  if (out.kind === 'scheduled') {
    const d = out.draft;
    return {
      result: { id: d.id, status: 'scheduled', message_id: null, sent_at: null, scheduled_at: out.sendAt, thread_id: d.thread_id,
        note: `Scheduled: it is sent at ${out.sendAt}. Cancel with DELETE on the draft, move it with PATCH {"send_at": …}.` },
      nextSteps: ['Nothing else to do: the draft is sent automatically at send_at.'],
    };
  }
  const m = out.message;
  return {
    result: { id: m.id, status: 'queued', message_id: `<${m.message_id_header}>`, sent_at: m.received_at, scheduled_at: null, thread_id: m.thread_id,
      note: 'Sent to the mail service; delivery_status on the message follows delivery, bounces and complaints.' },
    nextSteps: [`Follow it at GET /v1/inboxes/${inbox.id}/messages/${m.id} (delivery_status).`, 'Replies thread back into the same conversation.'],
  };
}

export const draftsApi = { createDraft, listDrafts, getDraft, updateDraft, deleteDraft, sendDraft };
