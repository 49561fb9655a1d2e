import { draftsApi } from './drafts.http.ts';
import { httpHandler } from '../api/http-handler.ts';

export const handler = await httpHandler('drafts', draftsApi);
