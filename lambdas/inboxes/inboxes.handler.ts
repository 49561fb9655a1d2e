import { inboxesApi } from './inboxes.http.ts';
import { httpHandler } from '../api/http-handler.ts';

export const handler = await httpHandler('inboxes', inboxesApi);
