/**
 * client_id makes creating an inbox, sending and replying idempotent: the API answers a repeat
 * with the first result instead of doing it again. The SDK gives each such call one (unless you
 * pass your own), so its own retries after a lost response can never send twice. Pass a stable
 * id of your own (e.g. derived from your job id) to make retries across process restarts safe too.
 */
import { createHash, randomUUID } from 'node:crypto';

/** The API's client_id length limit. */
export const CLIENT_ID_MAX_LENGTH = 128;

/** A fresh random client_id. */
export const newClientId = (): string => randomUUID();

/**
 * A client_id derived from parts that identify the operation in your system (a job id, a
 * recipient, a step name): the same parts give the same id, so a re-run does not repeat it.
 */
export function clientIdFrom(...parts: (string | number)[]): string {
  if (!parts.length) throw new TypeError('clientIdFrom needs at least one part');
  return `cid_${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 40)}`;
}

/** `body` with a client_id: the one it has, else a new one. */
export function withClientId<T extends { client_id?: string }>(body: T, clientId: string = newClientId()): T & { client_id: string } {
  const id = body.client_id ?? clientId;
  if (id.length === 0 || id.length > CLIENT_ID_MAX_LENGTH) throw new RangeError(`client_id must be 1-${CLIENT_ID_MAX_LENGTH} characters`);
  return { ...body, client_id: id };
}
