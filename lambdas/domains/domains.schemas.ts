import * as z from 'zod/mini';
import { components, CursorPagination, cursorWithoutOffset, PathId } from '../platform/http/common.schemas.ts';

export const CreateDomainBody = z.object({
  domain: z.string().check(z.minLength(1), z.maxLength(253), z.describe('A domain you control, e.g. agents.example.com; Unicode names are converted to their IDNA (xn--) form')),
}).register(components, { id: 'CreateDomainRequest' });

export const ListDomainsQuery = CursorPagination.check(z.refine(...cursorWithoutOffset));
export const DomainParams = z.object({ id: PathId });
