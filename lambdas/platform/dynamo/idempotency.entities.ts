/**
 * The single table's idempotency: what a client_id made happen once: each entity's record type, key shapes and declaration
 * (platform/dynamo/entity.ts), in one place. Access pattern → key:
 *   client_id → created resource         pk IDEMPOTENCY#<operation>#<esc scope>#<esc client_id> sk IDEMPOTENCY
 */
import { declare } from './entity.ts';

/** What a client_id makes happen once. Each operation has keys of its own: no client_id is shared across them. */
export type IdempotentOperation = 'create_inbox' | 'send' | 'reply';
/**
 * The scope half of an idempotency key: `<operation>#<escaped scope>`. encodeURIComponent leaves
 * no '#' in what it escapes and is one-to-one, so no two (operation, scope, client_id) triples
 * share a key, whatever the client_id holds.
 */
export const idempotencyScope = (operation: IdempotentOperation, scope: string) => `${operation}#${encodeURIComponent(scope)}`;
/** `scope` comes from idempotencyScope; the client_id is escaped here. */
export const idempotencyKey = (scope: string, clientId: string) => ({ pk: `IDEMPOTENCY#${scope}#${encodeURIComponent(clientId)}`, sk: 'IDEMPOTENCY' });
/**
 * The key items written before per-operation keys had: `acc:<acc>#send` (send and reply alike),
 * `acc:<acc>` or `ip:<ip>#<username>` (inbox creation), then the raw client_id. They never expire,
 * so repeats still read them (checked against the inbox they name); they never collide with the
 * keys above, which start with an operation name.
 */
export const legacyIdempotency = (scope: string, clientId: string) => ({ pk: `IDEMPOTENCY#${scope}#${clientId}`, sk: 'IDEMPOTENCY' });
export const idempotency = /* @__PURE__ */ declare<{ resource_id: string; created_at: string }, { scope: string; clientId: string }>({
  name: 'idempotency', key: (_r, c) => idempotencyKey(c.scope, c.clientId),
});
