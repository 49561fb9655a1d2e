import * as z from 'zod';
import { routes, type RouteDef } from '../routes.ts';
import { ErrorEnvelope, successEnvelope } from './common.ts';

export const API_VERSION = '1.0.0';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const s = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete s.$schema;
  return s;
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid request (the error names the field)', 401: 'Missing or invalid API key', 402: 'Payment required',
  403: 'Not allowed for this account', 404: 'Not found', 405: 'Method not allowed', 409: 'Conflict',
  413: 'Body too large', 429: 'Rate limit exceeded (see retry_after)', 500: 'Server error', 501: 'Not available in this deployment',
};

function parameters(r: RouteDef) {
  const out: unknown[] = [];
  for (const [where, schema] of [['path', r.params], ['query', r.query]] as const) {
    if (!schema) continue;
    const js = jsonSchema(schema, 'input') as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
    for (const [name, prop] of Object.entries(js.properties ?? {})) {
      const { description, ...rest } = prop;
      out.push({ name, in: where, required: where === 'path' || (js.required ?? []).includes(name), schema: rest, ...(description ? { description } : {}) });
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

/** OpenAPI 3.0, generated from the route table and its zod schemas. */
export function buildOpenApi(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const responses: Record<string, unknown> = {};
    const ok = r.successStatus ?? 200;
    responses[String(ok)] = r.contentType
      ? { description: r.summary, content: { [r.contentType.split(';')[0]!]: { schema: { type: r.contentType.includes('json') ? 'object' : 'string' } } } }
      : { description: 'Success', content: { 'application/json': { schema: jsonSchema(successEnvelope(r.response ?? z.unknown()), 'output') } } };
    if (r.operationId === 'createInbox') responses['200'] = { description: 'Idempotent replay: the inbox this client_id created', content: (responses['201'] as { content: unknown }).content };
    const errs = new Set<number>([...(r.body || r.query || r.params ? [400] : []), ...(r.auth === 'none' ? [] : [401]), 429, 500, ...(r.errors ?? [])]);
    if (r.body) errs.add(413);
    for (const code of [...errs].sort()) {
      responses[String(code)] = { description: STATUS_TEXT[code] ?? 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    }
    paths[r.path] ??= {};
    paths[r.path]![r.method.toLowerCase()] = {
      operationId: r.operationId,
      summary: r.summary,
      description: [r.description, `Auth: ${AUTH_NOTE[r.auth]}`].filter(Boolean).join('\n\n'),
      tags: [r.tag],
      ...(r.auth === 'none' ? { security: [] } : r.auth === 'optional-account' ? { security: [{}, { bearerAuth: [] }] } : {}),
      parameters: parameters(r),
      ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(r.body, 'input') } } } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Mailroom API',
      version: API_VERSION,
      description: 'Email inboxes for AI agents. Every response is an envelope: {result, next_steps} on success, {error, message, next_steps} on failure. Rate-limit headers (X-RateLimit-Limit, -Remaining, -Reset, -Window) come with every response.',
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'mr_free_<32 hex> or mr_live_<32 hex>: the account key or an inbox key' } },
      schemas: { Error: jsonSchema(ErrorEnvelope, 'output') },
    },
    paths,
  };
}
