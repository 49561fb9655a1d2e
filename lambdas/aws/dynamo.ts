import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Built once per container. The endpoint comes from AWS_ENDPOINT_URL when set (the emulator);
 * otherwise the SDK's normal resolution applies.
 */
export const dynamoClient = new DynamoDBClient({});

/** DynamoDB round trips made by this process; the benchmark reads it per request. */
export const dynamoCalls = { count: 0, byCommand: {} as Record<string, number> };
dynamoClient.middlewareStack.add(
  (next, context) => async (args) => {
    dynamoCalls.count += 1;
    const name = context.commandName ?? 'unknown';
    dynamoCalls.byCommand[name] = (dynamoCalls.byCommand[name] ?? 0) + 1;
    return next(args);
  },
  { step: 'initialize', name: 'countDynamoCalls' },
);

export const documentClient = DynamoDBDocumentClient.from(dynamoClient, {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});
