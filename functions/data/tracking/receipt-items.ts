/**
 * The copy of an entry's receipts on the finance activity item: a map `receipts` of receipt id →
 * `{filename, contentType, bytes, createdAt, uploadedAt?}` (`uploadedAt` absent while the upload is
 * pending). Pure: `finance-activities.ts` converts with it, `receipts.ts` writes it.
 */

/** A receipt as its entry lists it. */
export interface ReceiptSummary {
  receiptId: string;
  filename: string;
  contentType: string;
  bytes: number;
  /** When `POST /api/receipts` (or `keepFileAsReceipt`) made it (ISO). */
  createdAt: string;
  /** When its upload was checked (ISO); absent while pending. */
  uploadedAt?: string;
}

/** The stored map of an entry's receipts. */
export function receiptMap(receipts: readonly ReceiptSummary[]): Record<string, Record<string, unknown>> {
  return Object.fromEntries(receipts.map(({ receiptId, ...rest }) => [receiptId, { ...rest }] as const));
}

/** The receipts of a stored map, oldest first (ids are ULIDs); `undefined` when the item has none. */
export function receiptsOfItem(value: unknown): ReceiptSummary[] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  return Object.entries(value as Record<string, Record<string, unknown>>)
    .map(([receiptId, r]) => ({
      receiptId,
      filename: String(r.filename ?? ''),
      contentType: String(r.contentType ?? ''),
      bytes: Number(r.bytes ?? 0),
      createdAt: String(r.createdAt ?? ''),
      ...(typeof r.uploadedAt === 'string' ? { uploadedAt: r.uploadedAt } : {}),
    }))
    .sort((a, b) => (a.receiptId < b.receiptId ? -1 : a.receiptId > b.receiptId ? 1 : 0));
}
