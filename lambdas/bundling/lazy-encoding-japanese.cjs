/**
 * Substituted for `encoding-japanese` in the deployed bundles (esbuild alias, see
 * lib/constructs/mailroom-function.ts). libmime and mailparser require it at load time, but use it
 * only for ISO-2022-JP / EUC-JP mail; its tables cost tens of milliseconds of every cold start.
 * This stand-in loads the real package on first use. The path names the real file, so the alias
 * (which rewrites the package name) does not send the require back here.
 */
let real;
const load = () => (real ??= require('../../node_modules/encoding-japanese/src/index.js'));
module.exports = new Proxy({}, { get: (_, key) => load()[key], has: (_, key) => key in load() });
