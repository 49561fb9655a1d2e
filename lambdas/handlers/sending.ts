import { sendingApi } from '../api/sending.ts';
import { httpHandler } from '../http/handler.ts';

export const handler = await httpHandler('sending', sendingApi);
