import type { FinanceActivity } from '../../../../contract/responses';
import type { UserRecord } from '../../../data/identity/users';
import {
  addFinanceActivityWith,
  type FinanceActivityRecord,
  getFinanceActivity,
} from '../../../data/tracking/finance-activities';
import { getProject } from '../../../data/tracking/projects';
import {
  claimPendingReceipt,
  finishPendingReceipt,
  receiptPendingOp,
  releasePendingReceipt,
} from '../../../data/tracking/received-einvoices';
import { ConflictError, NotFoundError, ServiceBusyError, ValidationError } from '../../../lib/errors';
import { logger } from '../../../lib/logger';
import { itemLimitFor, refuseCreate } from '../activities';
import { newFinanceActivityRecord } from '../activity-records';
import { toFinanceActivity } from '../responses';
import { clipped, expenseOf } from './expense';
import { type EinvoiceContainer, EinvoiceUnreadable, type ReadEinvoice, readReceivedEinvoice } from './read';

/**
 * `POST /api/expenses/einvoice` (CONTRACT §9 "E-invoices received"): the uploaded file read, the
 * expense booked through the one write path of entries (totals, rollups, tax months, the free
 * item limit, a live project of the caller's), then the file kept as its receipt.
 *
 * The expense and its receipt-pending marker are one transaction; the receipt is kept after it,
 * and the marker deleted once it is. A receipt that fails leaves the expense stored and answers
 * 503: the same upload again finds the expense and the marker, and finishes the receipt (200 with
 * the expense). Without a marker, the same upload is a duplicate (409).
 */

/** What keeps a file as an entry's receipt (the receipts module's `keepFileAsReceipt`). */
export type KeepReceipt = (file: {
  userId: string;
  activityId: string;
  filename: string;
  contentType: string;
  body: Uint8Array;
}) => Promise<unknown>;

export interface Booked {
  /** false: the booking of an earlier upload whose receipt this one finished. */
  created: boolean;
  activity: FinanceActivity;
}

async function readOrRefuse(bytes: Uint8Array): Promise<ReadEinvoice> {
  try {
    return await readReceivedEinvoice(bytes);
  } catch (error) {
    if (!(error instanceof EinvoiceUnreadable)) throw error;
    logger.info('received e-invoice refused', { reason: error.reason, bytes: bytes.length });
    throw new ValidationError('EINVOICE_UNREADABLE');
  }
}

const CONTENT_TYPES: Record<EinvoiceContainer, string> = { xml: 'application/xml', pdf: 'application/pdf' };

/** The receipt's file name: the one the upload gave, else `Invoice <number>.xml` / `.pdf`. */
export function receiptFilename(given: string | undefined, number: string, container: EinvoiceContainer) {
  const name = given?.trim();
  return name ? clipped(name) : clipped(`Invoice ${number.replace(/[/\\]/g, '-')}.${container}`);
}

/** Keeps the file as the receipt of `record`; a failure answers 503 and leaves the receipt to a retry. */
async function keepReceipt(
  record: FinanceActivityRecord,
  file: { bytes: Uint8Array; filename: string; contentType: string },
  keep: KeepReceipt,
) {
  const { userId, activityId } = record;
  try {
    await keep({
      userId,
      activityId,
      filename: file.filename,
      contentType: file.contentType,
      body: file.bytes,
    });
  } catch (error) {
    logger.error('received e-invoice booked, its receipt not kept', {
      activityId,
      error: (error as Error).message,
    });
    await releasePendingReceipt(userId, activityId).catch(() => undefined);
    throw new ServiceBusyError('EINVOICE_RECEIPT_PENDING', 5);
  }
  try {
    await finishPendingReceipt(userId, activityId);
  } catch (error) {
    // The receipt is kept; the marker expires on its own (a retry meanwhile would keep a second copy).
    logger.warn('receipt-pending marker not removed', { activityId, error: (error as Error).message });
  }
}

/** The expense as stored now, with the receipt just kept (the receipts live on the entry's item). */
async function withReceipts(record: FinanceActivityRecord): Promise<FinanceActivity> {
  return toFinanceActivity((await getFinanceActivity(record.userId, record.activityId)) ?? record);
}

/** Reads the file, books its expense on the user's project and keeps the file as its receipt. */
export async function bookReceivedEinvoice(
  user: UserRecord,
  projectId: string,
  upload: { bytes: Uint8Array; filename?: string },
  keep: KeepReceipt,
  now = new Date(),
): Promise<Booked> {
  const { invoice, container } = await readOrRefuse(upload.bytes);
  if (invoice.currency !== user.currency) {
    throw new ValidationError('EINVOICE_CURRENCY', {
      values: { currency: invoice.currency, accountCurrency: user.currency },
    });
  }
  const record = newFinanceActivityRecord(user._id, expenseOf(user._id, projectId, invoice), now);
  const file = {
    bytes: upload.bytes,
    filename: receiptFilename(upload.filename, invoice.number, container),
    contentType: CONTENT_TYPES[container],
  };
  const pending = receiptPendingOp(user._id, record.activityId, now.getTime());
  const result = await addFinanceActivityWith(record, itemLimitFor(user), [pending]);
  switch (result.status) {
    case 'created':
      await keepReceipt(record, file, keep);
      return { created: true, activity: await withReceipts(record) };
    case 'existing':
      // The project is checked first: another user's project is 404 whatever the caller booked.
      if (!(await getProject(user._id, projectId))) throw new NotFoundError('PROJECT_NOT_FOUND');
      if (!(await claimPendingReceipt(user._id, record.activityId, now.getTime()))) {
        throw new ConflictError('EINVOICE_DUPLICATE', {
          values: { number: invoice.number, seller: invoice.seller.name },
        });
      }
      await keepReceipt(result.record, file, keep);
      return { created: false, activity: await withReceipts(result.record) };
    default:
      return refuseCreate(result);
  }
}
