/**
 * How an entity of the single table is declared, once: its `entity` tag, its key, the index keys
 * it carries, when DynamoDB's TTL removes it, and the record type it stores. Writers build items
 * with `item()` and readers turn them back with `record()`, so no store file spreads keys, indexes
 * or a TTL by hand (test/unit/entities.test.ts holds every file under lambdas/ to that). Each
 * capability declares its entities beside its store access (`<slice>.entities.ts`); their
 * declarations are separate exports, each a pure call, so a bundle keeps only the entities its
 * code uses.
 *
 * A small module of our own rather than ElectroDB: see docs/decisions.md.
 */
type Key = { pk: string; sk: string };
type IndexKeys = Partial<Record<'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk' | 'gsi3pk' | 'gsi3sk', string>>;
type Attributes = Record<string, unknown>;
/** What one entity declares. `C` is what its key needs beyond the record (nothing for most). */
interface Declaration<R extends object, C> {
  /** The item's `entity` attribute: tells items apart in a scan, a stream or a backup. */
  name: string;
  key(r: R, c: C): Key;
  indexes?(r: R, c: C): IndexKeys;
  /** Epoch seconds after which DynamoDB's TTL deletes the item (attribute `ttl`). */
  expiresAt?(r: R, c: C): number;
  /** Attribute types the record's JSON shape cannot say (a string set), stored in its place. */
  stored?(r: R): Attributes;
  /** The reverse of `stored`. */
  fromStored?(a: Attributes): R;
}
type Context<C> = [C] extends [undefined] ? [] : [C];
export interface Entity<R extends object, C> {
  readonly name: string;
  key(r: R, ...c: Context<C>): Key;
  /** The whole item: key, index keys, tag, the record's attributes and the TTL. */
  item(r: R, ...c: Context<C>): Attributes;
  /** The TTL an item written with this record gets (for writers that SET it in an update). */
  expiresAt(r: R, ...c: Context<C>): number | undefined;
  /** A stored item back as its record: keys, tag and TTL stripped. */
  record(item: Attributes): R;
}
/**
 * Declarations are separate exports, each a pure call, imported as a namespace
 * (`import * as entities`): a bundle keeps only the entities its code uses.
 */
/** The record type an entity stores. */
export type RecordOf<E> = E extends Entity<infer R, unknown> ? R : never;
export const declare = <R extends object, C = undefined>(d: Declaration<R, C>): Entity<R, C> => ({
  name: d.name,
  key: (r, ...c) => d.key(r, c[0] as C),
  item: (r, ...c) => {
    const ttl = d.expiresAt?.(r, c[0] as C);
    return { ...d.key(r, c[0] as C), ...d.indexes?.(r, c[0] as C), entity: d.name, ...(d.stored ? d.stored(r) : r), ...(ttl === undefined ? {} : { ttl }) };
  },
  expiresAt: (r, ...c) => d.expiresAt?.(r, c[0] as C),
  record: (item) => {
    const attrs = stripKeys(item) as Attributes;
    return d.fromStored ? d.fromStored(attrs) : (attrs as R);
  },
});
export const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
/** Strips key attributes so a stored item can be returned as a record. */
export function stripKeys<T extends Record<string, unknown>>(item: T): Omit<T, 'pk' | 'sk' | 'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk' | 'gsi3pk' | 'gsi3sk' | 'ttl' | 'entity'> {
  const { pk, sk, gsi1pk, gsi1sk, gsi2pk, gsi2sk, gsi3pk, gsi3sk, ttl, entity, ...rest } = item;
  void [pk, sk, gsi1pk, gsi1sk, gsi2pk, gsi2sk, gsi3pk, gsi3sk, ttl, entity];
  return rest;
}
