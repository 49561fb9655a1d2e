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

const BIN_METHODS = ['POST', 'PUT', 'PATCH', 'GET', 'DELETE'] as const;
const BIN_METHOD_NAMES = { POST: 'Post', PUT: 'Put', PATCH: 'Patch', GET: 'Get', DELETE: 'Delete' } as const;

export const testingRoutes = [
  { method: 'POST', path: '/v1/inboxes/{id}/messages/simulate', fn: 'testing', operationId: 'simulateInboundMail', auth: 'inbox-or-account', tag: 'Test mode',
    testMode: true,
    summary: 'Simulate an inbound mail (test mode)',
    description: 'Delivers a mail to this inbox without sending one: either `raw` (an RFC 5322 message) or a `scenario` (verification_code, magic_link, reply, spoofed_sender, prompt_injection). It takes the path SES mail takes (stored under inbound/, then the ingest function), so extraction, threads, webhooks, the stream and waits see it as real mail. Answers the message it became, and what the scenario planted (the code, the link).',
    params: s('common', 'InboxParams'), body: s('testing', 'SimulateBody'), response: res('testing', 'SimulateResult'), successStatus: 201,
    errors: [404, 409, 503], maxBodyBytes: MAX_ATTACHMENT_REQUEST_BODY_BYTES },

  // Request bins: a public URL that records what is sent to it (a webhook's deliveries, say)
  { method: 'POST', path: '/v1/test/bins', fn: 'testing', operationId: 'createBin', auth: 'account', tag: 'Test mode', testMode: true,
    summary: 'Create a request bin: a public URL that records what is sent to it (test mode)',
    description: 'url records every request sent to it (any method: headers, query and body as text, cut at 64 KiB) and answers respond.status after respond.delay_ms, so a webhook pointed at it can be made to fail or stall. Body optional: respond {status 200-599, delay_ms 0-25000}, ttl_hours 1-72 (default 24). A bin keeps its newest 100 requests; an account has at most 20 live bins (403 BIN_LIMIT_EXCEEDED).',
    body: s('testing', 'CreateBinBody'), response: res('testing', 'Bin'), successStatus: 201, errors: [403] },
  { method: 'GET', path: '/v1/test/bins', fn: 'testing', operationId: 'listBins', auth: 'account', tag: 'Test mode', testMode: true,
    summary: 'The account\'s live bins, oldest first (test mode)', response: res('testing', 'BinList') },
  { method: 'PATCH', path: '/v1/test/bins/{id}', fn: 'testing', operationId: 'updateBin', auth: 'account', tag: 'Test mode', testMode: true,
    summary: 'Change what a bin answers: respond {status, delay_ms} (test mode)',
    description: 'Applies from the next request: answer 500 to see a webhook retry and turn unhealthy, then 200 to see it recover.',
    params: s('testing', 'BinParams'), body: s('testing', 'UpdateBinBody'), response: res('testing', 'Bin'), errors: [404] },
  { method: 'GET', path: '/v1/test/bins/{id}/requests', fn: 'testing', operationId: 'listBinRequests', auth: 'account', tag: 'Test mode', testMode: true,
    summary: 'The requests a bin received, newest first (test mode)',
    params: s('testing', 'BinParams'), query: s('testing', 'BinRequestsQuery'), response: res('testing', 'BinRequestList'), errors: [404] },
  { method: 'DELETE', path: '/v1/test/bins/{id}', fn: 'testing', operationId: 'deleteBin', auth: 'account', tag: 'Test mode', testMode: true,
    summary: 'Delete a bin: its URL answers 404 from now on (test mode)',
    params: s('testing', 'BinParams'), response: res('testing', 'BinDeleted'), errors: [404] },
  // The bin's public URL, outside /v1 (it is a receiver's address, not the API): any method is recorded.
  ...BIN_METHODS.map((method) => ({
    method, path: '/bins/{id}', fn: 'testing', operationId: `receiveBinRequest${BIN_METHOD_NAMES[method]}`, auth: 'none', tag: 'Test mode',
    testMode: true, anyQuery: true,
    summary: `A bin's public URL: records the ${method} and answers with the bin's status (test mode)`,
    description: 'No key: whoever has the URL may send to it, as to any webhook receiver. Records method, query, headers and the body as text (cut at 64 KiB, never parsed), waits the bin\'s delay_ms, then answers its status with {"received": true}. An unknown, deleted or expired bin answers 404. Rate-limited per IP, as every call without a key.',
    params: s('testing', 'BinParams'), contentType: 'application/json', errors: [404] }) as const),
] as const satisfies readonly RouteDef[];
