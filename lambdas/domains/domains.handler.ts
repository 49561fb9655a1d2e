import { domainsApi } from './domains.http.ts';
import { httpHandler } from '../api/http-handler.ts';

export const handler = await httpHandler('domains', domainsApi);
