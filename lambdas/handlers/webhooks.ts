import { webhooksApi } from '../api/webhooks.ts';
import { httpHandler } from '../http/handler.ts';

export const handler = await httpHandler('webhooks', webhooksApi);
