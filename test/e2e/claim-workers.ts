/**
 * Workers sharing one inbox through claims (issue #28), as a fleet of agents would: each claims a
 * few messages under a short lease, handles them and acks — or crashes now and then, dropping what
 * it holds without a word (its lease ends and the message goes back). Each worker logs what it
 * held and when, so a test can check that no message was held by two at once.
 */
import { api, type CreatedInbox } from './client.ts';

export interface Held {
  worker: number;
  message_id: string;
  subject: string;
  delivery_count: number;
  /** When the server took the lease (its end less the lease), and when the holding ended: the ack's answer, or the lease's end. */
  from: number;
  to: number;
  outcome: 'acked' | 'crashed' | 'ack refused';
}

export interface WorkersRun { held: Held[]; errors: string[] }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A worker that found nothing ready looks again after this long. */
const IDLE_PAUSE_MS = 1_000;

export async function runClaimWorkers(o: {
  inbox: CreatedInbox; workers: number; lease: number; limit: number; crashRate: number;
  /** Checked after each round: true ends the run. */
  done: (acked: ReadonlySet<string>) => boolean;
  deadlineMs: number;
}): Promise<WorkersRun> {
  const held: Held[] = [];
  const errors: string[] = [];
  const acked = new Set<string>();
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  let finished = false;
  await Promise.all(Array.from({ length: o.workers }, async (_, worker) => {
    while (!finished && Date.now() < o.deadlineMs) {
      // No long-poll: an idle worker looks once a second (every look is a Query, and the emulator's
      // Query walks the whole table, which would slow every other test sharing the stack).
      const r = await api('POST', `/v1/inboxes/${o.inbox.id}/messages/claim`, { key: o.inbox.api_key, body: { limit: o.limit, lease: o.lease } });
      if (r.status !== 200) {
        errors.push(`worker ${worker}: claim answered ${r.status} ${r.text.slice(0, 200)}`);
        await sleep(500);
        continue;
      }
      for (const c of r.body.result.claims as { message: { id: string; subject: string }; claim_id: string; lease_expires_at: string; delivery_count: number }[]) {
        const base = { worker, message_id: c.message.id, subject: c.message.subject, delivery_count: c.delivery_count, from: Date.parse(c.lease_expires_at) - o.lease * 1000 };
        if (random() < o.crashRate) {
          // A crash: what it held is dropped without an ack; its lease runs out.
          held.push({ ...base, to: Date.parse(c.lease_expires_at), outcome: 'crashed' });
          continue;
        }
        await sleep(random() * 30);
        const a = await api('POST', `/v1/inboxes/${o.inbox.id}/messages/${c.message.id}/ack`, { key: o.inbox.api_key, body: { claim_id: c.claim_id } });
        if (a.status === 200) {
          held.push({ ...base, to: Date.now(), outcome: 'acked' });
          acked.add(c.message.id);
        } else {
          held.push({ ...base, to: Date.parse(c.lease_expires_at), outcome: 'ack refused' });
          if (a.status !== 409) errors.push(`worker ${worker}: ack answered ${a.status} ${a.text.slice(0, 200)}`);
        }
      }
      if (o.done(acked)) finished = true;
      else if (r.body.result.claims.length === 0) await sleep(IDLE_PAUSE_MS);
    }
  }));
  return { held, errors };
}

/** Pairs of holdings of one message that overlap in time (none may). */
export function overlaps(held: readonly Held[]): string[] {
  const byMessage = new Map<string, Held[]>();
  for (const h of held) byMessage.set(h.message_id, [...(byMessage.get(h.message_id) ?? []), h]);
  const out: string[] = [];
  for (const [id, hs] of byMessage) {
    const sorted = [...hs].sort((a, b) => a.from - b.from);
    for (let i = 1; i < sorted.length; i++) {
      const prev = sorted[i - 1]!;
      const cur = sorted[i]!;
      if (cur.from < prev.to) out.push(`${id}: worker ${prev.worker} held it until ${new Date(prev.to).toISOString()}, worker ${cur.worker} got it at ${new Date(cur.from).toISOString()}`);
    }
  }
  return out;
}
