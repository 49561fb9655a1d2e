/**
 * Substituted for `@aws-sdk/credential-provider-node` in the deployed bundles (esbuild alias, see
 * lib/constructs/mailroom-function.ts). Lambda hands a function its role's credentials in
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN, always; the default chain's other
 * sources (SSO, ini profiles, process, web identity, IMDS, the login and STS clients they use)
 * never apply there, yet were ~100 KB of every bundle. Local runs (tsx, no bundle) keep the full chain.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

type Init = Parameters<typeof fromEnv>[0];

export const defaultProvider = (init?: Init) => fromEnv(init);
