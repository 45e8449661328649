import type * as S3 from '@aws-sdk/client-s3';
import { requireSdk } from './sdk';

/** The one key pair the local S3 server (`@20minutes/s3rver`) knows; it checks every signature against it. */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** The S3 package, loaded with `require` on first use (see `./sdk.ts`): functions that never touch S3 never load it. */
export const s3Sdk = () => requireSdk('@aws-sdk/client-s3') as typeof S3;

/**
 * An S3 client: AWS's S3 in the function's region, or with `endpoint` the local S3 server, by path
 * (`http://127.0.0.1:8006/<bucket>/<key>`), with the local server's key pair.
 *
 * Checksums only where S3 requires one (DeleteObjects) or where the caller sends its own (`putObject`
 * sends SHA-256): the SDK's default since 3.729 adds a CRC32 of the *empty* body to every presigned
 * PUT (`x-amz-checksum-crc32=AAAAAA==`), which S3 then holds against the browser's upload and refuses.
 */
export function newS3Client(options: { region: string; endpoint?: string }): S3.S3Client {
  const { S3Client } = s3Sdk();
  const client = new S3Client({
    region: options.region,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.endpoint
      ? { endpoint: options.endpoint, forcePathStyle: true, credentials: LOCAL_S3_CREDENTIALS }
      : {}),
  });
  if (options.endpoint) {
    // The local server signs a bucket's own path as `/<bucket>` where the SDK sends and signs
    // `/<bucket>/` (ListObjectsV2, DeleteObjects, CreateBucket): every such request would fail as
    // SignatureDoesNotMatch. S3 takes both forms, so the local client sends the one both agree on.
    // Object paths and presigned URLs are untouched.
    client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { path?: string };
        if (typeof request.path === 'string' && /^\/[^/]+\/$/.test(request.path)) {
          request.path = request.path.slice(0, -1);
        }
        return next(args);
      },
      { step: 'build', name: 'localBucketPathWithoutSlash' },
    );
  }
  return client;
}
