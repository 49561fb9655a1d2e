/**
 * What an agent reads before its first call — openapi.json, llms.txt, llms-full.txt — and whether
 * the API then answers the way those documents say.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { routes } from '../../lambdas/routes.ts';
import { AccountView, Capabilities, UpgradeResult } from '../../lambdas/accounts/account.responses.ts';
import { ErrorEnvelope } from '../../lambdas/platform/http/common.responses.ts';
import { InboxCreated, InboxDeleted, InboxDetail, InboxList, InboxUpdated } from '../../lambdas/inboxes/inboxes.responses.ts';
import { addInbox, api, newAccount, uniqueUsername, type ApiResponse } from './client.ts';

/** The schema refusing any field it does not name: a response carries only what is documented. */
const strict = <S extends zm.ZodMiniObject>(schema: S) => zm.strictObject(schema.shape);

type Json = Record<string, any>;
let served: Json;
/** The served document with every $ref resolved, for reading response schemas. */
let resolved: Json;

beforeAll(async () => {
  const r = await api('GET', '/openapi.json');
  expect(r.status).toBe(200);
  served = r.body;
  resolved = await SwaggerParser.dereference(structuredClone(served) as any) as Json;
});

/** The response schema the served document gives for this operation and status. */
function documentedSchema(method: string, path: string, status: number): z.ZodType {
  const op = resolved.paths?.[path]?.[method.toLowerCase()];
  expect(op, `${method} ${path} is documented`).toBeTruthy();
  const schema = op.responses?.[String(status)]?.content?.['application/json']?.schema;
  expect(schema, `${method} ${path} documents a JSON body for ${status}`).toBeTruthy();
  return z.fromJSONSchema(schema, { defaultTarget: 'openapi-3.0' });
}

/** The body of a real response is exactly what the document says (no missing, no extra members). */
function expectDocumented(r: ApiResponse, method: string, path: string) {
  const parsed = documentedSchema(method, path, r.status).safeParse(r.body);
  expect(parsed.success ? [] : parsed.error.issues, `${method} ${path} → ${r.status}: ${r.text.slice(0, 500)}`).toEqual([]);
}

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.0.x document that a real validator accepts', async () => {
    const r = await api('GET', '/openapi.json');
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(served.openapi).toMatch(/^3\.0\.\d+$/);
    await expect(SwaggerParser.validate(structuredClone(served) as any)).resolves.toBeTruthy();
  });

  it('describes every route of the route table, with its operationId', () => {
    const missing = routes.filter((rt) => served.paths?.[rt.path]?.[rt.method.toLowerCase()]?.operationId !== rt.operationId)
      .map((rt) => `${rt.method} ${rt.path}`);
    expect(missing).toEqual([]);
    const documented = Object.entries<Json>(served.paths).flatMap(([p, item]) =>
      Object.keys(item).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.sort()).toEqual(routes.map((rt) => `${rt.method} ${rt.path}`).sort());
  });

  it('names a server the document was fetched from, so its examples work as written', async () => {
    expect(served.servers?.[0]?.url).toBeTruthy();
    const viaServer = await fetch(`${served.servers[0].url}/openapi.json`);
    expect(viaServer.status).toBe(200);
  });
});

describe('real responses match the documented schemas', () => {
  it('inbox creation (201), its idempotent replay (200), list, read, update and delete', async () => {
    const clientId = `doc-${uniqueUsername()}`;
    const username = uniqueUsername('doc');
    const created = await api('POST', '/v1/inboxes', { body: { username, client_id: clientId, metadata: { purpose: 'docs' } } });
    expect(created.status).toBe(201);
    expectDocumented(created, 'POST', '/v1/inboxes');
    strict(InboxCreated).parse(created.body.result);
    const inbox = created.body.result;

    // A keyless client_id is scoped to the source IP and the username.
    const replay = await api('POST', '/v1/inboxes', { body: { username, client_id: clientId } });
    expect(replay.status).toBe(200);
    expectDocumented(replay, 'POST', '/v1/inboxes');
    strict(InboxCreated).parse(replay.body.result);

    const joined = await api('POST', '/v1/inboxes', { key: inbox.account_api_key, body: { username: uniqueUsername('doc') } });
    expectDocumented(joined, 'POST', '/v1/inboxes');

    const list = await api('GET', '/v1/inboxes', { key: inbox.account_api_key });
    expectDocumented(list, 'GET', '/v1/inboxes');
    strict(InboxList).parse(list.body.result);

    const read = await api('GET', `/v1/inboxes/${inbox.id}`, { key: inbox.api_key });
    expectDocumented(read, 'GET', '/v1/inboxes/{id}');
    strict(InboxDetail).parse(read.body.result);

    const update = await api('PATCH', `/v1/inboxes/${inbox.id}`, { key: inbox.api_key, body: { display_name: 'Docs' } });
    expectDocumented(update, 'PATCH', '/v1/inboxes/{id}');
    strict(InboxUpdated).parse(update.body.result);

    const del = await api('DELETE', `/v1/inboxes/${inbox.id}`, { key: inbox.api_key });
    expectDocumented(del, 'DELETE', '/v1/inboxes/{id}');
    strict(InboxDeleted).parse(del.body.result);
  });

  it('account, paid capabilities and upgrade', async () => {
    const acct = await newAccount();
    const account = await api('GET', '/v1/account', { key: acct.account_api_key });
    expectDocumented(account, 'GET', '/v1/account');
    strict(AccountView).parse(account.body.result);

    const up = await api('POST', '/v1/account/upgrade', { key: acct.account_api_key, body: { tier: 'developer', payment_method: 'pm_card_visa' } });
    expect(up.status).toBe(200);
    expectDocumented(up, 'POST', '/v1/account/upgrade');
    strict(UpgradeResult).parse(up.body.result);

    const caps = await api('GET', '/v1/capabilities', { key: acct.api_key });
    expectDocumented(caps, 'GET', '/v1/capabilities');
    strict(Capabilities).parse(caps.body.result);
  });

  it('error envelopes: 401, 402, 403, 404 and 409 are documented Error bodies', async () => {
    const acct = await newAccount();
    const checks: [ApiResponse, string, string][] = [];
    checks.push([await api('GET', '/v1/inboxes'), 'GET', '/v1/inboxes']);
    checks.push([await api('GET', '/v1/inboxes', { key: acct.api_key }), 'GET', '/v1/inboxes']);
    checks.push([await api('POST', '/v1/account/upgrade', { key: acct.account_api_key, body: { tier: 'developer', payment_method: 'pm_card_chargeDeclined' } }), 'POST', '/v1/account/upgrade']);
    checks.push([await api('POST', '/v1/inboxes', { body: { username: acct.address.split('@')[0] } }), 'POST', '/v1/inboxes']);
    const doomed = await addInbox(acct.account_api_key);
    await api('DELETE', `/v1/inboxes/${doomed.id}`, { key: doomed.api_key });
    checks.push([await api('GET', `/v1/inboxes/${doomed.id}`, { key: doomed.api_key }), 'GET', '/v1/inboxes/{id}']);
    for (let i = 1; i < 10; i++) await addInbox(acct.account_api_key);
    checks.push([await api('POST', '/v1/inboxes', { key: acct.account_api_key, body: { username: uniqueUsername() } }), 'POST', '/v1/inboxes']);

    expect(checks.map(([r]) => r.status)).toEqual([401, 401, 402, 409, 404, 403]);
    for (const [r, method, path] of checks) {
      expectDocumented(r, method, path);
      strict(ErrorEnvelope).parse(r.body);
    }
  });

  // Regression: the served document was stricter than the responses (additionalProperties: false).
  it('400 validation errors and 413 carry `details`, which the documented Error schema lists', async () => {
    const invalid = await api('POST', '/v1/inboxes', { body: { username: 'ab' } });
    const tooLarge = await api('POST', '/v1/inboxes', { body: { username: uniqueUsername(), pad: 'x'.repeat(300 * 1024) } });
    expect([invalid.status, tooLarge.status]).toEqual([400, 413]);
    expectDocumented(invalid, 'POST', '/v1/inboxes');
    expectDocumented(tooLarge, 'POST', '/v1/inboxes');
  });

  it('free-tier capabilities return upgrade_context.expires_at, which the documented schema lists', async () => {
    const acct = await newAccount();
    const caps = await api('GET', '/v1/capabilities', { key: acct.account_api_key });
    expect(caps.body.result.upgrade_context).not.toBeNull();
    expectDocumented(caps, 'GET', '/v1/capabilities');
  });
});

describe('llms.txt and llms-full.txt', () => {
  const get = (path: string) => api('GET', path);

  it.each(['/llms.txt', '/llms-full.txt'])('%s is UTF-8 plain text, cacheable for an hour, and names every route', async (path) => {
    const r = await get(path);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(r.headers.get('cache-control')).toBe('public, max-age=3600');
    const missing = routes.filter((rt) => !r.text.includes(`${rt.method} ${rt.path}`)).map((rt) => `${rt.method} ${rt.path}`);
    expect(missing).toEqual([]);
    // It tells an agent how to start without any key.
    expect(r.text).toContain('/v1/inboxes');
    expect(r.text).toContain('next_steps');
  });

  it('llms.txt is compact (under 8 KB) and llms-full.txt is the larger reference', async () => {
    const compact = await get('/llms.txt');
    const full = await get('/llms-full.txt');
    const size = (s: string) => Buffer.byteLength(s, 'utf8');
    expect(size(compact.text)).toBeLessThan(8 * 1024);
    expect(size(full.text)).toBeGreaterThan(size(compact.text) * 2);
  });

  it('llms-full.txt documents request fields and error codes an agent will meet', async () => {
    const full = (await get('/llms-full.txt')).text;
    for (const word of ['username', 'display_name', 'client_id', 'payment_method', 'INVALID_USERNAME', 'USERNAME_TAKEN', 'INVALID_API_KEY', 'RATE_LIMIT_EXCEEDED', 'retry_after']) {
      expect(full, word).toContain(word);
    }
  });
});
