/** HTTP mapping of the messages function: request → use case input, result → envelope and next_steps. */
import type { z } from 'zod';
import type { HttpRequest, OperationResult } from '../platform/http/types.ts';
import type { RejectionsQuery } from './messages.schemas.ts';
import * as messages from './messages.ts';
import { messageView } from './message-views.ts';
import { claimsApi } from './claims.http.ts';

async function listMessages(req: HttpRequest<'inbox-or-account', unknown, messages.ListMessagesInput>): Promise<OperationResult> {
  const inbox = req.principal.inbox;
  const { summary, ...page } = await messages.listMessages(inbox, req.query);
  // A summary leaves out what is heavy: bodies and headers.
  const views = page.messages.map(messageView).map((v) => {
    if (!summary) return v;
    const { body_text: _t, body_html: _h, reply_body: _r, visible_text: _v, forwarded: _f, headers: _x, ...rest } = v;
    return rest;
  });
  return {
    result: { ...page, messages: views },
    nextSteps: page.total === 0 && req.query.search === undefined
      ? [`No mail yet. Mail sent to ${inbox.address} shows up here; register a webhook (POST /v1/webhooks) to be told when it arrives.`]
      : ['reply_body holds the new text of each message; cta_links and verification_codes hold what to act on.',
        'Mark a message read with PATCH /v1/inboxes/{id}/messages/{msgId} {"read": true}.',
        ...(page.next_cursor ? ['Next page: the same call with cursor=<next_cursor> (cheaper than a deep offset).'] : [])],
  };
}

async function getMessage(req: HttpRequest<'inbox-or-account'>): Promise<OperationResult> {
  const m = await messages.getMessage(req.principal.inbox.id, req.params.msgId);
  return {
    result: messageView(m),
    nextSteps: [
      ...(m.verification_codes.length ? ['verification_codes lists the one-time codes found, best first.'] : []),
      ...(m.cta_links.length ? ['cta_links lists the links to act on (verify, reset, sign in…), best first.'] : []),
      `The whole conversation: GET /v1/inboxes/${m.inbox_id}/threads/${m.thread_id}.`,
    ],
  };
}

async function updateMessage(req: HttpRequest<'inbox-or-account', messages.UpdateMessageInput>): Promise<OperationResult> {
  const m = await messages.updateMessage(req.principal.inbox.id, req.params.msgId, req.body);
  return { result: messageView(m), nextSteps: ['Unread counts of the thread follow read changes.'] };
}

const DOWNLOAD_STEPS = ['Download with a plain GET on url (no key needed) within the hour; after that, call this endpoint again for a fresh url.'];

const getAttachment = async (req: HttpRequest<'inbox-or-account'>): Promise<OperationResult> => ({
  result: await messages.attachmentDownload(req.principal.inbox.id, req.params.msgId, req.params.attachId),
  nextSteps: DOWNLOAD_STEPS,
});

const getThreadAttachment = async (req: HttpRequest<'inbox-or-account'>): Promise<OperationResult> => ({
  result: await messages.attachmentDownload(req.principal.inbox.id, req.params.msgId, req.params.attachId, req.params.threadId),
  nextSteps: DOWNLOAD_STEPS,
});

async function listRejections(req: HttpRequest<'inbox-or-account', unknown, z.output<typeof RejectionsQuery>>): Promise<OperationResult> {
  const result = await messages.listRejections(req.principal.inbox.id, req.query.limit, req.query.cursor);
  return {
    result,
    nextSteps: result.total
      ? ['To let a sender through, add an allowlist entry (POST /v1/lists) or remove the blocking entry (DELETE /v1/lists/{id}).']
      : ['No mail was refused by your allow/block lists in the last 30 days.'],
  };
}

export const messagesApi = { listMessages, getMessage, updateMessage, getAttachment, getThreadAttachment, listRejections, ...claimsApi };
