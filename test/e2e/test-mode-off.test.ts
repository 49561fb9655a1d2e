/**
 * A stack not in test mode (`npm start -- --no-test-mode`, as a production stack): every test-mode
 * route answers 404 NOT_FOUND, like any unknown path, and its MCP server lists no test-mode tool.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../lambdas/routes.ts';
import { TEST_KNOBS } from '../../lambdas/functions.ts';
import { api, newAccount, startExtraStack, type ExtraStack } from './client.ts';

describe('a stack not in test mode (npm start -- --no-test-mode)', () => {
  let stack: ExtraStack;
  beforeAll(async () => {
    // The test knobs are refused without test mode: none reaches this stack.
    const noKnobs = Object.fromEntries(Object.values(TEST_KNOBS).map((k) => [k.env, undefined]));
    stack = await startExtraStack(noKnobs, ['--no-test-mode']);
  }, 90_000);
  afterAll(async () => { await stack?.stop(); });

  it('answers 404 NOT_FOUND on every test-mode route, with a key that works elsewhere', async () => {
    const inbox = await newAccount(undefined, stack.apiUrl);
    const flagged = routes.filter((r) => r.testMode);
    expect(flagged.length).toBeGreaterThan(0);
    for (const r of flagged) {
      const path = r.path.replace(/\{[^}]+\}/g, (p) => (p === '{id}' && r.path.startsWith('/v1/inboxes/') ? inbox.id : 'x'));
      const res = await api(r.method, path, { key: inbox.account_api_key, baseUrl: stack.apiUrl, ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { body: {} }) });
      expect([res.status, res.body?.error], `${r.method} ${path}`).toEqual([404, 'NOT_FOUND']);
    }
    // The same key reads the inbox: the 404s are the routes', not the key's.
    expect((await api('GET', `/v1/inboxes/${inbox.id}`, { key: inbox.api_key, baseUrl: stack.apiUrl })).status).toBe(200);
  });

  it('lists no test-mode tool on its MCP server', async () => {
    const client = new Client({ name: 'mailroom-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${stack.apiUrl}/mcp`)));
    try {
      const { tools } = await client.listTools();
      expect(tools.length).toBeGreaterThan(10);
      expect(tools.map((t) => t.name)).not.toContain('simulate_inbound');
    } finally {
      await client.close();
    }
  });
});
