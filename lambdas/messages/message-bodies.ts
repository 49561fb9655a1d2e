import { bodiesKey, getObjectBytes, putObject } from './blobs.store.ts';
import type { MessageRecord } from './messages.entities.ts';

/**
 * A DynamoDB item holds at most 400 KB. Bodies and headers of larger mail move to the bucket
 * and the item keeps a pointer; reads put them back. 256 KB leaves room for everything else.
 */
export const MAX_INLINE_CONTENT_BYTES = 256 * 1024;

type Bodies = Pick<MessageRecord, 'body_text' | 'body_html' | 'reply_body' | 'visible_text' | 'forwarded' | 'headers'>;

export async function offloadLargeBodies(m: MessageRecord): Promise<MessageRecord> {
  const bodies: Bodies = { body_text: m.body_text, body_html: m.body_html, reply_body: m.reply_body, headers: m.headers,
    ...(m.visible_text !== undefined ? { visible_text: m.visible_text } : {}), ...(m.forwarded !== undefined ? { forwarded: m.forwarded } : {}) };
  const json = JSON.stringify(bodies);
  if (Buffer.byteLength(json) <= MAX_INLINE_CONTENT_BYTES) return m;
  const key = bodiesKey(m.inbox_id, m.id);
  await putObject(key, json, 'application/json');
  const { visible_text: _v, forwarded: _f, ...inline } = m;
  void _v;
  void _f;
  return { ...inline, body_text: '', body_html: null, reply_body: '', headers: {}, bodies_s3_key: key };
}

export async function withBodies(m: MessageRecord): Promise<MessageRecord> {
  if (!m.bodies_s3_key) return m;
  const bytes = await getObjectBytes(m.bodies_s3_key);
  if (!bytes) return m;
  const { bodies_s3_key: _k, ...rest } = m;
  void _k;
  return { ...rest, ...(JSON.parse(bytes.toString('utf8')) as Bodies) };
}
