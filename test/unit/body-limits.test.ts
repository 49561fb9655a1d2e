/**
 * Request body caps against what AWS lets through (issue #25): API Gateway (HTTP API) hands the
 * whole request to the function as one JSON event, and a synchronous Lambda invocation carries
 * at most 6 MB. A request whose event is larger never reaches the function: it gets API Gateway's
 * own error, not this API's 413 envelope. So every cap keeps its event under the quota (with a
 * base64 body, the worst case), and attachments (base64 inside the JSON body) fit in the send cap.
 */
import { describe, expect, it } from 'vitest';
import { routes } from '../../lambdas/routes.ts';
import { MAX_REQUEST_BODY_BYTES } from '../../lambdas/platform/http/limits.ts';
import {
  API_EVENT_ENVELOPE_BYTES, formatBytes, LAMBDA_SYNC_PAYLOAD_BYTES, LARGEST_BODY_A_FUNCTION_RECEIVES, MAX_ATTACHMENT_BYTES_TOTAL,
  MAX_ATTACHMENT_REQUEST_BODY_BYTES, SEND_BODY_ROOM_BESIDE_ATTACHMENTS_BYTES,
} from '../../lambdas/platform/payload-limits.ts';

/** AWS: "6 MB" for a synchronous invocation (Lambda quotas); the smaller reading, 6,000,000 bytes. */
const LAMBDA_QUOTA = 6_000_000;
/** HTTP API: total size of the request line and header values, 10 KB. */
const HTTP_API_HEADER_BYTES = 10 * 1024;

/**
 * The payload 2.0 event API Gateway would invoke the function with, as Lambda measures it (its
 * JSON), with headers as large as HTTP API allows and the body as binary (base64): the worst case.
 */
function eventBytes(bodyBytes: number): number {
  const body = Buffer.alloc(bodyBytes, 0xfe).toString('base64');
  const headers = { 'content-type': 'application/octet-stream', authorization: `Bearer mr_live_${'a'.repeat(32)}`, 'x-pad': 'p'.repeat(HTTP_API_HEADER_BYTES) };
  const event = {
    version: '2.0', routeKey: 'POST /v1/inboxes/{id}/send', rawPath: '/v1/inboxes/inb_0193a1b2-c3d4-7e5f-8a9b-000000000001/send', rawQueryString: '',
    headers, pathParameters: { id: 'inb_0193a1b2-c3d4-7e5f-8a9b-000000000001' },
    requestContext: {
      accountId: '123456789012', apiId: 'abcdef1234', domainName: 'abcdef1234.execute-api.us-east-1.amazonaws.com', domainPrefix: 'abcdef1234',
      http: { method: 'POST', path: '/v1/inboxes/inb_0193a1b2-c3d4-7e5f-8a9b-000000000001/send', protocol: 'HTTP/1.1', sourceIp: '203.0.113.9', userAgent: 'u'.repeat(512) },
      requestId: 'JKJaXmPLvHcESHA=', routeKey: 'POST /v1/inboxes/{id}/send', stage: '$default', time: '10/Mar/2026:00:00:00 +0000', timeEpoch: 1_773_100_800_000,
    },
    body, isBase64Encoded: true,
  };
  return Buffer.byteLength(JSON.stringify(event));
}

describe('body caps under the Lambda payload quota', () => {
  it('the figures are AWS\'s: the 6 MB quota, and room for headers and request context beyond HTTP API\'s 10 KB of headers', () => {
    expect(LAMBDA_SYNC_PAYLOAD_BYTES).toBeLessThanOrEqual(LAMBDA_QUOTA);
    expect(API_EVENT_ENVELOPE_BYTES).toBeGreaterThan(HTTP_API_HEADER_BYTES * 2);
  });

  it('every route\'s body cap is one a function still receives, even sent as binary (base64 in the event)', () => {
    const caps = routes.filter((r) => r.body).map((r) => [`${r.method} ${r.path}`, r.maxBodyBytes ?? MAX_REQUEST_BODY_BYTES] as const);
    expect(caps.length).toBeGreaterThan(0);
    for (const [route, cap] of caps) expect(cap, route).toBeLessThanOrEqual(LARGEST_BODY_A_FUNCTION_RECEIVES);
  });

  it('a body at the largest cap, with the largest headers, makes an event under the quota: its 413 comes from the API, not API Gateway', () => {
    const largest = Math.max(...routes.map((r) => r.maxBodyBytes ?? MAX_REQUEST_BODY_BYTES));
    expect(largest).toBe(MAX_ATTACHMENT_REQUEST_BODY_BYTES);
    expect(eventBytes(largest)).toBeLessThan(LAMBDA_QUOTA);
    // A body somewhat over the cap (up to LARGEST_BODY_A_FUNCTION_RECEIVES) still arrives, so it is answered with the 413 envelope.
    expect(eventBytes(LARGEST_BODY_A_FUNCTION_RECEIVES)).toBeLessThan(LAMBDA_QUOTA);
    expect(LARGEST_BODY_A_FUNCTION_RECEIVES - largest).toBeGreaterThan(100 * 1024);
  });

  it('only the routes that carry whole mails (send, simulate) take the larger cap; every other body stays at the default', () => {
    const raised = routes.filter((r) => r.maxBodyBytes !== undefined).map((r) => `${r.method} ${r.path}`);
    expect(raised).toEqual(['POST /v1/inboxes/{id}/send', 'POST /v1/inboxes/{id}/messages/simulate']);
    expect(MAX_REQUEST_BODY_BYTES).toBe(256 * 1024);
  });
});

describe('attachments fit in the send body', () => {
  it('the attachments\' total, as base64, leaves the send cap room for the rest of the message', () => {
    expect(Math.ceil(MAX_ATTACHMENT_BYTES_TOTAL / 3) * 4 + SEND_BODY_ROOM_BESIDE_ATTACHMENTS_BYTES).toBeLessThanOrEqual(MAX_ATTACHMENT_REQUEST_BODY_BYTES);
    expect(SEND_BODY_ROOM_BESIDE_ATTACHMENTS_BYTES).toBeGreaterThanOrEqual(1024 * 1024);
  });

  it('a send with attachments at their cap and a 1 MB text body is under the body cap', () => {
    const body = JSON.stringify({
      to: ['bob@example.com'], subject: 's', body: 'x'.repeat(1_000_000),
      attachments: [{ filename: 'a.bin', content: Buffer.alloc(MAX_ATTACHMENT_BYTES_TOTAL, 7).toString('base64'), content_type: 'application/octet-stream' }],
    });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(MAX_ATTACHMENT_REQUEST_BODY_BYTES);
  });

  it('the caps are stated as people read them', () => {
    expect([MAX_REQUEST_BODY_BYTES, MAX_ATTACHMENT_REQUEST_BODY_BYTES, MAX_ATTACHMENT_BYTES_TOTAL].map(formatBytes)).toEqual(['256 KiB', '4 MiB', '2.25 MiB']);
  });
});
