import { domainsApi } from '../api/domains.ts';
import { httpHandler } from '../http/handler.ts';

export const handler = await httpHandler('domains', domainsApi);
