import { webhooksApi } from './webhooks.http.ts';
import { httpHandler } from '../api/http-handler.ts';

export const handler = await httpHandler('webhooks', webhooksApi);
