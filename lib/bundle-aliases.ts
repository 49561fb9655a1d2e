/**
 * Packages the deployed bundles replace with a lighter stand-in (esbuild `alias`), and why: each
 * keeps the feature, only the cold start gets cheaper. Paths are relative to the project root
 * (esbuild resolves alias targets from its working directory: the CDK bundles from there, and so
 * does the bench). Part of the one esbuild options object, lib/bundle-options.ts, which
 * MailroomFunction deploys and the bench measures.
 */
export const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  // Lambda gives credentials in env vars only; the default chain (SSO, ini, STS…) is ~100 KB.
  '@aws-sdk/credential-provider-node': './lambdas/platform/bundling/lambda-credentials.ts',
  // Rare charsets: loaded on first use, not at every cold start (LAZY_PACKAGES below).
  'encoding-japanese': './lambdas/platform/bundling/lazy-encoding-japanese.cjs',
  'iconv-lite': './lambdas/platform/bundling/lazy-iconv-lite.cjs',
  // The MCP SDK's Server imports its Ajv validator statically, as the default for the one it is
  // not given; ours is given @cfworker/json-schema's (lambdas/mcp/server.ts), so Ajv never runs.
  'ajv': './lambdas/platform/bundling/no-ajv.ts',
  'ajv-formats': './lambdas/platform/bundling/no-ajv.ts',
};

/**
 * The real packages behind those proxies, each bundled into its own CommonJS file
 * `lazy/<package>.cjs` beside the output that holds the proxy (lib/bundle-options.ts). The proxy
 * requires it from disk on first use, so a cold start neither loads nor even parses their
 * ~700 KB of tables. Keyed by the proxy's path; the value is the package's entry file.
 */
export const LAZY_PACKAGES: Readonly<Record<string, { name: string; entry: string }>> = {
  'lambdas/platform/bundling/lazy-encoding-japanese.cjs': { name: 'encoding-japanese', entry: './node_modules/encoding-japanese/src/index.js' },
  'lambdas/platform/bundling/lazy-iconv-lite.cjs': { name: 'iconv-lite', entry: './node_modules/iconv-lite/lib/index.js' },
};
