/** HTTP mapping of the testing function: simulated inbound mail (test mode only). */
import type { z } from 'zod';
import type { HttpRequest, OperationResult } from '../platform/http/types.ts';
import type { SimulateBody } from './testing.schemas.ts';
import type { InboxParams } from '../platform/http/common.schemas.ts';
import { simulateInbound } from './simulate.ts';

type SimulateRequest = HttpRequest<'inbox-or-account', z.output<typeof SimulateBody>, unknown, z.output<typeof InboxParams>>;

async function simulateInboundMail(req: SimulateRequest): Promise<OperationResult> {
  const inbox = req.principal.inbox;
  const r = await simulateInbound(inbox, req.body);
  return {
    status: 201,
    result: r,
    nextSteps: r.message_id
      ? [`GET /v1/inboxes/${inbox.id}/messages/${r.message_id} reads it, as your agent would; a wait started before this call has returned it.`]
      : [`It was refused (${r.rejected_reason}), as the same real mail would be: GET /v1/inboxes/${inbox.id}/rules shows the inbox's sender rules.`],
  };
}

export const testingApi = { simulateInboundMail };
