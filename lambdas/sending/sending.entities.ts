/**
 * The single table's drafts and what sending counts: each entity's record type, key shapes and declaration
 * (platform/dynamo/entity.ts), in one place. Access pattern → key:
 *   inbox → drafts                       pk INBOX#<inb>                     sk DRAFT#<dft>
 *   inbox → drafts with a label          pk INBOX#<inb>#DRAFTLABEL#<label>  sk DRAFT#<dft>  (one item per label)
 *   draft counters (totals)              pk INBOX#<inb>                     sk DRAFTCOUNTS  (attrs all, l#<label>)
 *   SES message id → outbound message     pk SESMSG#<ses id>                 sk SESMSG
 *   daily sends per account (TTL)        pk SENDS#<acc>#<yyyy-mm-dd>        sk SENDS
 *   sends per minute per account (TTL)   pk SENDBURST#<acc>#<minute>        sk SENDBURST
 *   sends in flight per account          pk SENDING#<acc>                   sk SENDING
 *   suppressed recipients per account    pk ACCOUNT#<acc>                   sk SUPPRESSED#<address>
 *   account → scheduled drafts (sparse)   gsi1 ACCOUNT#<acc>#SCHEDULED       <inb>#<dft>  (only while status is scheduled)
 */
import { declare, epochSeconds } from '../platform/dynamo/entity.ts';

export interface DraftRecord {
  id: string;
  inbox_id: string;
  account_id: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body_text: string;
  body_html: string | null;
  send_at: string | null;
  thread_id: string | null;
  /** Id of the message this draft answers (sets In-Reply-To/References). */
  in_reply_to: string | null;
  labels: string[];
  status: 'draft' | 'scheduled' | 'sending' | 'sent';
  created_at: string;
  updated_at: string;
}
export const draftKey = (inboxId: string, draftId: string) => ({ pk: `INBOX#${inboxId}`, sk: `DRAFT#${draftId}` });
export const draftPrefix = 'DRAFT#';
export const draftLabelKey = (inboxId: string, label: string, draftId: string) => ({ pk: `INBOX#${inboxId}#DRAFTLABEL#${label}`, sk: `DRAFT#${draftId}` });
export const draftLabelPartition = (inboxId: string, label: string) => `INBOX#${inboxId}#DRAFTLABEL#${label}`;
export const draftCounts = (inboxId: string) => ({ pk: `INBOX#${inboxId}`, sk: 'DRAFTCOUNTS' });
export const sesMessageKey = (sesMessageId: string) => ({ pk: `SESMSG#${sesMessageId}`, sk: 'SESMSG' });
export const dailySendsKey = (accountId: string, day: string) => ({ pk: `SENDS#${accountId}#${day}`, sk: 'SENDS' });
export const sendBurstKey = (accountId: string, minute: number) => ({ pk: `SENDBURST#${accountId}#${minute}`, sk: 'SENDBURST' });
export const sendsInFlight = (accountId: string) => ({ pk: `SENDING#${accountId}`, sk: 'SENDING' });
export const suppressedKey = (accountId: string, address: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `SUPPRESSED#${address}` });
/** A draft carries it while scheduled: per-account and per-inbox counts of scheduled drafts. */
export const scheduledDraftIndex = (accountId: string, inboxId: string, draftId: string) => ({ gsi1pk: `ACCOUNT#${accountId}#SCHEDULED`, gsi1sk: `${inboxId}#${draftId}` });
export const scheduledDraftsPartition = (accountId: string) => `ACCOUNT#${accountId}#SCHEDULED`;
/** Outbound SES message ids: bounces and complaints arrive within days; a month is ample. */
export const SES_MESSAGE_TTL_SECONDS = 30 * 86400;
export const draft = /* @__PURE__ */ declare<DraftRecord>({
  name: 'draft',
  key: (d) => draftKey(d.inbox_id, d.id),
  // Sparse: only a scheduled draft is counted against the scheduled-draft caps.
  indexes: (d) => (d.status === 'scheduled' ? scheduledDraftIndex(d.account_id, d.inbox_id, d.id) : {}),
});
export const draftLabel = /* @__PURE__ */ declare<{ draft_id: string }, { inboxId: string; label: string }>({
  name: 'draft-label', key: (d, c) => draftLabelKey(c.inboxId, c.label, d.draft_id),
});
export const suppressed = /* @__PURE__ */ declare<{ address: string; reason: string; suppressed_at: string }, { accountId: string }>({
  name: 'suppressed', key: (s, c) => suppressedKey(c.accountId, s.address),
});
export const sesMessage = /* @__PURE__ */ declare<{ message_id: string; inbox_id: string; account_id: string }, { sesMessageId: string; now: number }>({
  name: 'ses-message',
  key: (_m, c) => sesMessageKey(c.sesMessageId),
  expiresAt: (_m, c) => Math.floor(c.now / 1000) + SES_MESSAGE_TTL_SECONDS,
});
/** Sends of an account on one UTC day (yyyy-mm-dd); kept a day past its end. */
export const dailySends = /* @__PURE__ */ declare<{ accountId: string; day: string }>({
  name: 'daily-sends', key: (d) => dailySendsKey(d.accountId, d.day), expiresAt: (d) => epochSeconds(`${d.day}T00:00:00Z`) + 2 * 86400,
});
/** Sends of an account in one minute (minutes since the epoch); gone a minute after it ends. */
export const sendBurst = /* @__PURE__ */ declare<{ accountId: string; minute: number }>({
  name: 'send-burst', key: (b) => sendBurstKey(b.accountId, b.minute), expiresAt: (b) => b.minute * 60 + 120,
});
