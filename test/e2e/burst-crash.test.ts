/**
 * Accepted mail is never lost, not even to a crash (issue 22): a local stack of this file's own is
 * killed with kill -9 (the whole process group, emulator included) in the middle of a burst of
 * mail to one inbox — after some 250s came back, while other mails are in flight — and started
 * again on the same data directory. Mails that got a 250 must then be listed exactly once; mails
 * whose SMTP exchange the kill cut off were not acknowledged, and the sender sends them again (same
 * Message-ID, as a retrying mail server does); the counts must match; and every message must
 * reach a webhook receiver in this process as exactly one message.received event id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, uniqueUsername } from './client.ts';
import { countMismatches, inboxCounts, listAll, planBurst, repeated, sendBurst, tally, tokenOf, type BurstSent, type Get, type Listed } from './burst-mail.ts';
import { killHard, newDataDir, startLocal, stopAll, type LocalProcess } from './local-process.ts';
import { startReceiver, type Receiver } from './receiver.ts';

const BURST = 150;
const CONNECTIONS = 15;
/** The kill comes with the 50th 250: the other lanes are mid-exchange then. */
const KILL_AFTER = 50;
/** How long after the restarted stack is ready every message may take to reach the receiver. */
const EVENTS_WITHIN_MS = 60_000;

const ENV = {
  MAIL_DOMAIN: 'burst-crash.mailroom.localhost',
  FREE_INBOX_CREATES_PER_IP_PER_HOUR: '1000',
  API_RATE_LIMIT_MULTIPLIER: '1000',
  // Retries a second apart (as in the suite's stack), so a delivery cut by the kill is retried within the test.
  WEBHOOK_RETRY_DELAYS: '0,1,1,1,1',
};

let stack: LocalProcess;
let receiver: Receiver;
let inbox: { id: string; address: string; api_key: string; account_api_key: string };
/** The burst against the first start, and the mails it did not get accepted, sent again to the second. */
let sent: BurstSent;
let resent: BurstSent;
let restartedAt: number;
let listed: Listed[];
/** Events received by the end of the window, per message: the event ids, and how often each came. */
let eventsByMessage: Map<string, Set<string>>;
let posts: string[];

const get = (): Get => (path, key) => api('GET', path, { key, baseUrl: stack.apiUrl });

beforeAll(async () => {
  const dir = newDataDir('mailroom-burst-crash-');
  stack = await startLocal(dir, ENV);
  receiver = await startReceiver('burst-crash');
  const created = await api('POST', '/v1/inboxes', { baseUrl: stack.apiUrl, body: { username: uniqueUsername('crash') } });
  if (created.status !== 201) throw new Error(`inbox creation answered ${created.status}: ${created.text}\n${stack.output().slice(-2000)}`);
  inbox = created.body.result;
  const w = await api('POST', '/v1/webhooks', { baseUrl: stack.apiUrl, key: inbox.account_api_key,
    body: { url: receiver.url, events: ['message.received'], inbox_id: inbox.id } });
  if (w.status !== 201) throw new Error(`webhook creation answered ${w.status}: ${w.text}`);

  const mails = planBurst({ count: BURST, to: [inbox.address] });
  const victim = stack;
  let acks = 0;
  let killed: Promise<void> | undefined;
  sent = await sendBurst({
    host: '127.0.0.1', port: victim.smtpPort, connections: CONNECTIONS, mails,
    onAccepted: () => { if (++acks === KILL_AFTER) killed = killHard(victim); },
  });
  if (!killed) throw new Error(`the burst ended with ${acks} mails accepted, before the kill was due`);
  await killed;
  if (!sent.notAccepted.length) throw new Error('the kill came too late: every mail of the burst had been accepted');

  stack = await startLocal(dir, ENV);
  // The window for the events runs from the moment the restarted stack is ready.
  restartedAt = Date.now();
  // What the kill cut off or left unsent, sent again as a retrying sender would.
  resent = await sendBurst({ host: '127.0.0.1', port: stack.smtpPort, connections: CONNECTIONS, mails: sent.notAccepted.map((x) => x.mail) });

  const expected = new Set([...sent.accepted, ...resent.accepted].map((x) => x.mail.token));
  for (const deadline = Date.now() + 30_000; ;) {
    listed = await listAll(get(), inbox.id, inbox.api_key);
    const seen = new Set(listed.map((m) => tokenOf(m.subject)));
    if ([...expected].every((t) => seen.has(t)) || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 1000));
  }

  // Every listed message's event within the window (a later one does not count), then a moment
  // more for repeats (which count whenever they come).
  const ids = new Set(listed.map((m) => m.id as string));
  const windowEnd = restartedAt + EVENTS_WITHIN_MS;
  const collect = () => {
    eventsByMessage = new Map();
    posts = [];
    for (const r of receiver.ofType('message.received')) {
      posts.push(r.json.event_id);
      if (r.receivedAt > windowEnd) continue;
      const id = r.json.message?.id as string;
      eventsByMessage.set(id, (eventsByMessage.get(id) ?? new Set()).add(r.json.event_id));
    }
  };
  for (;;) {
    collect();
    if ([...ids].every((id) => eventsByMessage.has(id)) || Date.now() > windowEnd) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await new Promise((r) => setTimeout(r, 2000));
  collect();
  const last = Math.max(...receiver.ofType('message.received').map((r) => r.receivedAt));
  console.info(`burst-crash: ${sent.accepted.length} accepted before the kill, ${sent.notAccepted.filter((x) => x.state === 'failed').length} cut off mid-exchange, `
    + `${sent.notAccepted.filter((x) => x.state === 'unsent').length} not yet sent; ${resent.accepted.length} accepted when sent again; `
    + `${listed.length} listed; ${new Set(posts).size} distinct message.received event ids in ${posts.length} posts, the last ${((last - restartedAt) / 1000).toFixed(0)} s after the restart`);
}, 360_000);

afterAll(async () => {
  await stopAll();
  await receiver?.close();
});

describe('a kill -9 in the middle of a burst of mail to one inbox', () => {
  it('every mail that got a 250 before the kill is listed exactly once after the restart', () => {
    const t = tally(sent.accepted.map((x) => x.mail), listed);
    expect({ lost: t.lost.map((m) => m.token), duplicated: t.duplicatedTokens },
      `${sent.accepted.length} accepted before the kill, ${sent.notAccepted.length} not (${sent.notAccepted.filter((x) => x.state === 'failed').length} cut off mid-exchange)`)
      .toEqual({ lost: [], duplicated: [] });
  });

  it('every mail the kill cut off, sent again after the restart, is accepted and listed; only one cut off after its data may be listed twice', () => {
    expect(resent.notAccepted.map((x) => `${x.mail.token}: ${x.error}`), 'refused after the restart').toEqual([]);
    // A mail cut off after its data was sent but before the 250 may have been spooled (accepted)
    // before the kill and ingested at the restart; the sender, never told, sends it again. That
    // is SMTP's own ambiguity (RFC 1047): the copy is the sender's, SES would store it twice too,
    // and identical Message-IDs are not merged (distinct mails do share them). So such a mail is
    // listed once or twice, never lost; a mail not yet sent at the kill is listed exactly once.
    const cutOff = new Set(sent.notAccepted.filter((x) => x.state === 'failed').map((x) => x.mail.token));
    const t = tally(resent.accepted.map((x) => x.mail), listed);
    const copies = (tok: string) => listed.filter((m) => tokenOf(m.subject) === tok).length;
    expect({ lost: t.lost.map((m) => m.token), duplicated: t.duplicatedTokens.filter((tok) => !cutOff.has(tok) || copies(tok) > 2) },
      `${resent.accepted.length} sent again: ${cutOff.size} cut off mid-exchange by the kill, ${resent.accepted.length - cutOff.size} not yet sent then`)
      .toEqual({ lost: [], duplicated: [] });
    expect(listed.filter((m) => !tokenOf(m.subject)).map((m) => m.subject), 'listed but never sent').toEqual([]);
  });

  it('reports counts equal to what it lists after the restart', async () => {
    const threads = new Set(listed.map((m) => m.thread_id)).size;
    let problems = countMismatches(await inboxCounts(get(), inbox.id, inbox.api_key), listed.length, threads);
    // Counters may be applied a moment after a message is listed; they must then be exact.
    for (const deadline = Date.now() + 15_000; problems.length && Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 1000));
      problems = countMismatches(await inboxCounts(get(), inbox.id, inbox.api_key), listed.length, threads);
    }
    expect(problems, `${listed.length} messages listed in ${threads} threads`).toEqual([]);
  }, 30_000);

  it('every listed message produced exactly one message.received event id within 60 s of the restart', () => {
    const ids = new Set(listed.map((m) => m.id as string));
    // The same event id posted again is allowed: the kill can fall between the receiver's answer and
    // the delivery being recorded. Reported, not failed.
    const again = repeated(posts);
    if (again.length) console.info(`burst-crash: ${again.length} event id(s) posted more than once after the crash: ${again.slice(0, 10).join(', ')}`);
    expect({
      without: [...ids].filter((id) => !eventsByMessage.has(id)),
      severalEventIds: [...eventsByMessage].filter(([, e]) => e.size > 1).map(([id, e]) => `${id}: ${[...e].join(' ')}`),
      notListed: [...eventsByMessage.keys()].filter((id) => !ids.has(id)),
    }, `${ids.size} listed messages, ${new Set(posts).size} distinct event ids, ${posts.length} posts`)
      .toEqual({ without: [], severalEventIds: [], notListed: [] });
  });
});
