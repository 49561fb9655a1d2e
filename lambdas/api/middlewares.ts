import type middy from '@middy/core';
import { ZodMiniObject, type ZodMiniType } from 'zod/mini';
import { findIllFormedString, jsonTextDepthExceeds, MAX_BODY_DEPTH } from '../platform/json-shape.ts';
import { bearerToken, looksLikeApiKey } from '../accounts/api-keys.ts';
import { ApiError, badRequest, invalidApiKey, notFound, tooManyRequests, unauthorized } from '../platform/errors.ts';
import { isId } from '../platform/ids.ts';
import { effectiveLimits } from '../accounts/tiers.ts';
import { config } from '../platform/config.ts';
import { addLogContext, setLogContext } from '../platform/log.ts';
import { routeKey, routes, requestSchemas } from '../routes.ts';
import type { RouteDef } from '../platform/http/route.ts';
import { callerForKey, countApiRequest } from '../accounts/access.ts';
import { errorResponse, successResponse } from '../platform/http/envelope.ts';
import { API_RATE_WINDOW_SECONDS, MAX_REQUEST_BODY_BYTES } from '../platform/http/limits.ts';
import { formatBytes } from '../platform/payload-limits.ts';
import { matchRoute } from './route-match.ts';
import type { HttpContext, HttpEvent, HttpRequest, HttpResponse, OperationResult, Principal } from '../platform/http/types.ts';

type Request = middy.Request<HttpEvent, HttpResponse, Error, HttpContext>;
type Middleware = middy.MiddlewareObj<HttpEvent, HttpResponse, Error, HttpContext>;

const byRouteKey = new Map(routes.map((r) => [routeKey(r), r]));

const state = (request: Request): HttpRequest => {
  const s = request.context.mailroom;
  if (!s) throw new Error('request state missing: parseRequest must run first');
  return s;
};

/** Finds the route (API Gateway's routeKey, or our own matching for $default) and reads the body. */
export const parseRequest = (): Middleware => ({
  before: async (request) => {
    const event = request.event;
    const requestId = event.requestContext?.requestId ?? request.context.awsRequestId ?? 'local';
    const headers: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(event.headers ?? {})) headers[k.toLowerCase()] = v;
    const sourceIp = event.requestContext?.http?.sourceIp ?? 'unknown';
    setLogContext({ request_id: requestId });

    let route = byRouteKey.get(event.routeKey);
    let params: Record<string, string> = { ...(event.pathParameters ?? {}) } as Record<string, string>;
    const partial: HttpRequest = { route: undefined as unknown as RouteDef, requestId, sourceIp, params, query: {}, body: undefined, rawBody: undefined, headers, principal: undefined };
    request.context.mailroom = partial;
    if (!route) {
      const m = matchRoute(event.requestContext?.http?.method ?? 'GET', event.rawPath ?? '/', { testMode: config.testMode });
      if (m.kind === 'method-not-allowed') {
        throw new ApiError(405, 'METHOD_NOT_ALLOWED', `${event.requestContext.http.method} is not allowed on ${event.rawPath}.`, {
          headers: { allow: m.allowed.join(', ') },
          next_steps: [`Use one of: ${m.allowed.join(', ')}.`, 'See GET /openapi.json for every route.'],
        });
      }
      if (m.kind === 'not-found') {
        throw notFound('NOT_FOUND', `No route ${event.requestContext?.http?.method ?? ''} ${event.rawPath ?? ''}.`.replace('  ', ' '), {
          next_steps: ['Check the path: every endpoint is under /v1/.', 'See GET /openapi.json or GET /llms.txt for every route.'],
        });
      }
      // An exact match would have come with its own routeKey: this path only matches once its
      // trailing slash is dropped. Say so now, before authenticating or validating it as that
      // route (its function is another one, which never sees this request).
      const method = event.requestContext?.http?.method ?? '';
      const without = (event.rawPath ?? '').replace(/\/+$/, '');
      throw notFound('NOT_FOUND', `No route ${method} ${event.rawPath}: paths take no trailing slash. Use ${method} ${without}.`, {
        next_steps: [`Send the request to ${method} ${without} (no trailing slash).`, 'See GET /openapi.json for every route.'],
      });
    }
    partial.route = route;
    partial.params = params;
    addLogContext({ route: routeKey(route) });

    const raw = event.body === undefined || event.body === null
      ? undefined
      : event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
    const maxBytes = route.maxBodyBytes ?? MAX_REQUEST_BODY_BYTES;
    if (raw && raw.length > maxBytes) {
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `The request body is ${raw.length} bytes; this endpoint accepts at most ${maxBytes} (${formatBytes(maxBytes)}).`, {
        details: { max_bytes: maxBytes, received_bytes: raw.length },
      });
    }
    partial.rawBody = raw?.toString('utf8');
    if (raw) partial.rawBytes = raw;
    partial.query = { ...(event.queryStringParameters ?? {}) };
    if (route.body && partial.rawBody !== undefined && partial.rawBody.trim() !== '') {
      const ct = headers['content-type'] ?? '';
      if (ct && !/json/i.test(ct)) {
        throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', `Send the body as JSON (Content-Type: application/json), not ${ct}.`);
      }
      // JSON.parse itself is iterative, but what consumes the value (JSON.stringify, the DynamoDB
      // marshaller) recurses: refuse deep nesting on the text, before anything builds it.
      if (jsonTextDepthExceeds(partial.rawBody, MAX_BODY_DEPTH)) {
        throw badRequest('VALIDATION_ERROR', `The request body nests JSON deeper than ${MAX_BODY_DEPTH} levels.`, {
          field: 'body', details: { max_depth: MAX_BODY_DEPTH },
        });
      }
      try {
        partial.body = JSON.parse(partial.rawBody);
      } catch (e) {
        throw badRequest('MALFORMED_JSON', `The request body is not valid JSON: ${(e as Error).message}`);
      }
    } else if (route.body) {
      partial.body = {};
    }
  },
});

/**
 * A key nobody knows. On a local stack the likeliest reason is a stack started without its old
 * data (--fresh, --in-memory, another MAILROOM_DATA_DIR), so say that instead of leaving the
 * agent to guess.
 */
const unknownKey = () => config.localMode
  ? new ApiError(401, 'INVALID_API_KEY', 'The API key is not known to this local stack.', {
    next_steps: [
      'This is a local Mailroom stack: keys live in its data directory (.mailroom/ unless MAILROOM_DATA_DIR says otherwise) and survive restarts, but a stack started with --fresh, --in-memory or another data directory has none of the earlier keys.',
      'Create a new inbox with POST /v1/inboxes to get a key that this stack knows.',
    ],
  })
  : invalidApiKey();

async function resolveKey(key: string, s: HttpRequest): Promise<Principal | Error> {
  if (!looksLikeApiKey(key)) return invalidApiKey('The API key is malformed: keys look like mr_free_<32 hex> or mr_live_<32 hex>.');
  const wantedInbox = s.params.id && s.route.path.startsWith('/v1/inboxes/{id}') ? s.params.id : undefined;
  // The account's rate counter is bumped beside the read of account and inbox (one round trip for
  // both); applyRateLimit then uses that count instead of making its own call.
  const windowStart = rateWindowStart(Math.floor(Date.now() / 1000));
  const found = await callerForKey(key, wantedInbox && isId('inbox', wantedInbox) ? wantedInbox : undefined,
    (accountId) => countApiRequest(`acc:${accountId}`, windowStart, API_RATE_WINDOW_SECONDS).then((count) => ({ subject: `acc:${accountId}`, windowStart, count })));
  if (!found.ok) return found.reason === 'unknown_key' ? unknownKey() : invalidApiKey();
  s.rateCounted = found.counted;
  return { ...found.caller, key };
}

/** Resolves the caller; the verdict is enforced after rate limiting so refusals are counted too. */
export const authenticate = (): Middleware => ({
  before: async (request) => {
    const s = state(request);
    if (s.route.auth === 'none') return;
    const token = bearerToken(s.headers.authorization);
    if (token === undefined) {
      if (s.route.auth !== 'optional-account') s.authError = unauthorized();
      return;
    }
    if (token === '') { s.authError = unauthorized('The Authorization header must be "Bearer <key>".'); return; }
    const resolved = await resolveKey(token, s);
    if (resolved instanceof Error) { s.authError = resolved; return; }
    s.principal = resolved;
    addLogContext({ account_id: resolved.account.id, ...(resolved.inbox ? { inbox_id: resolved.inbox.id } : {}) });
  },
});

/** X-RateLimit-* on every answer; 429 RATE_LIMIT_EXCEEDED past the tier's requests per minute. */
export const rateLimit = (): Middleware => ({
  before: async (request) => {
    const s = state(request);
    await applyRateLimit(s, true);
  },
});

const rateWindowStart = (nowSec: number) => nowSec - (nowSec % API_RATE_WINDOW_SECONDS);

export async function applyRateLimit(s: HttpRequest, enforce: boolean) {
  const tier = s.principal?.account.tier ?? 'free';
  const subject = s.principal ? `acc:${s.principal.account.id}` : `ip:${s.sourceIp}`;
  const limit = effectiveLimits(tier, config.limitOverrides).apiRequestsPerMinute;
  const nowSec = Math.floor(Date.now() / 1000);
  const counted = s.rateCounted?.subject === subject ? s.rateCounted : undefined;
  const windowStart = counted?.windowStart ?? rateWindowStart(nowSec);
  const count = counted?.count ?? await countApiRequest(subject, windowStart, API_RATE_WINDOW_SECONDS);
  const reset = windowStart + API_RATE_WINDOW_SECONDS;
  s.rateLimit = { limit, remaining: Math.max(0, limit - count), reset, window: API_RATE_WINDOW_SECONDS };
  if (enforce && count > limit) {
    const retryAfter = Math.max(1, reset - nowSec);
    throw tooManyRequests(`More than ${limit} requests in ${API_RATE_WINDOW_SECONDS} seconds.`, {
      code: 'API_RATE_LIMIT', retry_after: retryAfter,
      rate_limit: { limit, remaining: 0, reset, window: API_RATE_WINDOW_SECONDS, scope: s.principal ? 'account' : 'ip' },
    });
  }
}

/** Enforces the route's auth mode with the principal resolved above. */
export const requireAuth = (): Middleware => ({
  before: async (request) => {
    const s = state(request);
    if (s.authError) throw s.authError;
    const p = s.principal;
    if (p?.kind === 'inbox' && p.inbox?.status === 'deleted') {
      // The key of a deleted inbox is revoked; on its own inbox, say what happened.
      if (s.params.id === p.inbox.id) throw notFound('INBOX_NOT_FOUND', `Inbox ${p.inbox.id} was deleted.`);
      throw invalidApiKey('This inbox key belongs to a deleted inbox.');
    }
    switch (s.route.auth) {
      case 'none':
      case 'optional-account':
        if (p && p.kind !== 'account') throw invalidApiKey('Creating an inbox takes an account key or no key; an inbox key cannot create inboxes.');
        return;
      case 'any':
        return;
      case 'account':
        if (p?.kind !== 'account') throw invalidApiKey('This endpoint needs the account key (account_api_key), not an inbox key.');
        return;
      case 'inbox':
      case 'inbox-or-account': {
        const id = s.params.id;
        if (p?.kind === 'inbox') {
          if (p.inbox?.id !== id) throw invalidApiKey('This inbox key is not valid for that inbox.');
          return;
        }
        if (s.route.auth === 'inbox') throw invalidApiKey('This endpoint needs the inbox key (api_key) of that inbox.');
        if (!p?.inbox || p.inbox.account_id !== p.account.id || p.inbox.status === 'deleted') {
          throw notFound('INBOX_NOT_FOUND', `No inbox ${id} in this account.`);
        }
        return;
      }
    }
  },
});

const knownQueryNames = new WeakMap<RouteDef, Set<string>>();

/** The query names a route takes, from its schema's shape (no schema: none); worked out once per route. */
function queryNames(r: RouteDef, query: ZodMiniType | undefined): Set<string> {
  let names = knownQueryNames.get(r);
  if (!names) {
    if (query && !(query instanceof ZodMiniObject)) throw new Error(`${routeKey(r)}: the query schema must be a z.object so unknown names can be refused`);
    names = new Set(query ? Object.keys((query as ZodMiniObject).shape) : []);
    knownQueryNames.set(r, names);
  }
  return names;
}

/**
 * An unknown query parameter is a 400: a misspelt or unsupported filter silently doing nothing
 * (answering every message for ?unread_onyl=true) is worse than an error.
 */
function refuseUnknownQuery(route: RouteDef, schema: ZodMiniType | undefined, query: Record<string, unknown>) {
  if (route.anyQuery) return;
  const known = queryNames(route, schema);
  const unknown = Object.keys(query).filter((k) => !known.has(k));
  if (!unknown.length) return;
  const takes = known.size ? `takes ${[...known].join(', ')}` : 'takes no query parameters';
  throw badRequest('VALIDATION_ERROR', `Unknown query parameter${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')}: ${route.method} ${route.path} ${takes}.`, {
    field: unknown[0]!,
    details: unknown.slice(0, 10).map((k) => ({ field: k, message: 'unknown query parameter' })),
  });
}

/** Every string (and object key) must be well-formed Unicode: a lone surrogate cannot be stored. */
function refuseIllFormed(value: unknown, where: string) {
  const bad = findIllFormedString(value);
  if (!bad) return;
  const field = bad.path.map(String).join('.') || where;
  throw badRequest('VALIDATION_ERROR', `${field}: ${bad.inKey ? 'an object key' : 'the text'} is not well-formed Unicode (a lone UTF-16 surrogate such as \\ud800 without its pair).`, { field });
}

function validationError(route: RouteDef, where: string, issues: { path: PropertyKey[]; message: string }[]) {
  const first = issues[0]!;
  const field = first.path.map(String).join('.') || where;
  const code = route.fieldErrors?.[field] ?? 'VALIDATION_ERROR';
  return badRequest(code, `${field}: ${first.message}`, {
    field,
    details: issues.slice(0, 10).map((i) => ({ field: i.path.map(String).join('.') || where, message: i.message })),
  });
}

function parseWith(schema: ZodMiniType | undefined, value: unknown, route: RouteDef, where: string) {
  if (!schema) return value;
  const r = schema.safeParse(value);
  if (!r.success) throw validationError(route, where, r.error.issues);
  return r.data;
}

/** zod schemas of the route table → typed params, query and body, or a 400 naming the field. */
export const validate = (): Middleware => ({
  before: async (request) => {
    const s = state(request);
    refuseIllFormed(s.params, 'path');
    refuseIllFormed(s.query, 'query');
    refuseIllFormed(s.body, 'body');
    const schemas = await requestSchemas(s.route);
    refuseUnknownQuery(s.route, schemas.query, s.query);
    s.params = parseWith(schemas.params, s.params, s.route, 'path');
    s.query = parseWith(schemas.query, s.query, s.route, 'query');
    if (schemas.body) {
      if (s.body === null || typeof s.body !== 'object' || Array.isArray(s.body)) {
        throw badRequest('VALIDATION_ERROR', 'The request body must be a JSON object.', { field: 'body' });
      }
      s.body = parseWith(schemas.body, s.body, s.route, 'body');
    }
  },
});

/** Wraps results and errors in the envelopes, with rate-limit headers on every answer. */
export const envelope = (): Middleware => ({
  after: async (request) => {
    const s = state(request);
    request.response = successResponse(request.response as unknown as OperationResult, s.requestId, s.rateLimit);
  },
  onError: async (request) => {
    const s = request.context.mailroom;
    if (s && !s.rateLimit) {
      // Refused before the limiter ran (unknown route, bad body): still count it and say so.
      await applyRateLimit(s, false).catch(() => undefined);
    }
    request.response = errorResponse(request.error, s?.requestId ?? request.context.awsRequestId ?? 'unknown', s?.rateLimit);
  },
});
