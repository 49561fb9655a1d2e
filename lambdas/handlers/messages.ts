import { messagesApi } from '../api/messages.ts';
import { httpHandler } from '../http/handler.ts';

export const handler = await httpHandler('messages', messagesApi);
