/**
 * `npm run backfill` brings data stored by an earlier version up to the current key design: an
 * inbox whose items lack what the lists, filters and search now read (index keys, read-state
 * items, label entries, search words) is found by all of them again. The "earlier version" is
 * made by stripping those from data a stack just wrote, straight in the emulator's table. The
 * stack is a second one with a table of its own: the backfill scans a whole table, and the
 * suite's table holds every other test's data.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import {
  DeleteItemCommand, DynamoDBClient, QueryCommand, UpdateItemCommand, type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newAccount, startExtraStack, target, type CreatedInbox, type ExtraStack } from './client.ts';
import { SENDER, uniqueSubject } from './mail.ts';

const ROOT = resolve(import.meta.dirname, '../..');

function runBackfill(table: string): Promise<{ code: number | null; out: string }> {
  const t = target();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [resolve(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/backfill.ts', '--table', table, '--segments', '2'], {
      cwd: ROOT,
      env: { ...process.env, AWS_ENDPOINT_URL: t.awsEndpoint, AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: t.awsCredentials?.accessKeyId ?? 'local', AWS_SECRET_ACCESS_KEY: t.awsCredentials?.secretAccessKey ?? 'local' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { out += d.toString(); });
    child.on('error', fail);
    child.on('close', (code) => done({ code, out }));
  });
}

describe('npm run backfill (data stored before the current keys)', () => {
  let db: DynamoDBClient;
  let stack: ExtraStack;
  let TableName: string;
  let inbox: CreatedInbox;
  let word: string;
  let threadId: string;

  const partition = async (pk: string): Promise<Record<string, AttributeValue>[]> =>
    (await db.send(new QueryCommand({ TableName, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: pk } } }))).Items ?? [];
  const remove = async (items: Record<string, AttributeValue>[]) => {
    for (const i of items) await db.send(new DeleteItemCommand({ TableName, Key: { pk: i.pk!, sk: i.sk! } }));
  };
  const get = (path: string) => api('GET', path, { key: inbox.api_key, baseUrl: stack.apiUrl });

  beforeAll(async () => {
    const t = target();
    db = new DynamoDBClient({ endpoint: t.awsEndpoint, region: 'us-east-1', credentials: t.awsCredentials ?? { accessKeyId: 'local', secretAccessKey: 'local' } });
    stack = await startExtraStack({});
    TableName = stack.tableName;
    inbox = await newAccount(undefined, stack.apiUrl);
    word = `zebrafinch${Date.now().toString(36)}`;
    const subject = uniqueSubject(`Backfill ${word}`);
    const smtp = createTransport({ host: '127.0.0.1', port: stack.smtpPort, secure: false, ignoreTLS: true });
    await smtp.sendMail({ from: SENDER, to: inbox.address, subject, text: 'An older message.' });
    smtp.close();
    const deadline = Date.now() + 30_000;
    for (;;) {
      const listed = (await get(`/v1/inboxes/${inbox.id}/messages`)).body.result?.messages ?? [];
      if (listed.length) { threadId = listed[0].thread_id; break; }
      if (Date.now() > deadline) throw new Error('the mail never arrived in the second stack');
      await new Promise((r) => setTimeout(r, 200));
    }
    const on = { key: inbox.api_key, baseUrl: stack.apiUrl };
    expect((await api('PATCH', `/v1/inboxes/${inbox.id}/threads/${threadId}`, { ...on, body: { labels: ['legacy'] } })).status).toBe(200);
    expect((await api('POST', `/v1/inboxes/${inbox.id}/drafts`, { ...on, body: { to: ['a@example.com'], subject: 'Old draft', body: 'x', labels: ['kept'] } })).status).toBe(201);

    // What an earlier version left: no read index on the message, no read-state item, no label
    // entries, no search words, no inbox indexes, no draft label items, no claim-queue item.
    for (const i of await partition(`INBOX#${inbox.id}`)) {
      const sk = i.sk!.S!;
      if (sk.startsWith('MSG#')) await db.send(new UpdateItemCommand({ TableName, Key: { pk: i.pk!, sk: i.sk! }, UpdateExpression: 'REMOVE gsi2pk, gsi2sk, queued_at' }));
      if (sk === 'INBOX') await db.send(new UpdateItemCommand({ TableName, Key: { pk: i.pk!, sk: i.sk! }, UpdateExpression: 'REMOVE gsi1pk, gsi1sk, gsi2pk, gsi2sk' }));
      if (sk.startsWith('THREADSTATE#')) await remove([i]);
    }
    await remove(await partition(`INBOX#${inbox.id}#WORDS`));
    await remove(await partition(`INBOX#${inbox.id}#TLABEL#legacy`));
    await remove(await partition(`INBOX#${inbox.id}#DRAFTLABEL#kept`));
    await remove(await partition(`INBOX#${inbox.id}#CLAIMQ`));
  });

  afterAll(async () => {
    db?.destroy();
    await stack?.stop();
  });

  const claim = () => api('POST', `/v1/inboxes/${inbox.id}/messages/claim`, { key: inbox.api_key, baseUrl: stack.apiUrl, body: { limit: 10 } });
  const reads = () => Promise.all([
    get(`/v1/inboxes/${inbox.id}/messages?unread=true`),
    get(`/v1/inboxes/${inbox.id}/messages?search=${word}`),
    get(`/v1/inboxes/${inbox.id}/threads?unread=true`),
    get(`/v1/inboxes/${inbox.id}/threads?label=legacy`),
    get(`/v1/inboxes/${inbox.id}/drafts?label=kept`),
    api('GET', '/v1/inboxes', { key: inbox.account_api_key, baseUrl: stack.apiUrl }),
  ]);

  it('before it, the lists, filters, search and claims miss that data; after it, each finds it again, and a second run finds nothing to do', async () => {
    const before = await reads();
    for (const r of before) expect(r.status, r.text).toBe(200);
    const [unread, search, unreadThreads, labelled, drafts, inboxes] = before.map((r) => r.body.result);
    expect(unread.messages).toEqual([]);
    expect(search.messages).toEqual([]);
    expect(unreadThreads.threads).toEqual([]);
    expect(labelled.threads).toEqual([]);
    expect(drafts.drafts).toEqual([]);
    expect(inboxes.inboxes).toEqual([]);
    expect((await claim()).body.result.claims).toEqual([]);

    const first = await runBackfill(TableName);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toMatch(/items scanned/);

    const after = await reads();
    for (const r of after) expect(r.status, r.text).toBe(200);
    const [unread2, search2, unreadThreads2, labelled2, drafts2, inboxes2] = after.map((r) => r.body.result);
    expect(unread2.messages.map((m: { thread_id: string }) => m.thread_id)).toEqual([threadId]);
    expect(search2.messages.map((m: { thread_id: string }) => m.thread_id)).toEqual([threadId]);
    expect(unreadThreads2.threads.map((t: { id: string }) => t.id)).toEqual([threadId]);
    expect(labelled2.threads.map((t: { id: string }) => t.id)).toEqual([threadId]);
    expect(drafts2.drafts.map((d: { subject: string }) => d.subject)).toEqual(['Old draft']);
    expect(inboxes2.inboxes.map((i: { id: string }) => i.id)).toEqual([inbox.id]);
    // Claimable once: claimed and acked here, a second run must not queue it again.
    const claimed = (await claim()).body.result.claims as { message: { thread_id: string; id: string }; claim_id: string }[];
    expect(claimed.map((c) => c.message.thread_id)).toEqual([threadId]);
    const acked = await api('POST', `/v1/inboxes/${inbox.id}/messages/${claimed[0]!.message.id}/ack`, { key: inbox.api_key, baseUrl: stack.apiUrl, body: { claim_id: claimed[0]!.claim_id } });
    expect(acked.status, acked.text).toBe(200);

    const second = await runBackfill(TableName);
    expect(second.code, second.out).toBe(0);
    expect(second.out).toMatch(/index keys set on 0, 0 derived items written/);
    expect((await claim()).body.result.claims).toEqual([]);
  }, 120_000);
});
