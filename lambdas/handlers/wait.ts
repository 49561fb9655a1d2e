import { waitApi } from '../api/wait.ts';
import { httpHandler } from '../http/handler.ts';

export const handler = httpHandler('wait', waitApi);
