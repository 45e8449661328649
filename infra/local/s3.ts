import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import {
  BucketAlreadyOwnedByYou,
  CreateBucketCommand,
  PutBucketCorsCommand,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { BUCKETS, type BucketName, DOCUMENT_CORS, RECEIPT_CORS } from '../../functions/lib/buckets';
import { newS3Client } from '../../functions/lib/s3-client';

/** The parts of `@20minutes/s3rver` used here (it ships no types). */
interface S3rverApp {
  callback(): Parameters<typeof createServer>[1];
  /** s3rver (a Koa app) emits an S3 event notification (`{Records: [...]}`) for each object created or deleted. */
  on(name: 'event', listener: (event: LocalS3Event) => void): void;
}

/** An S3 event notification as S3 sends it to Lambda (one record each from the local server; its keys are not URL-encoded). */
export interface LocalS3Event {
  Records: { eventName: string; s3: { bucket: { name: string }; object: { key: string; size?: number } } }[];
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverApp;

export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * Starts a local S3 server (`@20minutes/s3rver`, the maintained fork of `s3rver`) on `127.0.0.1`,
 * keeping objects as files under `directory`. It speaks the S3 REST API the AWS SDK speaks, by path
 * (`http://127.0.0.1:<port>/<bucket>/<key>`), and checks every SigV4 signature, presigned URLs
 * included: their expiry and the headers they were signed for (content type and length). Its event
 * notifications go to `onEvent` (the receipt check: `./receipt-events.ts`).
 *
 * A port in use rejects with Node's `EADDRINUSE` error (the caller names the setting).
 */
export async function startLocalS3(options: {
  port: number;
  directory: string;
  /** Called with every event notification (objects created and deleted, any bucket), as S3 would send them. */
  onEvent?: (event: LocalS3Event) => void;
}): Promise<LocalS3> {
  const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;
  const app = new S3rver({
    directory: options.directory,
    silent: true,
    // Path-style only: no bucket is ever read from the Host header.
    vhostBuckets: false,
    allowMismatchedSignatures: false,
    resetOnClose: false,
  });
  if (options.onEvent) app.on('event', options.onEvent);
  const server: Server = createServer(app.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The buckets' names on one machine: each bucket's local name, or `<prefix>-<bucket>` (tests). */
export function localBucketNames(prefix?: string): Record<BucketName, string> {
  return {
    documents: prefix ? `${prefix}-documents` : BUCKETS.documents.localName,
    receipts: prefix ? `${prefix}-receipts` : BUCKETS.receipts.localName,
  };
}

/**
 * Creates the buckets unless they exist, and gives the receipts bucket the CORS rule of
 * `RECEIPT_CORS` for `appOrigin` (the browser's presigned PUT) and the documents bucket that of
 * `DOCUMENT_CORS` (the export's presigned GETs), as the CDK stack does on AWS.
 */
export async function ensureBuckets(
  endpoint: string,
  names: Record<BucketName, string>,
  appOrigin: string,
): Promise<void> {
  const client = newS3Client({ region: 'us-east-1', endpoint });
  try {
    for (const bucket of Object.values(names)) {
      try {
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const exists =
          error instanceof BucketAlreadyOwnedByYou ||
          (error instanceof S3ServiceException && error.name === 'BucketAlreadyExists');
        if (!exists) throw error;
      }
    }
    await client.send(
      new PutBucketCorsCommand({
        Bucket: names.receipts,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: [appOrigin],
              AllowedMethods: [...RECEIPT_CORS.methods],
              AllowedHeaders: [...RECEIPT_CORS.headers],
              ExposeHeaders: [...RECEIPT_CORS.exposedHeaders],
              MaxAgeSeconds: RECEIPT_CORS.maxAgeSeconds,
            },
          ],
        },
      }),
    );
    await client.send(
      new PutBucketCorsCommand({
        Bucket: names.documents,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: [appOrigin],
              AllowedMethods: [...DOCUMENT_CORS.methods],
              ExposeHeaders: [...DOCUMENT_CORS.exposedHeaders],
              MaxAgeSeconds: DOCUMENT_CORS.maxAgeSeconds,
            },
          ],
        },
      }),
    );
  } finally {
    client.destroy();
  }
}
