/**
 * Each mail handled once (issue #28): 8 workers share one inbox of 300 messages through claims,
 * crashing now and then (a crashed worker drops what it holds without a word; its 5 s lease ends
 * and the message goes back). Every message is acked exactly once, none is lost, and no message is
 * held by two workers at once: each worker logs what it held and when (the server's lease times),
 * and the test checks the intervals. The inbox is seeded through the store (the items ingest
 * writes, test/seed-store.ts): what is under test is claiming over HTTP, not ingest, which
 * burst.test.ts covers with real SMTP.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { newAccount, type CreatedInbox } from './client.ts';
import { seedInbox } from './seed.ts';
import { overlaps, runClaimWorkers, type WorkersRun } from './claim-workers.ts';

const MESSAGES = 300;
const WORKERS = 8;
/** The share of claimed messages a worker drops, as if it crashed. */
const CRASH_RATE = 0.1;
const LEASE_S = 5;

let inbox: CreatedInbox;
let ids: string[];
let run: WorkersRun;

beforeAll(async () => {
  inbox = await newAccount();
  const seeded = await seedInbox(inbox, Array.from({ length: MESSAGES }, (_, i) => ({
    subject: `work item ${i}`, body: `Item ${i}.`, from: 'queue@work.example', read: false, thread: i,
  })), { bulk: true, startMs: Date.now() - MESSAGES * 1000 });
  ids = seeded.map((m) => m.id);
  run = await runClaimWorkers({
    inbox, workers: WORKERS, lease: LEASE_S, limit: 5, crashRate: CRASH_RATE, deadlineMs: Date.now() + 150_000,
    done: (acked) => acked.size >= MESSAGES,
  });
}, 200_000);

describe(`${WORKERS} workers claiming ${MESSAGES} messages, crashing now and then`, () => {
  it('ack every message exactly once: none lost, none acked twice', () => {
    const acks = new Map<string, number>();
    for (const h of run.held) if (h.outcome === 'acked') acks.set(h.message_id, (acks.get(h.message_id) ?? 0) + 1);
    expect({
      errors: run.errors,
      neverAcked: ids.filter((id) => !acks.has(id)),
      ackedTwice: [...acks].filter(([, n]) => n > 1).map(([id]) => id),
      notSeeded: [...acks.keys()].filter((id) => !ids.includes(id)),
    }, `${run.held.length} holdings`).toEqual({ errors: [], neverAcked: [], ackedTwice: [], notSeeded: [] });
  });

  it('never let two workers hold one message at once', () => {
    expect(overlaps(run.held)).toEqual([]);
  });

  it('hand out again what a crashed worker held, with one more delivery', () => {
    const crashed = run.held.filter((h) => h.outcome === 'crashed');
    expect(crashed.length).toBeGreaterThan(0);
    for (const c of crashed) {
      expect(run.held.some((h) => h.message_id === c.message_id && h.delivery_count > c.delivery_count), `${c.subject} redelivered`).toBe(true);
    }
    // Shared out: every worker handled some.
    expect(new Set(run.held.filter((h) => h.outcome === 'acked').map((h) => h.worker)).size).toBe(WORKERS);
  });
});
