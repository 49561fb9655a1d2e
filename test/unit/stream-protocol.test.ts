/**
 * The realtime stream's protocol rules (lambdas/events/stream-protocol.ts): what a subscription hears, what
 * a subscribe may ask for with each kind of key, and frames that fit a WebSocket message.
 */
import { describe, expect, it } from 'vitest';
import { eventFrame, hears, MAX_FRAME_BYTES, parseSubscribe, StreamProtocolError } from '../../lambdas/events/stream-protocol.ts';
import { newId } from '../../lambdas/platform/ids.ts';

const mine = newId('inbox');
const sibling = newId('inbox');
const accountKey = { kind: 'account' as const, inbox_id: null, accountInboxIds: new Set([mine, sibling]) };
const inboxKey = { kind: 'inbox' as const, inbox_id: mine };

const refusal = (f: () => unknown) => {
  try { f(); } catch (e) { if (e instanceof StreamProtocolError) return { code: e.code, field: e.field }; throw e; }
  throw new Error('expected a refusal');
};

describe('subscribe', () => {
  it('an account key with no filters hears every event of the account', () => {
    const s = parseSubscribe({ type: 'subscribe' }, accountKey);
    expect(s).toEqual({ event_types: null, inbox_ids: null, last_event_id: null });
    expect(hears(s, { event: 'account.upgraded', inbox_id: null })).toBe(true);
  });

  it('an inbox key is limited to its inbox, and naming another is refused', () => {
    expect(parseSubscribe({ type: 'subscribe' }, inboxKey).inbox_ids).toEqual([mine]);
    expect(refusal(() => parseSubscribe({ type: 'subscribe', inbox_ids: [mine, sibling] }, inboxKey))).toEqual({ code: 'INVALID_API_KEY', field: 'inbox_ids' });
    const s = parseSubscribe({ type: 'subscribe' }, inboxKey);
    expect(hears(s, { event: 'message.received', inbox_id: sibling })).toBe(false);
    expect(hears(s, { event: 'account.upgraded', inbox_id: null })).toBe(false);
  });

  it('an account key may not name an inbox outside its account', () => {
    expect(refusal(() => parseSubscribe({ type: 'subscribe', inbox_ids: [newId('inbox')] }, accountKey))).toEqual({ code: 'INBOX_NOT_FOUND', field: 'inbox_ids' });
  });

  it('names the field of a bad filter or cursor', () => {
    expect(refusal(() => parseSubscribe({ type: 'subscribe', event_types: ['message.teleported'] }, accountKey)).field).toBe('event_types');
    expect(refusal(() => parseSubscribe({ type: 'subscribe', event_types: 'message.received' }, accountKey)).field).toBe('event_types');
    expect(refusal(() => parseSubscribe({ type: 'subscribe', inbox_ids: ['nope'] }, accountKey)).field).toBe('inbox_ids');
    expect(refusal(() => parseSubscribe({ type: 'subscribe', last_event_id: 'evt_1' }, accountKey)).field).toBe('last_event_id');
    expect(refusal(() => parseSubscribe([], accountKey)).field).toBe('body');
  });

  it('filters by type and inbox together', () => {
    const s = parseSubscribe({ type: 'subscribe', event_types: ['message.received'], inbox_ids: [sibling] }, accountKey);
    expect(hears(s, { event: 'message.received', inbox_id: sibling })).toBe(true);
    expect(hears(s, { event: 'message.received', inbox_id: mine })).toBe(false);
    expect(hears(s, { event: 'thread.created', inbox_id: sibling })).toBe(false);
  });
});

describe('frames', () => {
  it('is the payload itself when it fits, and a trimmed event naming the message when it does not', () => {
    const small = JSON.stringify({ event: 'message.received', event_id: newId('event'), inbox_id: mine, message: { id: 'msg_1', subject: 'hi' } });
    expect(eventFrame(small)).toBe(small);
    const messageId = newId('message');
    const big = JSON.stringify({ event: 'message.received', event_id: newId('event'), timestamp: 't', account_id: 'acc_1', inbox_id: mine,
      message: { id: messageId, inbox_id: mine, subject: 's', from: 'a@b.c', body_text: 'x'.repeat(MAX_FRAME_BYTES) } });
    const frame = eventFrame(big);
    expect(Buffer.byteLength(frame)).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    expect(JSON.parse(frame)).toMatchObject({ event: 'message.received', truncated: true, message: { id: messageId },
      next_steps: [expect.stringContaining(`/v1/inboxes/${mine}/messages/${messageId}`)] });
  });
});
