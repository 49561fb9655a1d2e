/**
 * `client.stream()` and `mailroom listen` against the local stack: real WebSocket, real SMTP.
 * The iterator survives a dropped connection and resumes with last_event_id (no event lost or
 * repeated); the CLI prints one JSON event a line.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { target, uniqueUsername } from '../../../test/e2e/client.ts';
import { closeMail, sendMail, uniqueSubject } from '../../../test/e2e/mail.ts';
import { Mailroom, MailroomError, StreamSubscribeError, type StreamEvent } from '../../src/index.ts';
import { buildSdk, type BuiltSdk } from '../build.ts';

let sdk: BuiltSdk;
beforeAll(async () => { sdk = await buildSdk(); }, 180_000);
afterAll(() => { closeMail(); sdk?.remove(); });

async function newInbox() {
  const created = await new Mailroom({ apiUrl: target().apiUrl }).inboxes.create({ username: uniqueUsername('sdkstream') });
  return { created, client: new Mailroom({ apiUrl: target().apiUrl, apiKey: created.api_key! }) };
}

/** An event id older than any: resuming after it replays everything the account has, so no mail races the subscribe. */
const BEGINNING = 'evt_00000000-0000-7000-8000-000000000000';

/** Every socket the iterator opens, so a test can drop one as a network would. */
function trackedWebSocket() {
  const sockets: WebSocket[] = [];
  const Tracked = class extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) { super(url, protocols); sockets.push(this); }
  } as typeof WebSocket;
  return { sockets, WebSocket: Tracked };
}

describe('client.stream()', () => {
  it('yields message.received for a real mail, and after a dropped connection resumes: every event once, in order', async () => {
    const { created, client } = await newInbox();
    const ws = trackedWebSocket();
    const abort = new AbortController();
    const reconnects: (string | undefined)[] = [];
    const events = client.stream({ eventTypes: ['message.received'], lastEventId: BEGINNING, signal: abort.signal, WebSocket: ws.WebSocket,
      backoff: { initialMs: 1500, maxMs: 1500 }, onReconnect: (r) => reconnects.push(r.lastEventId) });
    const it = events[Symbol.asyncIterator]();
    const subjects = [uniqueSubject('sdk stream 1'), uniqueSubject('sdk stream 2'), uniqueSubject('sdk stream 3')];
    const first = it.next();
    await sendMail({ to: created.address, subject: subjects[0], text: 'one' });
    const e1 = (await first).value as StreamEvent;
    expect(e1).toMatchObject({ event: 'message.received', inbox_id: created.id, message: { subject: subjects[0] } });

    // The network drops; two mails arrive while the client is away.
    ws.sockets[0]!.close();
    await sendMail({ to: created.address, subject: subjects[1], text: 'two' });
    await sendMail({ to: created.address, subject: subjects[2], text: 'three' });
    const got: StreamEvent[] = [];
    while (got.length < 2) got.push((await it.next()).value as StreamEvent);
    expect(got.map((e) => e.message?.subject)).toEqual(subjects.slice(1));
    expect(reconnects).toEqual([e1.event_id]);
    expect(ws.sockets.length).toBe(2);
    abort.abort();
    expect((await it.next()).done).toBe(true);
  }, 60_000);

  it('throws MailroomError for a bad key instead of reconnecting forever, and StreamSubscribeError for a refused subscription', async () => {
    const bad = new Mailroom({ apiUrl: target().apiUrl, apiKey: 'mr_free_00000000000000000000000000000000' });
    await expect(bad.stream().next()).rejects.toBeInstanceOf(MailroomError);
    const { client } = await newInbox();
    const { created: other } = await newInbox();
    await expect(client.stream({ inboxIds: [other.id] }).next()).rejects.toBeInstanceOf(StreamSubscribeError);
  });
});

describe('mailroom listen', () => {
  it('prints one JSON event per line as mail arrives', async () => {
    const { created } = await newInbox();
    const child = spawn(process.execPath, [sdk.bin, 'listen', '--event', 'message.received', '--since', BEGINNING], {
      env: { PATH: process.env.PATH ?? '', HOME: '/tmp', MAILROOM_API_URL: target().apiUrl, MAILROOM_API_KEY: created.api_key!, XDG_CONFIG_HOME: `/tmp/mailroom-listen-${process.pid}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    const lines = new Promise<string[]>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no two lines in 30 s: ${stdout} ${stderr}`)), 30_000);
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
        const ls = stdout.split('\n').filter(Boolean);
        if (ls.length >= 2) { clearTimeout(t); resolve(ls); }
      });
    });
    const subjects = [uniqueSubject('listen 1'), uniqueSubject('listen 2')];
    for (const s of subjects) await sendMail({ to: created.address, subject: s, text: s });
    const out = (await lines).map((l) => JSON.parse(l) as StreamEvent);
    expect(out.map((e) => [e.event, e.message?.subject])).toEqual(subjects.map((s) => ['message.received', s]));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  }, 60_000);
});
