import { accountApi } from './account.http.ts';
import { httpHandler } from '../api/http-handler.ts';

export const handler = await httpHandler('account', accountApi);
