import type { FileAccess } from './lib/buckets';

/**
 * What a function does beyond answering its route that its deployment must allow or size for:
 * the stack grants and sizes each function from this (never from a list keyed by name).
 */
export interface FunctionNeeds {
  /** Sends mail through SES. */
  sendsEmail?: boolean;
  /** Signs a session token without verifying one (public routes that log a user in). */
  signsTokens?: boolean;
  /** scrypt (N=2^17) wants memory and the CPU share that comes with it. */
  memoryMb?: number;
  /**
   * Hashes a password (scrypt: about half a second of a core and 128 MiB): on AWS its concurrency
   * is reserved and capped (`signInConcurrency`), so a flood of sign-ins cannot take the Lambda
   * concurrency the rest of the API needs (issue 35, item 2).
   */
  hashesPasswords?: boolean;
  timeoutSeconds?: number;
  /** Draws the invoice PDF: its font files ship beside the bundle (`domain/billing/invoices/pdf/font-files.ts`). */
  pdfFonts?: boolean;
  /**
   * What it does with the files in S3, by intent (`FILE_ACCESS` of `lib/buckets.ts`), e.g.
   * `['documents:write']` to store an invoice's documents when it is sent, `['receipts:upload']`
   * to sign a receipt's presigned PUT. The stack grants exactly these.
   */
  files?: readonly FileAccess[];
}

/** One Lambda function: a route's handler or a job's. */
export interface FunctionDefinition {
  /** Module under `functions/handlers/` (kebab-case, named after the action) exporting `handler`. */
  handler: string;
  /** Read-only functions get read-only table access on AWS. */
  access: 'read' | 'readwrite';
  needs: FunctionNeeds;
}
