import * as z from 'zod/mini';
import { components } from '../common.ts';
import { ListType } from '../lists.ts';
import { PageFields, Timestamp } from './common.ts';

export const ListEntry = z.object({
  id: z.string(),
  type: ListType,
  address: z.string(),
  inbox_id: z.nullable(z.string()),
  inbox_address: z.nullable(z.string()),
  status: z.literal('active'),
  created_at: Timestamp,
}).register(components, { id: 'ListEntry' });

export const ListEntryList = z.object({ lists: z.array(ListEntry), ...PageFields }).register(components, { id: 'ListEntryList' });
export const ListEntryDeleted = z.object({ id: z.string(), deleted: z.literal(true) }).register(components, { id: 'ListEntryDeleted' });
