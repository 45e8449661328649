import type { FunctionNeeds } from './function-needs';

/**
 * The function the receipts bucket's ObjectCreated event invokes (locally the local S3 server's
 * event, `infra/local/s3.ts`): the check of each uploaded receipt, which removes a file that is not
 * what it claims to be (`functions/handlers/check-receipt.ts`). In `FUNCTIONS` of `./routes.ts`.
 */
export const RECEIPT_CHECK: { handler: string; access: 'readwrite'; needs: FunctionNeeds } = {
  handler: 'check-receipt',
  access: 'readwrite',
  // Its file access (`receipts:read`, `receipts:delete`) is granted by `Files.onReceiptCreated`
  // (`infra/constructs/files.ts`) to a role of its own, with the bucket's event.
  needs: { timeoutSeconds: 30 },
};
