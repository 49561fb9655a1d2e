import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { FunctionName } from '../functions.ts';
import { errorFields, log, setLogContext } from '../platform/log.ts';
import { handleMcpRequest, type RouteInvoker } from './server.ts';

type HttpLambda = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * The functions whose routes are tools (lambdas/mcp/tools.ts); their needs are this function's.
 * Each is loaded on its first tool call (a chunk of its own in the bundle): a cold start that
 * lists tools, or calls one, does not load the code of all eight.
 */
const ROUTE_HANDLERS: Partial<Record<FunctionName, () => Promise<{ handler: HttpLambda }>>> = {
  account: () => import('../accounts/account.handler.ts'),
  drafts: () => import('../sending/drafts.handler.ts'),
  inboxes: () => import('../inboxes/inboxes.handler.ts'),
  messages: () => import('../messages/messages.handler.ts'),
  sending: () => import('../sending/sending.handler.ts'),
  threads: () => import('../messages/threads.handler.ts'),
  wait: () => import('../messages/wait.handler.ts'),
  webhooks: () => import('../events/webhooks.handler.ts'),
  testing: () => import('../testing/testing.handler.ts'),
};

/** API Gateway event → Web Request, as the MCP transport reads it. */
function toRequest(event: APIGatewayProxyEventV2): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(event.headers ?? {})) if (v !== undefined) headers.set(k, v);
  const host = event.headers?.host ?? event.requestContext.domainName;
  const url = `https://${host}${event.rawPath}${event.rawQueryString ? `?${event.rawQueryString}` : ''}`;
  const method = event.requestContext.http.method;
  const body = event.body === undefined || method === 'GET' || method === 'HEAD'
    ? undefined
    : event.isBase64Encoded ? Buffer.from(event.body, 'base64') : event.body;
  return new Request(url, { method, headers, body });
}

/**
 * POST /mcp: the hosted MCP server (lambdas/mcp/server.ts). Not a middy pipeline: the answer is
 * JSON-RPC, not the API envelope; each tool call goes through its route's pipeline instead.
 */
export async function handler(event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> {
  const requestId = event.requestContext?.requestId ?? context.awsRequestId;
  setLogContext({ request_id: requestId, route: 'POST /mcp' });
  const invoke: RouteInvoker = async (fn, routeEvent) => {
    const load = ROUTE_HANDLERS[fn];
    if (!load) throw new Error(`MCP: no handler for ${fn}`);
    const { handler: h } = await load();
    // A context of its own per call: the pipeline keeps its request state on it.
    return h(routeEvent, { ...context });
  };
  try {
    const response = await handleMcpRequest(toRequest(event), invoke, {
      authorization: event.headers?.authorization,
      sourceIp: event.requestContext.http.sourceIp,
      requestId,
      domainName: event.headers?.host ?? event.requestContext.domainName,
      userAgent: event.requestContext.http.userAgent ?? '',
    });
    const headers: Record<string, string> = { 'cache-control': 'no-store', 'x-request-id': requestId };
    response.headers.forEach((v, k) => { headers[k] = v; });
    return { statusCode: response.status, headers, body: await response.text() };
  } catch (e) {
    log.error('mcp request failed', errorFields(e));
    return {
      statusCode: 500, headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message: 'Internal error', data: { request_id: requestId } } }),
    };
  }
}
