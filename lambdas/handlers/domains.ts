import { httpHandler } from '../http/handler.ts';
import { createDomain, deleteDomain, getDomain, listDomains, verifyDomain } from '../services/domains.ts';

export const handler = httpHandler('domains', { createDomain, listDomains, getDomain, verifyDomain, deleteDomain });
