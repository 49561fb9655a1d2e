/**
 * The SDK's types come from the API's single source: regenerating openapi.json and the types
 * from the route table and its zod schemas must give exactly what is committed. A failure here
 * means a schema changed without `npm run sdk:generate`.
 */
import { describe, expect, it } from 'vitest';
import { generate, readCommitted } from '../scripts/generate.ts';

describe('generated SDK sources', () => {
  it('sdk/openapi.json and sdk/src/generated/schema.ts match a fresh generation (run `npm run sdk:generate` if not)', async () => {
    const fresh = await generate();
    const committed = readCommitted();
    expect(committed.openapi === fresh.openapi, 'sdk/openapi.json is stale').toBe(true);
    expect(committed.types === fresh.types, 'sdk/src/generated/schema.ts is stale').toBe(true);
  });

  it('the types name the resources a user works with', async () => {
    const { types } = await generate();
    for (const name of ['Message', 'Inbox', 'InboxCreated', 'Thread', 'Draft', 'Webhook', 'WebhookWithSecret', 'SendMessageRequest']) {
      expect(types, name).toContain(`export type ${name} = components['schemas']['${name}'];`);
    }
    // Query booleans are booleans for the client too.
    expect(types).toMatch(/unread_only\?: boolean;/);
  });
});
