import * as z from 'zod/mini';
import { components } from '../platform/http/common.schemas.ts';
import { ListType } from './lists.schemas.ts';
import { PageFields, Timestamp } from '../platform/http/common.responses.ts';

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
