/**
 * The accounts slice's rows of the function catalogue: account. lambdas/functions.ts
 * assembles every slice's rows (platform/function-spec.ts says what a row is).
 */
import type { FunctionSpec } from '../platform/function-spec.ts';

export const accountsFunctions = {
  account: {
    slice: 'accounts',
    description: 'Account, capabilities and upgrades',
    kind: 'http', memoryMb: 512, timeoutSeconds: 15, needs: ['tableRead', 'tableWrite', 'linkSecret', 'webhookQueue', 'paymentSecret'],
  },
} as const satisfies Record<string, FunctionSpec>;
