/**
 * Test mode on the local stack and in the functions (issue #26): the local API routes the route
 * table's testMode rows only in test mode, as API Gateway does on a deployed stack; otherwise they
 * reach discovery on $default, which answers 404 NOT_FOUND like any unknown path. `npm start` is in
 * test mode unless told otherwise, and the test knobs need it. openapi.json keeps the routes, saying
 * where they answer. The rules hold for whatever rows carry the flag.
 */
import type { IncomingMessage } from 'node:http';
import middy from '@middy/core';
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  // The middlewares read their configuration at import; a stack not in test mode.
  Object.assign(process.env, {
    TABLE_NAME: 'unit-table', MAIL_DOMAIN: 'unit.example', SITE_URL: 'https://unit.example',
    AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'unit', AWS_SECRET_ACCESS_KEY: 'unit',
  });
  delete process.env.MAILROOM_TEST_MODE;
});

const { TEST_KNOBS } = await import('../../lambdas/functions.ts');
const { routeKey, routes } = await import('../../lambdas/routes.ts');
const { matchRoute } = await import('../../lambdas/api/route-match.ts');
const { toApiGatewayEvent } = await import('../../lib/local/api-server.ts');
const { localTestMode } = await import('../../lib/local/stack.ts');
const { envelope, parseRequest } = await import('../../lambdas/api/middlewares.ts');
const { buildOpenApi, TEST_MODE_NOTE } = await import('../../lambdas/discovery/openapi.ts');

const flagged = routes.filter((r) => r.testMode);
/** A concrete path for a route: each parameter replaced by a sample value. */
const sample = (path: string) => path.replace(/\{(\w+)\}/g, (_m, name: string) => `sample-${name}`);
const request = (method: string, path: string) =>
  ({ method, url: path, headers: { host: 'localhost:3000', 'content-type': 'application/json' } }) as unknown as IncomingMessage;

it('the route table has test-mode rows (simulate), so the rules below are exercised', () => {
  expect(flagged.length).toBeGreaterThan(0);
});

describe('the local API routes test-mode rows only in test mode', () => {
  it.each(flagged.map((r) => [routeKey(r), r] as const))('%s: off → $default (discovery); on → its own function', (_, r) => {
    const off = toApiGatewayEvent(request(r.method, sample(r.path)), Buffer.from('{}'), '127.0.0.1', { testMode: false });
    expect(off.fn).toBe('discovery');
    expect(off.event.routeKey).toBe('$default');
    expect(off.event.pathParameters).toBeUndefined();
    const on = toApiGatewayEvent(request(r.method, sample(r.path)), Buffer.from('{}'), '127.0.0.1', { testMode: true });
    expect(on.fn).toBe(r.fn);
    expect(on.event.routeKey).toBe(routeKey(r));
  });

  it('with test mode off a test-mode request is not-found (not a 405 from a parameter route it fits); other rows are unchanged', () => {
    for (const r of flagged) {
      const m = matchRoute(r.method, sample(r.path), { testMode: false });
      // Only a row routed without test mode may take it (a parameter route of the same method).
      if (m.kind === 'found') expect(m.route.testMode, routeKey(r)).toBeUndefined();
      else expect(m.kind, routeKey(r)).toBe('not-found');
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        const any = matchRoute(method, sample(r.path), { testMode: false });
        expect(any.kind === 'found' && any.route.testMode, `${method} ${r.path}`).toBeFalsy();
      }
    }
    for (const r of routes.filter((x) => !x.testMode)) {
      const m = matchRoute(r.method, sample(r.path), { testMode: false });
      expect(m.kind === 'found' && routeKey(m.route), routeKey(r)).toBe(routeKey(r));
    }
  });
});

describe('discovery, on $default of a stack not in test mode, answers 404 NOT_FOUND on a test-mode route', () => {
  const discovery = middy().use(envelope()).use(parseRequest()).handler(async () => ({ statusCode: 200, body: '{}' }));

  it.each(flagged.map((r) => [routeKey(r), r] as const))('%s', async (_, r) => {
    const { event } = toApiGatewayEvent(request(r.method, sample(r.path)), Buffer.from('{}'), '198.51.100.7', { testMode: false });
    const res = await discovery(event as never, { awsRequestId: 'unit' } as never);
    const body = JSON.parse(String(res.body));
    expect({ status: res.statusCode, error: body.error }).toEqual({ status: 404, error: 'NOT_FOUND' });
    // An unknown path, not "paths take no trailing slash" (what a known path would get here).
    expect(body.message).toBe(`No route ${r.method} ${sample(r.path)}.`);
  });
});

describe('npm start: test mode on by default, --sandbox adds the sandbox knobs, --no-test-mode refuses them', () => {
  const KNOB_ENVS = Object.values(TEST_KNOBS).map((k) => k.env);

  it('plain: test mode, and only the knobs the environment sets', () => {
    expect(localTestMode({}, {})).toEqual({ testMode: true, testKnobs: {} });
    expect(localTestMode({}, { [KNOB_ENVS[0]!]: '50' })).toEqual({ testMode: true, testKnobs: { [KNOB_ENVS[0]!]: '50' } });
  });

  it('--sandbox: every knob at its sandbox value, unless the environment sets it', () => {
    const sandbox = Object.fromEntries(Object.values(TEST_KNOBS).map((k) => [k.env, k.sandbox]));
    expect(localTestMode({ sandbox: true }, {})).toEqual({ testMode: true, testKnobs: sandbox });
    expect(localTestMode({ sandbox: true }, { [KNOB_ENVS[1]!]: '3' }).testKnobs).toEqual({ ...sandbox, [KNOB_ENVS[1]!]: '3' });
  });

  it('--no-test-mode: no knobs; one set in the environment stops the start, naming it', () => {
    expect(localTestMode({ testMode: false }, {})).toEqual({ testMode: false, testKnobs: {} });
    for (const env of KNOB_ENVS) {
      expect(() => localTestMode({ testMode: false }, { [env]: '1' })).toThrow(new RegExp(`${env} is a test knob`));
    }
    expect(() => localTestMode({ testMode: false, sandbox: true }, {})).toThrow(/--sandbox or --no-test-mode/);
  });
});

describe('openapi.json keeps the test-mode routes, saying where they answer', () => {
  it('each test-mode operation (and no other) says "Test mode only", and lists 404', async () => {
    const doc = await buildOpenApi('https://abc123def4.execute-api.eu-west-1.amazonaws.com') as { paths: Record<string, Record<string, { description: string; responses: Record<string, unknown> }>> };
    for (const r of routes) {
      const op = doc.paths[r.path]![r.method.toLowerCase()]!;
      expect(op.description.includes(TEST_MODE_NOTE), routeKey(r)).toBe(!!r.testMode);
      if (r.testMode) expect(op.responses['404'], routeKey(r)).toBeDefined();
    }
  });
});
