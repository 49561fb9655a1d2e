/**
 * Every key shape of the single table, in one place (ARCHITECTURE: single-table design).
 * Access pattern → key:
 *   API key hash → principal             pk APIKEY#<sha256>                 sk APIKEY
 *   account                              pk ACCOUNT#<acc>                   sk ACCOUNT
 *   account → inboxes (by creation)      gsi1 ACCOUNT#<acc>#INBOXES         <inb>
 *   account → active inboxes (sparse)    gsi2 ACCOUNT#<acc>#INBOXES#ACTIVE  <inb>  (removed on soft delete)
 *   inbox                                pk INBOX#<inb>                     sk INBOX
 *   username → inbox (uniqueness)        pk USERNAME#<username>             sk USERNAME
 *   client_id → created resource         pk IDEMPOTENCY#<operation>#<esc scope>#<esc client_id> sk IDEMPOTENCY
 *   request counter per window (TTL)     pk RATE#<subject>#<window start>   sk RATE
 *   rolling creation window              pk CREATES#<subject>               sk CREATES
 *   inbox → messages (by arrival)        pk INBOX#<inb>                     sk MSG#<msg>  (uuidv7: time order)
 *   thread → messages (chronological)    gsi1 THREAD#<thr>                  <received_at>#<msg>
 *   message id → message (any inbox)     gsi3 MESSAGE#<msg>                 MESSAGE
 *   inbox → messages read / unread       gsi2 INBOX#<inb>#MSGS#READ|UNREAD   <msg>  (moves on read change)
 *   inbox → search words (at ingest)     pk INBOX#<inb>#WORDS               sk <word>#<msg>
 *   account → search words               gsi2 ACCOUNT#<acc>#WORDS           <word>#<msg>
 *   inbox → last arrival (wait marker)   pk INBOX#<inb>                     sk ARRIVALS
 *   inbox → arrivals in order            pk INBOX#<inb>                     sk ARRIVAL#<seq, 12 digits>
 *   inbox → stored, not yet in order     pk INBOX#<inb>                     sk PENDING#<msg>  (the sequencer's queue)
 *   stale pending arrivals (sweeper)     gsi3 PENDING_ARRIVALS              <created_at>#<inb>#<msg>
 *   inbox → its sequencer's lease        pk INBOX#<inb>                     sk SEQUENCER
 *   inbox → threads                      pk INBOX#<inb>                     sk THREAD#<thr>
 *   inbox → threads by updated_at        gsi1 INBOX#<inb>#THREADS           <updated_at>#<thr>
 *   account → threads by updated_at      gsi2 ACCOUNT#<acc>#THREADS         <updated_at>#<thr>
 *   thread read state (one item/thread)  pk INBOX#<inb>                     sk THREADSTATE#<thr>
 *     inbox → unread|read threads        gsi1 INBOX#<inb>#THREADS#UNREAD|READ   <updated_at>#<thr>  (moves with the thread)
 *     account → unread|read threads      gsi2 ACCOUNT#<acc>#THREADS#UNREAD|READ <updated_at>#<thr>
 *   inbox → threads with a label         pk INBOX#<inb>#TLABEL#<label>      sk <thr>  (written before the label, checked on read)
 *   account → threads with a label       gsi2 ACCOUNT#<acc>#TLABEL#<label>  <thr>
 *   Message-ID header → message, thread  pk INBOX#<inb>                     sk MID#<message-id>
 *   inbox → rejected mail (TTL)          pk INBOX#<inb>                     sk REJECT#<time>#<ses id>
 *   account → list entries               pk ACCOUNT#<acc>                   sk LIST#<lst>
 *   list entries of one type             gsi1 ACCOUNT#<acc>#LISTS#T#<type>  <lst>
 *   list entries of one inbox (* = all)  gsi2 ACCOUNT#<acc>#LISTS#I#<inb|*> <lst>
 *   list entries of one type and inbox   gsi3 ACCOUNT#<acc>#LISTS#TI#<type>#<inb|*> <lst>
 *   list entry counters (totals)         pk ACCOUNT#<acc>                   sk LISTCOUNTS  (attrs all, t#…, i#…, ti#…)
 *   list entry uniqueness                pk ACCOUNT#<acc>                   sk LISTKEY#<type>#<inbox|*>#<address>
 *   account → webhooks                   pk ACCOUNT#<acc>                   sk WEBHOOK#<wh>
 *   inbox → its webhooks                 gsi1 INBOX#<inb>#WEBHOOKS          <wh>
 *   webhook counters (totals)            pk ACCOUNT#<acc>                   sk WEBHOOKCOUNTS  (attrs all, i#<inb>)
 *   inbox → drafts                       pk INBOX#<inb>                     sk DRAFT#<dft>
 *   inbox → drafts with a label          pk INBOX#<inb>#DRAFTLABEL#<label>  sk DRAFT#<dft>  (one item per label)
 *   draft counters (totals)              pk INBOX#<inb>                     sk DRAFTCOUNTS  (attrs all, l#<label>)
 *   SES message id → outbound message     pk SESMSG#<ses id>                 sk SESMSG
 *   daily sends per account (TTL)        pk SENDS#<acc>#<yyyy-mm-dd>        sk SENDS
 *   sends per minute per account (TTL)   pk SENDBURST#<acc>#<minute>        sk SENDBURST
 *   sends in flight per account          pk SENDING#<acc>                   sk SENDING
 *   suppressed recipients per account    pk ACCOUNT#<acc>                   sk SUPPRESSED#<address>
 *   event (outbox, TTL)                  pk EVENT#<evt>                     sk EVENT
 *   events not yet dispatched (sparse)   gsi3 PENDING_EVENTS                <timestamp>#<evt>
 *   delivery done per event+webhook (TTL) pk DELIVERED#<evt>#<wh>           sk DELIVERED
 *   failed attempt handled (TTL)         pk DELIVERED#<evt>#<wh>           sk ATTEMPT#<n>
 *   webhook → delivery log (TTL)         pk WEBHOOK#<wh>                    sk LOG#<time>#<evt>#<attempt>
 *   single-use magic link claim/use (TTL) pk LINKUSE#<jti>                   sk LINKUSE
 *   account → operator notifications (TTL) pk ACCOUNT#<acc>                  sk NOTIFICATION#<not>
 *   notify-operator per account per hour (TTL) pk NOTIFY#<acc>#<hour start> sk NOTIFY
 *   account → custom domains             pk ACCOUNT#<acc>                   sk DOMAIN#<dom>
 *   custom domains per account (counter) pk ACCOUNT#<acc>                   sk DOMAINS
 *   domain name → domain (uniqueness)    pk DOMAINNAME#<ascii name>         sk DOMAINNAME
 *   domain name → an account's claim     pk DOMAINNAME#<ascii name>         sk ACCOUNT#<acc>  (one per account; many may be pending)
 *   address at a custom domain → inbox   pk USERNAME#<username>@<domain>    sk USERNAME  (no '@' in service-domain usernames)
 *   account → events in order (replay)    gsi2 ACCOUNT#<acc>#EVENTS          <evt>  (uuidv7: time order)
 *   account → WebSocket connections (TTL) pk ACCOUNT#<acc>                   sk CONN#<connection id>
 *   connection id → its account (TTL)     pk CONN#<connection id>            sk CONN
 *   event sent on a connection (TTL)      pk CONN#<connection id>            sk SENT#<evt>
 *   event held during a replay (TTL)      pk CONN#<connection id>            sk HELD#<evt>
 *   account → its wait slots (leases)     pk WAITSLOTS#<acc>                 sk SLOT#<k, 4 digits>
 *   account → scheduled drafts (sparse)   gsi1 ACCOUNT#<acc>#SCHEDULED       <inb>#<dft>  (only while status is scheduled)
 */
// One export per shape, imported as a namespace (`import * as keys`): a bundle keeps the shapes its code uses.
export const apiKey = (hash: string) => ({ pk: `APIKEY#${hash}`, sk: 'APIKEY' });
export const account = (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: 'ACCOUNT' });
export const inbox = (inboxId: string) => ({ pk: `INBOX#${inboxId}`, sk: 'INBOX' });
export const accountInboxesIndex = (accountId: string, inboxId: string) => ({
  gsi1pk: `ACCOUNT#${accountId}#INBOXES`,
  gsi1sk: inboxId,
});
export const accountInboxesPartition = (accountId: string) => `ACCOUNT#${accountId}#INBOXES`;
/** Only active inboxes carry it: the default inbox list is one key condition. */
export const activeInboxIndex = (accountId: string, inboxId: string) => ({ gsi2pk: `ACCOUNT#${accountId}#INBOXES#ACTIVE`, gsi2sk: inboxId });
export const activeInboxesPartition = (accountId: string) => `ACCOUNT#${accountId}#INBOXES#ACTIVE`;
export const username = (username: string) => ({ pk: `USERNAME#${username}`, sk: 'USERNAME' });
/** What a client_id makes happen once. Each operation has keys of its own: no client_id is shared across them. */
export type IdempotentOperation = 'create_inbox' | 'send' | 'reply';
/**
 * The scope half of an idempotency key: `<operation>#<escaped scope>`. encodeURIComponent leaves
 * no '#' in what it escapes and is one-to-one, so no two (operation, scope, client_id) triples
 * share a key, whatever the client_id holds.
 */
export const idempotencyScope = (operation: IdempotentOperation, scope: string) => `${operation}#${encodeURIComponent(scope)}`;
/** `scope` comes from idempotencyScope; the client_id is escaped here. */
export const idempotency = (scope: string, clientId: string) => ({ pk: `IDEMPOTENCY#${scope}#${encodeURIComponent(clientId)}`, sk: 'IDEMPOTENCY' });
/**
 * The key items written before per-operation keys had: `acc:<acc>#send` (send and reply alike),
 * `acc:<acc>` or `ip:<ip>#<username>` (inbox creation), then the raw client_id. They never expire,
 * so repeats still read them (checked against the inbox they name); they never collide with the
 * keys above, which start with an operation name.
 */
export const legacyIdempotency = (scope: string, clientId: string) => ({ pk: `IDEMPOTENCY#${scope}#${clientId}`, sk: 'IDEMPOTENCY' });
export const rateWindow = (subject: string, windowStart: number) => ({ pk: `RATE#${subject}#${windowStart}`, sk: 'RATE' });
export const creationWindow = (subject: string) => ({ pk: `CREATES#${subject}`, sk: 'CREATES' });
export const inboxPartition = (inboxId: string) => `INBOX#${inboxId}`;
export const message = (inboxId: string, messageId: string) => ({ pk: `INBOX#${inboxId}`, sk: `MSG#${messageId}` });
export const messagePrefix = 'MSG#';
export const arrivalMarker = (inboxId: string) => ({ pk: `INBOX#${inboxId}`, sk: 'ARRIVALS' });
export const arrival = (inboxId: string, seq: number) => ({ pk: `INBOX#${inboxId}`, sk: `ARRIVAL#${String(seq).padStart(12, '0')}` });
export const arrivalPrefix = 'ARRIVAL#';
/** A stored inbound message waiting for its place in the arrival order and its counters. */
export const pendingArrival = (inboxId: string, messageId: string) => ({ pk: `INBOX#${inboxId}`, sk: `PENDING#${messageId}` });
export const pendingArrivalPrefix = 'PENDING#';
export const pendingArrivalIndex = (createdAt: string, inboxId: string, messageId: string) => ({
  gsi3pk: 'PENDING_ARRIVALS', gsi3sk: `${createdAt}#${inboxId}#${messageId}`,
});
export const pendingArrivalsPartition = 'PENDING_ARRIVALS';
export const sequencerLease = (inboxId: string) => ({ pk: `INBOX#${inboxId}`, sk: 'SEQUENCER' });
export const threadMessagesIndex = (threadId: string, receivedAt: string, messageId: string) => ({
  gsi1pk: `THREAD#${threadId}`, gsi1sk: `${receivedAt}#${messageId}`,
});
export const threadMessagesPartition = (threadId: string) => `THREAD#${threadId}`;
/** Read state as a partition: the read/unread filter and its page are one key condition. */
export const messageReadIndex = (inboxId: string, read: boolean, messageId: string) => ({
  gsi2pk: `INBOX#${inboxId}#MSGS#${read ? 'READ' : 'UNREAD'}`, gsi2sk: messageId,
});
export const messageReadPartition = (inboxId: string, read: boolean) => `INBOX#${inboxId}#MSGS#${read ? 'READ' : 'UNREAD'}`;
export const searchWord = (inboxId: string, accountId: string, word: string, messageId: string) => ({
  pk: `INBOX#${inboxId}#WORDS`, sk: `${word}#${messageId}`, gsi2pk: `ACCOUNT#${accountId}#WORDS`, gsi2sk: `${word}#${messageId}`,
});
export const inboxWordsPartition = (inboxId: string) => `INBOX#${inboxId}#WORDS`;
export const accountWordsPartition = (accountId: string) => `ACCOUNT#${accountId}#WORDS`;
export const messageByIdIndex = (messageId: string) => ({ gsi3pk: `MESSAGE#${messageId}`, gsi3sk: 'MESSAGE' });
export const thread = (inboxId: string, threadId: string) => ({ pk: `INBOX#${inboxId}`, sk: `THREAD#${threadId}` });
export const threadPrefix = 'THREAD#';
export const threadIndexes = (inboxId: string, accountId: string, threadId: string, updatedAt: string) => ({
  gsi1pk: `INBOX#${inboxId}#THREADS`, gsi1sk: `${updatedAt}#${threadId}`,
  gsi2pk: `ACCOUNT#${accountId}#THREADS`, gsi2sk: `${updatedAt}#${threadId}`,
});
export const inboxThreadsPartition = (inboxId: string) => `INBOX#${inboxId}#THREADS`;
export const accountThreadsPartition = (accountId: string) => `ACCOUNT#${accountId}#THREADS`;
/**
 * A thread's read state as an item of its own with a fixed key: its index attributes move with
 * plain SETs (no delete and put of a moved key), in the transactions that change the thread.
 */
export const threadState = (inboxId: string, threadId: string) => ({ pk: `INBOX#${inboxId}`, sk: `THREADSTATE#${threadId}` });
export const threadStatePartitions = (inboxId: string, accountId: string, unread: boolean) => ({
  gsi1pk: `INBOX#${inboxId}#THREADS#${unread ? 'UNREAD' : 'READ'}`, gsi2pk: `ACCOUNT#${accountId}#THREADS#${unread ? 'UNREAD' : 'READ'}`,
});
export const inboxThreadStatePartition = (inboxId: string, unread: boolean) => `INBOX#${inboxId}#THREADS#${unread ? 'UNREAD' : 'READ'}`;
export const accountThreadStatePartition = (accountId: string, unread: boolean) => `ACCOUNT#${accountId}#THREADS#${unread ? 'UNREAD' : 'READ'}`;
export const threadLabel = (inboxId: string, accountId: string, label: string, threadId: string) => ({
  pk: `INBOX#${inboxId}#TLABEL#${label}`, sk: threadId, gsi2pk: `ACCOUNT#${accountId}#TLABEL#${label}`, gsi2sk: threadId,
});
export const inboxThreadLabelPartition = (inboxId: string, label: string) => `INBOX#${inboxId}#TLABEL#${label}`;
export const accountThreadLabelPartition = (accountId: string, label: string) => `ACCOUNT#${accountId}#TLABEL#${label}`;
export const messageIdHeader = (inboxId: string, messageIdHeader: string) => ({ pk: `INBOX#${inboxId}`, sk: `MID#${messageIdHeader}` });
export const rejection = (inboxId: string, at: string, sesMessageId: string) => ({ pk: `INBOX#${inboxId}`, sk: `REJECT#${at}#${sesMessageId}` });
export const rejectionPrefix = 'REJECT#';
export const listEntry = (accountId: string, entryId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `LIST#${entryId}` });
export const listEntryPrefix = 'LIST#';
/** The type, inbox and type+inbox partitions of a list entry ('*' = account-wide). */
export const listEntryIndexes = (accountId: string, type: string, inboxId: string | null, entryId: string) => ({
  gsi1pk: `ACCOUNT#${accountId}#LISTS#T#${type}`, gsi1sk: entryId,
  gsi2pk: `ACCOUNT#${accountId}#LISTS#I#${inboxId ?? '*'}`, gsi2sk: entryId,
  gsi3pk: `ACCOUNT#${accountId}#LISTS#TI#${type}#${inboxId ?? '*'}`, gsi3sk: entryId,
});
export const listEntryCounts = (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: 'LISTCOUNTS' });
export const draft = (inboxId: string, draftId: string) => ({ pk: `INBOX#${inboxId}`, sk: `DRAFT#${draftId}` });
export const draftPrefix = 'DRAFT#';
export const draftLabel = (inboxId: string, label: string, draftId: string) => ({ pk: `INBOX#${inboxId}#DRAFTLABEL#${label}`, sk: `DRAFT#${draftId}` });
export const draftLabelPartition = (inboxId: string, label: string) => `INBOX#${inboxId}#DRAFTLABEL#${label}`;
export const draftCounts = (inboxId: string) => ({ pk: `INBOX#${inboxId}`, sk: 'DRAFTCOUNTS' });
export const sesMessage = (sesMessageId: string) => ({ pk: `SESMSG#${sesMessageId}`, sk: 'SESMSG' });
export const dailySends = (accountId: string, day: string) => ({ pk: `SENDS#${accountId}#${day}`, sk: 'SENDS' });
export const sendBurst = (accountId: string, minute: number) => ({ pk: `SENDBURST#${accountId}#${minute}`, sk: 'SENDBURST' });
export const sendsInFlight = (accountId: string) => ({ pk: `SENDING#${accountId}`, sk: 'SENDING' });
export const suppressed = (accountId: string, address: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `SUPPRESSED#${address}` });
export const webhook = (accountId: string, webhookId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `WEBHOOK#${webhookId}` });
export const webhookPrefix = 'WEBHOOK#';
export const inboxWebhookIndex = (inboxId: string, webhookId: string) => ({ gsi1pk: `INBOX#${inboxId}#WEBHOOKS`, gsi1sk: webhookId });
export const inboxWebhooksPartition = (inboxId: string) => `INBOX#${inboxId}#WEBHOOKS`;
export const webhookCounts = (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: 'WEBHOOKCOUNTS' });
export const event = (eventId: string) => ({ pk: `EVENT#${eventId}`, sk: 'EVENT' });
export const pendingEventIndex = (timestamp: string, eventId: string) => ({ gsi3pk: 'PENDING_EVENTS', gsi3sk: `${timestamp}#${eventId}` });
export const pendingEventsPartition = 'PENDING_EVENTS';
export const delivered = (eventId: string, webhookId: string) => ({ pk: `DELIVERED#${eventId}#${webhookId}`, sk: 'DELIVERED' });
export const attemptHandled = (eventId: string, webhookId: string, attempt: number) => ({ pk: `DELIVERED#${eventId}#${webhookId}`, sk: `ATTEMPT#${attempt}` });
export const deliveryLog = (webhookId: string, at: string, eventId: string, attempt: number) => ({
  pk: `WEBHOOK#${webhookId}`, sk: `LOG#${at}#${eventId}#${String(attempt).padStart(2, '0')}`,
});
export const deliveryLogPartition = (webhookId: string) => `WEBHOOK#${webhookId}`;
export const deliveryLogPrefix = 'LOG#';
export const linkUse = (jti: string) => ({ pk: `LINKUSE#${jti}`, sk: 'LINKUSE' });
export const notification = (accountId: string, notificationId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `NOTIFICATION#${notificationId}` });
export const notifyWindow = (accountId: string, windowStart: number) => ({ pk: `NOTIFY#${accountId}#${windowStart}`, sk: 'NOTIFY' });
export const domain = (accountId: string, domainId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `DOMAIN#${domainId}` });
export const domainPrefix = 'DOMAIN#';
export const domainCount = (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: 'DOMAINS' });
export const domainName = (name: string) => ({ pk: `DOMAINNAME#${name}`, sk: 'DOMAINNAME' });
export const domainAccountClaim = (name: string, accountId: string) => ({ pk: `DOMAINNAME#${name}`, sk: `ACCOUNT#${accountId}` });
/** The address claim of an inbox: its username at the service domain, its full address at a custom domain. */
export const inboxClaim = (i: { username: string; address: string; domain_id?: string }) => ({ pk: `USERNAME#${i.domain_id ? i.address : i.username}`, sk: 'USERNAME' });
export const accountEventIndex = (accountId: string, eventId: string) => ({ gsi2pk: `ACCOUNT#${accountId}#EVENTS`, gsi2sk: eventId });
export const accountEventsPartition = (accountId: string) => `ACCOUNT#${accountId}#EVENTS`;
export const connection = (accountId: string, connectionId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `CONN#${connectionId}` });
export const connectionPrefix = 'CONN#';
export const connectionPointer = (connectionId: string) => ({ pk: `CONN#${connectionId}`, sk: 'CONN' });
export const connectionSent = (connectionId: string, eventId: string) => ({ pk: `CONN#${connectionId}`, sk: `SENT#${eventId}` });
export const connectionHeld = (connectionId: string, eventId: string) => ({ pk: `CONN#${connectionId}`, sk: `HELD#${eventId}` });
export const connectionPartition = (connectionId: string) => `CONN#${connectionId}`;
export const connectionHeldPrefix = 'HELD#';
/** One of an account's concurrent-wait slots: a lease taken by a conditional write (store/wait-slots.ts). */
export const waitSlot = (accountId: string, slot: number) => ({ pk: `WAITSLOTS#${accountId}`, sk: `SLOT#${String(slot).padStart(4, '0')}` });
export const waitSlotsPartition = (accountId: string) => `WAITSLOTS#${accountId}`;
/** A draft carries it while scheduled: per-account and per-inbox counts of scheduled drafts. */
export const scheduledDraftIndex = (accountId: string, inboxId: string, draftId: string) => ({ gsi1pk: `ACCOUNT#${accountId}#SCHEDULED`, gsi1sk: `${inboxId}#${draftId}` });
export const scheduledDraftsPartition = (accountId: string) => `ACCOUNT#${accountId}#SCHEDULED`;
export const listEntryUnique = (accountId: string, type: string, inboxId: string | null, address: string) => ({
  pk: `ACCOUNT#${accountId}`, sk: `LISTKEY#${type}#${inboxId ?? '*'}#${address}`,
});

/** Strips key attributes so a stored item can be returned as a record. */
export function stripKeys<T extends Record<string, unknown>>(item: T): Omit<T, 'pk' | 'sk' | 'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk' | 'gsi3pk' | 'gsi3sk' | 'ttl' | 'entity'> {
  const { pk, sk, gsi1pk, gsi1sk, gsi2pk, gsi2sk, gsi3pk, gsi3sk, ttl, entity, ...rest } = item;
  void [pk, sk, gsi1pk, gsi1sk, gsi2pk, gsi2sk, gsi3pk, gsi3sk, ttl, entity];
  return rest;
}

// ── Webhook delivery claims (issue #22 item 3) ────────────────────────────────────────────
//   attempt at (event, webhook) in flight (expires)  pk DELIVERED#<evt>#<wh>   sk CLAIM
// Beside the delivered marker and the handled attempts of the same pair (one partition).
export const deliveryClaim = (eventId: string, webhookId: string) => ({ pk: `DELIVERED#${eventId}#${webhookId}`, sk: 'CLAIM' });
// ── end of webhook delivery claims ──────────────────────────────────────────────────────
