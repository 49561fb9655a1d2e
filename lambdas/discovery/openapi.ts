import * as z from 'zod/mini';
import { routesWithSchemas, type RouteDef, type RouteSchemas } from '../routes.ts';
import { components } from '../platform/http/common.schemas.ts';
import { ErrorEnvelope, successEnvelope } from '../platform/http/common.responses.ts';
import { API_VERSION } from '../platform/version.ts';
import { MAX_REQUEST_BODY_BYTES } from '../platform/http/limits.ts';
import { formatBytes } from '../platform/payload-limits.ts';

export { API_VERSION } from '../platform/version.ts';

type Json = Record<string, unknown>;

/** What the converter reads for each schema: descriptions (zod's global registry) and component ids. */
const metadata = {
  get: (schema: z.core.$ZodType) => {
    const merged = { ...z.globalRegistry.get(schema), ...components.get(schema) };
    return Object.keys(merged).length ? merged : undefined;
  },
} as unknown as z.core.$ZodRegistry<Record<string, unknown>>;

/**
 * Converts zod schemas into OpenAPI schema objects; every registered schema met on the way is
 * hoisted into `schemas` (the document's components) and referenced by `$ref`. A component must
 * come out the same from every route that uses it: request (input) and response (output) views
 * of one schema differ, so a schema is named on one side only, and a clash throws.
 */
class Converter {
  readonly schemas: Record<string, Json> = {};

  convert(schema: z.ZodMiniType, io: 'input' | 'output'): Json {
    const s = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any', metadata }) as Json;
    delete s.$schema;
    const defs = (s.definitions ?? {}) as Record<string, Json>;
    delete s.definitions;
    for (const [id, def] of Object.entries(defs)) {
      const body = Converter.relink(def);
      const known = this.schemas[id];
      if (known && JSON.stringify(known) !== JSON.stringify(body)) {
        throw new Error(`component ${id} differs between uses (a schema named for both a request and a response?)`);
      }
      this.schemas[id] = body;
    }
    return Converter.relink(s);
  }

  /**
   * OpenAPI 3.0 ignores siblings of `$ref`, so zod wraps a reference that is nullable or optional
   * in a one-element allOf. Linters want a `type` beside `nullable`, and no allOf of one: give the
   * nullable wrapper the type of its component, and unwrap the others.
   */
  tidy<T>(node: T): T {
    if (Array.isArray(node)) return node.map((n) => this.tidy(n)) as T;
    if (!node || typeof node !== 'object') return node;
    const o = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, this.tidy(v)])) as Json;
    const only = Array.isArray(o.allOf) && o.allOf.length === 1 ? (o.allOf[0] as Json) : undefined;
    const ref = typeof only?.$ref === 'string' ? only.$ref : undefined;
    if (!ref) return o as T;
    if (o.nullable) return { type: this.schemas[ref.split('/').pop()!]?.type, ...o } as T;
    const { allOf: _allOf, ...rest } = o;
    return (Object.keys(rest).length ? o : only) as T;
  }

  /** zod writes `#/definitions/<id>`; the document keeps them under components. */
  private static relink(s: Json): Json {
    return JSON.parse(JSON.stringify(s).replaceAll('"$ref":"#/definitions/', '"$ref":"#/components/schemas/')) as Json;
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid request (the error names the field)', 401: 'Missing or invalid API key', 402: 'Payment required',
  403: 'Not allowed for this account', 404: 'Not found', 405: 'Method not allowed', 409: 'Conflict',
  429: 'Rate limit exceeded (see retry_after)', 500: 'Server error', 501: 'Not available in this deployment',
};

type ObjectSchema = { properties?: Record<string, Json>; required?: string[] };

/**
 * Path and query parameters. Whether a parameter is required comes from the input view (a
 * default makes it optional); its type from the output view, so a query boolean or integer is
 * documented as what it means (`type: boolean`, `type: integer`) and not as the string on the wire.
 */
function parameters(c: Converter, schemas: RouteSchemas) {
  const out: unknown[] = [];
  for (const [where, schema] of [['path', schemas.params], ['query', schemas.query]] as const) {
    if (!schema) continue;
    const input = c.convert(schema, 'input') as ObjectSchema;
    const output = c.convert(schema, 'output') as ObjectSchema;
    for (const [name, prop] of Object.entries(output.properties ?? {})) {
      const { description, ...rest } = prop;
      out.push({ name, in: where, required: where === 'path' || (input.required ?? []).includes(name), schema: rest, ...(description ? { description } : {}) });
    }
  }
  return out;
}

const AUTH_NOTE: Record<RouteDef['auth'], string> = {
  none: 'No key.',
  'optional-account': 'No key (creates a free account), or an account key (the inbox joins that account).',
  account: 'Account key.',
  inbox: 'Inbox key of this inbox.',
  'inbox-or-account': 'Inbox key of this inbox, or the account key.',
  any: 'Account key or inbox key.',
};

/** In the description of each route of the table's testMode rows (lambdas/platform/http/route.ts). */
export const TEST_MODE_NOTE = 'Test mode only (sandbox stacks and the local stack): 404 elsewhere.';

/** OpenAPI 3.0, generated from the route table and its zod schemas (this loads every schema module). */
export async function buildOpenApi(serverUrl: string) {
  const c = new Converter();
  c.convert(ErrorEnvelope, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { route: r, schemas } of await routesWithSchemas()) {
    const responses: Record<string, unknown> = {};
    const ok = r.successStatus ?? 200;
    responses[String(ok)] = r.contentType
      ? { description: r.summary, content: { [r.contentType.split(';')[0]!]: { schema: { type: r.contentType.includes('json') ? 'object' : 'string' } } } }
      : { description: 'Success', content: { 'application/json': { schema: c.convert(successEnvelope(schemas.response ?? z.unknown()), 'output') } } };
    if (r.operationId === 'createInbox') responses['200'] = { description: 'Idempotent replay: the inbox this client_id created', content: (responses['201'] as { content: unknown }).content };
    // A test-mode route is a 404 on a stack not in test mode.
    const errs = new Set<number>([...(r.body || r.query || r.params ? [400] : []), ...(r.auth === 'none' ? [] : [401]), 429, 500, ...(r.errors ?? []),
      ...(r.testMode ? [404] : [])]);
    if (r.body) errs.add(413);
    for (const code of [...errs].sort()) {
      const description = code === 413 ? `Body over ${formatBytes(r.maxBodyBytes ?? MAX_REQUEST_BODY_BYTES)} (PAYLOAD_TOO_LARGE)` : STATUS_TEXT[code] ?? 'Error';
      responses[String(code)] = { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    }
    paths[r.path] ??= {};
    paths[r.path]![r.method.toLowerCase()] = {
      operationId: r.operationId,
      summary: r.summary,
      description: [r.description, r.testMode && TEST_MODE_NOTE, `Auth: ${AUTH_NOTE[r.auth]}`].filter(Boolean).join('\n\n'),
      tags: [r.tag],
      ...(r.auth === 'none' ? { security: [] } : r.auth === 'optional-account' ? { security: [{}, { bearerAuth: [] }] } : {}),
      parameters: parameters(c, schemas),
      ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: c.convert(schemas.body!, 'input') } } } } : {}),
      responses,
    };
  }
  return c.tidy({
    openapi: '3.0.3',
    info: {
      title: 'Mailroom API',
      version: API_VERSION,
      license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
      description: 'Email inboxes for AI agents. Every response is an envelope: {result, next_steps} on success, {error, message, next_steps} on failure. Rate-limit headers (X-RateLimit-Limit, -Remaining, -Reset, -Window) come with every response.',
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'mr_free_<32 hex> or mr_live_<32 hex>: the account key or an inbox key' } },
      schemas: Object.fromEntries(Object.entries(c.schemas).sort(([a], [b]) => a.localeCompare(b))),
    },
    paths,
  });
}
