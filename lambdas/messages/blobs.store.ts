import type { Readable } from 'node:stream';
import { s3GetObject, s3PresignGet, s3PutObject } from '../platform/aws/s3.ts';
import { requireEnv } from '../platform/config.ts';
import { RESOURCE_SETTINGS } from '../platform/resource-settings.ts';

const Bucket = requireEnv('BUCKET_NAME');

/** Presigned attachment URLs are valid for one hour (spec). */
export const ATTACHMENT_URL_TTL_SECONDS = 3600;

export const rawInboundKey = (sesMessageId: string) => `${RESOURCE_SETTINGS.inboundPrefix}${sesMessageId}`;
export const attachmentKey = (sesMessageId: string, attachmentId: string) =>
  `${RESOURCE_SETTINGS.attachmentsPrefix}${sesMessageId}/${attachmentId}`;
export const bodiesKey = (inboxId: string, messageId: string) => `messages/${inboxId}/${messageId}.json`;

export async function getObjectBytes(key: string): Promise<Buffer | undefined> {
  const body = await s3GetObject(Bucket, key);
  if (!body) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The object's body as a stream (a raw message is parsed while it downloads), or undefined. */
export async function getObjectStream(key: string): Promise<Readable | undefined> {
  return s3GetObject(Bucket, key);
}

export async function putObject(key: string, body: Buffer | string, contentType: string, extra: { filename?: string } = {}) {
  await s3PutObject(Bucket, key, body, {
    contentType,
    ...(extra.filename ? { contentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(extra.filename)}` } : {}),
  });
}

export async function presignDownload(key: string, filename: string, contentType: string): Promise<string> {
  return s3PresignGet(Bucket, key, {
    expiresInSeconds: ATTACHMENT_URL_TTL_SECONDS,
    responseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`,
    responseContentType: contentType,
  });
}
