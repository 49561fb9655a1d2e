import * as z from 'zod/mini';
import { components, CursorPagination, cursorWithoutOffset, PathId } from '../platform/http/common.schemas.ts';

export const ListType = z.enum(['allowlist', 'blocklist']).register(components, { id: 'ListType' });

export const CreateListEntryBody = z.object({
  type: ListType,
  address: z.optional(z.string().check(z.minLength(3), z.maxLength(254))).check(z.describe('user@domain, *@domain, or *@*.domain')),
  pattern: z.optional(z.string().check(z.minLength(3), z.maxLength(254))).check(z.describe('Alias of address')),
  inbox_id: z.optional(z.nullable(z.string())).check(z.describe('null or omitted = every inbox of the account')),
}).check(z.refine((b) => b.address ?? b.pattern, { message: 'address is required', path: ['address'] })).register(components, { id: 'CreateListEntryRequest' });

export const ListEntriesQuery = z.extend(CursorPagination, {
  type: z.optional(ListType),
  inbox_id: z.optional(z.string()).check(z.describe('An inbox id, or the literal "null" for account-wide entries only')),
}).check(z.refine(...cursorWithoutOffset));
export const ListEntryParams = z.object({ id: PathId });
