/**
 * The testing slice's rows of the function catalogue: testing (test mode: simulated inbound mail).
 * lambdas/functions.ts assembles every slice's rows (platform/function-spec.ts says what a row is).
 */
import type { FunctionSpec } from '../platform/function-spec.ts';

export const testingFunctions = {
  testing: {
    slice: 'testing',
    // inboundWrite + sesPathInvoke: a simulated mail takes SES's path (inbound/, then ingest).
    // 29 s: a request bin's delay (at most 25 s) and its reads and writes, within API Gateway's 30 s.
    description: 'Test mode: simulated inbound mail (raw or scenarios) through the ingest function, and request bins',
    testModeOnly: true,
    kind: 'http', memoryMb: 256, timeoutSeconds: 29, needs: ['tableRead', 'tableWrite', 'inboundWrite', 'sesPathInvoke'],
  },
} as const satisfies Record<string, FunctionSpec>;
