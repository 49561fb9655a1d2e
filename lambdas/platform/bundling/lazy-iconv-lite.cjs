/**
 * Substituted for `iconv-lite` in the deployed bundles (esbuild alias, lib/bundle-aliases.ts).
 * libmime and mailparser require it at load time, but UTF-8 and ASCII mail never reach it. The
 * real package is bundled on its own into `lazy/iconv-lite.cjs` beside this code's output file
 * (LAZY_PACKAGES) and required from disk on first use. The path is computed so that esbuild
 * leaves the require to run time instead of bundling it.
 */
let real;
const file = ['.', 'lazy', 'iconv-lite.cjs'].join('/');
const load = () => (real ??= require(file));
module.exports = new Proxy({}, { get: (_, key) => load()[key], has: (_, key) => key in load() });
