/**
 * The mcp slice's rows of the function catalogue: mcp. lambdas/functions.ts
 * assembles every slice's rows (platform/function-spec.ts says what a row is).
 */
import type { FunctionSpec } from '../platform/function-spec.ts';

export const mcpFunctions = {
  mcp: {
    slice: 'mcp',
    // Every tool runs its route's function code in-process, so this function needs what those
    // functions need together (inboxes, account, messages, wait, threads, drafts, sending, webhooks).
    // The wait tool holds a call up to 25 s: the timeout sits just under API Gateway's 30 s.
    // It loads the account function's code (upgrades), so the payment provider's keys too; and in
    // test mode the testing function's (simulate_inbound: inbound/ and invoking ingest).
    description: 'Hosted MCP server (Streamable HTTP, stateless): the API as tools',
    kind: 'http', memoryMb: 1024, timeoutSeconds: 29,
    needs: ['tableRead', 'tableWrite', 'bucketRead', 'bucketWrite', 'scheduler', 'sesSend', 'webhookQueue', 'linkSecret', 'paymentSecret'],
    testModeNeeds: ['inboundWrite', 'sesPathInvoke'],
    // Its wait tool holds calls up to 25 s: capped (and kept) like the wait function, so MCP
    // clients cannot take the executions the REST API and the other functions run on.
    reservedConcurrency: 50,
  },
} as const satisfies Record<string, FunctionSpec>;
