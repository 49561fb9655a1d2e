/** HTTP mapping of the sending function (send now, reply): 201 for a new send, 200 for a client_id replay. */
import type { HttpRequest, OperationResult } from '../platform/http/types.ts';
import * as mailOut from './sending.ts';

const sent = ({ message: m, replayed }: mailOut.SendOutcome): OperationResult => ({
  status: replayed ? 200 : 201,
  result: { id: m.id, status: 'queued', message_id: `<${m.message_id_header}>`, sent_at: m.received_at, scheduled_at: null, thread_id: m.thread_id,
    note: replayed ? 'This client_id was already sent; this is that message (nothing was sent twice).' : 'Sent to the mail service; delivery_status follows delivery, bounces and complaints.' },
  nextSteps: [`Follow delivery at GET /v1/inboxes/${m.inbox_id}/messages/${m.id} (delivery_status).`, 'Replies thread back into the same conversation.'],
});

export const sendingApi = {
  sendMessage: async (req: HttpRequest<'inbox-or-account', mailOut.SendInput>) => sent(await mailOut.sendMessage(req.principal.account, req.principal.inbox, req.body)),
  replyToMessage: async (req: HttpRequest<'any', mailOut.ReplyInput>) => sent(await mailOut.replyToMessage(req.principal, String(req.params.id), req.body)),
};
