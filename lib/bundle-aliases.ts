/**
 * Packages the deployed bundles replace with a lighter stand-in (esbuild `alias`), and why: each
 * keeps the feature, only the cold start gets cheaper. Paths are relative to the project root
 * (esbuild resolves alias targets from its working directory: the CDK bundles from there, and so
 * does the bench). Read by MailroomFunction (lib/constructs/mailroom-function.ts) and by
 * bench/lib/esbuild-options.ts, so the bench measures what is deployed.
 */
export const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  // Lambda gives credentials in env vars only; the default chain (SSO, ini, STS…) is ~100 KB.
  '@aws-sdk/credential-provider-node': './lambdas/bundling/lambda-credentials.ts',
  // Rare charsets: loaded on first use, not at every cold start.
  'encoding-japanese': './lambdas/bundling/lazy-encoding-japanese.cjs',
  'iconv-lite': './lambdas/bundling/lazy-iconv-lite.cjs',
};

/** The same, as NodejsFunction's `esbuildArgs` (`--alias:<package>=<path>`). */
export const aliasEsbuildArgs = (): Record<string, string> =>
  Object.fromEntries(Object.entries(BUNDLE_ALIASES).map(([pkg, target]) => [`--alias:${pkg}`, target]));
