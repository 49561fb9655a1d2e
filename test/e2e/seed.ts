/**
 * Seeding an e2e inbox through the store (test/seed-store.ts) against the suite's stack: points
 * the store at the stack's table and emulator (it reads its environment at import), reads the
 * inbox record and seeds it.
 */
import { seedMessages, type SeedOptions, type SeedSpec } from '../seed-store.ts';
import { target, type CreatedInbox } from './client.ts';

export async function seedInbox(inbox: CreatedInbox, specs: SeedSpec[], opts: SeedOptions = {}) {
  const t = target();
  Object.assign(process.env, {
    TABLE_NAME: t.tableName, MAIL_DOMAIN: t.mailDomain, SITE_URL: t.siteUrl, AWS_ENDPOINT_URL: t.awsEndpoint, AWS_REGION: 'us-east-1',
    ...(t.awsCredentials ? { AWS_ACCESS_KEY_ID: t.awsCredentials.accessKeyId, AWS_SECRET_ACCESS_KEY: t.awsCredentials.secretAccessKey } : {}),
  });
  const { getInbox } = await import('../../lambdas/accounts/accounts.store.ts');
  return seedMessages((await getInbox(inbox.id))!, specs, opts);
}
