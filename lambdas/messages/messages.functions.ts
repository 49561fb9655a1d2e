/**
 * The messages slice's rows of the function catalogue: messages, wait, threads, lists. lambdas/functions.ts
 * assembles every slice's rows (platform/function-spec.ts says what a row is).
 */
import type { FunctionSpec } from '../platform/function-spec.ts';

export const messagesFunctions = {
  messages: {
    slice: 'messages',
    description: 'Messages of an inbox: list, read, mark, labels, attachment downloads, rejections',
    kind: 'http', memoryMb: 512, timeoutSeconds: 15, needs: ['tableRead', 'tableWrite', 'bucketRead'],
  },
  wait: {
    slice: 'messages',
    // Its own function: a wait holds its invocation for up to WAIT_MAX_TIMEOUT_SECONDS (25 s)
    // mostly asleep, so it gets little memory and a timeout above 25 s (under API Gateway's 30 s)
    // without lengthening the other message routes' timeout.
    description: 'Long-poll wait for the next matching message of an inbox',
    kind: 'http', memoryMb: 256, timeoutSeconds: 28, needs: ['tableRead', 'tableWrite', 'bucketRead'],
    // A ceiling as much as a reservation: a wave of long-polls (each up to 25 s) takes at most
    // this many of the account's executions, never the API's others. As many as the largest
    // tier lets one account hold at once (TIER_LIMITS.enterprise.concurrentWaits), so an account
    // within its own allowance is never throttled by this ceiling alone.
    reservedConcurrency: 200,
  },
  threads: {
    slice: 'messages',
    description: 'Conversations: list, read, labels',
    kind: 'http', memoryMb: 512, timeoutSeconds: 15, needs: ['tableRead', 'tableWrite', 'bucketRead'],
  },
  lists: {
    slice: 'messages',
    description: 'Allow and block lists of senders',
    kind: 'http', memoryMb: 256, timeoutSeconds: 10, needs: ['tableRead', 'tableWrite'],
  },
} as const satisfies Record<string, FunctionSpec>;
