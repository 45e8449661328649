import { RECEIPT_CHECK } from '../../functions/file-events';
import type { LocalS3Event } from './s3';

/**
 * What S3 does on AWS when a receipt is uploaded (the receipts bucket's ObjectCreated notification
 * invokes `RECEIPT_CHECK`), done locally: the local S3 server's events of one bucket are handed to
 * the same handler, one after another, in the order of the uploads.
 */
export interface ReceiptCheckFeed {
  /** Give it every event of the local S3 server (`startLocalS3({ onEvent })`); other buckets' are left alone. */
  listener(event: LocalS3Event): void;
  /** Resolves once every event handed over so far has been checked. */
  settled(): Promise<void>;
}

/** The feed of the receipts bucket `bucket` into the receipt check; a failed check is written to stderr. */
export function receiptCheckFeed(bucket: string): ReceiptCheckFeed {
  let queue: Promise<void> = Promise.resolve();
  return {
    listener(event) {
      const records = (event.Records ?? []).filter(
        (r) => r.s3?.bucket?.name === bucket && r.eventName?.startsWith('ObjectCreated'),
      );
      if (records.length === 0) return;
      queue = queue.then(async () => {
        try {
          // Loaded on the first upload: the handlers read their configuration when imported.
          const { loadHandler } = await import('./lambda-events');
          const check = (await loadHandler(RECEIPT_CHECK.handler)) as unknown as (
            e: unknown,
          ) => Promise<unknown>;
          await check({ Records: records });
        } catch (error) {
          process.stderr.write(
            `✖ receipt check: ${error instanceof Error ? error.message : String(error)}\n`,
          );
        }
      });
    },
    settled: () => queue,
  };
}
