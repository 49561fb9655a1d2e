/**
 * Fair shares in the synthesized stack (issue #23): ingest and webhook delivery keep executions
 * of their own (reserved concurrency), the two delivery lanes are separate event sources with
 * their own maximum concurrency, and every value is one AWS accepts and that does not throttle
 * its own pollers. What only AWS can prove (the account's quota at deploy) is said at synth.
 */
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { FUNCTIONS, functionsOf, reservedConcurrencyQuota, type FunctionName, type FunctionSpec } from '../../lambdas/functions.ts';
import { RESOURCE_SETTINGS } from '../../lambdas/platform/resource-settings.ts';
import { reservedConcurrencyNote } from '../../lib/mailroom-stack.ts';
import { logicalId, synthMailroom, type Synthesized } from './synth.ts';

const s = RESOURCE_SETTINGS.webhookQueue;
/** AWS: ScalingConfig.MaximumConcurrency of an SQS event source is 2 to 1,000. */
const SQS_MAX_CONCURRENCY_RANGE = [2, 1000] as const;
/** The account concurrency quota Lambda gives by default (new accounts may get far less). */
const LAMBDA_DEFAULT_ACCOUNT_CONCURRENCY = 1000;

let on: Synthesized;
let off: Synthesized;
beforeAll(() => {
  on = synthMailroom({ skipBundling: true });
  off = synthMailroom({ skipBundling: true, context: { reservedConcurrency: 'off' } });
});

const fnProps = (v: Synthesized, name: FunctionName) => {
  const id = logicalId(v.stack.functionOf(name).fn, v.stack);
  return v.template.toJSON().Resources[id].Properties as Record<string, unknown>;
};
const reserved = (name: FunctionName) => (FUNCTIONS[name] as FunctionSpec).reservedConcurrency;

describe('reserved concurrency', () => {
  it('ingest and webhook-deliver keep executions of their own, and every function gets exactly its catalogue row\'s reservation', () => {
    expect(reserved('ingest')).toBeGreaterThan(0);
    expect(reserved('webhook-deliver')).toBeGreaterThan(0);
    for (const name of functionsOf({ testMode: false })) {
      expect(fnProps(on, name).ReservedConcurrentExecutions, name).toBe(reserved(name));
    }
  });

  it('fits an account with the default quota, leaving the 100 executions AWS keeps unreserved', () => {
    expect(reservedConcurrencyQuota()).toBeLessThanOrEqual(LAMBDA_DEFAULT_ACCOUNT_CONCURRENCY);
  });

  it('-c reservedConcurrency=off reserves nothing (for accounts whose quota cannot spare it)', () => {
    for (const name of functionsOf({ testMode: false })) {
      expect(fnProps(off, name).ReservedConcurrentExecutions, name).toBeUndefined();
    }
  });

  it('the synth says what reserving needs of the account and how to turn it off', () => {
    const infos = Annotations.fromStack(on.stack).findInfo('*', Match.stringLikeRegexp('Reserved concurrency'));
    expect(infos.length).toBe(1);
    const note = String(infos[0]!.entry.data);
    expect(note).toBe(reservedConcurrencyNote(true));
    expect(note).toContain('-c reservedConcurrency=off');
    expect(note).toContain(`at least ${reservedConcurrencyQuota()}`);
    const offNote = Annotations.fromStack(off.stack).findInfo('*', Match.stringLikeRegexp('Reserved concurrency is off'));
    expect(offNote.length).toBe(1);
  });

  it('refuses a reservedConcurrency that is neither on nor off', () => {
    expect(() => synthMailroom({ skipBundling: true, context: { reservedConcurrency: 'maybe' } })).toThrow(/reservedConcurrency.*on or off/);
  });
});

describe('delivery lanes', () => {
  const mappings = (v: Synthesized) => Object.values(v.template.toJSON().Resources as Record<string, any>)
    .filter((r) => r.Type === 'AWS::Lambda::EventSourceMapping').map((r) => r.Properties);

  it('a slow lane of its own: a second queue with the same settings and dead-letter queue', () => {
    const res = on.template.toJSON().Resources;
    const fast = res[logicalId(on.stack.webhooks.queue, on.stack)].Properties;
    const slow = res[logicalId(on.stack.webhooks.slowQueue, on.stack)].Properties;
    expect(slow).toEqual(fast);
  });

  it('each lane feeds webhook-deliver through its own event source with its own maximum concurrency, within what AWS accepts', () => {
    const fnRef = { Ref: logicalId(on.stack.functionOf('webhook-deliver').fn, on.stack) };
    const ms = mappings(on).filter((m) => JSON.stringify(m.FunctionName) === JSON.stringify(fnRef));
    const byQueue = (q: unknown) => ms.find((m) => JSON.stringify(m.EventSourceArn) === JSON.stringify({ 'Fn::GetAtt': [logicalId(q as never, on.stack), 'Arn'] }));
    const fast = byQueue(on.stack.webhooks.queue);
    const slow = byQueue(on.stack.webhooks.slowQueue);
    expect(fast).toMatchObject({ BatchSize: s.batchSize, FunctionResponseTypes: ['ReportBatchItemFailures'], ScalingConfig: { MaximumConcurrency: s.fastLaneMaxConcurrency } });
    expect(slow).toMatchObject({ BatchSize: s.batchSize, FunctionResponseTypes: ['ReportBatchItemFailures'], ScalingConfig: { MaximumConcurrency: s.slowLaneMaxConcurrency } });
    for (const m of [fast, slow]) {
      expect(m.ScalingConfig.MaximumConcurrency).toBeGreaterThanOrEqual(SQS_MAX_CONCURRENCY_RANGE[0]);
      expect(m.ScalingConfig.MaximumConcurrency).toBeLessThanOrEqual(SQS_MAX_CONCURRENCY_RANGE[1]);
    }
    expect(s.slowLaneMaxConcurrency).toBeLessThan(s.fastLaneMaxConcurrency);
  });

  it('the lanes together stay within webhook-deliver\'s reserved concurrency, so Lambda never throttles their pollers', () => {
    // AWS: a function's reserved concurrency must be at least the sum of its SQS event sources'
    // maximum concurrency, or Lambda throttles messages (back to the queue, toward the DLQ).
    expect(s.fastLaneMaxConcurrency + s.slowLaneMaxConcurrency).toBeLessThan(reserved('webhook-deliver')!);
  });

  it('only webhook-deliver may send to the slow lane, and it is told where it is', () => {
    const slowArn = { 'Fn::GetAtt': [logicalId(on.stack.webhooks.slowQueue, on.stack), 'Arn'] };
    const policies = Object.entries(on.template.toJSON().Resources as Record<string, any>).filter(([, r]) => r.Type === 'AWS::IAM::Policy');
    const senders = policies.filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes(JSON.stringify(slowArn)))
      .flatMap(([, p]) => p.Properties.Roles.map((r: { Ref: string }) => r.Ref));
    expect(senders).toEqual([logicalId(on.stack.functionOf('webhook-deliver').role, on.stack)]);
    const env = (fnProps(on, 'webhook-deliver').Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env.WEBHOOK_SLOW_QUEUE_URL).toEqual({ Ref: logicalId(on.stack.webhooks.slowQueue, on.stack) });
  });
});
