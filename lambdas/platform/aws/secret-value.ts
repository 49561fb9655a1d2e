import { awsJsonCall } from './fetch.ts';

/**
 * GetSecretValue (Secrets Manager's awsJson 1.1) through lambdas/platform/aws/fetch.ts: a read or two per
 * container does not need the SDK client (14–22 KB of every bundle that signs links).
 */
export async function getSecretString(secretId: string): Promise<string | undefined> {
  const out = await awsJsonCall<{ SecretString?: string }>({
    service: 'secretsmanager', envId: 'SECRETS_MANAGER', host: 'secretsmanager',
    target: 'secretsmanager.GetSecretValue', version: '1.1', body: { SecretId: secretId },
  });
  return out.SecretString;
}
