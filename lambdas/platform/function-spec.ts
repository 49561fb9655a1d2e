/**
 * What a row of the function catalogue is (lambdas/functions.ts assembles the rows each capability
 * declares in its `<slice>.functions.ts`).
 */
export type Need =
  | 'tableRead'
  | 'tableWrite'
  | 'bucketRead'
  | 'bucketWrite'
  | 'webhookQueue'
  | 'scheduler'
  | 'linkSecret'
  | 'sesSend'
  /** The payment processor's keys (a Secrets Manager secret), when the provider is not the sandbox. */
  | 'paymentSecret'
  /** Create, read and delete SES domain identities (custom domains: Easy DKIM, MAIL FROM). */
  | 'sesIdentities'
  /** Custom domains' SES receipt rules in the stack's rule set (lambdas/domains/receiving.ts). */
  | 'sesReceiving'
  /** Put raw mail under the bucket's inbound/ prefix, as SES's receipt rule does (simulated mail). */
  | 'inboundWrite'
  /** Invoke the functions SES invokes (ingest; ses-events, through SNS) synchronously: simulated mail takes SES's path. */
  | 'sesPathInvoke'
  /** DNS lookups of custom domains' records (MAILROOM_DNS_SERVERS names the resolvers; empty = the system's). */
  | 'dnsLookup'
  /** Post to (and drop) WebSocket connections through the API Gateway Management API (STREAM_URL). */
  | 'streamPost'
  /** Send to the slow lane of webhook deliveries (WEBHOOK_SLOW_QUEUE_URL): receivers slower than their share. */
  | 'webhookSlowLane';

export interface FunctionSpec {
  /** The capability folder under lambdas/ that holds the function's handler, `<name>.handler.ts`. */
  slice: string;
  description: string;
  /** http functions sit behind the HTTP API; event functions behind an event source. */
  kind: 'http' | 'event';
  memoryMb: number;
  timeoutSeconds: number;
  needs: readonly Need[];
  /**
   * Lambda reserved concurrency: executions kept for this function whatever the others do (and
   * its ceiling). Applied unless the stack is synthesized with -c reservedConcurrency=off (AWS
   * keeps 100 of the account's concurrency unreserved, so low-quota accounts cannot reserve).
   */
  reservedConcurrency?: number;
  /** The function exists only in a stack in test mode (its routes are routed only there). */
  testModeOnly?: true;
  /** Needs granted only in a stack in test mode (what a test-mode route run in-process needs). */
  testModeNeeds?: readonly Need[];
}
