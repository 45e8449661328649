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
  /**
   * Stored with the object and answered by every GET of it (a receipt's `inline; filename*=…`):
   * signed as a header, so the browser must send it as it is (`headers`).
   */
  contentDisposition?: string;
}): Promise<PresignedUrl & { headers: { 'Content-Type': string; 'Content-Disposition'?: string } }> {
  const { PutObjectCommand } = s3Sdk();
  const now = input.now ?? new Date();
  const disposition = input.contentDisposition;
  const command = new PutObjectCommand({
    Bucket: bucketName(input.bucket),
    Key: input.key,
    ContentType: input.contentType,
    ContentLength: input.bytes,
    ...(disposition ? { ContentDisposition: disposition } : {}),
  });
  const url = await presignerSdk().getSignedUrl(s3Client(), command, {
    expiresIn: input.expiresInSeconds,
    signingDate: now,
    // The presigner leaves `content-type` unsigned unless told: any type would then be taken.
    signableHeaders: new Set([
      'content-type',
      'content-length',
      ...(disposition ? ['content-disposition'] : []),
    ]),
  });
  return {
    url,
    headers: {
      'Content-Type': input.contentType,
      ...(disposition ? { 'Content-Disposition': disposition } : {}),
    },
    expiresAt: new Date(now.getTime() + input.expiresInSeconds * 1000).toISOString(),
  };
}

/**
 * A URL that reads one object, valid `expiresInSeconds` from `now`; it answers the object with the
 * content type it was stored with.
 */
export async function presignGet(input: {
  bucket: BucketName;
  key: string;
  expiresInSeconds: number;
  now?: Date;
}): Promise<PresignedUrl> {
  const { GetObjectCommand } = s3Sdk();
  const now = input.now ?? new Date();
  const command = new GetObjectCommand({ Bucket: bucketName(input.bucket), Key: input.key });
  const url = await presignerSdk().getSignedUrl(s3Client(), command, {
    expiresIn: input.expiresInSeconds,
    signingDate: now,
  });
  return { url, expiresAt: new Date(now.getTime() + input.expiresInSeconds * 1000).toISOString() };
}
