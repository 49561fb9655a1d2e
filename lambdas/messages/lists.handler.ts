import { listsApi } from './lists.http.ts';
import { httpHandler } from '../api/http-handler.ts';

export const handler = await httpHandler('lists', listsApi);
