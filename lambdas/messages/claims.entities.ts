/**
 * Claims (issue #28): every received message has one item in its inbox's claim queue, sorted by
 * when it is next ready to be handed out. A claim moves the item to the end of its lease (so a held
 * message is never read by the next claimer's query, and an expired lease is ready again by itself);
 * an ack deletes it; a release moves it back to now. Each write touches the message's own items
 * only: there is no queue head every claimer must win.
 *
 *   inbox → messages to hand out (by ready time)   pk INBOX#<inb>#CLAIMQ     sk <ready_at>#<msg>
 *   inbox → dead-lettered messages                 pk INBOX#<inb>#CLAIMDEAD  sk <msg>
 */
import { declare } from '../platform/dynamo/entity.ts';

/** What the claim filters read, copied from the message when it is queued (a claim reads no message to filter). */
export interface ClaimFilterFields {
  from: string;
  subject: string;
  has_code: boolean;
  has_link: boolean;
  /** authentication.sender_verified at ingest. */
  verified: boolean;
  /** security.risk at ingest ('unassessed' when there was none). */
  risk: string;
  /** security flags that make a sender unbelievable (spoofed_sender, lookalike_domain) are present. */
  impersonation: boolean;
}

export interface ClaimQueueRecord extends ClaimFilterFields {
  message_id: string;
  inbox_id: string;
  /** When the message is next handed out: its arrival, the end of its lease, or a release's delay. */
  ready_at: string;
  received_at: string;
  /** Times a claim handed it out. */
  delivery_count: number;
  /** The lease now or last held; absent until the first claim and after a release. */
  claim_id?: string;
  lease_expires_at?: string;
}

export interface DeadLetterRecord extends ClaimFilterFields {
  message_id: string;
  inbox_id: string;
  received_at: string;
  delivery_count: number;
  dead_at: string;
}

export const claimQueuePartition = (inboxId: string) => `INBOX#${inboxId}#CLAIMQ`;
export const deadLetterPartition = (inboxId: string) => `INBOX#${inboxId}#CLAIMDEAD`;
export const claimQueueKey = (inboxId: string, readyAt: string, messageId: string) => ({ pk: claimQueuePartition(inboxId), sk: `${readyAt}#${messageId}` });

export const claimQueueItem = /* @__PURE__ */ declare<ClaimQueueRecord>({
  name: 'claim-queue',
  key: (r) => claimQueueKey(r.inbox_id, r.ready_at, r.message_id),
});
export const deadLetter = /* @__PURE__ */ declare<DeadLetterRecord>({
  name: 'claim-dead',
  key: (r) => ({ pk: deadLetterPartition(r.inbox_id), sk: r.message_id }),
});
