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
