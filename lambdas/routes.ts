/**
 * The route table: the one source for the HTTP API. The CDK api construct creates a route per
 * entry pointing at `fn`; the local API server matches requests against the same entries; the
 * OpenAPI document and llms*.txt are generated from them; httpHandler requires an operation for
 * each of a function's routes. Each capability declares its rows in its `<slice>.routes.ts`
 * (what a row is: lambdas/platform/http/route.ts); this file puts them in the order the API is
 * documented in.
 */
import type * as z from 'zod/mini';
import type { FunctionName } from './functions.ts';
import type { RouteDef as Row, SchemaRef } from './platform/http/route.ts';
import type { OperationsOf } from './platform/http/types.ts';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { discoveryRoutes } from './discovery/discovery.routes.ts';
import { domainsRoutes } from './domains/domains.routes.ts';
import { eventsRoutes } from './events/events.routes.ts';
import { inboxesRoutes } from './inboxes/inboxes.routes.ts';
import { mcpRoutes } from './mcp/mcp.routes.ts';
import { messagesRoutes } from './messages/messages.routes.ts';
import { operatorsRoutes } from './operators/operators.routes.ts';
import { sendingRoutes } from './sending/sending.routes.ts';
import { testingRoutes } from './testing/testing.routes.ts';

/** A row of the table: a route served by a function of the catalogue. */
export type RouteDef = Row<FunctionName>;

const table = [
  ...discoveryRoutes,
  ...mcpRoutes,
  ...inboxesRoutes,
  ...domainsRoutes,
  ...messagesRoutes,
  ...sendingRoutes,
  ...eventsRoutes,
  ...accountsRoutes,
  ...operatorsRoutes,
  ...testingRoutes,
] as const satisfies readonly RouteDef[];

export const routes: readonly RouteDef[] = table;

/** A row of the table as declared: its operationId, auth mode and function are literal types. */
export type Route = (typeof table)[number];
/** The functions that serve HTTP routes. */
export type HttpFunctionName = Route['fn'];
/** The operations `fn` must implement: exactly its routes' operationIds, each typed with its route's principal. */
export type OperationsFor<F extends HttpFunctionName> = OperationsOf<Extract<Route, { fn: F }>>;

/** Route key as API Gateway writes it: "POST /v1/inboxes/{id}". */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;

export const routesOf = (fn: FunctionName): readonly RouteDef[] => routes.filter((r) => r.fn === fn);

/** The schemas a request is validated with, once their modules are loaded. */
export interface RequestSchemas { params?: z.ZodMiniType; query?: z.ZodMiniType; body?: z.ZodMiniType }
/** A route's schemas, its response's included: what describes it (OpenAPI). */
export interface RouteSchemas extends RequestSchemas { response?: z.ZodMiniType }

async function loadSchema(ref: SchemaRef | undefined): Promise<z.ZodMiniType | undefined> {
  if (!ref) return undefined;
  const schema = (await ref.load() as Record<string, unknown>)[ref.name];
  if (!schema) throw new Error(`The route table names ${ref.module}.${ref.name}, which its schemas module ${ref.module} does not export.`);
  return schema as z.ZodMiniType;
}

const loaded = new WeakMap<Row, Promise<RequestSchemas>>();

/** The request schemas of a route (their modules are imported on the first call). */
export function requestSchemas(r: Row): Promise<RequestSchemas> {
  let found = loaded.get(r);
  if (!found) {
    found = Promise.all([loadSchema(r.params), loadSchema(r.query), loadSchema(r.body)])
      .then(([params, query, body]) => ({ params, query, body }));
    loaded.set(r, found);
  }
  return found;
}

/** Every route with all its schemas, responses included: for what describes the whole API (OpenAPI). */
export const routesWithSchemas = (of: readonly RouteDef[] = routes) =>
  Promise.all(of.map(async (r): Promise<{ route: RouteDef; schemas: RouteSchemas }> => ({
    route: r,
    schemas: { ...(await requestSchemas(r)), response: await loadSchema(r.response) },
  })));
