import { messagesApi } from './messages.http.ts';
import { httpHandler } from '../api/http-handler.ts';

export const handler = await httpHandler('messages', messagesApi);
