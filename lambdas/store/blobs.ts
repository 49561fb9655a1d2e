import type { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3Client } from '../aws/s3.ts';
import { requireEnv } from '../config.ts';
import { RESOURCE_SETTINGS } from '../resource-settings.ts';

const Bucket = requireEnv('BUCKET_NAME');

/** Presigned attachment URLs are valid for one hour (spec). */
export const ATTACHMENT_URL_TTL_SECONDS = 3600;

export const rawInboundKey = (sesMessageId: string) => `${RESOURCE_SETTINGS.inboundPrefix}${sesMessageId}`;
export const attachmentKey = (sesMessageId: string, attachmentId: string) =>
  `${RESOURCE_SETTINGS.attachmentsPrefix}${sesMessageId}/${attachmentId}`;
export const bodiesKey = (inboxId: string, messageId: string) => `messages/${inboxId}/${messageId}.json`;

export async function getObjectBytes(key: string): Promise<Buffer | undefined> {
  try {
    const out = await s3Client.send(new GetObjectCommand({ Bucket, Key: key }));
    return Buffer.from(await out.Body!.transformToByteArray());
  } catch (e) {
    if ((e as Error).name === 'NoSuchKey' || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
    throw e;
  }
}

/** The object's body as a stream (a raw message is parsed while it downloads), or undefined. */
export async function getObjectStream(key: string): Promise<Readable | undefined> {
  try {
    const out = await s3Client.send(new GetObjectCommand({ Bucket, Key: key }));
    return out.Body as Readable;
  } catch (e) {
    if ((e as Error).name === 'NoSuchKey' || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
    throw e;
  }
}

export async function putObject(key: string, body: Buffer | string, contentType: string, extra: { filename?: string } = {}) {
  await s3Client.send(new PutObjectCommand({
    Bucket, Key: key, Body: body, ContentType: contentType,
    ...(extra.filename ? { ContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(extra.filename)}` } : {}),
  }));
}

export async function presignDownload(key: string, filename: string, contentType: string): Promise<string> {
  return getSignedUrl(s3Client, new GetObjectCommand({
    Bucket, Key: key,
    ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`,
    ResponseContentType: contentType,
  }), { expiresIn: ATTACHMENT_URL_TTL_SECONDS });
}
