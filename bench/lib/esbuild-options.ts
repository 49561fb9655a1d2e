/**
 * The esbuild options the CDK stack bundles each handler with: the very object MailroomFunction
 * uses (lib/bundle-options.ts), re-exported here for the bench and the tests that bundle.
 */
export { bundleHandler, ESM_REQUIRE_BANNER, LAMBDA_BUNDLE_OPTIONS, LAMBDA_NODE_OPTIONS, lambdaBuildOptions } from '../../lib/bundle-options.ts';
