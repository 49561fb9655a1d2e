import { threadsApi } from '../api/threads.ts';
import { httpHandler } from '../http/handler.ts';

export const handler = await httpHandler('threads', threadsApi);
