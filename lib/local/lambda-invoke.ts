/**
 * The Lambda Invoke API of the local stack (`POST /2015-03-31/functions/{name}/invocations`),
 * served beside the HTTP API: a function that invokes another (simulated mail invokes ingest)
 * calls it as deployed (lambdas/platform/aws/lambda.ts, AWS_ENDPOINT_URL_LAMBDA), and the local
 * host runs the function named. As IAM does in AWS, only the identities granted
 * lambda:InvokeFunction (SigV4 key ids) may call it, and only on the functions of their grant; a
 * function error answers 200 with X-Amz-Function-Error: Unhandled, as Lambda does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FUNCTIONS, type FunctionName } from '../../lambdas/functions.ts';

const PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

export interface LambdaInvokeStandIn {
  /** Answers the request if it is an Invoke call; false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
}

export function createLambdaInvokeStandIn(o: {
  invoke: (name: FunctionName, event: unknown) => Promise<unknown>;
  /** Key ids of the identities allowed to invoke (undefined: anyone, as with an external emulator). */
  allowedKeyIds?: ReadonlySet<string>;
  /** The functions their grant names (SES_PATH_TARGETS); any other is refused as IAM refuses it. */
  targets?: readonly FunctionName[];
}): LambdaInvokeStandIn {
  return {
    handle(req, res) {
      const m = PATH.exec(new URL(req.url ?? '/', 'http://local').pathname);
      if (!m || req.method !== 'POST') return false;
      const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body ?? null));
      };
      const keyId = /Credential=([^/,\s]+)\//.exec(req.headers.authorization ?? '')?.[1];
      // A function ARN or name: the catalogue name is what follows the stack's prefix.
      const target = decodeURIComponent(m[1]!).split(':').pop()!;
      const name = (Object.keys(FUNCTIONS) as FunctionName[]).sort((a, b) => b.length - a.length)
        .find((n) => target === n || target.endsWith(`-${n}`));
      if ((o.allowedKeyIds && (!keyId || !o.allowedKeyIds.has(keyId))) || (o.targets && name && !o.targets.includes(name))) {
        answer(403, { Message: `User ${keyId ?? '(anonymous)'} is not authorized to perform: lambda:InvokeFunction on ${target}` }, { 'x-amzn-errortype': 'AccessDeniedException' });
        return true;
      }
      if (!name) {
        answer(404, { Message: `Function not found: ${target}` }, { 'x-amzn-errortype': 'ResourceNotFoundException' });
        return true;
      }
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        let event: unknown;
        try {
          event = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
        } catch {
          answer(400, { Message: 'Could not parse request body into json' }, { 'x-amzn-errortype': 'InvalidRequestContentException' });
          return;
        }
        o.invoke(name, event).then(
          (result) => answer(200, result),
          (e: Error) => answer(200, { errorType: e.name, errorMessage: e.message }, { 'x-amz-function-error': 'Unhandled' }),
        );
      });
      return true;
    },
  };
}
