/**
 * Test mode (issue #26): a stack deployed with stage=sandbox or -c testMode=true routes the route
 * table's testMode rows and takes the test knobs; any other stack has no route for those rows, so
 * API Gateway sends them to $default (discovery), which answers 404 like any unknown path. The
 * tests hold for whatever rows carry the flag.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV, functionsOf, TEST_KNOBS, type FunctionName, type TestKnob } from '../../lambdas/functions.ts';
import { routeKey, routes } from '../../lambdas/routes.ts';
import { logicalId, synthMailroom, type Synthesized } from './synth.ts';

type Resources = Record<string, { Type: string; Properties: Record<string, any> }>;

const flagged = routes.filter((r) => r.testMode).map(routeKey);
const KNOB_ENVS = Object.values(TEST_KNOBS).map((k) => k.env);

/** The route keys of the HTTP API (the WebSocket API's are $connect and the like, never a path). */
const apiRouteKeys = (v: Synthesized) => Object.values(v.template.toJSON().Resources as Resources)
  .filter((r) => r.Type === 'AWS::ApiGatewayV2::Route').map((r) => r.Properties.RouteKey as string);
const envOf = (v: Synthesized, name: FunctionName) => (v.template.toJSON().Resources as Resources)[
  logicalId(v.stack.functionOf(name).fn, v.stack)]!.Properties.Environment.Variables as Record<string, unknown>;
/** The functions of a stack not in test mode, and of one in test mode (which adds the test-mode-only ones). */
const functionNames = functionsOf({ testMode: false });
const testModeFunctionNames = functionsOf({ testMode: true });

let dev: Synthesized;
let sandbox: Synthesized;
beforeAll(() => {
  dev = synthMailroom({ skipBundling: true });
  sandbox = synthMailroom({ skipBundling: true, context: { stage: 'sandbox' } });
});

describe('the route table marks the test-mode routes', () => {
  it('has at least one (simulate), so the rules below are exercised', () => {
    expect(flagged.length).toBeGreaterThan(0);
  });
});

describe('a stack not in test mode (the default) answers 404 on every test-mode route', () => {
  it('has no test-mode-only function (testing), and grants no function a test-mode need (mcp: no inbound/ writes, no invoking ingest)', () => {
    expect(functionNames).not.toContain('testing');
    expect(() => dev.stack.functionOf('testing')).toThrow(/only in a stack in test mode/);
    const mcp = JSON.stringify(Object.values(dev.template.toJSON().Resources as Resources).filter((r) => r.Type === 'AWS::IAM::Policy'
      && JSON.stringify(r.Properties.Roles).includes(logicalId(dev.stack.functionOf('mcp').role, dev.stack))));
    expect(mcp).not.toContain('lambda:InvokeFunction');
    expect(mcp).not.toContain('PutInboundMail');
    expect(envOf(dev, 'mcp')[ENV.ingestFunctionArn]).toBeUndefined();
  });

  it('has no API Gateway route for any test-mode row: they fall to $default (discovery: 404 NOT_FOUND)', () => {
    const keys = apiRouteKeys(dev);
    expect(flagged.filter((k) => keys.includes(k))).toEqual([]);
    expect(keys).toContain('$default');
    // Every other row keeps its route.
    expect(routes.filter((r) => !r.testMode).map(routeKey).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('tells every function MAILROOM_TEST_MODE=false and gives none the test knobs', () => {
    for (const name of functionNames) {
      const env = envOf(dev, name);
      expect(env[ENV.testMode], name).toBe('false');
      expect(KNOB_ENVS.filter((k) => k in env), name).toEqual([]);
    }
  });

  it('stage=sandbox with -c testMode=false is not in test mode either', () => {
    const off = synthMailroom({ skipBundling: true, context: { stage: 'sandbox', testMode: 'false' } });
    expect(flagged.filter((k) => apiRouteKeys(off).includes(k))).toEqual([]);
    expect(envOf(off, 'discovery')[ENV.testMode]).toBe('false');
  });
});

describe('a stack in test mode routes them and takes the test knobs', () => {
  it('stage=sandbox: a route per test-mode row, to its own function', () => {
    const keys = apiRouteKeys(sandbox);
    expect(flagged.filter((k) => !keys.includes(k))).toEqual([]);
    const res = sandbox.template.toJSON().Resources as Resources;
    for (const r of routes.filter((x) => x.testMode)) {
      const route = Object.values(res).find((x) => x.Type === 'AWS::ApiGatewayV2::Route' && x.Properties.RouteKey === routeKey(r))!;
      const integrationId = (route.Properties.Target['Fn::Join'][1] as unknown[])[1] as { Ref: string };
      const uri = JSON.stringify(res[integrationId.Ref]!.Properties.IntegrationUri);
      expect(uri, routeKey(r)).toContain(logicalId(sandbox.stack.functionOf(r.fn).fn, sandbox.stack));
    }
  });

  it('stage=sandbox: every function gets MAILROOM_TEST_MODE=true and the sandbox values of the knobs', () => {
    for (const name of testModeFunctionNames) {
      const env = envOf(sandbox, name);
      expect(env[ENV.testMode], name).toBe('true');
      for (const k of Object.values(TEST_KNOBS)) expect(env[k.env], `${name} ${k.env}`).toBe(k.sandbox);
    }
  });

  it('-c testMode=true on another stage: routed, and the knobs given replace the sandbox values', () => {
    const qa = synthMailroom({ skipBundling: true, context: {
      stage: 'qa', testMode: 'true', freeInboxCreatesPerIpPerHour: '500', webhookRetryDelays: '0, 2,4',
    } });
    expect(flagged.filter((k) => !apiRouteKeys(qa).includes(k))).toEqual([]);
    for (const name of testModeFunctionNames) {
      expect(envOf(qa, name), name).toMatchObject({
        [ENV.testMode]: 'true',
        [TEST_KNOBS.freeInboxCreatesPerIpPerHour.env]: '500',
        [TEST_KNOBS.apiRateLimitMultiplier.env]: TEST_KNOBS.apiRateLimitMultiplier.sandbox,
        [TEST_KNOBS.webhookRetryDelays.env]: '0,2,4',
      });
    }
    // Test mode does not make a stage a sandbox for payments.
    expect(envOf(qa, 'account')[ENV.paymentProvider]).toBe('none');
  });
});

describe('the test knobs are refused without test mode', () => {
  const GOOD: Record<TestKnob, string> = { freeInboxCreatesPerIpPerHour: '100', apiRateLimitMultiplier: '5', webhookRetryDelays: '0,1,1,1,1' };

  it.each(Object.keys(TEST_KNOBS) as TestKnob[])('%s on a stack not in test mode fails the synth, naming it and test mode', (key) => {
    expect(() => synthMailroom({ skipBundling: true, context: { [key]: GOOD[key] } }))
      .toThrow(new RegExp(`'${key}' is a test knob.*-c stage=sandbox or -c testMode=true`));
    expect(() => synthMailroom({ skipBundling: true, context: { stage: 'sandbox', testMode: 'off', [key]: GOOD[key] } }))
      .toThrow(new RegExp(`'${key}' is a test knob`));
  });

  it.each([
    ['freeInboxCreatesPerIpPerHour', '0'],
    ['freeInboxCreatesPerIpPerHour', '2.5'],
    ['apiRateLimitMultiplier', '-1'],
    ['apiRateLimitMultiplier', 'lots'],
    ['webhookRetryDelays', '0,5,,15'],
    ['webhookRetryDelays', '0,901'],
  ])('%s=%s in test mode fails the synth, naming it', (key, value) => {
    expect(() => synthMailroom({ skipBundling: true, context: { stage: 'sandbox', [key]: value } })).toThrow(new RegExp(`'${key}' must be`));
  });
});
