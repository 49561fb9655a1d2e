/**
 * The local stand-in for Lambda's Invoke API (lib/local/lambda-invoke.ts) refuses what IAM would
 * refuse in AWS: a caller without the lambda:InvokeFunction grant, and a granted caller invoking a
 * function its grant does not name (SES_PATH_TARGETS: ingest and ses-events only).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SES_PATH_TARGETS } from '../../lambdas/functions.ts';
import { createLambdaInvokeStandIn } from '../../lib/local/lambda-invoke.ts';

const invoked: string[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  const standIn = createLambdaInvokeStandIn({
    invoke: async (name) => { invoked.push(name); return { ok: name }; },
    allowedKeyIds: new Set(['AKIDGRANTED']),
    targets: SES_PATH_TARGETS,
  });
  server = createServer((req, res) => { if (!standIn.handle(req, res)) { res.writeHead(404); res.end(); } });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const invoke = (fn: string, keyId?: string) => fetch(`${base}/2015-03-31/functions/${encodeURIComponent(fn)}/invocations`, {
  method: 'POST', body: '{}',
  headers: keyId ? { authorization: `AWS4-HMAC-SHA256 Credential=${keyId}/20261127/us-east-1/lambda/aws4_request, SignedHeaders=host, Signature=x` } : {},
});

describe('the local Lambda Invoke stand-in', () => {
  it('runs a granted target for a granted caller, by name or ARN', async () => {
    const r = await invoke('arn:aws:lambda:us-east-1:123456789012:function:mailroom-local-ingest', 'AKIDGRANTED');
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ ok: 'ingest' });
    expect((await invoke('mailroom-local-ses-events', 'AKIDGRANTED')).status).toBe(200);
    expect(invoked).toEqual(['ingest', 'ses-events']);
  });

  it('refuses a function outside the grant, and a caller without it, as AccessDeniedException', async () => {
    invoked.length = 0;
    for (const [fn, key] of [['mailroom-local-webhooks', 'AKIDGRANTED'], ['mailroom-local-ingest', 'AKIDOTHER'], ['mailroom-local-ingest', undefined]] as const) {
      const r = await invoke(fn, key);
      expect(r.status, `${fn} by ${key}`).toBe(403);
      expect(r.headers.get('x-amzn-errortype')).toBe('AccessDeniedException');
    }
    expect(invoked).toEqual([]);
  });
});
