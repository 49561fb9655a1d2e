/**
 * Dependencies whose module-level constants the bundle may drop when nothing uses them: the
 * initializer of each top-level `const X = f(…)` of these files is wrapped in an arrow function
 * called at once and annotated `@__PURE__`, which tells esbuild that building X has no effect
 * beyond X, so an X no code reaches is left out of the bundle (tree shaking), and so is the work
 * of building it at every cold start.
 *
 * Why: the MCP SDK's `types.js` builds every schema of the protocol with zod at import (~170,
 * client and server side alike) and marks none of them pure, so a bundle keeps and builds them all;
 * our server reaches about half. Building them was the larger part of the mcp function's cold
 * import (docs/decisions.md, "Bundles, AWS calls and observability"). A constant that is reached
 * is built exactly as before, in the same order; the only effect of building one of these schemas
 * besides its value is an entry in zod's metadata registry for a `.describe()`d one, which no code
 * reads for a schema nobody holds.
 *
 * An esbuild plugin, so the asynchronous build API only: lib/bundle-options.ts runs the CDK's
 * synchronous bundling in a child process for that reason.
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

/** The files, as the end of their resolved path (forward slashes). */
export const PURE_CONSTANT_MODULES: readonly string[] = [
  'node_modules/@modelcontextprotocol/sdk/dist/esm/types.js',
];

/** `source` with each top-level constant whose initializer is a call wrapped in a pure IIFE. */
export async function markConstantsPure(source: string, fileName: string): Promise<string> {
  const ts = (await import('typescript')).default;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const spans: [number, number][] = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const d of statement.declarationList.declarations) {
      if (d.initializer && ts.isCallExpression(d.initializer)) spans.push([d.initializer.getStart(file), d.initializer.getEnd()]);
    }
  }
  let out = source;
  for (const [start, end] of spans.reverse()) {
    out = `${out.slice(0, start)}/* @__PURE__ */ (() => ${out.slice(start, end)})()${out.slice(end)}`;
  }
  return out;
}

export function pureConstantsPlugin(modules: readonly string[] = PURE_CONSTANT_MODULES): Plugin {
  const escaped = modules.map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('/', '[\\\\/]'));
  return {
    name: 'mailroom-pure-constants',
    setup(build) {
      build.onLoad({ filter: new RegExp(`(?:${escaped.join('|')})$`) }, async (args) => ({
        contents: await markConstantsPure(await readFile(args.path, 'utf8'), args.path),
        loader: 'js',
      }));
    },
  };
}
