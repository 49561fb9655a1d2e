/**
 * Substituted for `encoding-japanese` in the deployed bundles (esbuild alias, lib/bundle-aliases.ts).
 * libmime and mailparser require it at load time, but use it only for ISO-2022-JP / EUC-JP mail;
 * its tables cost tens of milliseconds of every cold start. The real package is bundled on its
 * own into `lazy/encoding-japanese.cjs` beside this code's output file (LAZY_PACKAGES) and
 * required from disk on first use. The path is computed so that esbuild leaves the require to
 * run time instead of bundling it.
 */
let real;
const file = ['.', 'lazy', 'encoding-japanese.cjs'].join('/');
const load = () => (real ??= require(file));
module.exports = new Proxy({}, { get: (_, key) => load()[key], has: (_, key) => key in load() });
