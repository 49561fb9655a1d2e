/**
 * The deployed bundles mark the MCP SDK's module-level protocol schemas pure, so esbuild leaves
 * out the ones our server never reaches (lib/bundle-pure-constants.ts). These tests check the
 * rewrite itself, that it shrinks the mcp bundle, and that the bundled MCP server still serves:
 * the SDK's own client connects over real HTTP, lists the same tools as the source, and gets a
 * tool error back for a tool that does not exist.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { build, type Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleHandler, lambdaBuildOptions } from '../../bench/lib/esbuild-options.ts';
import { lambdaEnv } from '../../bench/sections/bundles.ts';
import { markConstantsPure } from '../../lib/bundle-pure-constants.ts';
import { toolBindings } from '../../lambdas/mcp/tools.ts';

const root = resolve(import.meta.dirname, '../..');
let dir: string;
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'mailroom-pure-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const typesJsBytes = (meta: Metafile) =>
  Object.values(meta.outputs).flatMap((o) => Object.entries(o.inputs))
    .filter(([path]) => path.endsWith('@modelcontextprotocol/sdk/dist/esm/types.js'))
    .reduce((sum, [, i]) => sum + i.bytesInOutput, 0);

describe('markConstantsPure', () => {
  it('wraps the call that builds each top-level constant, and nothing else', async () => {
    const source = [
      "import * as z from 'zod/v4';",
      'export const A = z.object({ a: z.string() });',
      'const B = A.extend({ b: z.number() }).describe("b");',
      "export const VERSION = '1';",
      'export let C = z.string();',
      'export function f() { const D = z.string(); return D; }',
    ].join('\n');
    const out = await markConstantsPure(source, 'types.js');
    expect(out).toContain('export const A = /* @__PURE__ */ (() => z.object({ a: z.string() }))();');
    expect(out).toContain('const B = /* @__PURE__ */ (() => A.extend({ b: z.number() }).describe("b"))();');
    expect(out).toContain("export const VERSION = '1';");
    expect(out).toContain('export let C = z.string();');
    expect(out).toContain('export function f() { const D = z.string(); return D; }');
  });
});

describe('the bundled MCP server, without the protocol schemas it never reaches', () => {
  let child: ChildProcess | undefined;
  let client: Client | undefined;
  afterAll(async () => {
    await client?.close().catch(() => undefined);
    child?.kill();
  });

  it('carries about half of the SDK\'s types.js, and serves tools/list and tools/call to the SDK\'s client as the source does', async () => {
    const outdir = join(dir, 'mcp');
    const { meta } = await bundleHandler({ root, entry: 'lambdas/mcp/mcp.handler.ts', outdir, sourcemap: false });
    const all = await build({ ...lambdaBuildOptions({ root, entry: 'lambdas/mcp/mcp.handler.ts', outdir: join(dir, 'mcp-all'), sourcemap: false }), plugins: [] });
    expect(typesJsBytes(meta)).toBeGreaterThan(0);
    expect(typesJsBytes(meta)).toBeLessThan(0.75 * typesJsBytes(all.metafile!));

    // The bundle behind a plain HTTP server, as API Gateway would call it.
    const server = join(dir, 'serve.mjs');
    writeFileSync(server, `
      import { createServer } from 'node:http';
      const { handler } = await import(process.argv[2]);
      const server = createServer(async (req, res) => {
        const chunks = [];
        for await (const c of req) chunks.push(c);
        const url = new URL(req.url, 'http://localhost');
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]));
        const out = await handler({
          version: '2.0', rawPath: url.pathname, rawQueryString: url.search.slice(1), headers,
          body: Buffer.concat(chunks).toString(), isBase64Encoded: false,
          requestContext: { requestId: 'req-' + Math.random(), domainName: headers.host, http: { method: req.method, path: url.pathname, sourceIp: '127.0.0.1', userAgent: 'test' } },
        }, { awsRequestId: 'aws-req' });
        res.writeHead(out.statusCode, out.headers);
        res.end(out.body);
      });
      server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));
    `);
    child = spawn(process.execPath, [server, pathToFileURL(join(outdir, 'index.mjs')).href], {
      env: { ...lambdaEnv('mcp', false), LOG_LEVEL: 'error' }, stdio: ['ignore', 'pipe', 'inherit'],
    });
    const port = await new Promise<number>((resolvePort, reject) => {
      child!.once('exit', (code) => reject(new Error(`the bundled server exited with ${code}`)));
      createInterface({ input: child!.stdout! }).on('line', (l) => { const m = /^port (\d+)$/.exec(l); if (m) resolvePort(Number(m[1])); });
    });

    client = new Client({ name: 'mailroom-bundle-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
    const { tools } = await client.listTools();
    const source = [...(await toolBindings()).values()];
    expect(tools.map((t) => t.name)).toEqual(source.map((b) => b.tool.name));
    expect(tools.map((t) => t.inputSchema)).toEqual(source.map((b) => b.inputSchema));

    const missing = await client.callTool({ name: 'no_such_tool', arguments: {} }) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect(JSON.stringify(missing.content)).toContain('NOT_FOUND');
  });
});
