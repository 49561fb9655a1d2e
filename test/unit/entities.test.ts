/**
 * The table's entities are declared once (each capability's `<slice>.entities.ts` with lambdas/platform/dynamo/entity.ts, issue 10 item 1 and issue 24): each
 * writes its key, index keys, tag and TTL from its declaration, reads back as the record it
 * stored, and no other file spreads a key, a tag or a TTL into an item by hand.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as accountsEntities from '../../lambdas/accounts/accounts.entities.ts';
import * as domainsEntities from '../../lambdas/domains/domains.entities.ts';
import * as ingestEntities from '../../lambdas/ingest/ingest.entities.ts';
import * as idempotencyEntities from '../../lambdas/platform/dynamo/idempotency.entities.ts';
import * as eventsEntities from '../../lambdas/events/events.entities.ts';
import * as inboxesEntities from '../../lambdas/inboxes/inboxes.entities.ts';
import * as messagesEntities from '../../lambdas/messages/messages.entities.ts';
import * as operatorsEntities from '../../lambdas/operators/operators.entities.ts';
import * as sendingEntities from '../../lambdas/sending/sending.entities.ts';
import * as testingEntities from '../../lambdas/testing/testing.entities.ts';
import { CONNECTION_TTL_SECONDS, DELIVERY_LOG_TTL_SECONDS, EVENT_TTL_SECONDS, type EventRecord } from '../../lambdas/events/events.entities.ts';
import { type MessageRecord, REJECTION_TTL_SECONDS, type ThreadRecord } from '../../lambdas/messages/messages.entities.ts';
import { NOTIFICATION_KEEP_SECONDS } from '../../lambdas/operators/operators.entities.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const epoch = (iso: string) => Math.floor(Date.parse(iso) / 1000);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const thread: ThreadRecord = {
  id: 'thr_1', inbox_id: 'inb_1', account_id: 'acc_1', subject: 'Hello', participants: ['b@x.test', 'a@x.test'], labels: ['work'],
  message_count: 1, unread_count: 1, latest_message: { id: 'msg_1', from_address: 'a@x.test', preview: 'hi', received_at: '2026-01-02T03:04:05.000Z' },
  status: 'active', created_at: '2026-01-02T03:04:05.000Z', updated_at: '2026-01-02T03:04:05.000Z',
};
const event: EventRecord = {
  event_id: 'evt_1', event_type: 'message.received', account_id: 'acc_1', inbox_id: 'inb_1', timestamp: '2026-01-02T03:04:05.000Z', payload: {},
} as unknown as EventRecord;

describe('entity declarations', () => {
  it('every entity has its own tag', () => {
    const modules = [accountsEntities, domainsEntities, eventsEntities, idempotencyEntities, inboxesEntities, ingestEntities, messagesEntities, operatorsEntities, sendingEntities, testingEntities];
    const names = modules.flatMap((m) => Object.values(m)).filter((e) => typeof e === 'object' && e !== null && 'item' in e).map((e) => (e as { name: string }).name);
    expect(names.length).toBeGreaterThan(30);
    expect(new Set(names).size).toBe(names.length);
  });

  it('an item carries its key, index keys, tag and TTL, and reads back as the record written', () => {
    const item = eventsEntities.event.item(event);
    expect(item).toMatchObject({
      pk: 'EVENT#evt_1', sk: 'EVENT', gsi3pk: 'PENDING_EVENTS', gsi3sk: `${event.timestamp}#evt_1`,
      gsi2pk: 'ACCOUNT#acc_1#EVENTS', gsi2sk: 'evt_1', entity: 'event', ttl: epoch(event.timestamp) + EVENT_TTL_SECONDS,
    });
    expect(eventsEntities.event.record(item)).toEqual(event);
  });

  it('a thread stores its participants as a string set (ingest ADDs to it) and reads them back sorted', () => {
    const item = messagesEntities.thread.item(thread);
    expect(item.participants).toEqual(new Set(thread.participants));
    expect(item).toMatchObject({ pk: 'INBOX#inb_1', sk: 'THREAD#thr_1', gsi1pk: 'INBOX#inb_1#THREADS', gsi2pk: 'ACCOUNT#acc_1#THREADS' });
    expect(messagesEntities.thread.record(item)).toEqual({ ...thread, participants: ['a@x.test', 'b@x.test'] });
  });

  it('an inbox carries the active-inbox index only while active', () => {
    const inbox = { id: 'inb_1', account_id: 'acc_1', status: 'active' } as Parameters<typeof inboxesEntities.inbox.item>[0];
    expect(inboxesEntities.inbox.item(inbox)).toMatchObject({ gsi1pk: 'ACCOUNT#acc_1#INBOXES', gsi2pk: 'ACCOUNT#acc_1#INBOXES#ACTIVE' });
    expect(inboxesEntities.inbox.item({ ...inbox, status: 'deleted' })).not.toHaveProperty('gsi2pk');
  });

  it('a message read back without stored headers gets an empty headers object', () => {
    const m = { id: 'msg_1', inbox_id: 'inb_1', thread_id: 'thr_1', received_at: '2026-01-02T03:04:05.000Z', read: false } as MessageRecord;
    const item = messagesEntities.message.item(m);
    expect(item).toMatchObject({ pk: 'INBOX#inb_1', sk: 'MSG#msg_1', gsi2pk: 'INBOX#inb_1#MSGS#UNREAD', gsi3pk: 'MESSAGE#msg_1' });
    expect(messagesEntities.message.record(item).headers).toEqual({});
  });

  it('expiring entities get their TTL from the record they store', () => {
    const at = '2026-01-02T03:04:05.000Z';
    expect(messagesEntities.rejection.item({ inbox_id: 'inb_1', rejected_at: at } as never, { sesMessageId: 's' }).ttl).toBe(epoch(at) + REJECTION_TTL_SECONDS);
    expect(eventsEntities.deliveryLog.item({ webhook_id: 'wh_1', attempted_at: at, event_id: 'evt_1', retry_count: 0 } as never).ttl).toBe(epoch(at) + DELIVERY_LOG_TTL_SECONDS);
    expect(operatorsEntities.notification.item({ account_id: 'acc_1', id: 'not_1', expires_at: at } as never).ttl).toBe(epoch(at) + NOTIFICATION_KEEP_SECONDS);
    const connection = { account_id: 'acc_1', connection_id: 'c1', connected_at: at } as never;
    for (const item of [eventsEntities.connection.item(connection), eventsEntities.connectionPointer.item({ account_id: 'acc_1' }, connection),
      eventsEntities.connectionSent.item({ event_id: 'evt_1' }, connection), eventsEntities.connectionHeld.item({ event_id: 'evt_1' }, connection)]) {
      expect(item.ttl).toBe(epoch(at) + CONNECTION_TTL_SECONDS);
    }
    expect(messagesEntities.thread.item(thread)).not.toHaveProperty('ttl');
    expect(sendingEntities.dailySends.expiresAt({ accountId: 'acc_1', day: '2026-01-02' })).toBe(epoch('2026-01-04T00:00:00Z'));
  });

  it('no file under lambdas/ writes an entity tag or a TTL by hand: items come from the declarations', () => {
    const offenders: string[] = [];
    for (const file of sources(join(ROOT, 'lambdas'))) {
      const rel = relative(ROOT, file);
      if (rel.endsWith('.entities.ts') || rel === 'lambdas/platform/dynamo/entity.ts') continue;
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        // A tag, a computed `ttl` attribute, or a retention constant of stored items.
        const handWritten = /\bentity: '/.test(line) || /\bttl: (?:Math|\w+ \+)/.test(line) || ((rel.endsWith('.store.ts') || rel.startsWith('lambdas/platform/dynamo/')) && /_TTL_SECONDS\s*=/.test(line) && !/URL_TTL/.test(line));
        if (handWritten) offenders.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
