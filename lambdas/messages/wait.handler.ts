import { waitApi } from './wait.http.ts';
import { httpHandler } from '../api/http-handler.ts';

export const handler = await httpHandler('wait', waitApi);
