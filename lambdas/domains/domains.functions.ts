/**
 * The domains slice's rows of the function catalogue: domains. lambdas/functions.ts
 * assembles every slice's rows (platform/function-spec.ts says what a row is).
 */
import type { FunctionSpec } from '../platform/function-spec.ts';

export const domainsFunctions = {
  domains: {
    slice: 'domains',
    // sesReceiving: a proven domain gets a receipt rule. webhookQueue: verify dispatches domain.verified; linkSecret: upgrade_context links on 402/403.
    description: 'Custom domains: add (SES identity, DNS records), list, verify (DNS lookups, receipt rule), delete',
    kind: 'http', memoryMb: 256, timeoutSeconds: 20, needs: ['tableRead', 'tableWrite', 'sesIdentities', 'sesReceiving', 'dnsLookup', 'webhookQueue', 'linkSecret'],
  },
} as const satisfies Record<string, FunctionSpec>;
