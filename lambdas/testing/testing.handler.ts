import { testingApi } from './testing.http.ts';
import { httpHandler } from '../api/http-handler.ts';

export const handler = await httpHandler('testing', testingApi);
