/**
 * No input reaches a 500. For every route of the route table, fast-check generates requests from
 * the route's own zod schemas (through z.toJSONSchema: zod-fast-check knows only zod 3) and hostile
 * variants of them — lone UTF-16 surrogates, JSON nested thousands deep, empty and odd keys, huge
 * strings, wrong types, unknown query parameters, impossible dates, control and bidi characters in
 * addresses, odd path ids — and sends them to the running stack. Every answer must be below 500,
 * and every 4xx the error envelope (an HTML page on the operator pages, which never answer JSON).
 */
import fc from 'fast-check';
import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesWithSchemas, type RouteDef, type RouteSchemas } from '../../lambdas/routes.ts';
import { api, newAccount, type ApiResponse, type CreatedInbox } from './client.ts';
import { closeMail, SENDER, sendMail, uniqueSubject, waitForMessage } from './mail.ts';

/** Requests per route: ~60 routes × this stays within a minute or two on a loaded machine. */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS) || 12;
/** Replays a failure: FUZZ_SEED=<seed> (and FUZZ_PATH=<path>) from fast-check's report; FUZZ_RUNS searches longer. */
const replay = process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED), path: process.env.FUZZ_PATH } : {};
/** Deep enough to overflow any recursive walk (JSON.stringify overflows near 10,000 levels). */
const DEEP = 20_000;
const DEEP_MARKER = '__mailroom_fuzz_deep__';

// ---- JSON Schema (from zod) → fast-check arbitraries -------------------------------------------

type Schema = Record<string, any>;

function stringArbitrary(s: Schema): fc.Arbitrary<string> {
  if (s.enum) return fc.constantFrom(...(s.enum as string[]));
  if (s.const !== undefined) return fc.constant(String(s.const));
  if (s.pattern) {
    try {
      const re = new RegExp(s.pattern);
      return fc.stringMatching(re).filter((v) => v.length <= (s.maxLength ?? 1000) && v.length >= (s.minLength ?? 0));
    } catch { /* a pattern fast-check cannot drive: plain strings below */ }
  }
  return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 40), unit: 'binary' });
}

function fromSchema(s: Schema | boolean | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (s === undefined || s === true || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  if (s === false) return fc.constant(null);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...(alternatives as Schema[]).map((a) => fromSchema(a, depth + 1)));
  if (s.enum) return fc.constantFrom(...(s.enum as unknown[]));
  if (s.const !== undefined) return fc.constant(s.const);
  switch (s.type) {
    case 'string': return stringArbitrary(s);
    case 'integer': return fc.integer({ min: s.minimum ?? -1000, max: s.maximum ?? 1000 });
    case 'number': return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    case 'boolean': return fc.boolean();
    case 'null': return fc.constant(null);
    case 'array': return fc.array(fromSchema(s.items, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, 3) });
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const required = new Set<string>(s.required ?? []);
      if (!Object.keys(props).length) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, fromSchema(v, depth + 1)])),
        { requiredKeys: [...required].filter((k) => k in props) });
    }
    default: return fc.jsonValue({ maxDepth: 2 });
  }
}

const jsonSchemaOf = (schema: z.ZodMiniType | undefined): Schema | undefined =>
  schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema) : undefined;

// ---- hostile values ----------------------------------------------------------------------------

const LONE_SURROGATES = ['\ud800', 'a\udfffb', 'x\udc00', '\ud83d'];
const BAD_DATES = ['2024-02-30T09:00:00Z', '2023-02-29T00:00:00Z', '2024-13-01T00:00:00Z', '2024-04-31T10:00:00+02:00', 'yesterday', '2030-01-01T09:00:00'];
const BAD_ADDRESSES = ['a\u202eb@example.com', 'bob\u200e@example.com', 'x\u0000y@example.com', 'a\u2066b@example.com',
  'z\u200b@example.com', 'bell\u0007@example.com', 'x@exa\u202dmple.com', 'a\u0085b@example.com'];
const EMPTY_KEYS: Record<string, unknown>[] = [{ '': 1 }, { a: { '': 'x' } }, { ['k'.repeat(300)]: 1 }, { __proto__x: 1, constructor: 'x' }];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...LONE_SURROGATES),
  fc.constantFrom(...BAD_DATES),
  fc.constantFrom(...BAD_ADDRESSES),
  fc.constantFrom(...EMPTY_KEYS),
  fc.constantFrom(DEEP_MARKER),
  fc.constantFrom('x'.repeat(70_000), 'y'.repeat(300_000)),
  fc.constantFrom(0, -1, 1e308, 12345678901234567890, true, false, null, [], {}, [[[]]], '', ' ', '\u0000', '../../etc', '%00'),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Path segments: a real id most of the time, otherwise an odd one (already URL-encoded). */
const hostileSegment = fc.constantFrom(
  '%ED%A0%80', '%E2%80%AE', '%00', '%FF', 'x'.repeat(3000), encodeURIComponent('ü'.repeat(600)), 'inb_00000000-0000-7000-8000-000000000000',
  'msg_%2F..%2F', '%20', 'null', '-1', // ('..' and '%2E%2E' are resolved away by the URL parser before they are sent)
);
/** Query values (URL-encoded): dates, surrogate bytes, huge, empty, repeated. */
const hostileQueryValue = fc.oneof(
  fc.constantFrom(...BAD_DATES.map(encodeURIComponent)),
  fc.constantFrom('%ED%A0%80', '%E2%80%AE', '%00', '', 'x'.repeat(5000), '-1', '1e999', 'true,false', 'NaN'),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);

// ---- fixtures: one paid account with one of everything ------------------------------------------

interface Fixtures {
  inbox: CreatedInbox;
  ids: Record<string, string>;
  notificationToken: string;
}
let fx: Fixtures;

async function ok(r: Promise<ApiResponse>, what: string) {
  const res = await r;
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
  return res.body.result;
}

beforeAll(async () => {
  const inbox = await newAccount();
  const key = inbox.account_api_key;
  await ok(api('POST', '/v1/account/upgrade', { key, body: { tier: 'developer', payment_method: 'pm_card_visa' } }), 'upgrade');
  const subject = uniqueSubject('Fuzz');
  await sendMail({ from: SENDER, to: inbox.address, subject, text: 'hello', attachments: [{ filename: 'a.txt', content: 'attached' }] });
  const message = await waitForMessage(inbox.api_key, inbox.id, subject);
  const draft = await ok(api('POST', `/v1/inboxes/${inbox.id}/drafts`, { key: inbox.api_key, body: { to: 'bob@example.com', subject: 's', body: 'b' } }), 'draft');
  const webhook = await ok(api('POST', '/v1/webhooks', { key, body: { url: 'http://127.0.0.1:9/hook', events: ['message.received'] } }), 'webhook');
  const entry = await ok(api('POST', '/v1/lists', { key, body: { type: 'blocklist', address: '*@spam.example' } }), 'list entry');
  const note = await ok(api('POST', '/v1/notify-operator', { key, body: { issue: 'fuzz', context: { a: 1 } } }), 'notification');
  await ok(api('POST', `/v1/inboxes/${inbox.id}/threads/${message.thread_id}/labels`, { key: inbox.api_key, body: { label: 'fuzz' } }), 'label');
  fx = {
    inbox,
    notificationToken: new URL(note.operator_action_url).searchParams.get('token')!,
    ids: {
      inbox: inbox.id, message: message.id, thread: message.thread_id, attachment: message.attachments[0].id, draft: draft.id,
      webhook: webhook.id, list: entry.id, notification: note.notification_id, label: 'fuzz',
    },
  };
}, 120_000);

/** The real id a path parameter of this route names; undefined for destructive routes (never the fixtures). */
function realParam(route: RouteDef, name: string): string | undefined {
  if (route.method === 'DELETE' && name !== 'label') return undefined;
  const p = route.path;
  switch (name) {
    case 'id':
      if (p.startsWith('/v1/inboxes/') || p.startsWith('/inbox/')) return fx.ids.inbox;
      if (p.startsWith('/v1/messages/')) return fx.ids.message;
      if (p.startsWith('/v1/webhooks/')) return fx.ids.webhook;
      if (p.startsWith('/v1/lists/')) return fx.ids.list;
      if (p.startsWith('/v1/notifications/')) return fx.ids.notification;
      return undefined;
    case 'msgId': return fx.ids.message;
    case 'threadId': return fx.ids.thread;
    case 'attachId': return fx.ids.attachment;
    case 'draftId': return fx.ids.draft;
    case 'notificationId': return fx.ids.notification;
    case 'label': return fx.ids.label;
    default: return undefined;
  }
}

/** The key a well-behaved caller would send (sometimes the other one, or none). */
function keyFor(route: RouteDef, pick: number): string | undefined {
  const account = fx.inbox.account_api_key;
  const inbox = fx.inbox.api_key;
  if (pick === 0) return undefined;
  if (pick === 1) return route.auth === 'inbox' ? account : inbox;
  switch (route.auth) {
    case 'account': case 'optional-account': return account;
    case 'inbox': return inbox;
    case 'none': return undefined;
    default: return pick === 2 ? inbox : account;
  }
}

interface Generated {
  params: Record<string, string | null>;
  query: [string, string][];
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string } | { kind: 'none' };
  keyPick: number;
}

function requestArbitrary(route: RouteDef, schemas: RouteSchemas): fc.Arbitrary<Generated> {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const params = fc.record(Object.fromEntries(names.map((n) => [n, fc.oneof(
    { weight: 3, arbitrary: fc.constant(null) }, // null: the real id (when there is one)
    { weight: 1, arbitrary: hostileSegment },
  )])) as Record<string, fc.Arbitrary<string | null>>);

  const qSchema = jsonSchemaOf(schemas.query);
  const qProps = Object.keys(qSchema?.properties ?? {});
  const validQuery = qSchema
    ? (fromSchema(qSchema) as fc.Arbitrary<Record<string, unknown>>).map((q) =>
      Object.entries(q ?? {}).filter(([, v]) => v !== undefined && v !== null && typeof v !== 'object')
        .map(([k, v]) => [k, encodeURIComponent(String(v))] as [string, string]))
    : fc.constant([] as [string, string][]);
  const query = fc.oneof(
    { weight: 3, arbitrary: validQuery },
    { weight: 2, arbitrary: fc.tuple(validQuery, fc.constantFrom(...(qProps.length ? qProps : ['limit'])), hostileQueryValue)
      .map(([q, k, v]) => [...q.filter(([n]) => n !== k), [k, v]] as [string, string][]) },
    { weight: 1, arbitrary: fc.tuple(validQuery, fc.constantFrom('unread_onl', 'foo', 'Limit', 'read[]', '%ED%A0%80', ''), hostileQueryValue)
      .map(([q, k, v]) => [...q, [k, v]] as [string, string][]) },
  );

  const bSchema = jsonSchemaOf(schemas.body);
  const bProps = Object.keys(bSchema?.properties ?? {});
  const validBody = bSchema ? fromSchema(bSchema) : fc.constant({});
  const body: fc.Arbitrary<Generated['body']> = route.method === 'GET' || route.method === 'DELETE'
    ? fc.constant({ kind: 'none' as const })
    : fc.oneof(
      { weight: 3, arbitrary: validBody.map((value) => ({ kind: 'json' as const, value })) },
      { weight: 4, arbitrary: fc.tuple(validBody, fc.constantFrom(...(bProps.length ? bProps : ['x'])), hostileValue)
        .map(([v, k, h]) => ({ kind: 'json' as const, value: { ...(v as object), [k]: h } })) },
      { weight: 1, arbitrary: fc.tuple(validBody, fc.string({ maxLength: 10 }), hostileValue)
        .map(([v, k, h]) => ({ kind: 'json' as const, value: { ...(v as object), [k]: h } })) },
      { weight: 1, arbitrary: hostileValue.map((value) => ({ kind: 'json' as const, value })) },
      { weight: 1, arbitrary: fc.constantFrom(
        { kind: 'raw' as const, text: '{"a":', contentType: 'application/json' },
        { kind: 'raw' as const, text: '{"username": "x"}', contentType: 'text/plain' },
        { kind: 'raw' as const, text: '{"issue":"\\ud800"}', contentType: 'application/json' },
        { kind: 'raw' as const, text: '['.repeat(DEEP) + ']'.repeat(DEEP), contentType: 'application/json' },
        { kind: 'raw' as const, text: 'token=x&payment_method=%ED%A0%80&decision=approve', contentType: 'application/x-www-form-urlencoded' },
      ) },
    );
  return fc.record({ params, query, body, keyPick: fc.integer({ min: 0, max: 3 }) });
}

function toRequest(route: RouteDef, g: Generated) {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const real = realParam(route, name);
    return g.params[name] ?? (real ? encodeURIComponent(real) : 'inb_00000000-0000-7000-8000-000000000000');
  });
  const query = g.query.map(([k, v]) => `${k}=${v}`).join('&');
  let rawBody: string | undefined;
  const headers: Record<string, string> = {};
  if (g.body.kind === 'json') {
    const text = JSON.stringify(g.body.value) ?? 'null';
    rawBody = text.replaceAll(JSON.stringify(DEEP_MARKER), '['.repeat(DEEP) + ']'.repeat(DEEP));
    headers['content-type'] = 'application/json';
  } else if (g.body.kind === 'raw') {
    rawBody = g.body.text;
    headers['content-type'] = g.body.contentType;
  }
  return { url: `${path}${query ? `?${query}` : ''}`, rawBody, headers, key: keyFor(route, g.keyPick) };
}

const isPage = (route: RouteDef) => !route.path.startsWith('/v1/') && route.tag === 'Pages';

function expectWellFormedAnswer(route: RouteDef, req: ReturnType<typeof toRequest>, r: ApiResponse) {
  const what = `${route.method} ${req.url.slice(0, 300)} body ${(req.rawBody ?? '').slice(0, 300)} → ${r.status} ${r.text.slice(0, 500)}`;
  expect(r.status, what).toBeLessThan(500);
  if (r.status < 400) return;
  if (isPage(route)) {
    expect(r.headers.get('content-type'), what).toMatch(/text\/html/);
    return;
  }
  // The MCP endpoint answers in its own protocol: a transport-level refusal is a JSON-RPC error.
  if (route.path === '/mcp' && r.body?.jsonrpc === '2.0') {
    expect(r.body.error, what).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
    return;
  }
  expect(r.body, what).toMatchObject({ error: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String), next_steps: expect.any(Array) });
  expect((r.body.next_steps as unknown[]).every((s) => typeof s === 'string'), what).toBe(true);
}

/**
 * What a write stored must read back: stored-but-unreadable input (an empty metadata key) once
 * answered 200 and broke every later read of the inbox and of the account's inbox list.
 */
async function expectReadable(route: RouteDef, r: ApiResponse) {
  const reads: [string, string][] = [
    [`/v1/inboxes/${fx.ids.inbox}`, fx.inbox.api_key],
    ['/v1/inboxes', fx.inbox.account_api_key],
    [`/v1/inboxes/${fx.ids.inbox}/threads/${fx.ids.thread}`, fx.inbox.api_key],
    [`/v1/inboxes/${fx.ids.inbox}/drafts`, fx.inbox.api_key],
  ];
  const made = r.body?.result;
  if (made?.id && made.api_key) reads.push([`/v1/inboxes/${made.id}`, made.api_key], [`/v1/inboxes/${made.id}/messages`, made.api_key]);
  if (made?.account_api_key) reads.push(['/v1/inboxes', made.account_api_key]);
  for (const [path, key] of reads) {
    const back = await api('GET', path, { key });
    expect(back.status, `after ${route.method} ${route.path} answered ${r.status}, GET ${path} → ${back.status} ${back.text.slice(0, 300)}`).toBeLessThan(500);
  }
}

const routes = await routesWithSchemas();

describe('no input reaches a 500 (property-based, every route)', () => {
  for (const { route, schemas } of routes) {
    it(`${route.method} ${route.path}`, async () => {
      await fc.assert(fc.asyncProperty(requestArbitrary(route, schemas), async (g) => {
        const req = toRequest(route, g);
        const r = await api(route.method, req.url, { key: req.key, rawBody: req.rawBody, headers: req.headers });
        expectWellFormedAnswer(route, req, r);
        if (route.method !== 'GET' && r.status < 300) await expectReadable(route, r);
      }), { numRuns: RUNS_PER_ROUTE, endOnFailure: true, ...replay });
    }, 120_000);
  }
});

afterAll(closeMail);
