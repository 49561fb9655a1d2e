import * as z from 'zod/mini';
import { components } from '../platform/http/common.schemas.ts';

export const StreamInfo = z.object({
  url: z.string().check(z.describe('wss:// address of the realtime event stream (WebSocket); connect with Authorization: Bearer <key> or ?key=<key>')),
}).register(components, { id: 'StreamInfo' });
