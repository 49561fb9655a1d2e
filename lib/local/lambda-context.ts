import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

/** The Lambda context object a local invocation gets; `deadline` is when Lambda would end it (epoch ms). */
export function lambdaContext(functionName: string, o: { requestId?: string; deadline?: number; memoryMb?: number } = {}): Context {
  const deadline = o.deadline ?? Date.now() + 30_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName, functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: String(o.memoryMb ?? 512), awsRequestId: o.requestId ?? randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`, logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined, fail: () => undefined, succeed: () => undefined,
  };
}
