import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../lambdas');
const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => {
  const p = join(dir, f);
  return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
});

describe('handler bundles carry only what they use', () => {
  // `import { z } from 'zod'` pulls zod's every locale into each bundle (447 KB minified);
  // the namespace import lets esbuild tree-shake them (83 KB).
  it('zod is imported as a namespace so its locales are tree-shaken', () => {
    const offenders = files(root).filter((f) => /import\s*\{\s*z\s*\}\s*from\s*'zod'/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  // Response schemas describe the API; building them at init was three fifths of an HTTP
  // function's zod work (docs/decisions.md, "Schemas and cold start").
  it('only what describes the API imports a response schema: openapi.ts, and the route tables lazily (import(), for OpenAPI)', () => {
    const importers = files(root).filter((f) => !f.endsWith('.responses.ts') && /from\s*'[^']*\.responses\.ts'|import\('[^']*\.responses\.ts'\)/.test(readFileSync(f, 'utf8')));
    const name = (f: string) => f.slice(root.length + 1);
    const routeTables = importers.filter((f) => f.endsWith('.routes.ts'));
    expect(importers.filter((f) => !routeTables.includes(f)).map(name)).toEqual(['discovery/openapi.ts']);
    // Every function loads the route table: a static import there would build the response views at each init.
    expect(routeTables.filter((f) => /from\s*'[^']*\.responses\.ts'/.test(readFileSync(f, 'utf8'))).map(name)).toEqual([]);
    expect(routeTables.length).toBeGreaterThan(0);
  });

  it('the mail-content library imports no AWS client', () => {
    const offenders = files(join(root, 'content')).filter((f) => /from\s*'@aws-sdk\//.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
