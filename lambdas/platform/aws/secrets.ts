import { requireEnv } from '../config.ts';
import { getSecretString } from './secret-value.ts';

const secretArn = requireEnv('LINK_SECRET_ARN');
let cached: Promise<string> | undefined;

/** The magic-link signing secret, fetched once per container on first use. */
export function linkSigningSecret(): Promise<string> {
  cached ??= getSecretString(secretArn).then((s) => {
    if (!s) throw new Error('link signing secret has no SecretString');
    return s;
  }).catch((e) => { cached = undefined; throw e; });
  return cached;
}
