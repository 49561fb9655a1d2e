/**
 * Regenerates what the SDK takes from the API's single source (the route table and its zod
 * schemas): sdk/openapi.json, the TypeScript types in sdk/src/generated/schema.ts and the Python
 * SDK's models in sdk/python/src/mailroom/_models.py.
 * `npm run sdk:generate` writes them; the drift test compares them with a fresh generation.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildOpenApi } from '../../lambdas/discovery/openapi.ts';

/** The server the published document names: the local stack's default address. */
export const SDK_DEFAULT_API_URL = 'http://localhost:3000';

const root = resolve(import.meta.dirname, '..');
export const GENERATED = {
  openapi: resolve(root, 'openapi.json'),
  types: resolve(root, 'src/generated/schema.ts'),
  python: resolve(root, 'python/src/mailroom/_models.py'),
};

export async function generate(): Promise<{ openapi: string; types: string; python: string }> {
  const doc = await buildOpenApi(SDK_DEFAULT_API_URL);
  const openapi = `${JSON.stringify(doc, null, 2)}\n`;
  const ast = await openapiTS(structuredClone(doc) as never, {
    // `Message`, `Inbox`, … as top-level exports besides components['schemas'][…].
    rootTypes: true,
    rootTypesNoSchemaPrefix: true,
    // A request field with a default may be left out; it is not "always present".
    defaultNonNullable: false,
    silent: true,
  });
  const header = '/**\n * Generated from openapi.json by openapi-typescript (npm run sdk:generate). Do not edit.\n */\n\n';
  return { openapi, types: header + astToString(ast), python: pythonModels(doc as unknown as OpenApiDoc) };
}

export const readCommitted = () => ({
  openapi: readFileSync(GENERATED.openapi, 'utf8'),
  types: readFileSync(GENERATED.types, 'utf8'),
  python: readFileSync(GENERATED.python, 'utf8'),
});

// ---------------------------------------------------------------------------------------------
// Python models: sdk/python/src/mailroom/_models.py, TypedDicts for every component schema, a
// query TypedDict per operation that takes query parameters, and OPERATIONS (operationId →
// method and path) that the Python client builds its requests from. Python 3.9 syntax: no
// `X | Y`, no Required[]: a schema with required and optional keys is two TypedDicts merged.

type JsonSchema = {
  type?: string; enum?: unknown[]; nullable?: boolean; $ref?: string; allOf?: JsonSchema[]; anyOf?: JsonSchema[]; oneOf?: JsonSchema[];
  items?: JsonSchema; properties?: Record<string, JsonSchema>; required?: string[]; additionalProperties?: boolean | JsonSchema; description?: string;
};
type OpenApiDoc = {
  components: { schemas: Record<string, JsonSchema> };
  paths: Record<string, Record<string, { operationId?: string; summary?: string; parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema; description?: string }[] }>>;
};

const PY_KEYWORDS = new Set(['False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue', 'def', 'del', 'elif', 'else', 'except',
  'finally', 'for', 'from', 'global', 'if', 'import', 'in', 'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with', 'yield']);
const pascal = (s: string) => s.replace(/(^|[_\-\s])(\w)/g, (_, __, c: string) => c.toUpperCase()).replace(/^\w/, (c) => c.toUpperCase());
const pyString = (s: string) => JSON.stringify(s);
const pyLiteral = (v: unknown) => (v === true ? 'True' : v === false ? 'False' : v === null ? 'None' : JSON.stringify(v));
const comment = (text: string | undefined, indent: string) =>
  text ? `${indent}# ${text.replace(/\s+/g, ' ').trim()}\n` : '';

export function pythonModels(doc: OpenApiDoc): string {
  const out: string[] = [];
  const pending: { name: string; schema: JsonSchema }[] = [];

  const typeOf = (s: JsonSchema, hint: string): string => {
    const base = ((): string => {
      if (s.$ref) return s.$ref.split('/').pop()!;
      if (s.allOf?.length === 1) return typeOf(s.allOf[0]!, hint);
      const union = s.anyOf ?? s.oneOf;
      if (union) return `Union[${union.map((u, i) => typeOf(u, `${hint}${i}`)).join(', ')}]`;
      if (s.enum) return `Literal[${s.enum.map(pyLiteral).join(', ')}]`;
      switch (s.type) {
        case 'string': return 'str';
        case 'integer': return 'int';
        case 'number': return 'float';
        case 'boolean': return 'bool';
        case 'array': return `List[${s.items ? typeOf(s.items, `${hint}Item`) : 'Any'}]`;
        case 'object':
          if (s.properties && Object.keys(s.properties).length) { pending.push({ name: hint, schema: s }); return hint; }
          if (s.additionalProperties && typeof s.additionalProperties === 'object') return `Dict[str, ${typeOf(s.additionalProperties, `${hint}Value`)}]`;
          return 'Dict[str, Any]';
        default: return 'Any';
      }
    })();
    return s.nullable ? `Optional[${base}]` : base;
  };

  /** A TypedDict: class syntax when every key is an identifier, else the functional form. */
  const typedDict = (name: string, s: JsonSchema) => {
    const props = Object.entries(s.properties ?? {});
    const required = new Set(s.required ?? []);
    const fields = props.map(([key, p]) => ({ key, type: typeOf(p, `${name}${pascal(key)}`), description: p.description, required: required.has(key) }));
    const doc = s.description ? `    """${s.description.replace(/\s+/g, ' ').trim().replace(/"""/g, "'''")}"""\n` : '';
    const identifiers = fields.every((f) => /^[A-Za-z_]\w*$/.test(f.key) && !PY_KEYWORDS.has(f.key));
    const req = fields.filter((f) => f.required);
    const opt = fields.filter((f) => !f.required);
    if (identifiers) {
      const body = (fs: typeof fields) => fs.map((f) => `${comment(f.description, '    ')}    ${f.key}: ${f.type}\n`).join('');
      if (req.length && opt.length) {
        out.push(`class _${name}Required(TypedDict):\n${body(req)}\n\nclass ${name}(_${name}Required, total=False):\n${doc}${body(opt)}`);
      } else {
        out.push(`class ${name}(TypedDict${req.length ? '' : ', total=False'}):\n${doc}${body(fields) || '    pass\n'}`);
      }
      return;
    }
    // Keys such as `from` cannot be class attributes; the functional form evaluates its types at
    // import time, so they are quoted (forward references to classes defined further down).
    const dict = (fs: typeof fields) => `{\n${fs.map((f) => `${comment(f.description, '    ')}    ${pyString(f.key)}: ${pyString(f.type)},\n`).join('')}}`;
    if (!req.length || !opt.length) {
      out.push(`${comment(s.description, '')}${name} = TypedDict(${pyString(name)}, ${dict(fields)}${req.length ? '' : ', total=False'})\n`);
      return;
    }
    out.push(`_${name}Required = TypedDict(${pyString(`_${name}Required`)}, ${dict(req)})\n\n_${name}Optional = TypedDict(${pyString(`_${name}Optional`)}, ${dict(opt)}, total=False)\n\n\nclass ${name}(_${name}Required, _${name}Optional):\n${doc || '    pass\n'}`);
  };

  const emit = (name: string, s: JsonSchema) => {
    if (s.type === 'object' || s.properties) typedDict(name, s);
    else out.push(`${name} = ${typeOf(s, name)}\n`);
    // Inline objects met on the way become classes of their own, named after where they sit.
    while (pending.length) { const p = pending.shift()!; typedDict(p.name, p.schema); }
  };

  for (const [name, s] of Object.entries(doc.components.schemas)) emit(name, s);

  const operations: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!op || typeof op !== 'object' || !op.operationId) continue;
      operations.push(`    ${pyString(op.operationId)}: (${pyString(method.toUpperCase())}, ${pyString(path)}),\n`);
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      if (!query.length) continue;
      emit(`${pascal(op.operationId)}Query`, {
        type: 'object', description: `Query parameters of ${op.operationId}${op.summary ? `: ${op.summary}` : ''}.`,
        properties: Object.fromEntries(query.map((p) => [p.name, { ...p.schema, ...(p.description ? { description: p.description } : {}) }])),
        required: query.filter((p) => p.required).map((p) => p.name),
      });
    }
  }

  const header = [
    '"""',
    'Generated from sdk/openapi.json by sdk/scripts/generate.ts (npm run sdk:generate). Do not edit.',
    '',
    'TypedDicts of the API\'s JSON: what the client returns is plain dicts of these shapes.',
    '"""',
    '# ruff: noqa',
    'from __future__ import annotations',
    '',
    'from typing import Any, Dict, List, Literal, Optional, Tuple, TypedDict, Union',
    '',
  ].join('\n');
  return `${header}\n\n${out.join('\n\n')}\n\n# Every operation of the API: operationId -> (HTTP method, path template).\nOPERATIONS: Dict[str, Tuple[str, str]] = {\n${operations.join('')}}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const out = await generate();
  writeFileSync(GENERATED.openapi, out.openapi);
  writeFileSync(GENERATED.types, out.types);
  writeFileSync(GENERATED.python, out.python);
  console.log(`wrote ${GENERATED.openapi}, ${GENERATED.types} and ${GENERATED.python}`);
}
