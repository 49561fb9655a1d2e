/**
 * Lambda carries at most 6 MB per synchronous invocation, request and response alike. What counts
 * is the event (the body inside it as text, or as base64 when binary), not the body: a request
 * whose event is larger never reaches the function and gets API Gateway's own 413; one that fits
 * reaches it and gets the API's 413 envelope naming the route's cap. The local stand-in answers
 * as AWS does (lib/local/api-server.ts).
 */
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paidAccount, target, type ApiResponse, type CreatedInbox } from './client.ts';
import { startApiServer } from '../../lib/local/api-server.ts';
import { freePort } from '../../lib/local/moto.ts';
import {
  LAMBDA_SYNC_PAYLOAD_BYTES, LARGEST_BODY_A_FUNCTION_RECEIVES, MAX_ATTACHMENT_REQUEST_BODY_BYTES,
} from '../../lambdas/platform/payload-limits.ts';

const MiB = 1024 * 1024;
/** A send body of about `bytes` bytes of JSON. */
const sendBody = (bytes: number) => `{"to":"bob@example.com","subject":"s","body":"${'x'.repeat(bytes)}"}`;
// Built once: the largest is 6.5 MiB.
const json41 = sendBody(4.1 * MiB);
const json5 = sendBody(5 * MiB);
const json65 = sendBody(6.5 * MiB);
const binary5 = Buffer.alloc(5 * MiB, 0x5a);

/** The API's own 413: the function read the body and named the send cap. */
function expectFunctionsEnvelope(r: ApiResponse) {
  expect(r.status, r.text.slice(0, 500)).toBe(413);
  expect(r.body.error).toBe('PAYLOAD_TOO_LARGE');
  expect(r.body.details.max_bytes).toBe(MAX_ATTACHMENT_REQUEST_BODY_BYTES);
  expect(r.body.message).toContain('4 MiB');
}

/** API Gateway's 413 when Lambda refuses the event: the function never saw the request. */
function expectGatewayRefusal(r: ApiResponse) {
  expect(r.status, r.text.slice(0, 500)).toBe(413);
  expect(r.body.message).toBe('Request Entity Too Large');
  // The local envelope around that message (README: local emulation), naming the largest body that always fits.
  expect(r.body).toMatchObject({ error: 'PAYLOAD_TOO_LARGE', details: { max_bytes: LARGEST_BODY_A_FUNCTION_RECEIVES } });
}

describe('a request whose event exceeds Lambda\'s 6 MB never reaches the function', () => {
  let acct: CreatedInbox;
  beforeAll(async () => { acct = await paidAccount(); });
  const send = (body: string | Buffer, contentType: string) =>
    fetch(`${target().apiUrl}/v1/inboxes/${acct.id}/send`, {
      method: 'POST', body, headers: { authorization: `Bearer ${acct.api_key}`, 'content-type': contentType },
    }).then(async (res): Promise<ApiResponse> => {
      const text = await res.text();
      let parsed: any = text;
      try { parsed = JSON.parse(text); } catch { /* not JSON */ }
      return { status: res.status, headers: res.headers, body: parsed, text };
    });

  it('a 4.1 MiB or 5 MiB JSON body fits in the event: the function answers 413 naming 4 MiB', async () => {
    expectFunctionsEnvelope(await send(json41, 'application/json'));
    expectFunctionsEnvelope(await send(json5, 'application/json'));
  });

  it('a 6.5 MiB JSON body, or 5 MiB of binary (base64 in the event), gets API Gateway\'s 413 instead', async () => {
    expectGatewayRefusal(await send(json65, 'application/json'));
    expectGatewayRefusal(await send(binary5, 'application/octet-stream'));
  });
});

// The response side, on the API Gateway stand-in itself: no route of this API returns 6 MB.
describe('a function response over Lambda\'s 6 MB is API Gateway\'s 500, not the oversized body', () => {
  let server: Server;
  let baseUrl: string;
  let responseBytes = 0;
  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = await startApiServer(port, '127.0.0.1', async () => async () => ({
      statusCode: 200, headers: { 'content-type': 'text/plain' }, body: 'y'.repeat(responseBytes),
    }));
  });
  afterAll(async () => { if (server) await new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }); });

  it('a body just under the quota comes through whole; one over it is 500 {"message":"Internal Server Error"} with a log line', async () => {
    responseBytes = LAMBDA_SYNC_PAYLOAD_BYTES - 1024;
    const under = await fetch(`${baseUrl}/v1/inboxes`);
    expect(under.status).toBe(200);
    expect((await under.text()).length).toBe(responseBytes);

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      responseBytes = LAMBDA_SYNC_PAYLOAD_BYTES;
      const over = await fetch(`${baseUrl}/v1/inboxes`);
      expect(over.status).toBe(500);
      expect(await over.json()).toEqual({ message: 'Internal Server Error' });
      expect(logged.mock.calls.map((c) => String(c[0])).join('\n')).toContain('function response over the Lambda payload quota');
    } finally {
      logged.mockRestore();
    }
  });
});
