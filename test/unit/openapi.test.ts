/**
 * openapi.json is what SDK generators read: every resource and request body is a named
 * component (so a generated client has a Message type to import), query parameters carry the
 * type they mean, and a real linter (Redocly, recommended rules) finds nothing to complain about.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { routes } from '../../lambdas/routes.ts';
import { buildOpenApi } from '../../lambdas/discovery/openapi.ts';

type Json = Record<string, any>;
/** As a deployed stack serves it (Redocly rightly flags a localhost server). */
const doc = await buildOpenApi('https://abc123def4.execute-api.eu-west-1.amazonaws.com') as Json;
const op = (method: string, path: string): Json => doc.paths[path][method.toLowerCase()];
const REF = /^#\/components\/schemas\/\w+$/;

describe('named components', () => {
  it('every JSON request body is a $ref to a component', () => {
    const inline = routes.filter((r) => r.body)
      .filter((r) => !REF.test(op(r.method, r.path).requestBody?.content?.['application/json']?.schema?.$ref ?? ''))
      .map((r) => `${r.method} ${r.path}`);
    expect(inline).toEqual([]);
  });

  it('every JSON success result is a $ref to a component', () => {
    const inline = routes.filter((r) => r.response)
      .filter((r) => {
        const status = String(r.successStatus ?? 200);
        const schema = op(r.method, r.path).responses[status].content['application/json'].schema;
        return !REF.test(schema.properties?.result?.$ref ?? '');
      })
      .map((r) => `${r.method} ${r.path}`);
    expect(inline).toEqual([]);
  });

  it('names the resources a client works with, and every $ref resolves', () => {
    const names = Object.keys(doc.components.schemas);
    expect(names).toEqual(expect.arrayContaining(['Inbox', 'InboxCreated', 'Message', 'Thread', 'Draft', 'Webhook', 'Error', 'CreateInboxRequest', 'SendMessageRequest']));
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((m) => m[1]!);
    expect(refs.filter((r) => !names.includes(r))).toEqual([]);
    // Every component is used somewhere (a dangling one means a schema lost its route).
    expect(names.filter((n) => !refs.includes(n))).toEqual([]);
  });

  it('a message result names its nested types too (attachments, CTA links, codes)', () => {
    const message = doc.components.schemas.Message;
    expect(message.properties.attachments.items.$ref).toBe('#/components/schemas/Attachment');
    expect(message.properties.cta_links.items.$ref).toBe('#/components/schemas/CtaLink');
    expect(message.properties.verification_codes.items.$ref).toBe('#/components/schemas/VerificationCode');
  });
});

describe('query parameters are typed by what they mean', () => {
  const queryParams = Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
    Object.entries<Json>(item).flatMap(([method, o]) =>
      (o.parameters ?? []).filter((p: Json) => p.in === 'query').map((p: Json) => ({ where: `${method.toUpperCase()} ${path} ${p.name}`, ...p }))));

  it('booleans are booleans, not the strings "true"/"false"', () => {
    const booleans = queryParams.filter((p) => ['read', 'unread', 'unread_only', 'include_deleted'].includes(p.name));
    expect(booleans.length).toBeGreaterThanOrEqual(5);
    expect(booleans.filter((p) => p.schema.type !== 'boolean').map((p) => p.where)).toEqual([]);
    expect(queryParams.filter((p) => JSON.stringify(p.schema.enum) === '["true","false"]').map((p) => p.where)).toEqual([]);
  });

  it('limit and offset are integers with their bounds and defaults', () => {
    const limit = op('GET', '/v1/inboxes/{id}/messages').parameters.find((p: Json) => p.name === 'limit');
    expect(limit).toMatchObject({ required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 } });
    const paging = queryParams.filter((p) => p.name === 'limit' || p.name === 'offset');
    expect(paging.filter((p) => p.schema.type !== 'integer').map((p) => p.where)).toEqual([]);
  });

  it('no query parameter is left untyped', () => {
    expect(queryParams.filter((p) => !p.schema.type && !p.schema.$ref).map((p) => p.where)).toEqual([]);
  });
});

describe('Redocly CLI lint, recommended rules', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mailroom-openapi-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reports zero errors and zero warnings', async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const cli = resolve(import.meta.dirname, '../../node_modules/@redocly/cli/bin/cli.js');
    const run = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--extends=recommended', '--format=json'], {
      cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, maxBuffer: 16 * 1024 * 1024,
    }).catch((e: { stdout: string; stderr: string }) => e);
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as { totals: Json; problems: Json[] };
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);
});
