/**
 * The regex budget (test/unit/regex-budget.test.ts), part one: find every regular expression in a
 * source tree.
 *
 * Patterns are found on the sources, not listed by hand, so a pattern added tomorrow is covered
 * without editing the test: regex literals are read from the syntax tree; `new RegExp(…)` and
 * `RegExp(…)` calls are found there too, and their patterns are recorded from the constructor
 * itself while the modules load (the arguments are often built from word lists at load time).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

export const ROOT = resolve(import.meta.dirname, '../..');

/** Where a pattern is written, and under which name (its constant, property or function). */
export interface RegexSite {
  file: string;
  line: number;
  column: number;
  kind: 'literal' | 'constructor';
  /** The constant, property or function the pattern belongs to, for messages and the cap table. */
  name: string;
  /** A literal's compiled pattern; constructor sites get theirs from `recordConstructedPatterns`. */
  regex?: RegExp;
}

export function sourceFiles(dir: string): string[] {
  return readdirSync(resolve(ROOT, dir)).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(resolve(ROOT, path)).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
  }).sort();
}

/** The enclosing declarations' names, outermost first ("isMobileSignature.t"): what a reader calls the pattern. */
function nameOf(node: ts.Node): string {
  const names: string[] = [];
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if ((ts.isVariableDeclaration(n) || ts.isPropertyAssignment(n) || ts.isFunctionDeclaration(n)
      || ts.isMethodDeclaration(n) || ts.isPropertyDeclaration(n)) && n.name && ts.isIdentifier(n.name)) names.unshift(n.name.text);
  }
  return names.join('.') || '(module)';
}

/** Every regex literal and RegExp constructor call in the given sources. */
export function findRegexSites(files: string[]): RegexSite[] {
  const sites: RegexSite[] = [];
  for (const file of files) {
    const sf = ts.createSourceFile(file, readFileSync(resolve(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const at = (node: ts.Node) => {
      const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
      return { file, line: line + 1, column: character + 1, name: nameOf(node) };
    };
    const visit = (node: ts.Node) => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(sf);
        const end = text.lastIndexOf('/');
        sites.push({ ...at(node), kind: 'literal', regex: new RegExp(text.slice(1, end), text.slice(end + 1)) });
      } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)
        && ['match', 'matchAll', 'search'].includes(node.expression.name.text) && node.arguments[0]
        && ts.isStringLiteralLike(node.arguments[0])) {
        // `s.match('…')` and `s.search('…')` compile their string argument as a pattern.
        sites.push({ ...at(node), kind: 'literal', regex: new RegExp(node.arguments[0].text) });
      } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression)
        && node.expression.text === 'RegExp') {
        sites.push({ ...at(node), kind: 'constructor' });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return sites;
}

/**
 * Runs `load` with the global RegExp constructor wrapped, and returns each pattern built directly
 * by code in `dir`, keyed "file:line:column" of the call (stack traces are source-mapped). The
 * constructor is restored before returning.
 */
export async function recordConstructedPatterns(files: readonly string[], load: () => Promise<unknown>): Promise<Map<string, RegExp[]>> {
  const seen = new Map<string, RegExp[]>();
  const Original = globalThis.RegExp;
  const watched = new Set(files.map((f) => resolve(ROOT, f)));
  let inside = false;
  const record = (made: RegExp) => {
    // The stack trace's own machinery (source maps) builds patterns too: not ours to record.
    if (inside) return made;
    inside = true;
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 4;
    let stack: string;
    try {
      stack = new Error().stack ?? '';
    } finally {
      Error.stackTraceLimit = limit;
      inside = false;
    }
    // Frame 0 is this trap; the next frame outside this file is the code that called the constructor.
    const caller = stack.split('\n').slice(1).find((l) => !l.includes(import.meta.filename));
    const m = caller && /\(?((?:file:\/\/)?\/[^():]+):(\d+):(\d+)\)?\s*$/.exec(caller);
    if (!m) return made;
    const path = m[1]!.replace(/^file:\/\//, '');
    if (!watched.has(path)) return made;
    const key = `${relative(ROOT, path)}:${m[2]}:${m[3]}`;
    seen.set(key, [...(seen.get(key) ?? []), new Original(made.source, made.flags)]);
    return made;
  };
  globalThis.RegExp = new Proxy(Original, {
    construct: (target, args, newTarget) => record(Reflect.construct(target, args, newTarget) as RegExp),
    apply: (target, self, args) => record(Reflect.apply(target, self, args) as RegExp),
  });
  try {
    await load();
  } finally {
    globalThis.RegExp = Original;
  }
  return seen;
}

