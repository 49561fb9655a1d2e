import { S3Client } from '@aws-sdk/client-s3';

/** Path-style addressing for the emulator (bucket.127.0.0.1 does not resolve). */
export const s3Client = new S3Client({ forcePathStyle: !!process.env.AWS_ENDPOINT_URL });
