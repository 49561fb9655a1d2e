import { linkSigningSecret } from '../../aws/secrets.ts';
import { deriveKey, open, seal } from '../../core/secret-box.ts';

let key: Promise<Buffer> | undefined;
const sealingKey = () => (key ??= linkSigningSecret().then((s) => deriveKey(s, 'webhook-secret-v1')));

export const sealWebhookSecret = async (secret: string) => seal(await sealingKey(), secret);
export const openWebhookSecret = async (sealed: string) => open(await sealingKey(), sealed);
