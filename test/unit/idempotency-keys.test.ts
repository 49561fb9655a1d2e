/**
 * Idempotency keys: one per (operation, scope, client_id), whatever the client_id holds. Before,
 * `IDEMPOTENCY#<scope>#<client_id>` with scopes `acc:<acc>` (inbox creation) and `acc:<acc>#send`
 * (sends and replies) let "send#x" at creation and "x" at a send share one key.
 */
import { describe, expect, it } from 'vitest';
import { type IdempotentOperation, idempotencyKey as idempotency, idempotencyScope, legacyIdempotency } from '../../lambdas/platform/dynamo/idempotency.entities.ts';

const key = (op: IdempotentOperation, scope: string, clientId: string) => idempotency(idempotencyScope(op, scope), clientId).pk;

describe('idempotency keys', () => {
  it('no two (operation, scope, client_id) triples share a key', () => {
    const ops: IdempotentOperation[] = ['create_inbox', 'send', 'reply'];
    const scopes = ['acc:acc_1', 'acc:acc_1#send', 'inb:inb_1', 'inb:inb_1#x', 'ip:10.0.0.1#bot', 'ip:10.0.0.1'];
    const ids = ['x', 'send#x', '#x', 'x#', 'send%23x', '%23', '#', 'a#b#c', 'ü#', 'bot#x'];
    const seen = new Map<string, string>();
    for (const op of ops) for (const scope of scopes) for (const id of ids) {
      const k = key(op, scope, id);
      const triple = JSON.stringify([op, scope, id]);
      expect(seen.get(k), `${triple} and ${seen.get(k)} share ${k}`).toBeUndefined();
      seen.set(k, triple);
    }
  });

  it('a creation\'s "send#x" and a send\'s "x" in the same account no longer meet, and no new key is a legacy one', () => {
    expect(legacyIdempotency('acc:acc_1', 'send#x').pk).toBe(legacyIdempotency('acc:acc_1#send', 'x').pk);
    expect(key('create_inbox', 'acc:acc_1', 'send#x')).not.toBe(key('send', 'inb:inb_1', 'x'));
    for (const op of ['create_inbox', 'send', 'reply'] as const) {
      expect(key(op, 'acc:acc_1', 'x')).toMatch(new RegExp(`^IDEMPOTENCY#${op}#`));
    }
  });
});
