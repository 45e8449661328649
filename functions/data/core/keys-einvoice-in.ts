import { type TableKey, userPartition } from './keys-base';

/**
 * Keys of received e-invoices (`functions/data/tracking/received-einvoices.ts`). The duplicate
 * guard is the expense itself: its id is derived from the seller and the invoice number
 * (`domain/tracking/einvoice-in/`), so the expense's own conditional Put refuses a second booking.
 * What this module keys is the marker of an expense whose file is not yet kept as its receipt.
 */

const RECEIVED_EINVOICE = 'EINVOICEIN#';

/** The receipt-pending marker of the expense booked from a received e-invoice. */
export const receivedEinvoiceKey = (userId: string, activityId: string): TableKey => ({
  PK: userPartition(userId),
  SK: `${RECEIVED_EINVOICE}${activityId}`,
});
