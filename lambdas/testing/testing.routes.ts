/**
 * Rows of the route table for test mode (sandbox stacks and the local stack): routed only when
 * the stack runs in test mode; elsewhere they answer 404 like any unknown path.
 */
import { schemaModules, type RouteDef } from '../platform/http/route.ts';
import { MAX_ATTACHMENT_REQUEST_BODY_BYTES } from '../platform/payload-limits.ts';

const s = schemaModules({
  testing: () => import('./testing.schemas.ts'),
  common: () => import('../platform/http/common.schemas.ts'),
});
const res = schemaModules({
  testing: () => import('./testing.responses.ts'),
});

export const testingRoutes = [
  { method: 'POST', path: '/v1/inboxes/{id}/messages/simulate', fn: 'testing', operationId: 'simulateInboundMail', auth: 'inbox-or-account', tag: 'Test mode',
    testMode: true,
    summary: 'Simulate an inbound mail (test mode)',
    description: 'Delivers a mail to this inbox without sending one: either `raw` (an RFC 5322 message) or a `scenario` (verification_code, magic_link, reply, spoofed_sender, prompt_injection). It takes the path SES mail takes (stored under inbound/, then the ingest function), so extraction, threads, webhooks, the stream and waits see it as real mail. Answers the message it became, and what the scenario planted (the code, the link).',
    params: s('common', 'InboxParams'), body: s('testing', 'SimulateBody'), response: res('testing', 'SimulateResult'), successStatus: 201,
    errors: [404, 503], maxBodyBytes: MAX_ATTACHMENT_REQUEST_BODY_BYTES },
] as const satisfies readonly RouteDef[];
