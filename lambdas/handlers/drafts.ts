import { draftsApi } from '../api/drafts.ts';
import { httpHandler } from '../http/handler.ts';

export const handler = await httpHandler('drafts', draftsApi);
