/**
 * The route table is the one source for API Gateway, the local server, openapi.json and llms.txt:
 * it must be unambiguous and every route must reach a function that implements it. That a
 * function implements exactly its routes' operations, each with its route's principal, the
 * compiler holds (npm test runs tsc before these): the type-level cases below fail it if it stops.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { FUNCTIONS, handlerEntry } from '../../lambdas/functions.ts';
import { matchRoute } from '../../lambdas/api/route-match.ts';
import { ZodMiniObject, ZodMiniType } from 'zod/mini';
import { routeKey, routes, routesWithSchemas, type OperationsFor, type RouteDef } from '../../lambdas/routes.ts';
import type { httpHandler } from '../../lambdas/api/http-handler.ts';
import type { AccountPrincipal, HttpRequest, InboxPrincipal, OperationResult, Principal, PrincipalOf } from '../../lambdas/platform/http/types.ts';

const segments = (p: string) => p.split('/').slice(1);
const isParam = (s: string) => /^\{\w+\}$/.test(s);
/** A concrete path for a route: each parameter replaced by a sample value. */
const sample = (r: RouteDef, fill = (name: string) => `sample-${name}`) =>
  r.path.replace(/\{(\w+)\}/g, (_m, name: string) => fill(name));

/**
 * Two paths that some request could match both: same length, and at each position equal
 * literals or at least one parameter. Returns the request path that matches both, else undefined.
 */
function overlap(a: string, b: string): string | undefined {
  const sa = segments(a);
  const sb = segments(b);
  if (sa.length !== sb.length) return undefined;
  const out: string[] = [];
  for (let i = 0; i < sa.length; i++) {
    const x = sa[i]!;
    const y = sb[i]!;
    if (isParam(x) && isParam(y)) out.push('p');
    else if (isParam(x)) out.push(y);
    else if (isParam(y) || x === y) out.push(x);
    else return undefined;
  }
  return `/${out.join('/')}`;
}

/** a is at least as specific as b at every position (a literal wherever b has one). */
const atLeastAsSpecific = (a: string, b: string) =>
  segments(a).every((s, i) => !isParam(segments(b)[i]!) ? !isParam(s) : true);

describe('the route table', () => {
  it('has no two routes with the same method and path', () => {
    const keys = routes.map(routeKey);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('has unique operationIds (they name the OpenAPI operations and the handlers\' operations)', () => {
    const ids = routes.map((r) => r.operationId);
    expect(ids.filter((k, i) => ids.indexOf(k) !== i)).toEqual([]);
  });

  it('puts every API route under /v1/ (only the discovery documents, the MCP endpoint, the operator pages and test mode\'s request bins sit at the root)', () => {
    const bin = (r: RouteDef) => r.testMode && r.path === '/bins/{id}';
    const outside = routes.filter((r) => !r.path.startsWith('/v1/') && r.tag !== 'Discovery' && r.tag !== 'Pages' && r.tag !== 'MCP' && !bin(r)).map(routeKey);
    expect(outside).toEqual([]);
  });

  it('has no ambiguous pairs: where two routes of one method can match the same path, one is strictly more specific', () => {
    const problems: string[] = [];
    for (const a of routes) {
      for (const b of routes) {
        if (a === b || a.method !== b.method) continue;
        const both = overlap(a.path, b.path);
        if (!both) continue;
        const aFirst = atLeastAsSpecific(a.path, b.path);
        const bFirst = atLeastAsSpecific(b.path, a.path);
        if (aFirst === bFirst) { problems.push(`${routeKey(a)} vs ${routeKey(b)} (both match ${both})`); continue; }
        // The matcher must then pick the more specific route for the shared path.
        const m = matchRoute(a.method, both);
        const winner = aFirst ? a : b;
        if (m.kind !== 'found' || m.route !== winner) problems.push(`${a.method} ${both} should reach ${routeKey(winner)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('matches each route\'s own paths back to that route, with decoded parameters', () => {
    for (const r of routes) {
      const m = matchRoute(r.method, sample(r, (n) => `x%20${n}`));
      expect(m.kind, routeKey(r)).toBe('found');
      if (m.kind !== 'found') continue;
      expect(routeKey(m.route)).toBe(routeKey(r));
      for (const name of r.path.match(/\{(\w+)\}/g)?.map((s) => s.slice(1, -1)) ?? []) expect(m.params[name]).toBe(`x ${name}`);
    }
  });

  it('answers an unknown path with not-found and a known path with a wrong method with the methods allowed', () => {
    expect(matchRoute('GET', '/v1/definitely-not-a-route').kind).toBe('not-found');
    const inboxes = matchRoute('PUT', '/v1/inboxes');
    expect(inboxes.kind).toBe('method-not-allowed');
    if (inboxes.kind === 'method-not-allowed') expect([...inboxes.allowed].sort()).toEqual(['GET', 'POST']);
  });

  it('sends every route to an HTTP function of the catalogue that has a handler file', () => {
    for (const r of routes) {
      const spec = (FUNCTIONS as Record<string, { kind: string }>)[r.fn];
      expect(spec, `${routeKey(r)} → ${r.fn}`).toBeDefined();
      expect(spec!.kind, `${routeKey(r)} → ${r.fn}`).toBe('http');
      expect(existsSync(resolve(import.meta.dirname, '../..', handlerEntry(r.fn))), handlerEntry(r.fn)).toBe(true);
    }
  });

  it('names only schemas its modules export, and every query schema is an object (unknown names are refused by its keys)', async () => {
    for (const { route: r, schemas } of await routesWithSchemas()) {
      for (const part of ['params', 'query', 'body', 'response'] as const) {
        expect(Boolean(schemas[part]), `${routeKey(r)} ${part}`).toBe(Boolean(r[part]));
        if (schemas[part]) expect(schemas[part], `${routeKey(r)} ${part}`).toBeInstanceOf(ZodMiniType);
      }
      if (schemas.query) expect(schemas.query, `${routeKey(r)} query`).toBeInstanceOf(ZodMiniObject);
    }
  });

  it('every HTTP function\'s handler builds: its module loads and its routes\' request schemas are built at init', async () => {
    // The handlers read their configuration at import; give them a harmless one (no AWS call is made).
    Object.assign(process.env, {
      TABLE_NAME: 'unit-table', MAIL_DOMAIN: 'unit.example', SITE_URL: 'https://unit.example', BUCKET_NAME: 'unit-bucket',
      WEBHOOK_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/000000000000/unit', LINK_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:unit',
      SCHEDULE_GROUP_NAME: 'unit', SCHEDULER_ROLE_ARN: 'arn:aws:iam::000000000000:role/unit', SEND_SCHEDULED_FUNCTION_ARN: 'arn:aws:lambda:us-east-1:000000000000:function:unit',
      SES_CONFIGURATION_SET: 'unit', RECEIPT_RULE_SET: 'unit-inbound', RECEIPT_RULE: 'unit-deliver', INGEST_FUNCTION_ARN: 'arn:aws:lambda:us-east-1:000000000000:function:unit-ingest', SES_EVENTS_FUNCTION_ARN: 'arn:aws:lambda:us-east-1:000000000000:function:unit-ses-events', STREAM_URL: 'wss://unit.execute-api.us-east-1.amazonaws.com/live', AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'unit', AWS_SECRET_ACCESS_KEY: 'unit',
    });
    const fns = [...new Set(routes.map((r) => r.fn))];
    for (const fn of fns) {
      const mod = await import(`../../${handlerEntry(fn)}`) as { handler?: unknown };
      expect(typeof mod.handler, fn).toBe('function');
    }
  });
});

describe('the operations a function is built with (checked by the compiler)', () => {
  it('the auth mode of a route types its principal: none, an account key or nobody, an account key, the inbox addressed, any key', () => {
    expectTypeOf<PrincipalOf<'none'>>().toEqualTypeOf<undefined>();
    expectTypeOf<PrincipalOf<'optional-account'>>().toEqualTypeOf<AccountPrincipal | undefined>();
    expectTypeOf<PrincipalOf<'account'>>().toEqualTypeOf<AccountPrincipal>();
    expectTypeOf<PrincipalOf<'inbox'>>().toEqualTypeOf<InboxPrincipal & { kind: 'inbox' }>();
    expectTypeOf<PrincipalOf<'inbox-or-account'>>().toEqualTypeOf<InboxPrincipal>();
    expectTypeOf<PrincipalOf<'any'>>().toEqualTypeOf<Principal>();
    // The operations of a function are keyed by its routes' operationIds, each with its route's auth mode.
    expectTypeOf<keyof OperationsFor<'lists'>>().toEqualTypeOf<'createListEntry' | 'listListEntries' | 'deleteListEntry'>();
    expectTypeOf<Parameters<OperationsFor<'messages'>['getMessage']>[0]['principal']>().toEqualTypeOf<InboxPrincipal>();
  });

  it('a missing operation, an operation no route names, or one that needs more of the principal than its route proves does not compile', () => {
    const op = async (): Promise<OperationResult> => ({});
    const needsInbox = async (req: HttpRequest<'inbox'>): Promise<OperationResult> => ({ result: req.principal.inbox.id });
    const build = null as unknown as typeof httpHandler;
    const extra = { createListEntry: op, listListEntries: op, deleteListEntry: op, archiveListEntry: op };
    // Never called (building a handler loads its schemas): tsc checks each line meets its error.
    const cases = () => [
      // @ts-expect-error deleteListEntry is missing.
      build('lists', { createListEntry: op, listListEntries: op }),
      // @ts-expect-error no route of lists is archiveListEntry.
      build('lists', extra),
      // @ts-expect-error DELETE /v1/lists/{id} takes an account key: no inbox is proven.
      build('lists', { createListEntry: op, listListEntries: op, deleteListEntry: needsInbox }),
    ];
    expect(cases).toBeTypeOf('function');
  });
});
