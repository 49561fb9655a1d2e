import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { requireEnv } from '../config.ts';

const secretArn = requireEnv('LINK_SECRET_ARN');
const client = new SecretsManagerClient({});
let cached: Promise<string> | undefined;

/** The magic-link signing secret, fetched once per container on first use. */
export function linkSigningSecret(): Promise<string> {
  cached ??= client.send(new GetSecretValueCommand({ SecretId: secretArn })).then((r) => {
    if (!r.SecretString) throw new Error('link signing secret has no SecretString');
    return r.SecretString;
  }).catch((e) => { cached = undefined; throw e; });
  return cached;
}
