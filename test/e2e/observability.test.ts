/**
 * What an operator sees of a run: the functions' log lines and EMF metrics, read from the output
 * of a local stack started here with LOG_LEVEL=info (the suite's own runs at 'error', which would
 * make "no secret in the logs" true of an empty log). One run creates an account, a webhook, an
 * inbound mail, a webhook delivery and a send; then the logs must carry request id, account and
 * inbox, never a key, secret or body, and the metrics must count what happened.
 */
import { randomBytes } from 'node:crypto';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startExtraStack, uniqueUsername, type CreatedInbox, type ExtraStack } from './client.ts';
import { eventually, startReceiver, type Receiver } from './receiver.ts';

let stack: ExtraStack;
let receiver: Receiver;
let inbox: CreatedInbox;
let webhookSecret: string;
const bodyMarker = `inbound-body-${randomBytes(8).toString('hex')}`;
const sentMarker = `outbound-body-${randomBytes(8).toString('hex')}`;

type Line = Record<string, any>;
const jsonLines = (): Line[] => stack.output().split('\n').flatMap((l) => {
  const t = l.trim();
  if (!t.startsWith('{')) return [];
  try { return [JSON.parse(t) as Line]; } catch { return []; }
});
const emf = () => jsonLines().filter((l) => l._aws?.CloudWatchMetrics);
const metricTotal = (name: string) => emf().reduce((sum, l) => sum + (typeof l[name] === 'number' ? l[name] : Array.isArray(l[name]) ? l[name].reduce((a: number, b: number) => a + b, 0) : 0), 0);

beforeAll(async () => {
  stack = await startExtraStack({ LOG_LEVEL: 'info' });
  const baseUrl = stack.apiUrl;
  const created = await api('POST', '/v1/inboxes', { baseUrl, body: { username: uniqueUsername('obs') } });
  expect(created.status, created.text).toBe(201);
  inbox = created.body.result;
  receiver = await startReceiver('obs');
  const hook = await api('POST', '/v1/webhooks', { baseUrl, key: inbox.account_api_key, body: { url: receiver.url, events: ['message.received'] } });
  expect(hook.status, hook.text).toBe(201);
  webhookSecret = hook.body.result.secret;

  // Inbound mail over SMTP → ingest → message.received → webhook delivery.
  const smtp = createTransport({ host: '127.0.0.1', port: stack.smtpPort, secure: false, ignoreTLS: true });
  await smtp.sendMail({ from: 'alice@example.org', to: inbox.address, subject: 'observability', text: bodyMarker });
  smtp.close();
  await receiver.waitFor((reqs) => reqs.some((r) => r.json?.event === 'message.received'), 'the message.received delivery', 30_000);

  // A send (paid tier): MailSent.
  const up = await api('POST', '/v1/account/upgrade', { baseUrl, key: inbox.account_api_key, body: { tier: 'developer', payment_method: 'pm_card_visa' } });
  expect(up.status, up.text).toBe(200);
  const sent = await api('POST', `/v1/inboxes/${inbox.id}/send`, { baseUrl, key: inbox.api_key, body: { to: 'bob@example.org', subject: 'out', body: sentMarker } });
  expect(sent.status, sent.text).toBe(201);
}, 180_000);

afterAll(async () => {
  await receiver?.close();
  await stack?.stop();
});

describe('logs of a run', () => {
  it('never contain an API key, a webhook secret or a message body', () => {
    const out = stack.output();
    expect(jsonLines().filter((l) => l.level === 'info').length).toBeGreaterThanOrEqual(3);
    for (const [what, value] of Object.entries({
      'inbox key': inbox.api_key, 'account key': inbox.account_api_key, 'webhook secret': webhookSecret,
      'inbound body': bodyMarker, 'outbound body': sentMarker,
    })) {
      expect(value.length, what).toBeGreaterThan(8);
      expect(out.includes(value), `${what} appears in the logs`).toBe(false);
    }
  });

  it('come from Powertools Logger with the fields of before: level, time, message, service, request id, account, inbox', async () => {
    const lines = await eventually(() => {
      const l = jsonLines().filter((x) => x.message && x.inbox_id === inbox.id);
      return l.length ? l : undefined;
    }, 'a log line naming the account and inbox');
    for (const l of lines) {
      expect(l).toMatchObject({ level: expect.stringMatching(/^(debug|info|warn|error)$/), time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
      expect(l.service).toMatch(/^mailroom/);
      expect(typeof l.request_id).toBe('string');
      expect(l.account_id).toMatch(/^acc_/);
    }
    // The ingest line: the SES message it came from, and the inbox it reached.
    expect(lines.some((l) => l.message === 'inbound mail filed' && typeof l.ses_message_id === 'string' && /^msg_/.test(l.message_id))).toBe(true);
  });
});

describe('EMF metrics of a run', () => {
  it('are written in the Mailroom namespace with the service as dimension', () => {
    const docs = emf();
    expect(docs.length).toBeGreaterThan(0);
    for (const d of docs) {
      const m = d._aws.CloudWatchMetrics[0];
      expect(m.Namespace).toBe('Mailroom');
      expect(m.Dimensions[0]).toContain('service');
      expect(d.service).toMatch(/^mailroom/);
      expect(typeof d._aws.Timestamp).toBe('number');
    }
  });

  it('count the mail received, the webhook attempt and the send', async () => {
    await eventually(() => (metricTotal('MailSent') >= 1 ? true : undefined), 'MailSent in the EMF output');
    expect(metricTotal('MailReceived')).toBeGreaterThanOrEqual(1);
    expect(metricTotal('WebhookAttempts')).toBeGreaterThanOrEqual(1);
    expect(metricTotal('WebhookFailures')).toBe(0);
    expect(metricTotal('MailSent')).toBeGreaterThanOrEqual(1);
  });

  it('count a rejected mail (a blocked sender)', async () => {
    const block = await api('POST', '/v1/lists', { baseUrl: stack.apiUrl, key: inbox.account_api_key, body: { type: 'blocklist', address: 'mallory@example.org' } });
    expect(block.status, block.text).toBe(201);
    const smtp = createTransport({ host: '127.0.0.1', port: stack.smtpPort, secure: false, ignoreTLS: true });
    await smtp.sendMail({ from: 'mallory@example.org', to: inbox.address, subject: 'blocked', text: 'no' });
    smtp.close();
    await eventually(() => (metricTotal('MailRejected') >= 1 ? true : undefined), 'MailRejected in the EMF output');
  });
});
