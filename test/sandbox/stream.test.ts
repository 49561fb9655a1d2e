/**
 * The realtime stream as an agent behind NAT relies on it: GET /v1/stream names the WebSocket URL
 * (never hard-coded: wss:// on a deployed stack), a bad key is refused at the handshake, a
 * simulated mail arrives as its message.received frame, and a reconnect with last_event_id
 * replays exactly what was missed before going live.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { connectStream, subscribe, terminateStreams, type Frame } from '../ws-client.ts';
import { cleanUp, newAccount, ok, sandbox, simulate } from './sandbox.ts';

afterAll(terminateStreams);
afterAll(cleanUp);

const streamUrl = async (key: string) => (await ok<{ url: string }>(200, 'GET', '/v1/stream', { key })).url;
const connect = (url: string, key?: string) => connectStream(url, { key });

const received = (messageId: string) => (f: Frame) => f.event === 'message.received' && f.message?.id === messageId;

describe('the stream', () => {
  it('is found through the API, as wss:// behind https, and refuses a missing or unknown key with 401 at the handshake', async () => {
    const a = await newAccount();
    const url = await streamUrl(a.api_key);
    expect(url).toMatch(new URL(sandbox().apiUrl).protocol === 'https:' ? /^wss:\/\// : /^wss?:\/\//);
    await expect(connect(url)).rejects.toMatchObject({ status: 401 });
    await expect(connect(url, 'mr_free_00000000000000000000000000000000')).rejects.toMatchObject({ status: 401 });
    const c = await connect(url, a.api_key);
    expect(await subscribe(c)).toMatchObject({ type: 'subscribed', inbox_ids: [a.id] });
    await c.close();
  });

  it('delivers a simulated mail as a message.received frame naming its account, inbox, message and thread', async () => {
    const a = await newAccount();
    const c = await connect(await streamUrl(a.account_api_key), a.account_api_key);
    expect(await subscribe(c, { event_types: ['message.received'] })).toMatchObject({ type: 'subscribed', event_types: ['message.received'] });
    const sim = await simulate(a.api_key, a.id, { scenario: 'verification_code', code: '640213' });
    const f = await c.next(received(sim.message_id), 20_000, 'message.received');
    expect(f).toMatchObject({ event: 'message.received', account_id: expect.stringMatching(/^acc_/), inbox_id: a.id, event_id: expect.stringMatching(/^evt_/) });
    expect(f.message).toMatchObject({ id: sim.message_id, thread_id: sim.thread_id, inbox_id: a.id, subject: 'Your verification code is 640213' });
    await c.close();
  });

  it('after a reconnect with last_event_id, exactly the missed events come first, in order, then live ones', async () => {
    const a = await newAccount();
    const url = await streamUrl(a.api_key);
    const first = await connect(url, a.api_key);
    await subscribe(first, { event_types: ['message.received'] });
    const before = await simulate(a.api_key, a.id, { scenario: 'verification_code' });
    const last = await first.next(received(before.message_id), 20_000, 'the mail before the disconnect');
    await first.close();

    // One at a time, so the order they were delivered in is known; the simulate answers once stored.
    const missed: string[] = [];
    for (let i = 0; i < 2; i++) missed.push((await simulate(a.api_key, a.id, { scenario: 'verification_code' })).message_id);

    const again = await connect(url, a.api_key);
    expect(await subscribe(again, { event_types: ['message.received'], last_event_id: last.event_id })).toMatchObject({ type: 'subscribed' });
    const done = await again.next((f) => f.type === 'replayed', 20_000, 'replayed');
    const replayed = again.frames.filter((f) => f.event);
    expect(replayed.map((f) => f.message.id)).toEqual(missed);
    expect(done).toMatchObject({ count: 2, last_event_id: replayed[1]!.event_id });

    const live = await simulate(a.api_key, a.id, { scenario: 'verification_code' });
    await again.next(received(live.message_id), 20_000, 'the live mail after the replay');
    const events = again.frames.filter((f) => f.event);
    expect(events.map((f) => f.message.id)).toEqual([...missed, live.message_id]);
    await again.close();
  });
});
