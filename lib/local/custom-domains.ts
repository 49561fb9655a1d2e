import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import * as entities from '../../lambdas/domains/domains.entities.ts';

/** Whether the local SES stand-ins take mail for a domain other than the mail domain. */
export type AcceptsDomain = (domain: string) => Promise<boolean>;

/**
 * SES receives mail for every domain identity verified in the account (the receipt rule names no
 * recipients: docs/decisions.md, Custom domains). Locally, a custom domain is such an identity
 * once Mailroom has verified it: its name claim in the table says so.
 */
export function verifiedCustomDomains(tableName: string): AcceptsDomain {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  return async (domain) => {
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: entities.domainNameKey(domain.toLowerCase()), ConsistentRead: true }));
    return Item?.status === 'verified';
  };
}
