import { linkSigningSecret } from '../platform/aws/secrets.ts';
import { deriveKey, open, seal } from '../platform/secret-box.ts';
import { webhookDeliveryHeaders } from './webhook-signing.ts';
import type { WebhookRecord } from './events.entities.ts';

let key: Promise<Buffer> | undefined;
const sealingKey = () => (key ??= linkSigningSecret().then((s) => deriveKey(s, 'webhook-secret-v1')));

export const sealWebhookSecret = async (secret: string) => seal(await sealingKey(), secret);
export const openWebhookSecret = async (sealed: string) => open(await sealingKey(), sealed);

export interface SignedRequest { body: string; headers: Record<string, string> }

/**
 * The exact bytes and headers a receiver gets: the spec's signature over the raw body with the
 * event id and timestamp, and the Standard Webhooks headers (webhook-id is the event id, the same
 * on every retry, so receivers can deduplicate; the timestamp is this attempt's).
 */
export async function signedRequest(w: WebhookRecord, eventId: string, body: string): Promise<SignedRequest> {
  const secret = await openWebhookSecret(w.secret_ciphertext);
  return { body, headers: webhookDeliveryHeaders(secret, eventId, body, Math.floor(Date.now() / 1000)) };
}
