import type { BucketName } from './buckets';
import { bucketName, presignerSdk, s3Client } from './s3';
import { s3Sdk } from './s3-client';

/** A presigned URL and the moment it stops working. */
export interface PresignedUrl {
  url: string;
  /** ISO 8601, UTC. */
  expiresAt: string;
}

/**
 * A URL the browser PUTs one file to, valid `expiresInSeconds` from `now`: signed for exactly this
 * `Content-Type` and `Content-Length`, so S3 refuses (403 SignatureDoesNotMatch) an upload of
 * another type or size, and (403 AccessDenied) one after the expiry. The browser must send
 * `headers` as they are; it sets `Content-Length` itself from the body.
 */
export async function presignPut(input: {
  bucket: BucketName;
  key: string;
  contentType: string;
  bytes: number;
  expiresInSeconds: number;
  now?: Date;
}): Promise<PresignedUrl & { headers: { 'Content-Type': string } }> {
  const { PutObjectCommand } = s3Sdk();
  const now = input.now ?? new Date();
  const command = new PutObjectCommand({
    Bucket: bucketName(input.bucket),
    Key: input.key,
    ContentType: input.contentType,
    ContentLength: input.bytes,
  });
  const url = await presignerSdk().getSignedUrl(s3Client(), command, {
    expiresIn: input.expiresInSeconds,
    signingDate: now,
    // The presigner leaves `content-type` unsigned unless told: any type would then be taken.
    signableHeaders: new Set(['content-type', 'content-length']),
  });
  return {
    url,
    headers: { 'Content-Type': input.contentType },
    expiresAt: new Date(now.getTime() + input.expiresInSeconds * 1000).toISOString(),
  };
}

/**
 * A URL that reads one object, valid `expiresInSeconds` from `now`; it answers the object with the
 * content type it was stored with, and with `contentDisposition` (e.g. `inline; filename*=…`) as
 * its `Content-Disposition` when given (S3's `response-content-disposition`, part of the signature).
 */
export async function presignGet(input: {
  bucket: BucketName;
  key: string;
  expiresInSeconds: number;
  now?: Date;
  contentDisposition?: string;
}): Promise<PresignedUrl> {
  const { GetObjectCommand } = s3Sdk();
  const now = input.now ?? new Date();
  const command = new GetObjectCommand({
    Bucket: bucketName(input.bucket),
    Key: input.key,
    ...(input.contentDisposition ? { ResponseContentDisposition: input.contentDisposition } : {}),
  });
  const url = await presignerSdk().getSignedUrl(s3Client(), command, {
    expiresIn: input.expiresInSeconds,
    signingDate: now,
  });
  return { url, expiresAt: new Date(now.getTime() + input.expiresInSeconds * 1000).toISOString() };
}
