/**
 * SQS sends over aws4fetch (lambdas/platform/aws/fetch.ts), SQS's JSON protocol (awsJson 1.0, X-Amz-Target
 * AmazonSQS.<operation>) instead of @aws-sdk/client-sqs (~45 KB of every bundle that fans events
 * out; docs/decisions.md, "Bundles, AWS calls and observability"). Same command shape as the SDK's:
 * `sqsClient.send(new SendMessageBatchCommand({...}))`, same output, errors named by their code.
 * Not kept from the SDK: its MD5 check of the sent bodies (TLS already guards the bytes).
 */
import type {
  SendMessageBatchCommandInput, SendMessageBatchCommandOutput, SendMessageCommandInput, SendMessageCommandOutput,
} from '@aws-sdk/client-sqs';
import { awsJsonCall } from './fetch.ts';

abstract class SqsCommand<Input extends object, Output extends object> {
  abstract readonly operation: 'SendMessage' | 'SendMessageBatch';
  /** Never set: carries the output type to `send`. */
  declare readonly __output?: Output;
  constructor(readonly input: Input) {}
}

export class SendMessageCommand extends SqsCommand<SendMessageCommandInput, SendMessageCommandOutput> { readonly operation = 'SendMessage'; }
export class SendMessageBatchCommand extends SqsCommand<SendMessageBatchCommandInput, SendMessageBatchCommandOutput> { readonly operation = 'SendMessageBatch'; }

export const sqsClient = {
  send<I extends object, O extends object>(command: SqsCommand<I, O>): Promise<O> {
    return awsJsonCall<O>({ service: 'sqs', envId: 'SQS', host: 'sqs', target: `AmazonSQS.${command.operation}`, version: '1.0', body: command.input });
  },
};
