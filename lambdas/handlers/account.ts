import { accountApi } from '../api/account.ts';
import { httpHandler } from '../http/handler.ts';

export const handler = await httpHandler('account', accountApi);
