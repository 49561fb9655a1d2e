/**
 * Each mail handled once (issue #28): workers claim messages under a lease, ack what they finished,
 * release what they give back; a lease that ends returns the message with one more delivery, and
 * one handed out max_deliveries times without an ack becomes a dead letter. Consuming waits hand a
 * code to exactly one caller. Real SMTP mail into the local stack; every call over HTTP.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { api, newAccount, paidAccount, type CreatedInbox } from './client.ts';
import { closeMail, expectError, sendMail, uniqueSubject, waitForMessages } from './mail.ts';

afterAll(() => closeMail());

const claim = (inbox: CreatedInbox, body: Record<string, unknown> = {}) => api('POST', `/v1/inboxes/${inbox.id}/messages/claim`, { key: inbox.api_key, body });
const ack = (inbox: CreatedInbox, msgId: string, claimId: string) => api('POST', `/v1/inboxes/${inbox.id}/messages/${msgId}/ack`, { key: inbox.api_key, body: { claim_id: claimId } });
const release = (inbox: CreatedInbox, msgId: string, claimId: string, delay = 0) =>
  api('POST', `/v1/inboxes/${inbox.id}/messages/${msgId}/release`, { key: inbox.api_key, body: { claim_id: claimId, delay } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An inbox with `n` mails stored (oldest first in `subjects`). */
async function inboxWith(n: number, text = (i: number) => `mail ${i}`): Promise<{ inbox: CreatedInbox; subjects: string[] }> {
  const inbox = await newAccount();
  const subjects: string[] = [];
  for (let i = 0; i < n; i++) {
    const subject = uniqueSubject(`claim ${i}`);
    subjects.push(subject);
    await sendMail({ to: inbox.address, subject, text: text(i) });
  }
  await waitForMessages(inbox.api_key, inbox.id, (ms) => subjects.every((s) => ms.some((m) => m.subject === s)));
  return { inbox, subjects };
}

describe('claims', () => {
  it('hand each message to one claimer, oldest first, with a lease; ack ends it, and nothing is handed out twice', async () => {
    const { inbox, subjects } = await inboxWith(3);
    const first = await claim(inbox, { limit: 2, lease: 60 });
    expect(first.status, first.text).toBe(200);
    const got = first.body.result.claims as any[];
    expect(got.map((c) => c.message.subject)).toEqual(subjects.slice(0, 2));
    for (const c of got) {
      expect(c.claim_id).toMatch(/^clm_/);
      expect(c.delivery_count).toBe(1);
      expect(Date.parse(c.lease_expires_at) - Date.now()).toBeGreaterThan(50_000);
    }
    const second = await claim(inbox, { limit: 5 });
    expect((second.body.result.claims as any[]).map((c) => c.message.subject)).toEqual([subjects[2]]);
    expect((await claim(inbox)).body.result.claims).toEqual([]);

    const done = await ack(inbox, got[0].message.id, got[0].claim_id);
    expect(done.status, done.text).toBe(200);
    expect(done.body.result).toEqual({ id: got[0].message.id, acked: true });
    // Acked twice: the claim no longer holds it.
    expectError(await ack(inbox, got[0].message.id, got[0].claim_id), 409, 'CLAIM_NOT_HELD');
  });

  it('release gives a message back at once (or after a delay), with its delivery counted; the old claim is then stale (409)', async () => {
    const { inbox } = await inboxWith(1);
    const [c] = (await claim(inbox, { lease: 60 })).body.result.claims as any[];
    const r = await release(inbox, c.message.id, c.claim_id);
    expect(r.status, r.text).toBe(200);
    const [again] = (await claim(inbox)).body.result.claims as any[];
    expect(again).toMatchObject({ message: { id: c.message.id }, delivery_count: 2 });
    expectError(await ack(inbox, c.message.id, c.claim_id), 409, 'CLAIM_NOT_HELD');
    const later = await release(inbox, again.message.id, again.claim_id, 3);
    expect(later.status, later.text).toBe(200);
    expect((await claim(inbox)).body.result.claims).toEqual([]);
    // timeout waits for it to be ready again.
    const third = await claim(inbox, { timeout: 10 });
    expect((third.body.result.claims as any[]).map((x) => x.message.id)).toEqual([c.message.id]);
  });

  it('a lease that ends returns the message; after max_deliveries it is a dead letter, listed and requeueable', async () => {
    const { inbox } = await inboxWith(1);
    const [c1] = (await claim(inbox, { lease: 5, max_deliveries: 2 })).body.result.claims as any[];
    await sleep(5_500);
    const [c2] = (await claim(inbox, { lease: 5, max_deliveries: 2 })).body.result.claims as any[];
    expect(c2).toMatchObject({ message: { id: c1.message.id }, delivery_count: 2 });
    // The first holder's work came too late: its ack is refused, the second holder's stands.
    expectError(await ack(inbox, c1.message.id, c1.claim_id), 409, 'CLAIM_NOT_HELD');
    await sleep(5_500);
    expect((await claim(inbox, { max_deliveries: 2 })).body.result.claims).toEqual([]);
    const dead = await api('GET', `/v1/inboxes/${inbox.id}/messages/dead`, { key: inbox.api_key });
    expect(dead.status, dead.text).toBe(200);
    expect(dead.body.result.dead_letters).toMatchObject([{ message_id: c1.message.id, delivery_count: 2 }]);
    const back = await api('POST', `/v1/inboxes/${inbox.id}/messages/${c1.message.id}/requeue`, { key: inbox.api_key });
    expect(back.status, back.text).toBe(200);
    const [c3] = (await claim(inbox)).body.result.claims as any[];
    expect(c3).toMatchObject({ message: { id: c1.message.id }, delivery_count: 1 });
    expect((await api('GET', `/v1/inboxes/${inbox.id}/messages/dead`, { key: inbox.api_key })).body.result.dead_letters).toEqual([]);
  });

  it('bad input is a 400 naming the field; a claim id of another shape a 400', async () => {
    const { inbox } = await inboxWith(0);
    for (const [body, field] of [[{ limit: 0 }, 'limit'], [{ limit: 101 }, 'limit'], [{ lease: 4 }, 'lease'], [{ lease: 901 }, 'lease'], [{ timeout: 26 }, 'timeout'], [{ has: 'all' }, 'has']] as const) {
      const r = await claim(inbox, body);
      expect({ status: r.status, field: r.body?.field }, r.text).toEqual({ status: 400, field });
    }
    const r = await ack(inbox, 'msg_00000000-0000-7000-8000-000000000000', 'nope');
    expect({ status: r.status, field: r.body?.field }, r.text).toEqual({ status: 400, field: 'claim_id' });
  });

  it('20 concurrent consuming waits for one code mail: exactly one gets it, the message shows consumed_at', async () => {
    // 20 waits at once: a tier that holds that many (free holds 10).
    const inbox = await paidAccount('growth');
    const subject = uniqueSubject('code');
    const waits = Array.from({ length: 20 }, () => api('GET', `/v1/inboxes/${inbox.id}/messages/wait?has=code&consume=true&timeout=15`, { key: inbox.api_key }));
    await sleep(500);
    await sendMail({ to: inbox.address, subject, text: 'Your verification code is 482913. It expires in 10 minutes.' });
    const answers = await Promise.all(waits);
    for (const a of answers) expect(a.status, a.text).toBe(200);
    const winners = answers.filter((a) => a.body.result.verification_code === '482913');
    expect(winners).toHaveLength(1);
    expect(winners[0]!.body.result.message.consumed_at).toEqual(expect.any(String));
    const m = await api('GET', `/v1/inboxes/${inbox.id}/messages/${winners[0]!.body.result.message.id}`, { key: inbox.api_key });
    expect(m.body.result.consumed_at).toBe(winners[0]!.body.result.message.consumed_at);
    // A non-consuming wait still sees it.
    const plain = await api('GET', `/v1/inboxes/${inbox.id}/messages/wait?has=code&since=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}&timeout=5`, { key: inbox.api_key });
    expect(plain.body.result.verification_code).toBe('482913');
    // Its code is taken: a claim with has=code passes it over; a plain claim still hands the message out.
    expect((await claim(inbox, { has: 'code' })).body.result.claims).toEqual([]);
    expect(((await claim(inbox)).body.result.claims as any[]).map((c) => c.message.id)).toEqual([winners[0]!.body.result.message.id]);
  });

  it('a claim with has=code takes the code for its claimer: a consuming wait then skips that mail', async () => {
    const inbox = await newAccount();
    await sendMail({ to: inbox.address, subject: uniqueSubject('code'), text: 'Your verification code is 730155.' });
    await waitForMessages(inbox.api_key, inbox.id, (ms) => ms.length === 1);
    const [c] = (await claim(inbox, { has: 'code' })).body.result.claims as any[];
    expect(c.message.consumed_at).toEqual(expect.any(String));
    const since = encodeURIComponent(new Date(Date.now() - 60_000).toISOString());
    const w = await api('GET', `/v1/inboxes/${inbox.id}/messages/wait?has=code&consume=true&since=${since}&timeout=2`, { key: inbox.api_key });
    expect(w.body.result).toMatchObject({ message: null, timed_out: true });
  });
});
