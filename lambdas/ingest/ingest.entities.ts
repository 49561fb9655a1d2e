/**
 * The single table's arrivals: the order in which stored mail is announced: each entity's record type, key shapes and declaration
 * (platform/dynamo/entity.ts), in one place. Access pattern → key:
 *   inbox → last arrival (wait marker)   pk INBOX#<inb>                     sk ARRIVALS
 *   inbox → arrivals in order            pk INBOX#<inb>                     sk ARRIVAL#<seq, 12 digits>
 *   inbox → stored, not yet in order     pk INBOX#<inb>                     sk PENDING#<msg>  (the sequencer's queue)
 *   stale pending arrivals (sweeper)     gsi3 PENDING_ARRIVALS              <created_at>#<inb>#<msg>
 *   inbox → its sequencer's lease        pk INBOX#<inb>                     sk SEQUENCER
 */
import { declare } from '../platform/dynamo/entity.ts';

/** Per inbox: the last inbound message stored; waiters poll this one small item. */
export interface ArrivalMarker {
  seq: number;
  last_message_id: string;
  last_received_at: string;
}
/**
 * A stored inbound message not yet in its inbox's arrival order: what the sequencer needs to give
 * it its place and apply its counters (inbox, account, thread) without reading the message.
 */
export interface PendingArrival {
  message_id: string;
  thread_id: string;
  /** The message started its thread: the thread counters of the inbox and the account grow. */
  new_thread: boolean;
  /** The message's read flag now: a read change before sequencing updates it here, not the counters. */
  read: boolean;
  received_at: string;
  from: string;
  /** Addresses the thread's participants gain. */
  participants: string[];
  /** The thread's latest_message.preview for this message. */
  preview: string;
  created_at: string;
}
/** Per inbound message: its place in the arrival order, so a waiter reads exactly what is new. */
export interface ArrivalRecord {
  seq: number;
  message_id: string;
  received_at: string;
}
export const arrivalMarker = (inboxId: string) => ({ pk: `INBOX#${inboxId}`, sk: 'ARRIVALS' });
export const arrivalKey = (inboxId: string, seq: number) => ({ pk: `INBOX#${inboxId}`, sk: `ARRIVAL#${String(seq).padStart(12, '0')}` });
export const arrivalPrefix = 'ARRIVAL#';
/** A stored inbound message waiting for its place in the arrival order and its counters. */
export const pendingArrivalKey = (inboxId: string, messageId: string) => ({ pk: `INBOX#${inboxId}`, sk: `PENDING#${messageId}` });
export const pendingArrivalPrefix = 'PENDING#';
export const pendingArrivalIndex = (createdAt: string, inboxId: string, messageId: string) => ({
  gsi3pk: 'PENDING_ARRIVALS', gsi3sk: `${createdAt}#${inboxId}#${messageId}`,
});
export const pendingArrivalsPartition = 'PENDING_ARRIVALS';
export const sequencerLeaseKey = (inboxId: string) => ({ pk: `INBOX#${inboxId}`, sk: 'SEQUENCER' });
export const arrival = /* @__PURE__ */ declare<ArrivalRecord, { inboxId: string }>({ name: 'arrival', key: (a, c) => arrivalKey(c.inboxId, a.seq) });
export const pendingArrival = /* @__PURE__ */ declare<PendingArrival, { inboxId: string }>({
  name: 'pending-arrival',
  key: (p, c) => pendingArrivalKey(c.inboxId, p.message_id),
  indexes: (p, c) => pendingArrivalIndex(p.created_at, c.inboxId, p.message_id),
});
/** Who sequences an inbox's arrivals now (an optimisation: the marker's condition keeps the order right). */
export const sequencerLease = /* @__PURE__ */ declare<{ owner: string; expires_at: number }, { inboxId: string }>({
  name: 'sequencer-lease', key: (_l, c) => sequencerLeaseKey(c.inboxId),
});
