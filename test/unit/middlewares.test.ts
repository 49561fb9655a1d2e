/**
 * The HTTP pipeline's middlewares (lambdas/api/middlewares.ts) as a client meets them: each test
 * feeds an API Gateway v2 event through a middy pipeline built the way every HTTP function is
 * (envelope → parse → authenticate → rate limit → authorise → validate) around a handler that
 * echoes what it was given, and reads the response. The key lookup and the rate counter (the one
 * use-case module the middlewares call, lambdas/accounts/access.ts) are in memory.
 */
import middy from '@middy/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  // The middlewares read their configuration at import; a harmless one (no AWS call is made).
  Object.assign(process.env, {
    TABLE_NAME: 'unit-table', MAIL_DOMAIN: 'unit.example', SITE_URL: 'https://unit.example', BUCKET_NAME: 'unit-bucket',
    AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'unit', AWS_SECRET_ACCESS_KEY: 'unit',
  });
  // The default limits (free tier: 100 requests a minute), and the deployed wording of errors.
  delete process.env.API_RATE_LIMIT_MULTIPLIER;
  delete process.env.MAILROOM_LOCAL_MODE;
});

// ---- the accounts capability's access use cases, in memory ------------------------------------
const mem = vi.hoisted(() => ({
  /** key → who it stands for */
  keys: new Map<string, { kind: 'account' | 'inbox'; account: any; inbox?: any }>(),
  inboxes: new Map<string, any>(),
  /** requests counted per subject (acc:… or ip:…), whatever the window */
  counts: new Map<string, number>(),
  lookups: 0,
}));

vi.mock('../../lambdas/accounts/access.ts', () => ({
  callerForKey: async (key: string, addressedInboxId: string | undefined, alongside?: (accountId: string) => Promise<unknown>) => {
    mem.lookups++;
    const k = mem.keys.get(key);
    if (!k) return { ok: false, reason: 'unknown_key' };
    const inbox = k.kind === 'inbox' ? k.inbox : addressedInboxId ? mem.inboxes.get(addressedInboxId) : undefined;
    return { ok: true, caller: { kind: k.kind, account: k.account, inbox }, counted: await alongside?.(k.account.id) };
  },
  countApiRequest: async (subject: string) => {
    const n = (mem.counts.get(subject) ?? 0) + 1;
    mem.counts.set(subject, n);
    return n;
  },
}));

const { authenticate, envelope, parseRequest, rateLimit, requireAuth, validate } = await import('../../lambdas/api/middlewares.ts');
const { matchRoute } = await import('../../lambdas/api/route-match.ts');

// ---- callers -------------------------------------------------------------------------------------
const ACC = 'acc_0193a1b2-c3d4-7e5f-8a9b-00000000000a';
const OTHER_ACC = 'acc_0193a1b2-c3d4-7e5f-8a9b-00000000000b';
const INBOX = 'inb_0193a1b2-c3d4-7e5f-8a9b-000000000001';
const SISTER = 'inb_0193a1b2-c3d4-7e5f-8a9b-000000000002';
const FOREIGN = 'inb_0193a1b2-c3d4-7e5f-8a9b-000000000003';
const GONE = 'inb_0193a1b2-c3d4-7e5f-8a9b-000000000004';
const ACCOUNT_KEY = `mr_free_${'a'.repeat(32)}`;
const INBOX_KEY = `mr_free_${'1'.repeat(32)}`;
const GONE_KEY = `mr_free_${'4'.repeat(32)}`;
const UNKNOWN_KEY = `mr_free_${'f'.repeat(32)}`;

const account = (id: string) => ({
  id, tier: 'free', status: 'active', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', inbox_count: 2,
  billing: { provider: null, payment_customer_id: null, subscription_id: null, subscription_status: 'free' },
});
const inbox = (id: string, accountId: string, status = 'active') => ({
  id, account_id: accountId, username: id.slice(-4), address: `${id.slice(-4)}@unit.example`, display_name: null, status,
  created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', message_count: 0, thread_count: 0, last_received_at: null,
});

beforeEach(() => {
  mem.keys.clear(); mem.inboxes.clear(); mem.counts.clear(); mem.lookups = 0;
  const a = account(ACC);
  for (const i of [inbox(INBOX, ACC), inbox(SISTER, ACC), inbox(FOREIGN, OTHER_ACC), inbox(GONE, ACC, 'deleted')]) mem.inboxes.set(i.id, i);
  mem.keys.set(ACCOUNT_KEY, { kind: 'account', account: a });
  mem.keys.set(INBOX_KEY, { kind: 'inbox', account: a, inbox: mem.inboxes.get(INBOX) });
  mem.keys.set(GONE_KEY, { kind: 'inbox', account: a, inbox: mem.inboxes.get(GONE) });
});

// ---- the pipeline and its events ----------------------------------------------------------------
type Handler = (event: any, context: any) => Promise<any>;

/** What the operation was handed: the echo handler answers with it. */
const echo: Handler = async (_event, context) => {
  const req = context.mailroom;
  return { result: { params: req.params, query: req.query, body: req.body, caller: req.principal?.kind ?? null }, nextSteps: ['Carry on.'] };
};

/** The middlewares in the order httpHandler uses (lambdas/api/http-handler.ts), around `handler`. */
const pipeline = (handler: Handler = echo) => middy()
  .use(envelope()).use(parseRequest()).use(authenticate()).use(rateLimit()).use(requireAuth()).use(validate())
  .handler(handler);

interface Call { key?: string; authorization?: string; body?: string | object; contentType?: string; query?: Record<string, string>; ip?: string }

/**
 * The event API Gateway sends: a path that is a route arrives with its routeKey and path
 * parameters; any other (a wrong method, a trailing slash, no route) on $default.
 */
function event(method: string, rawPath: string, c: Call = {}) {
  const m = matchRoute(method, rawPath);
  const exact = m.kind === 'found' && !/.\/$/.test(rawPath);
  const headers: Record<string, string> = {};
  if (c.key) headers.Authorization = `Bearer ${c.key}`;
  if (c.authorization !== undefined) headers.Authorization = c.authorization;
  const body = c.body === undefined ? undefined : typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
  if (body !== undefined) headers['Content-Type'] = c.contentType ?? 'application/json';
  return {
    version: '2.0',
    routeKey: exact ? `${m.route.method} ${m.route.path}` : '$default',
    rawPath,
    rawQueryString: new URLSearchParams(c.query ?? {}).toString(),
    headers,
    ...(c.query ? { queryStringParameters: c.query } : {}),
    ...(exact && Object.keys(m.params).length ? { pathParameters: m.params } : {}),
    requestContext: { requestId: 'req-unit-1', http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: c.ip ?? '203.0.113.9', userAgent: 'unit' } },
    ...(body !== undefined ? { body } : {}),
    isBase64Encoded: false,
  };
}

interface Answer { status: number; headers: Record<string, string>; body: any; text: string }

async function call(method: string, path: string, c: Call = {}, handler?: Handler): Promise<Answer> {
  const res = await pipeline(handler)(event(method, path, c) as never, { awsRequestId: 'lambda-req' } as never);
  const text = String(res.body ?? '');
  return { status: res.statusCode, headers: res.headers ?? {}, body: JSON.parse(text), text };
}

/** Every error answer: the status, its code, a message, and at least one next step. */
function expectError(r: Answer, status: number, error: string) {
  expect({ status: r.status, error: r.body.error }, r.text).toEqual({ status, error });
  expect(r.body.message).toEqual(expect.any(String));
  expect(r.body.next_steps.length, r.text).toBeGreaterThan(0);
  expect(r.headers['content-type']).toMatch(/^application\/json/);
  expect(r.headers['x-request-id']).toBe('req-unit-1');
}

// ---- parseRequest ----------------------------------------------------------------------------
describe('parseRequest: the route and the body', () => {
  it('a path no route has is a 404 NOT_FOUND saying where the routes are', async () => {
    const r = await call('GET', '/v2/nothing');
    expectError(r, 404, 'NOT_FOUND');
    expect(r.body.message).toContain('/v2/nothing');
    expect(r.body.next_steps.join(' ')).toMatch(/openapi\.json/);
  });

  it('a known path with another method is a 405 METHOD_NOT_ALLOWED with an Allow header listing the methods', async () => {
    const r = await call('PUT', '/v1/inboxes');
    expectError(r, 405, 'METHOD_NOT_ALLOWED');
    expect(r.headers.allow?.split(', ').sort()).toEqual(['GET', 'POST']);
    expect(r.body.next_steps[0]).toMatch(/GET, POST|POST, GET/);
  });

  it('a trailing slash is a 404 naming the path without it, before the key is even looked at', async () => {
    const r = await call('GET', `/v1/inboxes/${INBOX}/`, { key: UNKNOWN_KEY });
    expectError(r, 404, 'NOT_FOUND');
    expect(r.body.message).toContain(`Use GET /v1/inboxes/${INBOX}`);
    expect(mem.lookups).toBe(0);
  });

  it('a body over the cap is a 413 PAYLOAD_TOO_LARGE naming the limit and the size received', async () => {
    const body = JSON.stringify({ username: 'big', metadata: { pad: 'x'.repeat(256 * 1024) } });
    const r = await call('POST', '/v1/inboxes', { body });
    expectError(r, 413, 'PAYLOAD_TOO_LARGE');
    expect(r.body.details).toEqual({ max_bytes: 256 * 1024, received_bytes: Buffer.byteLength(body) });
    expect(r.body.message).toContain(String(256 * 1024));
  });

  it('sending takes a body of up to 4 MiB (attachments, under Lambda\'s 6 MB payload): one over it is a 413 naming that cap', async () => {
    const body = JSON.stringify({ to: ['bob@example.com'], subject: 's', body: 'x'.repeat(4 * 1024 * 1024) });
    const r = await call('POST', `/v1/inboxes/${INBOX}/send`, { key: INBOX_KEY, body });
    expectError(r, 413, 'PAYLOAD_TOO_LARGE');
    expect(r.body.details).toEqual({ max_bytes: 4 * 1024 * 1024, received_bytes: Buffer.byteLength(body) });
    expect(r.body.message).toContain('(4 MiB)');
  });

  it('malformed JSON is a 400 MALFORMED_JSON that says what is wrong with it', async () => {
    const r = await call('POST', '/v1/inboxes', { body: '{"username": "agent",' });
    expectError(r, 400, 'MALFORMED_JSON');
    expect(r.body.message).toMatch(/^The request body is not valid JSON: \S/);
  });

  it('a body that is not JSON is a 415 UNSUPPORTED_MEDIA_TYPE naming the type sent', async () => {
    const r = await call('POST', '/v1/inboxes', { body: 'username=agent', contentType: 'application/x-www-form-urlencoded' });
    expectError(r, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(r.body.message).toContain('application/x-www-form-urlencoded');
  });

  it('JSON nested deeper than the limit is refused as a 400 on the body, before it is parsed', async () => {
    const r = await call('POST', '/v1/inboxes', { body: '{"a":'.repeat(200) + '1' + '}'.repeat(200) });
    expectError(r, 400, 'VALIDATION_ERROR');
    expect(r.body.field).toBe('body');
    expect(r.body.details.max_depth).toEqual(expect.any(Number));
  });
});

// ---- authenticate and requireAuth ------------------------------------------------------------
describe('authenticate and requireAuth: who may call', () => {
  it('no key on a route that needs one is a 401 UNAUTHORIZED telling how to send it', async () => {
    const r = await call('GET', '/v1/inboxes');
    expectError(r, 401, 'UNAUTHORIZED');
    expect(r.body.message).toMatch(/Authorization: Bearer/);
  });

  it('an Authorization header that is not "Bearer <key>" is a 401 saying the expected form', async () => {
    const r = await call('GET', '/v1/inboxes', { authorization: 'Basic dXNlcjpwYXNz' });
    expectError(r, 401, 'UNAUTHORIZED');
    expect(r.body.message).toContain('Bearer <key>');
  });

  it('an ill-formed key is a 401 INVALID_API_KEY describing the key shape, and no key is looked up', async () => {
    const r = await call('GET', '/v1/inboxes', { key: 'sk_live_not-ours' });
    expectError(r, 401, 'INVALID_API_KEY');
    expect(r.body.message).toMatch(/malformed/);
    expect(mem.lookups).toBe(0);
  });

  it('a well-formed key nobody knows is a 401 INVALID_API_KEY', async () => {
    const r = await call('GET', '/v1/inboxes', { key: UNKNOWN_KEY });
    expectError(r, 401, 'INVALID_API_KEY');
    expect(mem.lookups).toBe(1);
  });

  it('a route without auth answers without a key, and never reads one that is sent', async () => {
    const r = await call('GET', '/openapi.json', { key: UNKNOWN_KEY });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result.caller).toBeNull();
    expect(mem.lookups).toBe(0);
  });

  it('an account route refuses an inbox key (401) and takes the account key', async () => {
    expectError(await call('GET', '/v1/inboxes', { key: INBOX_KEY }), 401, 'INVALID_API_KEY');
    const ok = await call('GET', '/v1/inboxes', { key: ACCOUNT_KEY });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.result.caller).toBe('account');
  });

  it('an inbox key opens its own inbox only: another inbox of the same account is a 401', async () => {
    expect((await call('GET', `/v1/inboxes/${INBOX}`, { key: INBOX_KEY })).status).toBe(200);
    expectError(await call('GET', `/v1/inboxes/${SISTER}`, { key: INBOX_KEY }), 401, 'INVALID_API_KEY');
  });

  it('an inbox-only route refuses the account key with a 401 naming the key it needs', async () => {
    const r = await call('GET', `/v1/inboxes/${INBOX}`, { key: ACCOUNT_KEY });
    expectError(r, 401, 'INVALID_API_KEY');
    expect(r.body.message).toMatch(/inbox key/);
  });

  it('the account key reaches its own inboxes on inbox-or-account routes; another account\'s inbox is a 404 INBOX_NOT_FOUND', async () => {
    const own = await call('DELETE', `/v1/inboxes/${SISTER}`, { key: ACCOUNT_KEY });
    expect(own.status, own.text).toBe(200);
    expect(own.body.result.caller).toBe('account');
    // Not 401 or 403: whether an inbox exists in another account is not told.
    expectError(await call('DELETE', `/v1/inboxes/${FOREIGN}`, { key: ACCOUNT_KEY }), 404, 'INBOX_NOT_FOUND');
  });

  it('the key of a deleted inbox says the inbox was deleted on its own inbox (404) and is revoked elsewhere (401)', async () => {
    const own = await call('GET', `/v1/inboxes/${GONE}`, { key: GONE_KEY });
    expectError(own, 404, 'INBOX_NOT_FOUND');
    expect(own.body.message).toContain('deleted');
    expectError(await call('GET', '/v1/capabilities', { key: GONE_KEY }), 401, 'INVALID_API_KEY');
  });

  it('creating an inbox takes no key or an account key, never an inbox key', async () => {
    const anonymous = await call('POST', '/v1/inboxes', { body: { username: 'agent-one' } });
    expect(anonymous.status, anonymous.text).toBe(200);
    expect(anonymous.body.result.caller).toBeNull();
    expect((await call('POST', '/v1/inboxes', { key: ACCOUNT_KEY, body: { username: 'agent-two' } })).body.result.caller).toBe('account');
    expectError(await call('POST', '/v1/inboxes', { key: INBOX_KEY, body: { username: 'agent-three' } }), 401, 'INVALID_API_KEY');
  });
});

// ---- rateLimit ---------------------------------------------------------------------------------
describe('rateLimit: requests per minute', () => {
  it('every answer carries X-RateLimit-* for its subject: the account for a key, else the IP', async () => {
    const keyed = await call('GET', '/v1/inboxes', { key: ACCOUNT_KEY });
    expect(keyed.headers['x-ratelimit-limit']).toBe('100');
    expect(keyed.headers['x-ratelimit-remaining']).toBe('99');
    expect(keyed.headers['x-ratelimit-window']).toBe('60');
    expect(Number(keyed.headers['x-ratelimit-reset']) % 60).toBe(0);
    expect(mem.counts.get(`acc:${ACC}`)).toBe(1);
    expect(mem.counts.has('ip:203.0.113.9')).toBe(false);

    await call('GET', '/openapi.json', { ip: '198.51.100.7' });
    expect(mem.counts.get('ip:198.51.100.7')).toBe(1);
  });

  it('past the tier\'s requests per minute the answer is a 429 with retry-after, remaining 0 and the scope', async () => {
    mem.counts.set(`acc:${ACC}`, 100);
    const r = await call('GET', '/v1/inboxes', { key: ACCOUNT_KEY }, async () => { throw new Error('the operation must not run'); });
    expectError(r, 429, 'RATE_LIMIT_EXCEEDED');
    expect(r.body.code).toBe('API_RATE_LIMIT');
    expect(r.body.rate_limit).toMatchObject({ limit: 100, remaining: 0, window: 60, scope: 'account' });
    expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(r.headers['x-ratelimit-remaining']).toBe('0');
  });

  it('anonymous callers are limited per IP address', async () => {
    mem.counts.set('ip:203.0.113.9', 100);
    const r = await call('POST', '/v1/inboxes', { body: { username: 'agent-one' } });
    expectError(r, 429, 'RATE_LIMIT_EXCEEDED');
    expect(r.body.rate_limit.scope).toBe('ip');
    expect((await call('POST', '/v1/inboxes', { body: { username: 'agent-one' }, ip: '203.0.113.10' })).status).toBe(200);
  });

  it('refused requests count too: a bad key is counted against the IP before the 401', async () => {
    mem.counts.set('ip:203.0.113.9', 100);
    // Rate limiting runs before authorisation, so a flood of bad keys meets the limit, not 401s.
    expectError(await call('GET', '/v1/inboxes', { key: 'not-a-key' }), 429, 'RATE_LIMIT_EXCEEDED');
  });

  it('a request refused before the limiter ran (no such route, bad JSON) still counts and carries the headers', async () => {
    const missing = await call('GET', '/v2/nothing');
    expect(missing.status).toBe(404);
    expect(missing.headers['x-ratelimit-remaining']).toBe('99');
    const bad = await call('POST', '/v1/inboxes', { body: '{' });
    expect(bad.status).toBe(400);
    expect(bad.headers['x-ratelimit-remaining']).toBe('98');
    expect(mem.counts.get('ip:203.0.113.9')).toBe(2);
  });
});

// ---- validate ----------------------------------------------------------------------------------
describe('validate: the route\'s schemas', () => {
  it('a query parameter the route does not know is a 400 naming it and the parameters the route takes', async () => {
    const r = await call('GET', '/v1/inboxes', { key: ACCOUNT_KEY, query: { limit: '5', unread_onyl: 'true' } });
    expectError(r, 400, 'VALIDATION_ERROR');
    expect(r.body.field).toBe('unread_onyl');
    expect(r.body.message).toContain('"unread_onyl"');
    expect(r.body.message).toContain('include_deleted');
    expect(r.body.details).toEqual([{ field: 'unread_onyl', message: 'unknown query parameter' }]);
  });

  it('a route with no query schema refuses any query parameter', async () => {
    const r = await call('GET', '/openapi.json', { query: { format: 'yaml' } });
    expectError(r, 400, 'VALIDATION_ERROR');
    expect(r.body.message).toContain('takes no query parameters');
  });

  it('the operation receives the query as the schema reads it (numbers and booleans from text)', async () => {
    const r = await call('GET', '/v1/inboxes', { key: ACCOUNT_KEY, query: { limit: '5', include_deleted: 'true' } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result.query).toMatchObject({ limit: 5, include_deleted: true });
  });

  it('an invalid query value is a 400 naming the field', async () => {
    const r = await call('GET', '/v1/inboxes', { key: ACCOUNT_KEY, query: { limit: 'many' } });
    expectError(r, 400, 'VALIDATION_ERROR');
    expect(r.body.field).toBe('limit');
    expect(r.body.message).toMatch(/^limit: /);
  });

  it('a body field that fails its schema is a 400 naming the field, with the route\'s own code for it', async () => {
    const r = await call('POST', '/v1/inboxes', { body: { username: 'x' } });
    expectError(r, 400, 'INVALID_USERNAME');
    expect(r.body.field).toBe('username');
    expect(r.body.details[0].field).toBe('username');
  });

  it('a body that is JSON but not an object is a 400 on the body', async () => {
    const r = await call('POST', '/v1/inboxes', { body: '["agent"]' });
    expectError(r, 400, 'VALIDATION_ERROR');
    expect(r.body.field).toBe('body');
    expect(r.body.message).toMatch(/JSON object/);
  });

  it('text that is not well-formed Unicode (a lone surrogate) is a 400 naming where it is', async () => {
    const r = await call('POST', '/v1/inboxes', { body: '{"username":"agent-one","display_name":"A\\ud800"}' });
    expectError(r, 400, 'VALIDATION_ERROR');
    expect(r.body.field).toBe('display_name');
    expect(r.body.message).toMatch(/well-formed Unicode/);
  });
});

// ---- envelope ----------------------------------------------------------------------------------
describe('envelope: what every answer looks like', () => {
  it('a result is {result, next_steps} with the operation\'s status, no-store caching and the request id', async () => {
    const r = await call('POST', '/v1/inboxes', { body: { username: 'agent-one' } },
      async () => ({ status: 201, result: { id: 'inb_x' }, nextSteps: ['Read your mail.'], headers: { location: '/v1/inboxes/inb_x' } }));
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ result: { id: 'inb_x' }, next_steps: ['Read your mail.'] });
    expect(r.headers).toMatchObject({ 'cache-control': 'no-store', 'x-request-id': 'req-unit-1', location: '/v1/inboxes/inb_x' });
  });

  it('an error is {error, message, …, next_steps}: the default next steps of its code when it names none', async () => {
    const r = await call('GET', '/v1/inboxes');
    expect(Object.keys(r.body).sort()).toEqual(['error', 'message', 'next_steps']);
    expect(r.body.next_steps.join(' ')).toMatch(/Bearer/);
  });

  it('an unexpected error is a generic 500 INTERNAL_ERROR that leaks neither its message nor its stack', async () => {
    const secret = 'ConditionalCheckFailed on table mr-prod-table at /var/task/store.js:12';
    const r = await call('GET', '/v1/inboxes', { key: ACCOUNT_KEY }, async () => { throw new Error(secret); });
    expectError(r, 500, 'INTERNAL_ERROR');
    expect(r.body.request_id).toBe('req-unit-1');
    expect(r.text).not.toContain('mr-prod-table');
    expect(r.text).not.toMatch(/store\.js|at .*:\d+|Error:/);
    // The rate-limit headers are still there: the request counted.
    expect(r.headers['x-ratelimit-limit']).toBe('100');
  });

  it('a raw answer (openapi.json, llms.txt) keeps its own content type and body, outside the envelope', async () => {
    const res = await pipeline(async () => ({ raw: { body: 'plain words', contentType: 'text/plain; charset=utf-8' } }))(
      event('GET', '/llms.txt') as never, { awsRequestId: 'lambda-req' } as never);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('plain words');
    expect(res.headers?.['content-type']).toBe('text/plain; charset=utf-8');
  });
});
