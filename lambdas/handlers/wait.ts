import { waitApi } from '../api/wait.ts';
import { httpHandler } from '../http/handler.ts';

export const handler = await httpHandler('wait', waitApi);
