/**
 * Lambda Invoke over aws4fetch, as every AWS call of the functions (lambdas/platform/aws/fetch.ts):
 * a synchronous (RequestResponse) invocation answers the function's result. AWS_ENDPOINT_URL_LAMBDA
 * overrides the endpoint (the local stack serves the Invoke API beside its HTTP API).
 */
import { AwsError, awsFetch, awsRegion, endpointOverride } from './fetch.ts';

/** The result of a synchronous invocation; a function error (X-Amz-Function-Error) throws, naming it. */
export async function invokeFunction<T>(functionArn: string, payload: unknown): Promise<T> {
  const endpoint = endpointOverride('LAMBDA') ?? `https://lambda.${awsRegion()}.amazonaws.com`;
  const res = await awsFetch('lambda', `${endpoint}/2015-03-31/functions/${encodeURIComponent(functionArn)}/invocations`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-amz-invocation-type': 'RequestResponse' }, body: JSON.stringify(payload),
  });
  const text = await res.text();
  if (!res.ok) {
    const code = res.headers.get('x-amzn-errortype')?.split(':')[0] ?? `Http${res.status}`;
    throw new AwsError(code, res.status, `Lambda Invoke: ${code}: ${text.slice(0, 300)}`);
  }
  const functionError = res.headers.get('x-amz-function-error');
  if (functionError) throw new AwsError(`Function${functionError}`, 200, `Lambda Invoke: the function failed: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}
