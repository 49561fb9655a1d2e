/**
 * Webhooks on a sandbox stack, received by request bins (public URLs the stack records requests
 * at) instead of a receiver of the test's own: each delivery signed with the webhook's secret, a
 * failed delivery retried as the same event, five failures making the webhook unhealthy with a
 * webhook.unhealthy event, and enable bringing it back.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { api, binRequests, cleanUp, eventually, newAccount, newBin, ok, signatureValid, simulate, type BinRequest } from './sandbox.ts';

afterAll(cleanUp);

interface Webhook { id: string; secret: string; status: string; health: string }

const newWebhook = (key: string, url: string, events: string[]) => ok<Webhook>(201, 'POST', '/v1/webhooks', { key, body: { url, events } });

/** The first request in the bin that `match` accepts, once it is there. */
const received = (key: string, binId: string, what: string, match: (r: BinRequest) => boolean = () => true, timeoutMs?: number) =>
  eventually(what, async () => (await binRequests(key, binId)).find(match), timeoutMs);

const eventOf = (r: BinRequest) => JSON.parse(r.body) as { event: string; inbox_id?: string; message?: { id: string }; webhook?: { id: string; status: string } };

describe('webhooks', () => {
  it('a simulated mail is delivered as a message.received signed with the secret; after rotation, with the new secret only', async () => {
    const inbox = await newAccount();
    const bin = await newBin(inbox.account_api_key);
    const wh = await newWebhook(inbox.account_api_key, bin.url, ['message.received']);
    expect(wh.secret).toMatch(/^whsec_/);
    const sim = await simulate(inbox.api_key, inbox.id, { scenario: 'verification_code' });
    const delivery = await received(inbox.account_api_key, bin.id, 'the message.received delivery');
    expect(eventOf(delivery)).toMatchObject({ event: 'message.received', inbox_id: inbox.id });
    expect(delivery.body).toContain(sim.message_id);
    expect(signatureValid(wh.secret, delivery.headers, delivery.body)).toBe(true);
    expect(signatureValid(wh.secret, delivery.headers, delivery.body.replace(sim.message_id, 'msg_forged'))).toBe(false);

    const rotated = await ok<{ secret: string }>(200, 'POST', `/v1/webhooks/${wh.id}/rotate-secret`, { key: inbox.account_api_key });
    const second = await simulate(inbox.api_key, inbox.id, { scenario: 'magic_link' });
    const after = await received(inbox.account_api_key, bin.id, 'the delivery after rotation', (r) => r.body.includes(second.message_id));
    expect(signatureValid(rotated.secret, after.headers, after.body)).toBe(true);
  });

  it('a receiver answering 500 gets the same event again; once it answers 200, the retry is delivered and logged', async () => {
    const inbox = await newAccount();
    const bin = await newBin(inbox.account_api_key, { status: 500 });
    const wh = await newWebhook(inbox.account_api_key, bin.url, ['message.received']);
    await simulate(inbox.api_key, inbox.id, { scenario: 'verification_code' });
    const failed = await received(inbox.account_api_key, bin.id, 'a failed attempt', (r) => r.answered_status === 500);
    await ok(200, 'PATCH', `/v1/test/bins/${bin.id}`, { key: inbox.account_api_key, body: { respond: { status: 200 } } });
    const delivered = await received(inbox.account_api_key, bin.id, 'a retry answered 200', (r) => r.answered_status === 200);
    expect(delivered.headers['webhook-id']).toBe(failed.headers['webhook-id']);
    const log = await eventually('the successful attempt in the delivery log', async () =>
      (await ok(200, 'GET', `/v1/webhooks/${wh.id}/logs`, { key: inbox.account_api_key })).logs.find((l: { success: boolean }) => l.success));
    expect(log).toMatchObject({ response_code: 200, event_id: delivered.headers['webhook-id'] });
    expect(log.retry_count).toBeGreaterThan(0);
  });

  it('five failed attempts make a webhook unhealthy and announce webhook.unhealthy; enable makes it deliver again', async () => {
    const inbox = await newAccount();
    const failing = await newBin(inbox.account_api_key, { status: 503 });
    const watcher = await newBin(inbox.account_api_key);
    const bad = await newWebhook(inbox.account_api_key, failing.url, ['message.received']);
    await newWebhook(inbox.account_api_key, watcher.url, ['webhook.unhealthy']);
    await simulate(inbox.api_key, inbox.id, { scenario: 'verification_code' });

    const alarm = await received(inbox.account_api_key, watcher.id, 'webhook.unhealthy', (r) => eventOf(r).event === 'webhook.unhealthy', 45_000);
    expect(eventOf(alarm).webhook).toMatchObject({ id: bad.id, status: 'unhealthy' });
    expect((await binRequests(inbox.account_api_key, failing.id)).length).toBe(5);
    const listed = (await ok(200, 'GET', '/v1/webhooks', { key: inbox.account_api_key })).webhooks.find((w: Webhook) => w.id === bad.id);
    expect(listed).toMatchObject({ status: 'unhealthy', health: 'unhealthy' });

    await ok(200, 'PATCH', `/v1/test/bins/${failing.id}`, { key: inbox.account_api_key, body: { respond: { status: 200 } } });
    await ok(200, 'POST', `/v1/webhooks/${bad.id}/enable`, { key: inbox.account_api_key });
    const next = await simulate(inbox.api_key, inbox.id, { scenario: 'magic_link' });
    await received(inbox.account_api_key, failing.id, 'a delivery after enable', (r) => r.answered_status === 200 && r.body.includes(next.message_id));
  });

  it('a webhook URL the stack must not call is refused with a 400 naming url', async () => {
    const inbox = await newAccount();
    // (A stack on this machine lets loopback receivers through, for local development; private and link-local never.)
    for (const url of ['http://169.254.169.254/latest/meta-data', 'http://10.1.2.3/hook', 'http://[fd00::1]/hook', 'ftp://example.com/hook']) {
      const r = await api('POST', '/v1/webhooks', { key: inbox.account_api_key, body: { url, events: ['message.received'] } });
      expect(r.status, `${url}: ${r.text}`).toBe(400);
      expect(r.text).toContain('url');
    }
  });
});
