/**
 * The MCP SDK's own client against the stack's /mcp endpoint, and readers for the two kinds of
 * tool result: plain ({result, next_steps}) and mail (a notice, the untrusted block, next_steps).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import { sandbox } from './sandbox.ts';

const clients: Client[] = [];

export async function connect(key: string): Promise<Client> {
  const client = new Client({ name: 'mailroom-sandbox-suite', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${sandbox().apiUrl}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  }));
  clients.push(client);
  return client;
}

export const call = (c: Client, name: string, args: Record<string, unknown>) => c.callTool({ name, arguments: args }) as Promise<CallToolResult>;
export const texts = (r: CallToolResult) => r.content.filter((c) => c.type === 'text').map((c) => (c as { text: string }).text);

/** A plain tool result: {result, next_steps}. */
export function plain(r: CallToolResult): { result: any; next_steps: string[] } {
  expect(r.isError, texts(r).join('\n')).toBeFalsy();
  return JSON.parse(texts(r)[0]!);
}

/** A mail tool result: a notice, the JSON inside the untrusted block, then next_steps. */
export function untrusted(r: CallToolResult): { notice: string; block: string; result: any; steps: string } {
  expect(r.isError, texts(r).join('\n')).toBeFalsy();
  const [notice, block, steps = ''] = texts(r);
  const m = /^<untrusted-mail-content boundary="([0-9a-f]+)">\n([\s\S]*)\n<\/untrusted-mail-content boundary="\1">$/.exec(block!);
  expect(m, block).not.toBeNull();
  return { notice: notice!, block: block!, result: JSON.parse(m![2]!), steps };
}

/** afterAll: every client this file connected. */
export async function closeClients() {
  for (const c of clients.splice(0)) await c.close().catch(() => undefined);
}
