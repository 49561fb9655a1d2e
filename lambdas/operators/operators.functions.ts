/**
 * The operators slice's rows of the function catalogue: pages. lambdas/functions.ts
 * assembles every slice's rows (platform/function-spec.ts says what a row is).
 */
import type { FunctionSpec } from '../platform/function-spec.ts';

export const operatorsFunctions = {
  pages: {
    slice: 'operators',
    description: 'Operator pages (upgrade, notifications, inbox view) and the payment processor webhook',
    kind: 'http', memoryMb: 512, timeoutSeconds: 20, needs: ['tableRead', 'tableWrite', 'linkSecret', 'bucketRead', 'webhookQueue', 'paymentSecret'],
  },
} as const satisfies Record<string, FunctionSpec>;
