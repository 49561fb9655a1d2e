/**
 * Substituted for `iconv-lite` in the deployed bundles (esbuild alias, see
 * lib/constructs/mailroom-function.ts). libmime and mailparser require it at load time, but UTF-8
 * and ASCII mail never reach it; the real package (and the charset it needs) loads on first use.
 * The path names the real file, so the alias does not send the require back here.
 */
let real;
const load = () => (real ??= require('../../node_modules/iconv-lite/lib/index.js'));
module.exports = new Proxy({}, { get: (_, key) => load()[key], has: (_, key) => key in load() });
