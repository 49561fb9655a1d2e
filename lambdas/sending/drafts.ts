import type * as z from 'zod';
import { cancelDraftSchedule, scheduleDraftSend } from '../platform/aws/scheduler.ts';
import { badRequest, conflict, DomainError, forbidden, isServiceSide, notFound } from '../platform/errors.ts';
import { isId, newId } from '../platform/ids.ts';
import { errorFields, log } from '../platform/log.ts';
import type { CreateDraftBody, ListDraftsQuery, UpdateDraftBody } from './drafts.schemas.ts';
import { countDrafts, countScheduledDrafts, deleteDraft, getDraft, pageDrafts, putDraft, claimDraftForSending, releaseDraft, replaceDraft } from './drafts.store.ts';
import { config } from '../platform/config.ts';
import { effectiveLimits } from '../accounts/tiers.ts';
import { upgradeContext } from '../accounts/upgrade-context.ts';
import { getAccountAndInbox } from '../accounts/accounts.store.ts';
import { getMessage, getThread } from '../messages/messages.store.ts';
import type { AccountRecord } from '../accounts/accounts.entities.ts';
import type { InboxRecord } from '../inboxes/inboxes.entities.ts';
import type { MessageRecord } from '../messages/messages.entities.ts';
import type { DraftRecord } from './sending.entities.ts';
import { assertMaySend, sendMail } from './send-mail.ts';

export type CreateDraftInput = z.output<typeof CreateDraftBody>;
export type ListDraftsInput = z.output<typeof ListDraftsQuery>;
export type UpdateDraftInput = z.output<typeof UpdateDraftBody>;

const draftNotFound = (id: string) => notFound('DRAFT_NOT_FOUND', `No draft ${id} in this inbox (sent drafts become messages and are gone).`, {
  next_steps: ['GET /v1/inboxes/{id}/drafts lists the drafts; sent ones are in GET /v1/inboxes/{id}/messages.'],
});

/** Discarding re-reads a draft that changed under it this many times before answering a conflict. */
const DISCARD_ATTEMPTS = 3;

/** A send_at in the past means "now"; returns null for now, the ISO time for later. */
function futureSendAt(sendAt: string | null | undefined, nowMs: number): string | null {
  if (!sendAt) return null;
  const t = Date.parse(sendAt);
  return t > nowMs + 1000 ? new Date(t).toISOString() : null;
}

async function loadDraft(inboxId: string, draftId: string) {
  const d = isId('draft', draftId) ? await getDraft(inboxId, draftId) : undefined;
  if (!d) throw draftNotFound(draftId);
  return d;
}

async function answeredMessage(inboxId: string, messageId: string | null | undefined): Promise<MessageRecord | undefined> {
  if (!messageId) return undefined;
  const m = isId('message', messageId) ? await getMessage(inboxId, messageId) : undefined;
  if (!m) throw badRequest('MESSAGE_NOT_FOUND', `in_reply_to: no message ${messageId} in this inbox.`, { field: 'in_reply_to' });
  return m;
}

/**
 * Refuses one more scheduled draft past the inbox's or the account's cap (each one is an
 * EventBridge Scheduler schedule, and the AWS account's schedule quota is shared by all tenants).
 * Counted on the sparse index of scheduled drafts, not on a counter item: schedules racing each
 * other, or scheduled within the index's lag (usually well under a second), may pass the cap by
 * the few in flight; a burst beyond that meets the API's rate limit first.
 */
async function assertMaySchedule(account: AccountRecord, inbox: InboxRecord) {
  const l = effectiveLimits(account.tier, config.limitOverrides);
  const [inInbox, inAccount] = await Promise.all([
    countScheduledDrafts(account.id, inbox.id, l.scheduledDraftsPerInbox),
    countScheduledDrafts(account.id, undefined, l.scheduledDraftsPerAccount),
  ]);
  if (inInbox < l.scheduledDraftsPerInbox && inAccount < l.scheduledDraftsPerAccount) return;
  const perInbox = inInbox >= l.scheduledDraftsPerInbox;
  throw forbidden('SCHEDULED_DRAFT_LIMIT_EXCEEDED', perInbox
    ? `This inbox has ${inInbox} scheduled drafts, the most an inbox may have (${l.scheduledDraftsPerInbox}).`
    : `This account has ${inAccount} scheduled drafts, the most its ${account.tier} tier allows (${l.scheduledDraftsPerAccount}).`, {
    field: 'send_at',
    current_usage: { scheduled_drafts_in_inbox: inInbox, max_scheduled_drafts_per_inbox: l.scheduledDraftsPerInbox,
      scheduled_drafts_in_account: inAccount, max_scheduled_drafts_per_account: l.scheduledDraftsPerAccount },
    ...(perInbox ? {} : { upgrade_context: await upgradeContext(account.id, account.tier, `I need more than ${l.scheduledDraftsPerAccount} scheduled emails at once.`) }),
    next_steps: ['Send a scheduled draft now (POST /v1/inboxes/{id}/drafts/{draftId}/send), unschedule one (PATCH it with "send_at": null) or discard one (DELETE), then schedule again.',
      'Or keep this one as an unscheduled draft: create it without send_at.'],
  });
}

/** Writes a draft; with send_at it is scheduled (which needs a tier that may send). */
export async function createDraft(inbox: InboxRecord, account: AccountRecord, b: CreateDraftInput): Promise<DraftRecord> {
  const nowMs = Date.now();
  const answering = await answeredMessage(inbox.id, b.in_reply_to);
  if (b.thread_id && !answering && !(await getThread(inbox.id, b.thread_id))) {
    throw badRequest('THREAD_NOT_FOUND', `thread_id: no thread ${b.thread_id} in this inbox.`, { field: 'thread_id' });
  }
  const now = new Date(nowMs).toISOString();
  const sendAt = b.send_at ? new Date(Date.parse(b.send_at)).toISOString() : null;
  const d: DraftRecord = {
    id: newId('draft', nowMs), inbox_id: inbox.id, account_id: inbox.account_id, to: b.to, cc: b.cc, bcc: b.bcc, subject: b.subject,
    body_text: b.body, body_html: b.body_html ?? null, send_at: sendAt, thread_id: answering?.thread_id ?? b.thread_id ?? null,
    in_reply_to: answering?.id ?? null, labels: [...new Set(b.labels)], status: sendAt ? 'scheduled' : 'draft', created_at: now, updated_at: now,
  };
  if (sendAt) {
    await assertMaySend(account, [...d.to, ...d.cc, ...d.bcc], inbox.address);
    await assertMaySchedule(account, inbox);
  }
  await putDraft(d);
  if (sendAt) await scheduleDraftSend({ draft_id: d.id, inbox_id: d.inbox_id, account_id: d.account_id, send_at: sendAt });
  return d;
}

/** A page of the inbox's drafts, newest first, optionally with one label (its own partition); total from counters. */
export async function listInboxDrafts(inboxId: string, { limit, offset, cursor, label }: ListDraftsInput) {
  const [page, total] = await Promise.all([pageDrafts(inboxId, label, { limit, offset, cursor }), countDrafts(inboxId, label)]);
  return { drafts: page.drafts, total, limit, offset, has_more: page.has_more, next_cursor: page.next_cursor };
}

/** One draft of the inbox; DRAFT_NOT_FOUND otherwise (a sent draft is gone: it is a message now). */
export const readDraft = (inboxId: string, draftId: string): Promise<DraftRecord> => loadDraft(inboxId, draftId);

/** Changes the given fields; a new send_at moves the schedule, null removes it. */
export async function updateDraft(inbox: InboxRecord, account: AccountRecord, draftId: string, b: UpdateDraftInput): Promise<DraftRecord> {
  const d = await loadDraft(inbox.id, draftId);
  if (d.status !== 'draft' && d.status !== 'scheduled') throw conflict('DRAFT_NOT_EDITABLE', `Draft ${d.id} is being sent and can no longer be edited.`);
  const now = new Date().toISOString();
  const sendAt = b.send_at === undefined ? d.send_at : b.send_at === null ? null : new Date(Date.parse(b.send_at)).toISOString();
  const next: DraftRecord = {
    ...d, updated_at: now,
    ...(b.to ? { to: b.to } : {}), ...(b.cc ? { cc: b.cc } : {}), ...(b.bcc ? { bcc: b.bcc } : {}),
    ...(b.subject !== undefined ? { subject: b.subject } : {}), ...(b.body !== undefined ? { body_text: b.body } : {}),
    ...(b.body_html !== undefined ? { body_html: b.body_html } : {}), ...(b.labels ? { labels: [...new Set(b.labels)] } : {}),
    send_at: sendAt, status: sendAt ? 'scheduled' : 'draft',
  };
  if (sendAt && sendAt !== d.send_at) await assertMaySend(account, [...next.to, ...next.cc, ...next.bcc], inbox.address);
  if (sendAt && d.status !== 'scheduled') await assertMaySchedule(account, inbox);
  if (!(await replaceDraft(next, d))) throw conflict('DRAFT_CHANGED', `Draft ${d.id} changed meanwhile (or is being sent); read it again.`);
  if (sendAt && (sendAt !== d.send_at || d.status !== 'scheduled')) await scheduleDraftSend({ draft_id: d.id, inbox_id: d.inbox_id, account_id: d.account_id, send_at: sendAt });
  if (d.send_at && d.send_at !== sendAt) await cancelDraftSchedule(d.id, d.send_at);
  return next;
}

/** Discards a draft and cancels its scheduled send; DRAFT_NOT_EDITABLE once it is being sent. */
export async function discardDraft(inboxId: string, draftId: string): Promise<{ draft: DraftRecord; cancelledSchedule: boolean }> {
  let d = await loadDraft(inboxId, draftId);
  // The delete is conditioned on the version read (its label items go with it): a PATCH in
  // between makes it read again; a send in between makes it refused.
  for (let attempt = 1; !(await deleteDraft(d)); attempt++) {
    d = await loadDraft(inboxId, draftId);
    if ((d.status !== 'draft' && d.status !== 'scheduled') || attempt >= DISCARD_ATTEMPTS) {
      throw conflict('DRAFT_NOT_EDITABLE', `Draft ${d.id} is being sent and can no longer be discarded.`);
    }
  }
  if (d.send_at) await cancelDraftSchedule(d.id, d.send_at);
  return { draft: d, cancelledSchedule: !!d.send_at };
}

/**
 * Sends a draft now, exactly once: the draft is claimed (a condition on its version), sent, and
 * deleted; it then exists only as the message. A refused send gives the draft back untouched.
 */
export async function sendDraftNow(d: DraftRecord, inbox: InboxRecord, account: AccountRecord): Promise<MessageRecord | undefined> {
  if (!(await claimDraftForSending(d, new Date().toISOString()))) return undefined;
  let message: MessageRecord;
  try {
    const answering = d.in_reply_to ? await getMessage(inbox.id, d.in_reply_to) : undefined;
    message = await sendMail({ inbox, account, to: d.to, cc: d.cc, bcc: d.bcc, subject: d.subject, text: d.body_text, html: d.body_html,
      attachments: [], answering, threadId: d.thread_id });
  } catch (e) {
    await releaseDraft(d); // nothing left: the draft is as it was, same version
    throw e;
  }
  await deleteDraft(d, false);
  if (d.send_at) await cancelDraftSchedule(d.id, d.send_at).catch((e) => log.warn('could not delete a fired schedule', { draft_id: d.id, ...errorFields(e) }));
  return message;
}

export type SendDraftOutcome =
  | { kind: 'scheduled'; draft: DraftRecord; sendAt: string }
  | { kind: 'sent'; message: MessageRecord };

/** Sends a draft now, or — when its send_at is still ahead — makes sure it is scheduled for then. */
export async function sendDraft(inbox: InboxRecord, account: AccountRecord, draftId: string): Promise<SendDraftOutcome> {
  const d = await loadDraft(inbox.id, draftId);
  if (d.status === 'sending' || d.status === 'sent') throw conflict('DRAFT_ALREADY_SENT', `Draft ${d.id} is already being sent.`);
  const later = futureSendAt(d.send_at, Date.now());
  if (later) {
    await assertMaySend(account, [...d.to, ...d.cc, ...d.bcc], inbox.address);
    await scheduleDraftSend({ draft_id: d.id, inbox_id: d.inbox_id, account_id: d.account_id, send_at: later });
    return { kind: 'scheduled', draft: d, sendAt: later };
  }
  const m = await sendDraftNow(d, inbox, account);
  if (!m) throw conflict('DRAFT_CHANGED', `Draft ${d.id} changed or is being sent meanwhile; read it again.`);
  return { kind: 'sent', message: m };
}

/** The EventBridge Scheduler target: send the draft if it is still scheduled for this time. */
export async function sendScheduledDraft(s: { draft_id: string; inbox_id: string; account_id: string; send_at: string }) {
  const d = await getDraft(s.inbox_id, s.draft_id);
  if (!d) return { outcome: 'gone' as const }; // sent already (a repeated firing) or discarded
  if (d.status !== 'scheduled' || !d.send_at || d.send_at !== s.send_at) return { outcome: 'moved' as const };
  const { account, inbox } = await getAccountAndInbox(s.account_id, s.inbox_id);
  if (!account || !inbox || inbox.status !== 'active') return { outcome: 'gone' as const };
  try {
    const m = await sendDraftNow(d, inbox, account);
    return m ? { outcome: 'sent' as const, message_id: m.id } : { outcome: 'gone' as const };
  } catch (e) {
    if (e instanceof DomainError && e.kind === 'rate_limited' && e.extras.retry_after !== undefined) {
      // A limit that passes (burst, concurrency, the day's quota): stay scheduled, try again then.
      const later = new Date(Date.now() + e.extras.retry_after * 1000).toISOString();
      const fresh = await getDraft(d.inbox_id, d.id);
      if (fresh && (await replaceDraft({ ...fresh, send_at: later, updated_at: new Date().toISOString() }, fresh))) {
        await scheduleDraftSend({ draft_id: d.id, inbox_id: d.inbox_id, account_id: d.account_id, send_at: later });
      }
      log.info('scheduled send postponed by a limit', { draft_id: d.id, error: e.error, send_at: later });
      return { outcome: 'postponed' as const, send_at: later };
    }
    if (e instanceof DomainError && !isServiceSide(e.kind)) {
      // Refused for good (quota, tier, suppression): keep the draft, unscheduled, with why.
      log.warn('scheduled send refused', { draft_id: d.id, error: e.error });
      const fresh = await getDraft(d.inbox_id, d.id);
      if (fresh) await replaceDraft({ ...fresh, status: 'draft', send_at: null, updated_at: new Date().toISOString() }, fresh);
      return { outcome: 'refused' as const, error: e.error };
    }
    throw e;
  }
}
