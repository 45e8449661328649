import type { BucketName } from './buckets';
import { bucketName, s3Client } from './s3';
import { s3Sdk } from './s3-client';

/** The most keys one DeleteObjects call takes (S3's limit). */
export const DELETE_BATCH = 1000;

/**
 * The keys under `prefix` in key order, a page (at most 1,000 keys) at a time; a sweep with a time
 * budget stops between pages.
 *
 * ListObjects (version 1) with `Marker`, the last key of the page before, rather than
 * ListObjectsV2's continuation token: S3 answers both alike, but the local server makes its V2
 * tokens with DES, which Node 17+ (OpenSSL 3) no longer has, so any V2 listing of more than 1,000
 * keys fails there with InternalError.
 */
export async function* listPages(bucket: BucketName, prefix: string): AsyncGenerator<string[]> {
  const { ListObjectsCommand } = s3Sdk();
  let marker: string | undefined;
  for (;;) {
    const page = await s3Client().send(
      new ListObjectsCommand({ Bucket: bucketName(bucket), Prefix: prefix, Marker: marker }),
    );
    const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
    if (keys.length > 0) yield keys;
    if (!page.IsTruncated || keys.length === 0) return;
    marker = keys.at(-1);
  }
}

/**
 * Deletes the keys, 1,000 per DeleteObjects call; answers how many were deleted (a key that was
 * already gone counts: S3 answers it as deleted). Any key S3 refuses fails the call, naming it.
 *
 * In a versioned bucket this leaves the objects' earlier versions behind as noncurrent versions,
 * which the bucket's lifecycle rule removes (`RECEIPT_NONCURRENT_DAYS`); under Object Lock they
 * stay until their retention ends.
 */
export async function deleteObjects(bucket: BucketName, keys: readonly string[]): Promise<number> {
  const { DeleteObjectsCommand } = s3Sdk();
  let deleted = 0;
  for (let start = 0; start < keys.length; start += DELETE_BATCH) {
    const batch = keys.slice(start, start + DELETE_BATCH);
    const answer = await s3Client().send(
      new DeleteObjectsCommand({
        Bucket: bucketName(bucket),
        Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    const errors = answer.Errors ?? [];
    if (errors.length > 0) {
      const [first] = errors;
      throw new Error(
        `S3 refused to delete ${errors.length} of ${batch.length} objects, e.g. ${first?.Key}: ${first?.Code} ${first?.Message ?? ''}`.trim(),
      );
    }
    deleted += batch.length;
  }
  return deleted;
}

/**
 * Deletes everything under a user's prefix (`userPrefix`, `receiptsPrefix`, `invoicePrefix` of
 * `./buckets.ts`), page by page; answers how many objects went. Refuses any other prefix, so a
 * mistake can never empty a bucket.
 */
export async function deletePrefix(bucket: BucketName, prefix: string): Promise<number> {
  if (!/^users\/[A-Za-z0-9_-]+\/([A-Za-z0-9_-]+\/)*$/.test(prefix)) {
    throw new Error(`Refusing to delete under ${JSON.stringify(prefix)}: not a user's prefix`);
  }
  let deleted = 0;
  for await (const keys of listPages(bucket, prefix)) deleted += await deleteObjects(bucket, keys);
  return deleted;
}
