/**
 * The inboxes slice's rows of the function catalogue: inboxes. lambdas/functions.ts
 * assembles every slice's rows (platform/function-spec.ts says what a row is).
 */
import type { FunctionSpec } from '../platform/function-spec.ts';

export const inboxesFunctions = {
  inboxes: {
    slice: 'inboxes',
    description: 'Create, list, read, update and delete inboxes',
    kind: 'http', memoryMb: 512, timeoutSeconds: 10, needs: ['tableRead', 'tableWrite', 'linkSecret', 'webhookQueue'],
  },
} as const satisfies Record<string, FunctionSpec>;
