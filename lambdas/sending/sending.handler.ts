import { sendingApi } from './sending.http.ts';
import { httpHandler } from '../api/http-handler.ts';

export const handler = await httpHandler('sending', sendingApi);
