/**
 * The discovery slice's rows of the function catalogue: discovery. lambdas/functions.ts
 * assembles every slice's rows (platform/function-spec.ts says what a row is).
 */
import type { FunctionSpec } from '../platform/function-spec.ts';

export const discoveryFunctions = {
  discovery: {
    slice: 'discovery',
    description: 'openapi.json, llms.txt, llms-full.txt, and the 404/405 envelope for unknown routes',
    kind: 'http', memoryMb: 256, timeoutSeconds: 10, needs: ['tableRead', 'tableWrite'],
  },
} as const satisfies Record<string, FunctionSpec>;
