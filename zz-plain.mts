import { build } from 'esbuild';
const { lambdaBuildOptions } = await import('./lib/bundle-options.ts');
const [name, out] = process.argv.slice(2);
await build({ ...lambdaBuildOptions({ root: process.cwd(), entry: `lambdas/handlers/${name}.ts`, outdir: out!, sourcemap: false }), minify: false, minifySyntax: false, minifyWhitespace: false, minifyIdentifiers: false });
