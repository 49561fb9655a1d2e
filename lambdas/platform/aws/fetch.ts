/**
 * SigV4-signed calls over the runtime's fetch (aws4fetch), for the AWS operations where the SDK's
 * per-service client would cost more bundle and cold start than the call is worth: every AWS
 * call of lambdas/platform/aws/ (S3, secrets, DynamoDB, SQS, SES v2, Scheduler, the WebSocket Management
 * API; docs/decisions.md, "Bundles, AWS calls and observability").
 *
 * What the SDK did and these keep: credentials and region from the environment (Lambda always
 * gives the role's credentials there; the local stack gives each function its own), the
 * AWS_ENDPOINT_URL / AWS_ENDPOINT_URL_<SERVICE> overrides, and the standard retry of 5xx and
 * throttling answers (3 attempts in all).
 */
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';

/** The SDK's standard retry mode makes 3 attempts: the first and 2 retries. */
const RETRIES = 2;

// process.env is read at each call, never captured: the values are the runtime's (or a test's).
const env = () => process.env;

export const awsRegion = () => env().AWS_REGION || env().AWS_DEFAULT_REGION || 'us-east-1';

/**
 * A client for one service, built per call: credentials are read where the runtime put them.
 * `retries`: aws4fetch's own retries of 5xx and 429 answers (0 for a caller with its own loop).
 */
export function awsClient(service: string, retries = RETRIES): AwsClient {
  return new AwsClient({
    accessKeyId: env().AWS_ACCESS_KEY_ID ?? '',
    secretAccessKey: env().AWS_SECRET_ACCESS_KEY ?? '',
    sessionToken: env().AWS_SESSION_TOKEN || undefined,
    service,
    region: awsRegion(),
    retries,
  });
}

/**
 * A signed call with the SDK's retries: aws4fetch retries 5xx and 429 answers itself; a request
 * that gets no answer at all (connection reset, refused: fetch throws) is retried here, as the
 * SDK retries transient network errors. The body is a Buffer or string, so it can be sent again.
 */
export async function awsFetch(service: string, url: string | URL, init: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await awsClient(service).fetch(url, init);
    } catch (e) {
      if (attempt >= RETRIES || !(e instanceof TypeError)) throw e;
      await new Promise((r) => setTimeout(r, 100 * 2 ** attempt * (0.5 + Math.random())));
    }
  }
}

/**
 * The service's endpoint without a trailing slash: AWS_ENDPOINT_URL_<ID> (the SDK's per-service
 * override, e.g. SECRETS_MANAGER), else AWS_ENDPOINT_URL (the emulator), else `undefined`.
 */
export function endpointOverride(envId: string): string | undefined {
  return (env()[`AWS_ENDPOINT_URL_${envId}`] || env().AWS_ENDPOINT_URL)?.replace(/\/+$/, '');
}

/** An AWS error: `name` is the service's error code (NoSuchKey, AccessDeniedException, …), as the SDK names it. */
export class AwsError extends Error {
  readonly $metadata: { httpStatusCode: number };
  constructor(code: string, status: number, message: string) {
    super(message);
    this.name = code;
    this.$metadata = { httpStatusCode: status };
  }
}

/** A failed JSON-protocol answer read: the error code, its message and the whole body (modelled fields). */
export async function readJsonFailure(res: Response): Promise<{ code: string; message: string; body: Record<string, unknown> }> {
  const text = await res.text().catch(() => '');
  let body: { __type?: string; code?: string; message?: string; Message?: string } = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as typeof body;
  } catch { /* not JSON: keep the status */ }
  const raw = res.headers.get('x-amzn-errortype') || body.__type || body.code || `Http${res.status}`;
  // "aws.protocoljson#ResourceNotFoundException" / "ResourceNotFoundException:http://…" → the name.
  const code = raw.split(':')[0]!.split('#').pop()!;
  return { code, message: body.message ?? body.Message ?? '', body };
}

/** The error of a failed JSON-protocol answer (awsJson 1.x and rest-json). */
export async function jsonFailure(res: Response, what: string): Promise<AwsError> {
  const { code, message } = await readJsonFailure(res);
  return new AwsError(code, res.status, `${what}: ${code}${message ? `: ${message}` : ''}`);
}

/** An awsJson 1.x operation (Secrets Manager, …): POST / with X-Amz-Target. */
export async function awsJsonCall<T>(o: { service: string; envId: string; host: string; target: string; version: '1.0' | '1.1'; body: unknown }): Promise<T> {
  const endpoint = endpointOverride(o.envId) ?? `https://${o.host}.${awsRegion()}.amazonaws.com`;
  const res = await awsFetch(o.service, `${endpoint}/`, {
    method: 'POST',
    headers: { 'content-type': `application/x-amz-json-${o.version}`, 'x-amz-target': o.target },
    body: JSON.stringify(o.body),
  });
  if (!res.ok) throw await jsonFailure(res, o.target);
  return (await res.json()) as T;
}

/** A rest-json operation (SES v2, Scheduler): method and path, JSON in and out; `{}` for an empty answer. */
export async function awsRestJsonCall<T>(o: { service: string; envId: string; host: string; method: string; path: string; body?: unknown }): Promise<T> {
  const endpoint = endpointOverride(o.envId) ?? `https://${o.host}.${awsRegion()}.amazonaws.com`;
  const body = o.body === undefined ? undefined : JSON.stringify(o.body);
  const res = await awsFetch(o.service, `${endpoint}${o.path}`, {
    method: o.method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      // The payload hash, signed, as the SDK sends it: a verifier (the emulator's) then need not
      // rebuild the body of a GET or DELETE to check the signature.
      'x-amz-content-sha256': createHash('sha256').update(body ?? '').digest('hex'),
    },
    body,
  });
  if (!res.ok) throw await jsonFailure(res, `${o.method} ${o.path.split('?')[0]}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : {}) as T;
}
