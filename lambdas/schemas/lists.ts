import * as z from 'zod';
import { components, CursorPagination, cursorWithoutOffset, PageFields, Timestamp, PathId } from './common.ts';

export const ListType = z.enum(['allowlist', 'blocklist']).register(components, { id: 'ListType' });

export const CreateListEntryBody = z.object({
  type: ListType,
  address: z.string().min(3).max(254).optional().describe('user@domain, *@domain, or *@*.domain'),
  pattern: z.string().min(3).max(254).optional().describe('Alias of address'),
  inbox_id: z.string().nullable().optional().describe('null or omitted = every inbox of the account'),
}).refine((b) => b.address ?? b.pattern, { message: 'address is required', path: ['address'] }).register(components, { id: 'CreateListEntryRequest' });

export const ListEntry = z.object({
  id: z.string(),
  type: ListType,
  address: z.string(),
  inbox_id: z.string().nullable(),
  inbox_address: z.string().nullable(),
  status: z.literal('active'),
  created_at: Timestamp,
}).register(components, { id: 'ListEntry' });

export const ListEntriesQuery = CursorPagination.extend({
  type: ListType.optional(),
  inbox_id: z.string().optional().describe('An inbox id, or the literal "null" for account-wide entries only'),
}).refine(...cursorWithoutOffset);
export const ListEntryList = z.object({ lists: z.array(ListEntry), ...PageFields }).register(components, { id: 'ListEntryList' });
export const ListEntryParams = z.object({ id: PathId });
export const ListEntryDeleted = z.object({ id: z.string(), deleted: z.literal(true) }).register(components, { id: 'ListEntryDeleted' });
