/**
 * How every Lambda handler is bundled: the one esbuild options object the CDK stack deploys
 * (MailroomFunction's local bundling) and the bench measures (bench/sections/bundles.ts), so what
 * is measured is what is deployed.
 *
 * ESM for node24, everything bundled (no externals: the pinned AWS SDK is the one we tested),
 * minified, with a banner giving bundled CommonJS a require(), the lighter stand-ins of
 * lib/bundle-aliases.ts, and code splitting: a module reached only through `await import()`
 * (Stripe's SDK behind the payments adapter, nodemailer's composer on the first send) is written
 * to its own chunk next to index.mjs and read from disk on first use, so a cold start neither
 * loads nor compiles it. Chunks shared by the entry and a lazy chunk are imported statically by
 * index.mjs: the cold path is index.mjs plus those (the bench reports both sizes). The real
 * packages behind the lazy charset proxies (LAZY_PACKAGES) are built as CommonJS files beside
 * the output that requires them. The module-level constants of a few dependencies are marked
 * pure, so those nothing uses are left out (lib/bundle-pure-constants.ts).
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { BUNDLE_ALIASES, LAZY_PACKAGES } from './bundle-aliases.ts';
import { pureConstantsPlugin } from './bundle-pure-constants.ts';

/** Bundled CommonJS dependencies may call require(); ESM output has none, so give them one. */
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
  splitting: true,
  // Lazy chunks sit beside index.mjs (Lambda's handler `index.handler`, see lambdaBuildOptions).
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
} as const satisfies BuildOptions;

/** Every function runs with this: stack traces through the source maps. */
export const LAMBDA_NODE_OPTIONS = '--enable-source-maps';

export interface BundleRequest {
  /** The project root: aliases and entries resolve from here. */
  root: string;
  /** The handler file, relative to root (or absolute). */
  entry: string;
  outdir: string;
  sourcemap: boolean;
  /** The entry's output name; Lambda loads `index` (handler `index.handler`). */
  out?: string;
}

/** Options for esbuild's API (mutable copies of the readonly arrays and maps above). */
export function lambdaBuildOptions(o: BundleRequest): BuildOptions {
  return {
    ...LAMBDA_BUNDLE_OPTIONS,
    mainFields: [...LAMBDA_BUNDLE_OPTIONS.mainFields],
    external: [...LAMBDA_BUNDLE_OPTIONS.external],
    alias: { ...LAMBDA_BUNDLE_OPTIONS.alias },
    absWorkingDir: o.root,
    entryPoints: [{ in: o.entry, out: o.out ?? 'index' }],
    outdir: o.outdir,
    sourcemap: o.sourcemap,
    metafile: true,
    write: true,
    logLevel: 'warning',
    plugins: [pureConstantsPlugin()],
  };
}

/** The lazy packages a build's outputs require: one CommonJS build each, beside that output. */
function lazyPackageBuilds(meta: Metafile, o: BundleRequest): BuildOptions[] {
  const builds: BuildOptions[] = [];
  for (const [output, { inputs }] of Object.entries(meta.outputs)) {
    for (const [proxy, pkg] of Object.entries(LAZY_PACKAGES)) {
      if (!(proxy in inputs)) continue;
      builds.push({
        bundle: true, format: 'cjs', platform: 'node', target: LAMBDA_BUNDLE_OPTIONS.target, minify: true,
        absWorkingDir: o.root, entryPoints: [{ in: pkg.entry, out: pkg.name }],
        outdir: join(o.root, dirname(output), 'lazy'), outExtension: { '.js': '.cjs' },
        sourcemap: o.sourcemap, logLevel: 'warning',
      });
    }
  }
  return builds;
}

/** Bundles one handler into `outdir` (index.mjs, chunks/, lazy/, maps). */
export async function bundleHandler(o: BundleRequest): Promise<{ meta: Metafile; lazyPackageBytes: number }> {
  const meta = (await build(lambdaBuildOptions(o))).metafile!;
  let lazyPackageBytes = 0;
  for (const b of lazyPackageBuilds(meta, o)) {
    const m = (await build({ ...b, metafile: true })).metafile!;
    for (const [f, out] of Object.entries(m.outputs)) if (f.endsWith('.cjs')) lazyPackageBytes += out.bytes;
  }
  return { meta, lazyPackageBytes };
}

/**
 * The same, synchronous: for CDK's local bundling, whose `tryBundle` cannot wait. esbuild runs
 * plugins in its asynchronous API only, so this runs `bundleHandler` in a child Node process
 * (lib/bundle-cli.ts; Node 24 runs TypeScript as is) and waits for it.
 */
export function bundleHandlerSync(o: BundleRequest): void {
  const cli = fileURLToPath(new URL('./bundle-cli.ts', import.meta.url));
  // esbuild's warnings and errors go to this process's stderr, as they did in-process.
  const child = spawnSync(process.execPath, [cli, JSON.stringify(o)], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (child.status !== 0) throw new Error(`bundling ${o.entry} failed (${child.error?.message ?? `exit ${child.status ?? child.signal}`}; esbuild's report is above)`);
}
