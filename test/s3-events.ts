import { inject } from 'vitest';
import { receiptCheckFeed } from '../infra/local/receipt-events';
import type { LocalS3Event } from '../infra/local/s3';

/**
 * The receipt check in the API tests: the local S3 server runs in vitest's main process
 * (`global-setup.ts`), which keeps its event notifications by bucket (`s3-event-relay.ts`); a test
 * file takes those of its own receipts bucket and hands them to the receipt check exactly as `npm
 * start` does (`infra/local/receipt-events.ts`). So a test uploads through a presigned URL, then
 * waits for the check as the app waits for S3's event on AWS.
 */

/**
 * Runs the receipt check for every upload to this file's receipts bucket since the last call, as
 * the local stack does after each upload, and waits until it is done.
 */
export async function deliverReceiptEvents(): Promise<number> {
  const bucket = process.env.RECEIPTS_BUCKET!;
  const response = await fetch(`${inject('s3EventsEndpoint')}/events/${encodeURIComponent(bucket)}`);
  const events = (await response.json()) as LocalS3Event[];
  const feed = receiptCheckFeed(bucket);
  for (const event of events) feed.listener(event);
  await feed.settled();
  return events.length;
}

/**
 * Takes this file's events without running the check: for files a test put straight into the
 * bucket with records that say they were checked already (bulk set-ups). Answers how many.
 */
export async function discardReceiptEvents(): Promise<number> {
  const bucket = process.env.RECEIPTS_BUCKET!;
  const response = await fetch(`${inject('s3EventsEndpoint')}/events/${encodeURIComponent(bucket)}`);
  return ((await response.json()) as LocalS3Event[]).length;
}
