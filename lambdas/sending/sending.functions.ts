/**
 * The sending slice's rows of the function catalogue: drafts, sending, send-scheduled, ses-events. lambdas/functions.ts
 * assembles every slice's rows (platform/function-spec.ts says what a row is).
 */
import type { FunctionSpec } from '../platform/function-spec.ts';

export const sendingFunctions = {
  drafts: {
    slice: 'sending',
    description: 'Drafts: write, edit, schedule (EventBridge Scheduler), discard, send',
    kind: 'http', memoryMb: 512, timeoutSeconds: 30,
    needs: ['tableRead', 'tableWrite', 'bucketRead', 'bucketWrite', 'scheduler', 'sesSend', 'webhookQueue', 'linkSecret'],
  },
  sending: {
    slice: 'sending',
    description: 'Send an email now, or reply to a message',
    kind: 'http', memoryMb: 512, timeoutSeconds: 30, needs: ['tableRead', 'tableWrite', 'bucketRead', 'bucketWrite', 'sesSend', 'webhookQueue', 'linkSecret'],
  },
  'send-scheduled': {
    slice: 'sending',
    description: 'Sends a scheduled draft when its EventBridge Scheduler schedule fires',
    kind: 'event', memoryMb: 512, timeoutSeconds: 60,
    needs: ['tableRead', 'tableWrite', 'bucketRead', 'bucketWrite', 'sesSend', 'webhookQueue', 'scheduler', 'linkSecret'],
  },
  'ses-events': {
    slice: 'sending',
    description: 'Applies SES delivery, bounce and complaint events to outbound messages',
    kind: 'event', memoryMb: 256, timeoutSeconds: 30, needs: ['tableRead', 'tableWrite', 'webhookQueue'],
  },
} as const satisfies Record<string, FunctionSpec>;
