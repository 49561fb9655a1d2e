/**
 * `node lib/bundle-cli.ts '<BundleRequest as JSON>'`: bundles one handler with the deployed
 * options. lib/bundle-options.ts's bundleHandlerSync runs it (esbuild's plugins need its
 * asynchronous API, CDK's local bundling is synchronous).
 */
import { bundleHandler, type BundleRequest } from './bundle-options.ts';

await bundleHandler(JSON.parse(process.argv[2] ?? '') as BundleRequest);
