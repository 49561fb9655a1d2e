/**
 * Rows of the route table for the hosted MCP server: the same use cases as tools
 * (lambdas/mcp/tools.ts); JSON-RPC, not the envelope. lambdas/routes.ts assembles every slice's
 * rows in the order the API is documented in; lambdas/platform/http/route.ts says what a row is.
 */
import type { RouteDef } from '../platform/http/route.ts';

export const mcpRoutes = [
  { method: 'POST', path: '/mcp', fn: 'mcp', operationId: 'mcp', auth: 'none', tag: 'MCP',
    summary: 'Hosted MCP server: Streamable HTTP, stateless, JSON responses (GET answers 405)',
    description: 'Connect an MCP client to {api_url}/mcp with Authorization: Bearer <key> (create_inbox works without one). Each tool runs the same use case, validation and errors as its REST route; a REST error comes back as a tool error carrying its error code and next_steps. Mail content in results sits inside an <untrusted-mail-content> block.',
    contentType: 'application/json' },
] as const satisfies readonly RouteDef[];
