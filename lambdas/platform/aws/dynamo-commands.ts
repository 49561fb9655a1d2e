/**
 * The DynamoDB document commands the store sends (`documentClient.send(new GetCommand({...}))`),
 * named and typed as @aws-sdk/lib-dynamodb's, without the SDK: each carries its input and the
 * DynamoDB operation it is; lambdas/platform/aws/dynamo.ts marshals, signs and sends it. The types are
 * lib-dynamodb's own (type-only imports: nothing of the SDK is bundled), so the store's code reads
 * and type-checks as it did with the SDK's document client (docs/decisions.md, "Bundles, AWS
 * calls and observability").
 */
import type {
  BatchGetCommandInput, BatchGetCommandOutput, BatchWriteCommandInput, BatchWriteCommandOutput,
  DeleteCommandInput, DeleteCommandOutput, GetCommandInput, GetCommandOutput, PutCommandInput, PutCommandOutput,
  QueryCommandInput, QueryCommandOutput, ScanCommandInput, ScanCommandOutput, TransactGetCommandInput,
  TransactGetCommandOutput, TransactWriteCommandInput, TransactWriteCommandOutput, UpdateCommandInput, UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { AwsError } from './fetch.ts';

/** The DynamoDB operations the commands map to (X-Amz-Target `DynamoDB_20120810.<operation>`). */
export type DynamoOperation = 'GetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'Query' | 'Scan'
  | 'TransactWriteItems' | 'TransactGetItems' | 'BatchGetItem' | 'BatchWriteItem';

/** A document command: native JavaScript values in, native values out (marshalled on the wire). */
export abstract class DynamoCommand<Input extends object, Output extends object> {
  abstract readonly operation: DynamoOperation;
  /** Never set: carries the output type to `send`. */
  declare readonly __output?: Output;
  constructor(readonly input: Input) {}
}

export class GetCommand extends DynamoCommand<GetCommandInput, GetCommandOutput> { readonly operation = 'GetItem'; }
export class PutCommand extends DynamoCommand<PutCommandInput, PutCommandOutput> { readonly operation = 'PutItem'; }
export class UpdateCommand extends DynamoCommand<UpdateCommandInput, UpdateCommandOutput> { readonly operation = 'UpdateItem'; }
export class DeleteCommand extends DynamoCommand<DeleteCommandInput, DeleteCommandOutput> { readonly operation = 'DeleteItem'; }
export class QueryCommand extends DynamoCommand<QueryCommandInput, QueryCommandOutput> { readonly operation = 'Query'; }
export class ScanCommand extends DynamoCommand<ScanCommandInput, ScanCommandOutput> { readonly operation = 'Scan'; }
export class TransactWriteCommand extends DynamoCommand<TransactWriteCommandInput, TransactWriteCommandOutput> { readonly operation = 'TransactWriteItems'; }
export class TransactGetCommand extends DynamoCommand<TransactGetCommandInput, TransactGetCommandOutput> { readonly operation = 'TransactGetItems'; }
export class BatchGetCommand extends DynamoCommand<BatchGetCommandInput, BatchGetCommandOutput> { readonly operation = 'BatchGetItem'; }
export class BatchWriteCommand extends DynamoCommand<BatchWriteCommandInput, BatchWriteCommandOutput> { readonly operation = 'BatchWriteItem'; }

/** One entry per transaction item: `Code` is ConditionalCheckFailed, TransactionConflict, None, … */
export interface CancellationReason {
  Code?: string;
  Message?: string;
  /** The item as stored (wire form), when ReturnValuesOnConditionCheckFailure asked for it. */
  Item?: Record<string, unknown>;
}

/** A cancelled TransactWriteItems/TransactGetItems, with the SDK's name and `CancellationReasons`. */
export class TransactionCanceledException extends AwsError {
  CancellationReasons?: CancellationReason[];
}
