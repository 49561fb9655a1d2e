import { inboxesApi } from '../api/inboxes.ts';
import { httpHandler } from '../http/handler.ts';

export const handler = await httpHandler('inboxes', inboxesApi);
