/**
 * The realtime stream's protocol (issue 16), pure: which events a subscription hears, what a
 * subscribe may ask for with a given key, and the frames. No AWS client here.
 */
import { EVENT_TYPES, isEventType } from './event-types.ts';
import { isId } from '../platform/ids.ts';

/** Where the local WebSocket stand-in listens on the API port (deployed: its own wss:// host). */
export const LOCAL_STREAM_PATH = '/v1/stream/socket';

/**
 * API Gateway's limits on WebSocket connections: closed after 2 hours whatever happens, and after
 * 10 minutes without a frame. Clients send {"type":"ping"} well inside the idle limit.
 */
export const CONNECTION_MAX_SECONDS = 2 * 3600;
export const CONNECTION_IDLE_SECONDS = 10 * 60;
export const PING_INTERVAL_SECONDS = 5 * 60;

/** API Gateway's cap on one WebSocket message (128 KB); larger events go out trimmed. */
export const MAX_FRAME_BYTES = 128 * 1024;

/** One subscribe replays at most this many missed events (inside the 29 s integration timeout). */
export const REPLAY_MAX_EVENTS = 1000;

export interface Subscription {
  event_types: string[] | null;
  inbox_ids: string[] | null;
}

export const hears = (s: Subscription, e: { event: string; inbox_id: string | null }) =>
  (s.event_types === null || s.event_types.includes(e.event))
  && (s.inbox_ids === null || (e.inbox_id !== null && s.inbox_ids.includes(e.inbox_id)));

export interface SubscribeRequest {
  type: 'subscribe';
  event_types?: string[];
  inbox_ids?: string[];
  last_event_id?: string;
}

export class StreamProtocolError extends Error {
  constructor(readonly code: string, message: string, readonly field?: string) { super(message); this.name = 'StreamProtocolError'; }
}

/**
 * Checks a subscribe message against the key that opened the connection. An inbox key hears its
 * own inbox only: naming another inbox is refused (rather than silently narrowed) so the
 * mistake shows; omitting inbox_ids means "my inbox".
 */
export function parseSubscribe(raw: unknown, key: { kind: 'account' | 'inbox'; inbox_id: string | null; accountInboxIds?: ReadonlySet<string> }):
  Subscription & { last_event_id: string | null } {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new StreamProtocolError('VALIDATION_ERROR', 'A subscribe message is a JSON object.', 'body');
  const m = raw as Record<string, unknown>;
  const list = (field: string): string[] | null => {
    const v = m[field];
    if (v === undefined || v === null) return null;
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string') || v.length > 100) {
      throw new StreamProtocolError('VALIDATION_ERROR', `${field} must be an array of at most 100 strings.`, field);
    }
    return [...new Set(v as string[])];
  };
  const event_types = list('event_types');
  const unknown = event_types?.filter((t) => !isEventType(t)) ?? [];
  if (unknown.length) throw new StreamProtocolError('VALIDATION_ERROR', `Unknown event types: ${unknown.join(', ')}. Known: ${EVENT_TYPES.join(', ')}.`, 'event_types');
  let inbox_ids = list('inbox_ids');
  const malformed = inbox_ids?.filter((i) => !isId('inbox', i)) ?? [];
  if (malformed.length) throw new StreamProtocolError('VALIDATION_ERROR', `Not inbox ids: ${malformed.join(', ')}.`, 'inbox_ids');
  if (key.kind === 'inbox') {
    const other = inbox_ids?.filter((i) => i !== key.inbox_id) ?? [];
    if (other.length) throw new StreamProtocolError('INVALID_API_KEY', `This inbox key only streams events of ${key.inbox_id}; it cannot subscribe to ${other.join(', ')}.`, 'inbox_ids');
    inbox_ids = [key.inbox_id!];
  } else if (inbox_ids && key.accountInboxIds) {
    const foreign = inbox_ids.filter((i) => !key.accountInboxIds!.has(i));
    if (foreign.length) throw new StreamProtocolError('INBOX_NOT_FOUND', `No inbox ${foreign.join(', ')} in this account.`, 'inbox_ids');
  }
  const last = m.last_event_id;
  if (last !== undefined && last !== null && (typeof last !== 'string' || !isId('event', last))) {
    throw new StreamProtocolError('VALIDATION_ERROR', 'last_event_id must be an event id (evt_…) from an earlier frame.', 'last_event_id');
  }
  return { event_types, inbox_ids, last_event_id: (last as string | undefined) ?? null };
}

/**
 * The frame of an event: the webhook payload itself (it already carries event_id). One too large
 * for a WebSocket message keeps its common fields and says how to read the rest.
 */
export function eventFrame(payload: string): string {
  if (Buffer.byteLength(payload) <= MAX_FRAME_BYTES) return payload;
  const full = JSON.parse(payload) as Record<string, any>;
  const { event, event_id, timestamp, account_id, inbox_id } = full;
  const messageId = full.message?.id as string | undefined;
  return JSON.stringify({
    event, event_id, timestamp, account_id, ...(inbox_id ? { inbox_id } : {}), truncated: true,
    ...(messageId ? { message: { id: messageId, inbox_id: full.message.inbox_id, subject: full.message.subject, from: full.message.from } } : {}),
    next_steps: [messageId && inbox_id ? `The full event is larger than a WebSocket message: GET /v1/inboxes/${inbox_id}/messages/${messageId}.` : 'The full event is larger than a WebSocket message; read the resource through the REST API.'],
  });
}

export const controlFrame = (type: string, fields: Record<string, unknown> = {}) => JSON.stringify({ type, ...fields });
