/**
 * Timeledger's two S3 buckets and the layout of the keys in them: the one definition the CDK
 * stack (`infra/constructs/files.ts`), the local stack (`infra/local/s3.ts`), the tests and the
 * functions (`./s3.ts`) read, so the names, the CORS rule and the key layout cannot disagree.
 *
 * Every object lives under `users/<userId>/`, so what a user owns can be found, and swept when the
 * account goes, by that one prefix.
 *
 * Plain data with no imports: functions that name a bucket carry it in their bundle.
 */
export const BUCKETS = {
  /**
   * The documents of issued invoices and credit notes (PDF and XML), made once when an invoice is
   * sent and never changed (CONTRACT §9 "Sending makes a legal document").
   */
  documents: { env: 'DOCUMENTS_BUCKET', localName: 'timeledger-documents' },
  /** Receipts of income and expenses, uploaded by the browser through a presigned PUT. */
  receipts: { env: 'RECEIPTS_BUCKET', localName: 'timeledger-receipts' },
} as const;

export type BucketName = keyof typeof BUCKETS;

/**
 * What a function may do with the files, named by intent. A function's entry in the route table
 * (`functions/routes.ts`, `needs.files`) lists what it needs; the stack grants exactly that and no
 * more (`infra/constructs/files.ts`):
 * - `documents:write` puts a document (never overwrites one: the documents bucket is versioned).
 * - `documents:read` reads a document's bytes.
 * - `documents:delete` lists and deletes documents (a deletion sweep).
 * - `receipts:upload` signs a presigned PUT (the URL acts with the signer's rights).
 * - `receipts:read` reads a receipt or signs a presigned GET for it.
 * - `receipts:delete` lists and deletes receipts.
 */
export const FILE_ACCESS = [
  'documents:write',
  'documents:read',
  'documents:delete',
  'receipts:upload',
  'receipts:read',
  'receipts:delete',
] as const;

export type FileAccess = (typeof FILE_ACCESS)[number];

/** The years German law asks issued invoices to be kept (§ 147 AO, § 14b UStG): Object Lock's retention when on. */
export const DOCUMENT_RETENTION_YEARS = 8;

/** How long the receipts bucket keeps a version after it was replaced or deleted (then it is gone for good). */
export const RECEIPT_NONCURRENT_DAYS = 30;

/**
 * The receipts bucket's CORS rule for the app's origin: the browser uploads through a presigned
 * PUT (with the `Content-Type` and `Content-Disposition` it was signed for) and may read a receipt
 * back (the export).
 */
export const RECEIPT_CORS = {
  methods: ['PUT', 'GET', 'HEAD'],
  headers: ['content-type', 'content-disposition'],
  exposedHeaders: ['etag'],
  maxAgeSeconds: 3000,
} as const;

/**
 * The documents bucket's CORS rule for the app's origin: the browser reads issued documents through
 * presigned GETs when it puts the account export's zip together (issue 37); it never writes there.
 */
export const DOCUMENT_CORS = {
  methods: ['GET', 'HEAD'],
  headers: [] as string[],
  exposedHeaders: ['etag'],
  maxAgeSeconds: 3000,
} as const;

/** The documents stored for an issued invoice, and the file name each has under the invoice. */
export const DOCUMENT_FILES = { pdf: 'pdf.pdf', xrechnung: 'xrechnung.xml', ubl: 'ubl.xml' } as const;

export type DocumentKind = keyof typeof DOCUMENT_FILES;

/** One segment of a key: an id as the app makes them (no `/`, no `.`-only name, printable ASCII). */
function segment(what: string, value: string): string {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(value)) {
    throw new Error(`Invalid ${what} for an S3 key: ${JSON.stringify(value)}`);
  }
  return value;
}

/** Everything a user owns, in either bucket: `users/<userId>/`. */
export const userPrefix = (userId: string) => `users/${segment('user id', userId)}/`;

/** The documents of one invoice: `users/<userId>/invoices/<invoiceId>/`. */
export const invoicePrefix = (userId: string, invoiceId: string) =>
  `${userPrefix(userId)}invoices/${segment('invoice id', invoiceId)}/`;

/** One document of an invoice: `users/<userId>/invoices/<invoiceId>/<kind>.<ext>`. */
export const documentKey = (userId: string, invoiceId: string, kind: DocumentKind) =>
  `${invoicePrefix(userId, invoiceId)}${DOCUMENT_FILES[kind]}`;

/** A user's receipts: `users/<userId>/receipts/`. */
export const receiptsPrefix = (userId: string) => `${userPrefix(userId)}receipts/`;

/** One receipt: `users/<userId>/receipts/<receiptId>`. */
export const receiptKey = (userId: string, receiptId: string) =>
  `${receiptsPrefix(userId)}${segment('receipt id', receiptId)}`;

/**
 * The owner and id of a receipt from its key (as an S3 event names it, URL-decoded), or
 * `undefined` for a key that is not a receipt's.
 */
export function parseReceiptKey(key: string): { userId: string; receiptId: string } | undefined {
  const match = /^users\/([A-Za-z0-9_-]{1,100})\/receipts\/([A-Za-z0-9_-]{1,100})$/.exec(key);
  return match ? { userId: match[1]!, receiptId: match[2]! } : undefined;
}
