/**
 * The layout of lambdas/ as import rules, checked on the sources (issue 10 item 4, issue 24):
 * - `content/` is the pure mail-content library: it imports only itself;
 * - `platform/` is what every capability shares: it imports code only from itself and `content/`
 *   (the record types it carries, such as the caller's account and inbox, are erased at compile time);
 * - a capability's use cases and store code know no HTTP: only its entry points (`*.handler.ts`,
 *   `*.http.ts`), route rows, schemas and pages import `api/` or `platform/http/`;
 * - entry points (handlers, HTTP mappings, `api/`, pages, the MCP server) reach data through use
 *   cases: from store code (`*.store.ts`, `platform/dynamo/`) they import types, never code;
 * - a capability's entry points are its own: no other slice imports its handler or HTTP mapping
 *   (the MCP server, which runs the HTTP functions' handlers in-process, is the one composer);
 * - no import circle anywhere, and runtime code never imports the CDK app (lib/).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

interface ImportRef { from: string; target: string; typeOnly: boolean; line: number }

/** Every relative import, re-export and dynamic import() of one source, resolved to a repo path. */
export function importsOf(file: string, text: string): ImportRef[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const refs: ImportRef[] = [];
  const add = (spec: ts.Node, typeOnly: boolean) => {
    if (!ts.isStringLiteralLike(spec) || !spec.text.startsWith('.')) return;
    refs.push({
      from: file,
      target: relative(ROOT, resolve(dirname(resolve(ROOT, file)), spec.text)),
      typeOnly,
      line: sf.getLineAndCharacterOfPosition(spec.getStart()).line + 1,
    });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const c = node.importClause;
      const named = c?.namedBindings && ts.isNamedImports(c.namedBindings) ? c.namedBindings.elements : undefined;
      // `import type {…}`, or `import { type A, type B }` with nothing else: erased at compile time.
      const typeOnly = !!c && (c.isTypeOnly || (!c.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0]) {
      add(node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return refs;
}

function sourcesUnder(dir: string): string[] {
  const abs = resolve(ROOT, dir);
  let entries: string[];
  try {
    entries = readdirSync(abs);
  } catch {
    return []; // a folder that does not exist has nothing to break the rule
  }
  return entries.flatMap((name) => {
    const p = join(abs, name);
    if (statSync(p).isDirectory()) return sourcesUnder(relative(ROOT, p));
    return /\.(ts|mts|cts)$/.test(name) ? [relative(ROOT, p)] : [];
  });
}

const importsUnder = (dir: string) => sourcesUnder(dir).flatMap((f) => importsOf(f, readFileSync(resolve(ROOT, f), 'utf8')));
const inside = (target: string, dir: string) => target === dir || target.startsWith(`${dir}/`);
const show = (r: ImportRef) => `${r.from}:${r.line} imports ${r.target}`;

const SLICES = ['accounts', 'inboxes', 'messages', 'ingest', 'sending', 'events', 'domains', 'operators', 'discovery', 'mcp', 'testing'];
const sliceOf = (path: string) => SLICES.find((sl) => inside(path, `lambdas/${sl}`));
const isEntryPoint = (f: string) => /\.(handler|http)\.ts$/.test(f) || inside(f, 'lambdas/api') || inside(f, 'lambdas/operators/pages') || inside(f, 'lambdas/mcp');
/** Files that describe or serve HTTP: entry points, route rows, request and response schemas. */
const speaksHttp = (f: string) => isEntryPoint(f) || /\.(routes|schemas|responses)\.ts$/.test(f) || inside(f, 'lambdas/discovery');
const isStoreCode = (f: string) => f.endsWith('.store.ts') || inside(f, 'lambdas/platform/dynamo');

/** Import circles among the given imports (each as the files around it), found by depth-first search. */
export function circles(refs: readonly ImportRef[]): string[][] {
  const next = new Map<string, string[]>();
  for (const r of refs) next.set(r.from, [...(next.get(r.from) ?? []), r.target]);
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    stack.push(f);
    for (const t of next.get(f) ?? []) {
      if (state.get(t) === 'open') found.push([...stack.slice(stack.indexOf(t)), t]);
      else if (!state.has(t)) visit(t);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of [...next.keys()].sort()) if (!state.has(f)) visit(f);
  return found;
}

/** What the rules forbid, as a list of offending imports (empty when the code keeps them); one scan. */
let scanned: ReturnType<typeof scan> | undefined;
const violations = () => (scanned ??= scan());
function scan() {
  const all = importsUnder('lambdas');
  return {
    contentImportsOthers: all.filter((r) => inside(r.from, 'lambdas/content') && !inside(r.target, 'lambdas/content')).map(show),
    platformImportsSlices: all.filter((r) => inside(r.from, 'lambdas/platform') && !r.typeOnly && !inside(r.target, 'lambdas/platform') && !inside(r.target, 'lambdas/content')).map(show),
    useCasesImportHttp: all.filter((r) => sliceOf(r.from) && !speaksHttp(r.from)
      && (inside(r.target, 'lambdas/api') || inside(r.target, 'lambdas/platform/http') || /\.(http|handler)\.ts$/.test(r.target))).map(show),
    entryPointsImportStoreCode: all.filter((r) => isEntryPoint(r.from) && isStoreCode(r.target) && !r.typeOnly).map(show),
    entryPointsOfOtherSlices: all.filter((r) => /\.(http|handler)\.ts$/.test(r.target) && sliceOf(r.target) !== sliceOf(r.from) && !inside(r.from, 'lambdas/mcp')).map(show),
    circles: circles(all).map((c) => c.join(' → ')),
    runtimeImportsLib: all.filter((r) => inside(r.target, 'lib')).map(show),
  };
}

describe('layering of lambdas/ (import rules)', () => {
  it('the scanner sees value, type-only, re-exported and dynamic imports (a rule it cannot see could never fail)', () => {
    const sample = [
      "import { a } from '../platform/http/types.ts';",
      "import type { B } from '../messages/messages.entities.ts';",
      "import { type C, type D } from '../messages/messages.entities.ts';",
      "import { type E, f } from '../messages/messages.store.ts';",
      "export { g } from '../../lib/local/x.ts';",
      "const h = await import('../messages/blobs.store.ts');",
      "let i: import('./inboxes.entities.ts').InboxRecord;",
      "import { z } from 'zod';",
    ].join('\n');
    expect(importsOf('lambdas/inboxes/x.ts', sample).map(({ target, typeOnly, line }) => ({ target, typeOnly, line }))).toEqual([
      { target: 'lambdas/platform/http/types.ts', typeOnly: false, line: 1 },
      { target: 'lambdas/messages/messages.entities.ts', typeOnly: true, line: 2 },
      { target: 'lambdas/messages/messages.entities.ts', typeOnly: true, line: 3 },
      { target: 'lambdas/messages/messages.store.ts', typeOnly: false, line: 4 },
      { target: 'lib/local/x.ts', typeOnly: false, line: 5 },
      { target: 'lambdas/messages/blobs.store.ts', typeOnly: false, line: 6 },
      { target: 'lambdas/inboxes/inboxes.entities.ts', typeOnly: true, line: 7 },
    ]);
  });

  it('finds an import circle, and only a circle', () => {
    const ref = (from: string, target: string): ImportRef => ({ from, target, typeOnly: false, line: 1 });
    expect(circles([ref('a', 'b'), ref('b', 'c'), ref('c', 'a'), ref('c', 'd')])).toEqual([['a', 'b', 'c', 'a']]);
    expect(circles([ref('a', 'b'), ref('a', 'c'), ref('b', 'c')])).toEqual([]);
  });

  it('scans the real tree: the platform, the content library and every slice have sources', () => {
    for (const dir of ['lambdas/platform', 'lambdas/content', 'lambdas/api', ...SLICES.map((sl) => `lambdas/${sl}`)]) {
      expect(sourcesUnder(dir).length, dir).toBeGreaterThan(0);
    }
  });

  it('the mail-content library imports only itself', () => {
    expect(violations().contentImportsOthers).toEqual([]);
  });

  it('the platform imports code only from itself and the content library, never from a capability (types of the records it carries are erased)', () => {
    expect(violations().platformImportsSlices).toEqual([]);
  });

  it('use cases and store code import no HTTP: only entry points, route rows and schemas do', () => {
    expect(violations().useCasesImportHttp).toEqual([]);
  });

  it('handlers, HTTP mappings, the pipeline, pages and the MCP server import no store code, only record types', () => {
    expect(violations().entryPointsImportStoreCode).toEqual([]);
  });

  it('no slice imports another slice\'s handler or HTTP mapping (the MCP server composes handlers)', () => {
    expect(violations().entryPointsOfOtherSlices).toEqual([]);
  });

  it('no import circle anywhere under lambdas/', () => {
    expect(violations().circles).toEqual([]);
  });

  it('no file under lambdas/ imports lib/ (runtime code never loads the CDK app)', () => {
    expect(violations().runtimeImportsLib).toEqual([]);
  });
});
