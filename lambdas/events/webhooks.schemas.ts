import * as z from 'zod/mini';
import { EVENT_TYPES } from './event-types.ts';
import { components, CursorPagination, cursorWithoutOffset, PathId } from '../platform/http/common.schemas.ts';

const Events = z.array(z.string()).check(z.minLength(1), z.maxLength(EVENT_TYPES.length), z.describe(`Event types to receive: ${EVENT_TYPES.join(', ')}`));

export const CreateWebhookBody = z.object({
  url: z.optional(z.string().check(z.maxLength(2048))).check(z.describe('HTTPS endpoint that receives POSTed events')),
  endpoint_url: z.optional(z.string().check(z.maxLength(2048))).check(z.describe('Alias of url')),
  events: Events,
  inbox_id: z.optional(z.nullable(z.string())).check(z.describe('Only events of this inbox; omitted = every inbox of the account')),
}).check(z.refine((b) => b.url ?? b.endpoint_url, { message: 'url is required', path: ['url'] })).register(components, { id: 'CreateWebhookRequest' });

export const UpdateWebhookBody = z.object({
  url: z.optional(z.string().check(z.maxLength(2048))),
  endpoint_url: z.optional(z.string().check(z.maxLength(2048))),
  events: z.optional(Events),
}).check(z.refine((b) => b.url ?? b.endpoint_url ?? b.events, { message: 'send url and/or events', path: ['url'] })).register(components, { id: 'UpdateWebhookRequest' });

export const ListWebhooksQuery = CursorPagination.check(z.refine(...cursorWithoutOffset));
export const WebhookParams = z.object({ id: PathId });
export const LogsQuery = CursorPagination.check(z.refine(...cursorWithoutOffset));
