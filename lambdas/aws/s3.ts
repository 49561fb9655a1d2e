/**
 * The three S3 operations the functions use (GetObject, PutObject, a presigned GetObject URL),
 * signed with aws4fetch over the runtime's fetch instead of @aws-sdk/client-s3.
 *
 * Why not the SDK client: it brings S3's whole service model (schemas, endpoint rules, checksums,
 * the XML codec): ~150 KB minified in every bundle that touches a blob, more than the rest of the
 * AWS SDK the function uses. aws4fetch is the SigV4 signer (~6 KB) and nothing else; these
 * operations need no more (docs/decisions.md, "Bundles and observability").
 *
 * Same behaviour as the SDK client it replaces: credentials and region from the environment
 * (Lambda always gives the role's credentials there; the local stack gives each function its own),
 * AWS_ENDPOINT_URL(_S3) with path-style addressing for the emulator, virtual-hosted otherwise,
 * and the SDK's standard retry of 5xx and throttling answers (3 attempts).
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';

/** The SDK's standard retry mode makes 3 attempts: the first and 2 retries. */
const RETRIES = 2;

/** The error an S3 call failed with: `name` is S3's error code (NoSuchKey, AccessDenied, …). */
export class S3Error extends Error {
  readonly $metadata: { httpStatusCode: number };
  constructor(code: string, status: number, message: string) {
    super(message);
    this.name = code;
    this.$metadata = { httpStatusCode: status };
  }
}

const env = process.env;

/** Built on each call: the credentials are read where the runtime put them (cheap: no network). */
function client(): AwsClient {
  return new AwsClient({
    accessKeyId: env.AWS_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '',
    sessionToken: env.AWS_SESSION_TOKEN || undefined,
    service: 's3',
    region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
    retries: RETRIES,
  });
}

/** A key as S3 expects it in the path: each segment URI-encoded once (RFC 3986), slashes kept. */
const encodeKey = (key: string) =>
  key.split('/').map((s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)).join('/');

/** The object's URL: path-style on an emulator endpoint (bucket.127.0.0.1 does not resolve). */
export function objectUrl(bucket: string, key: string): URL {
  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL;
  if (endpoint) return new URL(`${endpoint.replace(/\/+$/, '')}/${bucket}/${encodeKey(key)}`);
  const region = env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1';
  return new URL(`https://${bucket}.s3.${region}.amazonaws.com/${encodeKey(key)}`);
}

async function failure(res: Response, what: string): Promise<S3Error> {
  const text = await res.text().catch(() => '');
  const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? (res.status === 404 ? 'NotFound' : `Http${res.status}`);
  const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? res.statusText;
  return new S3Error(code, res.status, `S3 ${what}: ${code}${message ? `: ${message}` : ''}`);
}

/** GetObject: the body as a Node stream, or undefined when there is no such key. */
export async function s3GetObject(bucket: string, key: string): Promise<Readable | undefined> {
  const res = await client().fetch(objectUrl(bucket, key), { method: 'GET' });
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
  const res = await client().fetch(objectUrl(bucket, key), { method: 'PUT', headers, body });
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
  if (o.responseContentDisposition) url.searchParams.set('response-content-disposition', o.responseContentDisposition);
  if (o.responseContentType) url.searchParams.set('response-content-type', o.responseContentType);
  const signed = await client().sign(url, { method: 'GET', aws: { signQuery: true } });
  // URLSearchParams writes a space as '+'; the signature was computed over %20, which every S3
  // decoder reads as a space, so send that.
  const out = new URL(signed.url);
  return `${out.origin}${out.pathname}?${out.search.slice(1).replace(/\+/g, '%20')}`;
}
