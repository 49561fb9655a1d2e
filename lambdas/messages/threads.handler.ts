import { threadsApi } from './threads.http.ts';
import { httpHandler } from '../api/http-handler.ts';

export const handler = await httpHandler('threads', threadsApi);
