/**
 * The realtime stream's use cases (issue 16): connect, subscribe (with replay), disconnect, and
 * the fan-out of one event to an account's live connections. Delivery on a connection is at most
 * once per event (a SENT marker is claimed before each post), so replay and live fan-out may race
 * freely: whichever claims an event first sends it.
 *
 * No gap between replay and live: the subscription is stored (mode "replaying") before the replay
 * reads the events, so an event committed later is seen by its fan-out, which either holds it
 * for the replay (a conditional write on mode = replaying) or — once the replay switched to live
 * — posts it itself. The replay sends the held events last, in id order.
 */
import { looksLikeApiKey } from '../accounts/api-keys.ts';
import { invalidApiKey, tooManyRequests, unauthorized } from '../platform/errors.ts';
import { controlFrame, eventFrame, hears, parseSubscribe, REPLAY_MAX_EVENTS, StreamProtocolError } from './stream-protocol.ts';
import { closeConnection, postToConnection, streamUrl } from '../platform/aws/stream.ts';
import { errorFields, log } from '../platform/log.ts';
import { getInbox } from '../accounts/accounts.store.ts';
import { callerForKey } from '../accounts/access.ts';
import * as store from './connections.store.ts';
import type { ConnectionRecord } from './events.entities.ts';
import { getEvent } from './events.store.ts';
import { config } from '../platform/config.ts';
import { effectiveLimits } from '../accounts/tiers.ts';
import type { EventRecord } from './events.entities.ts';

/**
 * The event index (a GSI) is eventually consistent: an event committed just before a subscribe
 * may reach it a moment later. The replay reads once more after this pause.
 */
const REPLAY_SETTLE_MS = 300;

export const streamInfo = () => ({ url: streamUrl });

/** A refused connect may try again this soon: a connection closes when its client goes. */
const STREAM_RETRY_AFTER_SECONDS = 5;

/**
 * $connect: an account or inbox key (Bearer header, or ?key= for browsers), else unauthenticated;
 * rate limited (code STREAM_CONNECTION_LIMIT) when the account holds its tier's cap of
 * connections. Throws the API's errors, so the handshake's refusal is the API's envelope. The
 * count and the write are not one transaction: connects of one account racing each other may pass
 * the cap by the few in flight at the same moment, never more.
 */
export async function connect(connectionId: string, key: string | undefined, now = new Date()): Promise<void> {
  if (!key) throw unauthorized('An API key is required: Authorization: Bearer <key>, or ?key=<key>.');
  if (!looksLikeApiKey(key)) throw invalidApiKey('The API key is malformed.');
  // The same strongly consistent lookup as every API request: a rotated key is refused at once.
  const found = await callerForKey(key, undefined);
  if (!found.ok) throw invalidApiKey('The API key is invalid or revoked.');
  const { kind, account, inbox } = found.caller;
  if (kind === 'inbox' && inbox!.status === 'deleted') throw invalidApiKey('The API key is invalid or revoked.');
  const cap = effectiveLimits(account.tier, config.limitOverrides).streamConnections;
  const open = await store.countConnections(account.id, cap);
  if (open >= cap) {
    throw tooManyRequests(`This account already holds ${open} stream connections, the most its ${account.tier} tier allows (${cap}).`, {
      code: 'STREAM_CONNECTION_LIMIT', retry_after: STREAM_RETRY_AFTER_SECONDS, rate_limit: { limit: cap },
      current_usage: { stream_connections: open, max_stream_connections: cap },
      next_steps: ['Close a connection you no longer use, or share one: a subscribe may name several inbox_ids (or none: every inbox of the account).'] });
  }
  await store.putConnection({
    connection_id: connectionId, account_id: account.id, key_kind: kind, key_inbox_id: kind === 'inbox' ? inbox!.id : null,
    connected_at: now.toISOString(), mode: 'idle', event_types: null, inbox_ids: null,
  });
}

export async function disconnect(connectionId: string) {
  await store.deleteConnection(connectionId);
}

async function payloadOf(e: EventRecord): Promise<string | undefined> {
  if (e.payload !== undefined) return e.payload;
  if (!e.payload_s3_key) return undefined;
  const { getObjectBytes } = await import('../messages/blobs.store.ts');
  return (await getObjectBytes(e.payload_s3_key))?.toString('utf8');
}

export type SendOutcome = 'sent' | 'duplicate' | 'gone';

/** Sends an event once on a connection; a gone connection is forgotten. */
async function sendOnce(c: ConnectionRecord, e: EventRecord): Promise<SendOutcome> {
  if (!(await store.claimSend(c, e.event_id))) return 'duplicate';
  const payload = await payloadOf(e);
  if (payload === undefined) return 'duplicate'; // payload expired with its event: nothing to send
  let ok: boolean;
  try {
    ok = await postToConnection(c.connection_id, eventFrame(payload));
  } catch (err) {
    // Not sent: let a retry claim it again.
    await store.releaseSend(c, e.event_id).catch(() => undefined);
    throw err;
  }
  if (!ok) {
    log.info('stream connection gone; removed', { connection_id: c.connection_id, account_id: c.account_id });
    await store.deleteConnection(c.connection_id, c.account_id);
    return 'gone';
  }
  return 'sent';
}

/** Frames sent per outcome, for the caller's log line. */
export interface FanOutResult { sent: number; held: number; gone: number }

/** Posts one event to every live connection of its account that hears it. */
export async function fanOut(eventId: string): Promise<FanOutResult> {
  const out: FanOutResult = { sent: 0, held: 0, gone: 0 };
  const e = await getEvent(eventId);
  if (!e) return out;
  const connections = (await store.listConnections(e.account_id)).filter((c) => c.mode !== 'idle' && hears(c, e));
  await Promise.all(connections.map(async (c) => {
    if (c.mode === 'replaying' && await store.holdIfReplaying(c, e.event_id)) { out.held++; return; }
    const r = await sendOnce(c, e);
    if (r === 'sent') out.sent++;
    if (r === 'gone') out.gone++;
  }));
  return out;
}



/** What a subscribe did, for the log. */
export interface SubscribeResult { replayed: number; gone: boolean }

/**
 * subscribe: store the filters, answer {"type":"subscribed"}, then (with last_event_id) send the
 * missed events in order, then what arrived meanwhile, then {"type":"replayed"} — and from then
 * on the fan-out posts directly. Protocol errors answer {"type":"error"} and change nothing.
 */
export async function subscribe(connectionId: string, message: unknown): Promise<SubscribeResult> {
  const c = await store.getConnection(connectionId);
  if (!c) { await closeConnection(connectionId); return { replayed: 0, gone: true }; }
  let sub: ReturnType<typeof parseSubscribe>;
  try {
    const asked = (message as { inbox_ids?: unknown })?.inbox_ids;
    let accountInboxIds: Set<string> | undefined;
    if (c.key_kind === 'account' && Array.isArray(asked) && asked.length <= 100 && asked.every((x) => typeof x === 'string')) {
      const found = await Promise.all((asked as string[]).map((id) => getInbox(id).catch(() => undefined)));
      accountInboxIds = new Set(found.filter((i) => i && i.account_id === c.account_id && i.status === 'active').map((i) => i!.id));
    }
    sub = parseSubscribe(message, { kind: c.key_kind, inbox_id: c.key_inbox_id, accountInboxIds });
  } catch (e) {
    if (!(e instanceof StreamProtocolError)) throw e;
    const gone = !(await postToConnection(connectionId, controlFrame('error', { error: e.code, message: e.message, field: e.field })));
    if (gone) await store.deleteConnection(connectionId, c.account_id);
    return { replayed: 0, gone };
  }
  const filters = { event_types: sub.event_types, inbox_ids: sub.inbox_ids };
  const replay = sub.last_event_id !== null;
  if (!(await store.setSubscription(c, { ...filters, mode: replay ? 'replaying' : 'live' }))) return { replayed: 0, gone: true };
  const live: ConnectionRecord = { ...c, ...filters, mode: replay ? 'replaying' : 'live' };
  if (!(await postToConnection(connectionId, controlFrame('subscribed', { ...filters, last_event_id: sub.last_event_id })))) {
    await store.deleteConnection(connectionId, c.account_id);
    return { replayed: 0, gone: true };
  }
  if (!replay) return { replayed: 0, gone: false };

  let replayed = 0;
  let cursor = sub.last_event_id!;
  let lastSent: string | null = null;
  const sendPage = async (): Promise<'more' | 'done' | 'gone'> => {
    const page = await store.eventsAfter(c.account_id, cursor, 100);
    for (const e of page) {
      cursor = e.event_id;
      if (!hears(filters, e)) continue;
      const r = await sendOnce(live, e);
      if (r === 'gone') return 'gone';
      if (r === 'sent') { replayed++; lastSent = e.event_id; }
      if (replayed >= REPLAY_MAX_EVENTS) return 'done';
    }
    return page.length === 100 ? 'more' : 'done';
  };
  try {
    let step: 'more' | 'done' | 'gone';
    while ((step = await sendPage()) === 'more');
    if (step === 'gone') return { replayed, gone: true };
    await new Promise((r) => setTimeout(r, REPLAY_SETTLE_MS));
    while ((step = await sendPage()) === 'more');
    if (step === 'gone') return { replayed, gone: true };
    // Held events: drained once while still replaying, then again after going live, for those
    // held between the first drain and the switch.
    for (let round = 0; round < 2; round++) {
      if (round === 1) await store.setMode(live, 'live');
      for (const id of await store.heldEvents(connectionId)) {
        const e = await getEvent(id);
        if (e && (await sendOnce(live, e)) === 'sent') { replayed++; lastSent = id; }
        await store.releaseHeld(connectionId, id);
      }
    }
  } catch (e) {
    log.error('stream replay failed; closing the connection so the client resumes', { connection_id: connectionId, ...errorFields(e) });
    await store.setMode(live, 'live').catch(() => undefined);
    await closeConnection(connectionId).catch(() => undefined);
    throw e;
  }
  await postToConnection(connectionId, controlFrame('replayed', { count: replayed, last_event_id: lastSent ?? sub.last_event_id }));
  return { replayed, gone: false };
}

/** ping → pong: a frame each way keeps the connection inside API Gateway's 10-minute idle limit. */
export async function ping(connectionId: string) {
  if (!(await postToConnection(connectionId, controlFrame('pong')))) await store.deleteConnection(connectionId);
}

/** Anything else a client sends. */
export async function unknownMessage(connectionId: string) {
  await postToConnection(connectionId, controlFrame('error', {
    error: 'UNKNOWN_MESSAGE', message: 'Send {"type":"subscribe", "event_types"?: [...], "inbox_ids"?: [...], "last_event_id"?: "evt_…"} or {"type":"ping"}.',
  }));
}
