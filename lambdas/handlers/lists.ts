import { listsApi } from '../api/lists.ts';
import { httpHandler } from '../http/handler.ts';

export const handler = await httpHandler('lists', listsApi);
