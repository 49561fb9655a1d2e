import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { DescribeActiveReceiptRuleSetCommand, SESClient, type ReceiptRule } from '@aws-sdk/client-ses';
import * as entities from '../../lambdas/domains/domains.entities.ts';

/** Whether the local SES stand-ins take mail for a domain. */
export type AcceptsDomain = (domain: string) => Promise<boolean>;

/** Whether an enabled rule takes mail for the domain: a recipient that is the domain, or `.<parent>` for a subdomain. SES's matching. */
export const ruleTakes = (rule: ReceiptRule, domain: string) => rule.Enabled !== false
  && (!rule.Recipients?.length || rule.Recipients.some((r) => r.toLowerCase() === domain || (r.startsWith('.') && domain.endsWith(r.toLowerCase()))));

/**
 * What SES receives, as the emulator's state says: a domain that an enabled rule of the active
 * receipt rule set names (the stack's rule names the mail domain; custom domains get theirs from
 * the domains function: lambdas/domains/receiving.ts), and that is a verified identity — the mail
 * domain, or a custom domain once Mailroom has verified it (its name claim in the table says so;
 * the emulator never verifies identities itself).
 */
export function receivedDomains(o: { tableName: string; mailDomain: string }): AcceptsDomain {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const ses = new SESClient({});
  return async (domain) => {
    const name = domain.toLowerCase();
    const { Rules } = await ses.send(new DescribeActiveReceiptRuleSetCommand({}));
    if (!(Rules ?? []).some((r) => ruleTakes(r, name))) return false;
    if (name === o.mailDomain) return true;
    const { Item } = await db.send(new GetCommand({ TableName: o.tableName, Key: entities.domainNameKey(name), ConsistentRead: true }));
    return Item?.status === 'verified';
  };
}
