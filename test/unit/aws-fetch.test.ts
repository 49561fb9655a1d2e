/**
 * lambdas/platform/aws/{fetch,s3}.ts sign S3, SES and Secrets Manager calls with aws4fetch instead of the
 * SDK clients. The emulator does not check presigned URLs, so the attachment download URL is held
 * here to the signature the SDK's own S3 presigner computes for the same request.
 */
import { Sha256 } from '@smithy/core/checksum';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonFailure } from '../../lambdas/platform/aws/fetch.ts';
import { objectUrl, s3PresignGet } from '../../lambdas/platform/aws/s3.ts';

const CREDS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'session/token+example=' };
const NOW = new Date('2026-11-23T12:34:56Z');
let saved: NodeJS.ProcessEnv;

beforeEach(() => {
  saved = { ...process.env };
  delete process.env.AWS_ENDPOINT_URL;
  delete process.env.AWS_ENDPOINT_URL_S3;
  Object.assign(process.env, {
    AWS_REGION: 'eu-west-1', AWS_ACCESS_KEY_ID: CREDS.accessKeyId, AWS_SECRET_ACCESS_KEY: CREDS.secretAccessKey, AWS_SESSION_TOKEN: CREDS.sessionToken,
  });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  process.env = saved;
});

describe('presigned attachment URLs', () => {
  const cases = [
    ['attachments/0100018c/att_1', 'report.pdf', 'application/pdf'],
    ['attachments/0100018c/att 2+(x)!', 'Résumé März 2026 (final).docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ] as const;
  for (const [key, filename, contentType] of cases) {
    it(`carry the signature the SDK presigner computes: ${key}`, async () => {
      const disposition = `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`;
      const ours = new URL(await s3PresignGet('mailroom-mail-bucket', key, { expiresInSeconds: 3600, responseContentDisposition: disposition, responseContentType: contentType }));
      expect(ours.hostname).toBe('mailroom-mail-bucket.s3.eu-west-1.amazonaws.com');
      expect(ours.searchParams.get('X-Amz-Expires')).toBe('3600');
      expect(ours.searchParams.get('response-content-disposition')).toBe(disposition);
      expect(ours.search).not.toContain('+');

      const sdk = await new S3RequestPresigner({ credentials: CREDS, region: 'eu-west-1', sha256: Sha256 }).presign({
        method: 'GET', protocol: 'https:', hostname: ours.hostname, path: objectUrl('mailroom-mail-bucket', key).pathname,
        query: { 'response-content-disposition': disposition, 'response-content-type': contentType },
        headers: { host: ours.hostname },
      }, { expiresIn: 3600, signingDate: NOW });
      expect(ours.searchParams.get('X-Amz-Signature')).toBe(sdk.query?.['X-Amz-Signature']);
      expect(ours.searchParams.get('X-Amz-Security-Token')).toBe(CREDS.sessionToken);
    });
  }

  it('address the emulator path-style', () => {
    process.env.AWS_ENDPOINT_URL = 'http://127.0.0.1:4566/';
    expect(objectUrl('b', 'messages/in 1/m.json').href).toBe('http://127.0.0.1:4566/b/messages/in%201/m.json');
  });
});

describe('AWS errors keep the names the SDK gave them', () => {
  it('from the x-amzn-errortype header or the JSON __type', async () => {
    const a = await jsonFailure(new Response('{"message":"no such secret"}', { status: 400, headers: { 'x-amzn-errortype': 'ResourceNotFoundException:http://internal.amazon.com/' } }), 'GetSecretValue');
    expect([a.name, a.$metadata.httpStatusCode, a.message]).toEqual(['ResourceNotFoundException', 400, 'GetSecretValue: ResourceNotFoundException: no such secret']);
    const b = await jsonFailure(new Response('{"__type":"com.amazonaws.secretsmanager#AccessDeniedException","Message":"denied"}', { status: 400 }), 'GetSecretValue');
    expect(b.name).toBe('AccessDeniedException');
  });
});
