/**
 * The layers of lambdas/ as import rules, checked on the sources (issue 10, item 4):
 * - use cases know no HTTP: nothing under lambdas/usecases (or a lambdas/services that comes
 *   back) imports lambdas/http/;
 * - the entry points — the HTTP pipeline (lambdas/http) and mapping (lambdas/api), handlers (the
 *   background functions among them), pages and the MCP server — reach data through use cases:
 *   from lambdas/store/ they may import types (record shapes), never code;
 * - runtime code never imports the CDK app: nothing under lambdas/ imports lib/.
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

/** What the rules forbid, as a list of offending imports (empty when the code keeps them); one scan. */
let scanned: ReturnType<typeof scan> | undefined;
const violations = () => (scanned ??= scan());
function scan() {
  return {
    useCasesImportHttp: ['lambdas/usecases', 'lambdas/services'].flatMap(importsUnder)
      .filter((r) => inside(r.target, 'lambdas/http')).map(show),
    entryPointsImportStoreCode: ['lambdas/http', 'lambdas/api', 'lambdas/handlers', 'lambdas/pages', 'lambdas/mcp'].flatMap(importsUnder)
      .filter((r) => inside(r.target, 'lambdas/store') && !r.typeOnly).map(show),
    runtimeImportsLib: importsUnder('lambdas').filter((r) => inside(r.target, 'lib')).map(show),
  };
}

describe('layering of lambdas/ (import rules)', () => {
  it('the scanner sees value, type-only, re-exported and dynamic imports (a rule it cannot see could never fail)', () => {
    const sample = [
      "import { a } from '../http/types.ts';",
      "import type { B } from '../store/records.ts';",
      "import { type C, type D } from '../store/records.ts';",
      "import { type E, f } from '../store/messages.ts';",
      "export { g } from '../../lib/local/x.ts';",
      "const h = await import('../store/blobs.ts');",
      "let i: import('../store/records.ts').InboxRecord;",
      "import { z } from 'zod';",
    ].join('\n');
    expect(importsOf('lambdas/usecases/x.ts', sample).map(({ target, typeOnly, line }) => ({ target, typeOnly, line }))).toEqual([
      { target: 'lambdas/platform/http/types.ts', typeOnly: false, line: 1 },
      { target: 'lambdas/platform/dynamo/records.ts', typeOnly: true, line: 2 },
      { target: 'lambdas/platform/dynamo/records.ts', typeOnly: true, line: 3 },
      { target: 'lambdas/messages/messages.store.ts', typeOnly: false, line: 4 },
      { target: 'lib/local/x.ts', typeOnly: false, line: 5 },
      { target: 'lambdas/messages/blobs.store.ts', typeOnly: false, line: 6 },
      { target: 'lambdas/platform/dynamo/records.ts', typeOnly: true, line: 7 },
    ]);
  });

  it('scans the real tree: every layer has sources', () => {
    for (const dir of ['lambdas/usecases', 'lambdas/http', 'lambdas/api', 'lambdas/handlers', 'lambdas/pages', 'lambdas/mcp']) {
      expect(sourcesUnder(dir).length, dir).toBeGreaterThan(0);
    }
  });

  it('no use case imports lambdas/http/: use cases take typed inputs and know no HTTP', () => {
    expect(violations().useCasesImportHttp).toEqual([]);
  });

  it('the HTTP pipeline and mapping, handlers (the background functions too), pages and the MCP server import no store code, only record types', () => {
    expect(violations().entryPointsImportStoreCode).toEqual([]);
  });

  it('no file under lambdas/ imports lib/ (runtime code never loads the CDK app)', () => {
    expect(violations().runtimeImportsLib).toEqual([]);
  });
});
