/**
 * Regenerates what the SDK takes from the API's single source (the route table and its zod
 * schemas): sdk/openapi.json and the TypeScript types in sdk/src/generated/schema.ts.
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
};

export async function generate(): Promise<{ openapi: string; types: string }> {
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
  return { openapi, types: header + astToString(ast) };
}

export const readCommitted = () => ({
  openapi: readFileSync(GENERATED.openapi, 'utf8'),
  types: readFileSync(GENERATED.types, 'utf8'),
});

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const out = await generate();
  writeFileSync(GENERATED.openapi, out.openapi);
  writeFileSync(GENERATED.types, out.types);
  console.log(`wrote ${GENERATED.openapi} and ${GENERATED.types}`);
}
