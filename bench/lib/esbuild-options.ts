/**
 * The esbuild options the CDK stack bundles each handler with. They mirror `bundling` in
 * lib/constructs/mailroom-function.ts (MailroomFunction → NodejsFunction), which does not export
 * them as an esbuild options object; if it starts to, import that here instead of this copy.
 *
 *   format ESM, platform node, target node24, everything bundled (no externals, the AWS SDK
 *   included), minified, mainFields module,main, and a banner giving bundled CommonJS a require().
 *
 * The construct turns source maps on (and sets NODE_OPTIONS=--enable-source-maps); the bundle
 * section measures size without them and cold import both ways.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuildOptions } from 'esbuild';
import { BUNDLE_ALIASES } from '../../lib/bundle-aliases.ts';

/** Same text as ESM_REQUIRE_BANNER in lib/constructs/mailroom-function.ts. */
export const ESM_REQUIRE_BANNER =
  "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

export const LAMBDA_BUNDLE_OPTIONS = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  minify: true,
  mainFields: ['module', 'main'],
  banner: { js: ESM_REQUIRE_BANNER },
  external: [],
  alias: BUNDLE_ALIASES,
  // NodejsFunction names an ESM bundle index.mjs.
  outExtension: { '.js': '.mjs' },
} as const satisfies BuildOptions;

/** The environment MailroomFunction gives every function, whatever its needs. */
export const LAMBDA_NODE_OPTIONS = '--enable-source-maps';

/**
 * A cheap drift check: reads the construct's source (without importing aws-cdk-lib) and says
 * which of the settings above it no longer shows. Empty when in step or when the file is absent.
 */
export async function constructDrift(root: string): Promise<string[]> {
  const file = join(root, 'lib', 'constructs', 'mailroom-function.ts');
  let src: string;
  try { src = await readFile(file, 'utf8'); } catch { return []; }
  const expected: [string, RegExp][] = [
    ['banner text', new RegExp(ESM_REQUIRE_BANNER.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
    ["format: OutputFormat.ESM", /format:\s*OutputFormat\.ESM/],
    ["target: 'node24'", /target:\s*'node24'/],
    ['minify: true', /minify:\s*true/],
    ["mainFields: ['module', 'main']", /mainFields:\s*\[\s*'module',\s*'main'\s*\]/],
    ['externalModules: []', /externalModules:\s*\[\s*\]/],
    ['esbuildArgs: aliasEsbuildArgs()', /esbuildArgs:\s*aliasEsbuildArgs\(\)/],
  ];
  return expected.filter(([, re]) => !re.test(src)).map(([what]) =>
    `lib/constructs/mailroom-function.ts no longer shows ${what}; update bench/lib/esbuild-options.ts to match.`);
}
