import { createHash } from 'node:crypto';
import type * as S3 from '@aws-sdk/client-s3';
import type * as Presigner from '@aws-sdk/s3-request-presigner';
import { BUCKETS, type BucketName } from './buckets';
import { config } from './config';
import { newS3Client, s3Sdk } from './s3-client';
import { requireSdk } from './sdk';

/*
 * The files of Timeledger (issued invoice documents, receipts) in S3: the one client of a function
 * instance and the few operations the product needs — here storing and reading, in `./s3-sweep.ts`
 * listing and deleting by prefix, in `./s3-presign.ts` the browser's presigned URLs. The same calls
 * reach AWS's S3 and, off AWS, the local S3 server (`S3_ENDPOINT`). Keys come from `./buckets.ts`.
 */

let client: S3.S3Client | undefined;

/** The presigner package, loaded with `require` on first use (see `./sdk.ts`). */
export const presignerSdk = () => requireSdk('@aws-sdk/s3-request-presigner') as typeof Presigner;

/** The one S3 client of a function instance, made on first use (with its SDK package) and reused. */
export function s3Client(): S3.S3Client {
  client ??= newS3Client({ region: config.region, endpoint: config.s3Endpoint });
  return client;
}

/** A bucket's name from the configuration; a function without it fails on first use, naming the variable. */
export function bucketName(bucket: BucketName): string {
  const name = config.buckets[bucket];
  if (!name) throw new Error(`Missing required environment variable ${BUCKETS[bucket].env}`);
  return name;
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes);

/** What was stored: the key, its size, and its SHA-256 (hex), the `sha256` the API answers. */
export interface StoredObject {
  key: string;
  bytes: number;
  sha256: string;
  /** Set by a versioned bucket (AWS); the local server keeps no versions. */
  versionId?: string;
}

/**
 * Stores `body` under `key`, with its content type, SSE-S3 encryption and its SHA-256, which S3
 * checks against the bytes it receives (a body changed on the way is refused). The local server
 * does not check it: `getObject` answers the SHA-256 of the bytes read, for the caller to compare.
 */
export async function putObject(input: {
  bucket: BucketName;
  key: string;
  body: Uint8Array;
  contentType: string;
  /** Answered as `Content-Disposition` by every GET of the object. */
  contentDisposition?: string;
}): Promise<StoredObject> {
  const { PutObjectCommand } = s3Sdk();
  const hash = sha256Of(input.body);
  const sha256 = hash.copy().digest('hex');
  const answer = await s3Client().send(
    new PutObjectCommand({
      Bucket: bucketName(input.bucket),
      Key: input.key,
      Body: input.body,
      ContentType: input.contentType,
      ...(input.contentDisposition ? { ContentDisposition: input.contentDisposition } : {}),
      ContentLength: input.body.byteLength,
      ChecksumSHA256: hash.digest('base64'),
      ServerSideEncryption: 'AES256',
    }),
  );
  return {
    key: input.key,
    bytes: input.body.byteLength,
    sha256,
    ...(answer.VersionId ? { versionId: answer.VersionId } : {}),
  };
}

const isMissing = (error: unknown) =>
  error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound');

/** An object's bytes, content type and SHA-256 (hex, of the bytes read); `undefined` when there is none. */
export async function getObject(
  bucket: BucketName,
  key: string,
): Promise<{ body: Uint8Array; contentType: string | undefined; sha256: string } | undefined> {
  const { GetObjectCommand } = s3Sdk();
  try {
    const answer = await s3Client().send(new GetObjectCommand({ Bucket: bucketName(bucket), Key: key }));
    const body = (await answer.Body?.transformToByteArray()) ?? new Uint8Array();
    return { body, contentType: answer.ContentType, sha256: sha256Of(body).digest('hex') };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** The first `count` bytes of an object (a Range GET: enough to tell a PDF from a PNG); `undefined` when there is none. */
export async function getFirstBytes(
  bucket: BucketName,
  key: string,
  count: number,
): Promise<Uint8Array | undefined> {
  const { GetObjectCommand } = s3Sdk();
  try {
    const answer = await s3Client().send(
      new GetObjectCommand({ Bucket: bucketName(bucket), Key: key, Range: `bytes=0-${count - 1}` }),
    );
    const body = (await answer.Body?.transformToByteArray()) ?? new Uint8Array();
    // A server that ignores Range answers it all.
    return body.subarray(0, count);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** An object's size and content type as stored, without its bytes; `undefined` when there is none. */
export async function headObject(
  bucket: BucketName,
  key: string,
): Promise<{ bytes: number; contentType: string | undefined } | undefined> {
  const { HeadObjectCommand } = s3Sdk();
  try {
    const answer = await s3Client().send(new HeadObjectCommand({ Bucket: bucketName(bucket), Key: key }));
    return { bytes: answer.ContentLength ?? 0, contentType: answer.ContentType };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}
