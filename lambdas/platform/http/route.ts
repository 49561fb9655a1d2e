/**
 * What a row of the route table is (lambdas/routes.ts assembles the rows each capability declares
 * in its `<slice>.routes.ts`). The rows name their zod schemas lazily: a function builds the
 * request schemas of its own routes at init and nothing else, and response schemas only describe
 * the API (OpenAPI, the SDK, tests), so no function builds them to answer a request: building the
 * response views was three fifths of the zod work of an init (docs/decisions.md, "Schemas and cold start").
 */
import type * as z from 'zod/mini';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * none: no key is read. optional-account: an account key when given, else anonymous.
 * account: an account key. inbox: the inbox key of the `{id}` inbox.
 * inbox-or-account: that inbox key, or the key of the account owning the inbox.
 * any: any valid key (account or inbox).
 */
export type AuthMode = 'none' | 'optional-account' | 'account' | 'inbox' | 'inbox-or-account' | 'any';

/** A zod schema named by its export from a module that is imported only when the schema is first needed. */
export interface SchemaRef {
  /** The module's name in its route file, for messages. */
  module: string;
  name: string;
  load: () => Promise<unknown>;
}

type Loaders = Record<string, () => Promise<object>>;
/** The names of a module's exports that are zod schemas. */
type SchemaName<Mod> = { [K in keyof Mod]: Mod[K] extends z.ZodMiniType ? K : never }[keyof Mod] & string;

/**
 * Names the schemas of some modules, each loaded by its thunk (a dynamic import, so that nothing is
 * built before a route needs it): `s('inboxes', 'CreateInboxBody')`, the name checked by the
 * compiler against the module's exports.
 */
export const schemaModules = <T extends Loaders>(modules: T) =>
  <M extends keyof T & string>(module: M, name: SchemaName<Awaited<ReturnType<T[M]>>>): SchemaRef => ({ module, name, load: modules[module]! });

/** A row of the route table; `F` is the catalogue's function names (lambdas/functions.ts). */
export interface RouteDef<F extends string = string> {
  method: HttpMethod;
  path: string;
  fn: F;
  operationId: string;
  auth: AuthMode;
  summary: string;
  description?: string;
  tag: string;
  params?: SchemaRef;
  query?: SchemaRef;
  body?: SchemaRef;
  /** Only for OpenAPI: no function loads it. */
  response?: SchemaRef;
  successStatus?: number;
  /** Error statuses this route can answer besides 400/401/429/500. */
  errors?: readonly number[];
  /** Field-specific error codes, e.g. username → INVALID_USERNAME. */
  fieldErrors?: Readonly<Record<string, string>>;
  /** Raw (non-envelope) responses such as openapi.json. */
  contentType?: string;
  /** Request body cap; default MAX_REQUEST_BODY_BYTES, never above LARGEST_BODY_A_FUNCTION_RECEIVES (platform/payload-limits.ts). */
  maxBodyBytes?: number;
  /**
   * Routed only on a stack in test mode (stage=sandbox, -c testMode=true, the local stack unless
   * --no-test-mode); elsewhere the path is unknown: 404 NOT_FOUND, as for any path. Still in openapi.json.
   */
  testMode?: true;
  /** Any query string is taken as sent, not refused by name (a request bin records what it is sent). */
  anyQuery?: true;
}
