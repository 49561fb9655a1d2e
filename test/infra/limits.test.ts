/**
 * AWS limits in the synthesized stack (issue #25): the long-poll functions (wait, mcp, stream hold
 * an invocation for up to ~29 s) have a reserved concurrency that is also their ceiling, so a wave
 * of long-polls cannot take the executions ingest and the rest of the API run on; and the
 * account's Lambda concurrency quota a team must ask for is named at synth and in the README.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { FUNCTIONS, reservedConcurrencyQuota, type FunctionName, type FunctionSpec } from '../../lambdas/functions.ts';
import { TIER_LIMITS } from '../../lambdas/accounts/tiers.ts';
import { PROJECT_ROOT, logicalId, synthMailroom, type Synthesized } from './synth.ts';

/** The functions that hold an invocation open: a wait, the MCP wait tool, a stream subscribe's replay. */
const LONG_POLL: readonly FunctionName[] = ['wait', 'mcp', 'stream'];
/** The account concurrency quota Lambda gives by default (new accounts may get far less). */
const LAMBDA_DEFAULT_ACCOUNT_CONCURRENCY = 1000;

let on: Synthesized;
let off: Synthesized;
beforeAll(() => {
  on = synthMailroom({ skipBundling: true });
  off = synthMailroom({ skipBundling: true, context: { reservedConcurrency: 'off' } });
});

const reservedIn = (v: Synthesized, name: FunctionName) =>
  v.template.toJSON().Resources[logicalId(v.stack.functionOf(name).fn, v.stack)].Properties.ReservedConcurrentExecutions as number | undefined;

describe('long-poll functions have a ceiling', () => {
  it('wait, mcp and stream each have a reserved concurrency in the template, which caps them', () => {
    for (const name of LONG_POLL) {
      expect(reservedIn(on, name), name).toBeGreaterThan(0);
      expect(reservedIn(on, name), name).toBe((FUNCTIONS[name] as FunctionSpec).reservedConcurrency);
    }
  });

  it('ingest keeps its own executions beside them', () => {
    expect(reservedIn(on, 'ingest')).toBeGreaterThanOrEqual(50);
  });

  it('an account waiting as much as the largest tier allows is not throttled by the wait function\'s ceiling alone', () => {
    const largest = Math.max(...Object.values(TIER_LIMITS).map((t) => t.concurrentWaits));
    expect(reservedIn(on, 'wait')).toBeGreaterThanOrEqual(largest);
  });

  it('-c reservedConcurrency=off turns the long-poll ceilings off with the rest', () => {
    for (const name of [...LONG_POLL, 'ingest'] as FunctionName[]) expect(reservedIn(off, name), name).toBeUndefined();
  });

  it('all reservations together leave the 100 unreserved executions of an account with the default quota', () => {
    expect(reservedConcurrencyQuota()).toBeLessThanOrEqual(LAMBDA_DEFAULT_ACCOUNT_CONCURRENCY);
  });
});

describe('the concurrency quota to ask for', () => {
  const quota = () => reservedConcurrencyQuota();

  it('the synth names it (the sum of the reservations plus the 100 AWS keeps) and the Service Quotas entry', () => {
    const infos = Annotations.fromStack(on.stack).findInfo('*', Match.stringLikeRegexp('Reserved concurrency'));
    expect(infos).toHaveLength(1);
    const note = String(infos[0]!.entry.data);
    expect(note).toContain(`Lambda concurrency quota of at least ${quota()}`);
    expect(note).toContain('"Concurrent executions"');
    for (const name of LONG_POLL) expect(note).toContain(`${name} ${(FUNCTIONS[name] as FunctionSpec).reservedConcurrency}`);
  });

  it('the README names the same quota and every reservation', () => {
    const readme = readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
    const row = readme.split('\n').find((l) => l.startsWith('| `reservedConcurrency` |'));
    expect(row).toBeDefined();
    expect(row).toContain(`at least ${quota()}`);
    for (const name of [...LONG_POLL, 'ingest', 'webhook-deliver'] as FunctionName[]) {
      expect(row, name).toContain(`${name} ${(FUNCTIONS[name] as FunctionSpec).reservedConcurrency}`);
    }
  });
});
