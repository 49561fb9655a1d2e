import * as z from 'zod/mini';
import { components, CursorPagination, cursorWithoutOffset, PageFields, Timestamp, PathId } from './common.ts';

export const ListType = z.enum(['allowlist', 'blocklist']).register(components, { id: 'ListType' });

export const CreateListEntryBody = z.object({
  type: ListType,
  address: z.optional(z.string().check(z.minLength(3), z.maxLength(254))).check(z.describe('user@domain, *@domain, or *@*.domain')),
  pattern: z.optional(z.string().check(z.minLength(3), z.maxLength(254))).check(z.describe('Alias of address')),
  inbox_id: z.optional(z.nullable(z.string())).check(z.describe('null or omitted = every inbox of the account')),
}).check(z.refine((b) => b.address ?? b.pattern, { message: 'address is required', path: ['address'] })).register(components, { id: 'CreateListEntryRequest' });

export const ListEntry = z.object({
  id: z.string(),
  type: ListType,
  address: z.string(),
  inbox_id: z.nullable(z.string()),
  inbox_address: z.nullable(z.string()),
  status: z.literal('active'),
  created_at: Timestamp,
}).register(components, { id: 'ListEntry' });

export const ListEntriesQuery = z.extend(CursorPagination, {
  type: z.optional(ListType),
  inbox_id: z.optional(z.string()).check(z.describe('An inbox id, or the literal "null" for account-wide entries only')),
}).check(z.refine(...cursorWithoutOffset));
export const ListEntryList = z.object({ lists: z.array(ListEntry), ...PageFields }).register(components, { id: 'ListEntryList' });
export const ListEntryParams = z.object({ id: PathId });
export const ListEntryDeleted = z.object({ id: z.string(), deleted: z.literal(true) }).register(components, { id: 'ListEntryDeleted' });
