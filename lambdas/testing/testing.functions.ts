/**
 * The testing slice's rows of the function catalogue: testing (test mode: simulated inbound mail).
 * lambdas/functions.ts assembles every slice's rows (platform/function-spec.ts says what a row is).
 */
import type { FunctionSpec } from '../platform/function-spec.ts';

export const testingFunctions = {
  testing: {
    slice: 'testing',
    // inboundWrite + ingestInvoke: a simulated mail takes SES's path (inbound/, then ingest).
    description: 'Test mode: simulated inbound mail (raw or scenarios), through the ingest function',
    kind: 'http', memoryMb: 256, timeoutSeconds: 25, needs: ['tableRead', 'tableWrite', 'inboundWrite', 'ingestInvoke'],
  },
} as const satisfies Record<string, FunctionSpec>;
