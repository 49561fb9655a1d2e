import { createHash, randomBytes } from 'node:crypto';

/** Id prefixes, one per resource kind (ARCHITECTURE: decisions on the spec's variants). */
export const ID_PREFIX = {
  account: 'acc',
  inbox: 'inb',
  message: 'msg',
  thread: 'thr',
  draft: 'dft',
  webhook: 'wh',
  listEntry: 'lst',
  attachment: 'att',
  event: 'evt',
  notification: 'not',
  domain: 'dom',
} as const;
export type IdKind = keyof typeof ID_PREFIX;

/**
 * A UUIDv7 (RFC 9562): 48-bit millisecond timestamp then random bits, so ids sort by
 * creation time — listings can use them as sort keys without a second attribute.
 */
export function uuidv7(now = Date.now()): string {
  const b = randomBytes(16);
  b.writeUIntBE(now, 0, 6);
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const newId = (kind: IdKind, now?: number) => `${ID_PREFIX[kind]}_${uuidv7(now)}`;

/**
 * The same id for the same seed: ingest derives message ids from the SES message id and the
 * inbox, so a duplicate trigger writes the same item (and its condition fails) instead of a copy.
 */
export function deterministicId(kind: IdKind, seed: string, timeMs: number): string {
  const b = createHash('sha256').update(seed).digest().subarray(0, 16);
  b.writeUIntBE(Math.max(0, Math.min(timeMs, 2 ** 48 - 1)), 0, 6);
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${ID_PREFIX[kind]}_${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const ID_SHAPE = /^[a-z]{2,3}_[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** True when `id` has the shape of an id of this kind; lets handlers answer 404 without a read. */
export const isId = (kind: IdKind, id: string) => id.startsWith(`${ID_PREFIX[kind]}_`) && ID_SHAPE.test(id);
