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
  it('regression: zod is imported as a namespace so its locales are tree-shaken', () => {
    const offenders = files(root).filter((f) => /import\s*\{\s*z\s*\}\s*from\s*'zod'/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the domain core imports no AWS client', () => {
    const offenders = files(join(root, 'core')).filter((f) => /from\s*'@aws-sdk\//.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
