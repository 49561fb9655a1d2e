/**
 * The three S3 operations the functions use (GetObject, PutObject, a presigned GetObject URL),
 * signed with aws4fetch over the runtime's fetch instead of @aws-sdk/client-s3.
 *
 * Why not the SDK client: it brings S3's whole service model (schemas, endpoint rules, checksums,
 * the XML codec): ~150 KB minified in every bundle that touches a blob, more than the rest of the
 * AWS SDK the function uses. aws4fetch is the SigV4 signer (~6 KB) and nothing else; these
 * operations need no more (docs/decisions.md, "Bundles, AWS calls and observability").
 *
 * Path-style addressing on an emulator endpoint, virtual-hosted otherwise; credentials, endpoint
 * overrides and retries as the SDK (lambdas/platform/aws/fetch.ts).
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsError, awsClient, awsFetch, awsRegion, endpointOverride } from './fetch.ts';

const client = () => awsClient('s3');

/** A key as S3 expects it in the path: each segment URI-encoded once (RFC 3986), slashes kept. */
const encodeKey = (key: string) =>
  key.split('/').map((s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)).join('/');

/** The object's URL: path-style on an emulator endpoint (bucket.127.0.0.1 does not resolve). */
export function objectUrl(bucket: string, key: string): URL {
  const endpoint = endpointOverride('S3');
  if (endpoint) return new URL(`${endpoint}/${bucket}/${encodeKey(key)}`);
  return new URL(`https://${bucket}.s3.${awsRegion()}.amazonaws.com/${encodeKey(key)}`);
}

async function failure(res: Response, what: string): Promise<AwsError> {
  const text = await res.text().catch(() => '');
  const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? (res.status === 404 ? 'NotFound' : `Http${res.status}`);
  const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? res.statusText;
  return new AwsError(code, res.status, `S3 ${what}: ${code}${message ? `: ${message}` : ''}`);
}

/** GetObject: the body as a Node stream, or undefined when there is no such key. */
export async function s3GetObject(bucket: string, key: string): Promise<Readable | undefined> {
  const res = await awsFetch('s3', objectUrl(bucket, key), { method: 'GET' });
  if (res.status === 404) {
    await res.body?.cancel();
    return undefined;
  }
  if (!res.ok || !res.body) throw await failure(res, `GetObject ${key}`);
  return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
}

export interface PutObjectInput {
  contentType: string;
  contentDisposition?: string;
}

/** PutObject of a body held in memory. */
export async function s3PutObject(bucket: string, key: string, body: Buffer | string, o: PutObjectInput): Promise<void> {
  const headers: Record<string, string> = { 'content-type': o.contentType };
  if (o.contentDisposition) headers['content-disposition'] = o.contentDisposition;
  const res = await awsFetch('s3', objectUrl(bucket, key), { method: 'PUT', headers, body });
  if (!res.ok) throw await failure(res, `PutObject ${key}`);
  await res.body?.cancel();
}

export interface PresignGetInput {
  expiresInSeconds: number;
  /** Response headers S3 sets on the download (response-content-disposition / -type). */
  responseContentDisposition?: string;
  responseContentType?: string;
}

/** A presigned GetObject URL (query-string SigV4), as the SDK's getSignedUrl makes it. */
export async function s3PresignGet(bucket: string, key: string, o: PresignGetInput): Promise<string> {
  const url = objectUrl(bucket, key);
  url.searchParams.set('X-Amz-Expires', String(o.expiresInSeconds));
  // As the SDK's presigner writes it (test/unit/aws-fetch.test.ts holds the two to one signature).
  url.searchParams.set('X-Amz-Content-Sha256', 'UNSIGNED-PAYLOAD');
  if (o.responseContentDisposition) url.searchParams.set('response-content-disposition', o.responseContentDisposition);
  if (o.responseContentType) url.searchParams.set('response-content-type', o.responseContentType);
  const signed = await client().sign(url, { method: 'GET', aws: { signQuery: true } });
  // URLSearchParams writes a space as '+'; the signature was computed over %20, which every S3
  // decoder reads as a space, so send that.
  const out = new URL(signed.url);
  return `${out.origin}${out.pathname}?${out.search.slice(1).replace(/\+/g, '%20')}`;
}
