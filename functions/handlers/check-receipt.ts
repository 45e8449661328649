import type { S3Event } from 'aws-lambda';
import { type CheckOutcome, checkUploadedFile } from '../domain/tracking/receipts/check';
import { logged } from '../lib/logger';

/**
 * The receipts bucket's ObjectCreated event → the upload check of each file created (CONTRACT §9
 * "Receipts"; `domain/tracking/receipts/check.ts`). On AWS S3 invokes it (`Files.onReceiptCreated`
 * in `infra/constructs/files.ts`); locally the local S3 server's event does (`infra/local/s3.ts`).
 * A thrown error makes Lambda try the event again (twice); the check is safe to repeat.
 */
async function apply(event: S3Event): Promise<{ outcomes: CheckOutcome[] }> {
  const outcomes: CheckOutcome[] = [];
  for (const record of event.Records ?? []) {
    if (!record.eventName?.startsWith('ObjectCreated')) continue;
    // S3 sends the key URL-encoded, with `+` for a space.
    const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
    outcomes.push(await checkUploadedFile(key));
  }
  return { outcomes };
}

export const handler = logged(apply);
