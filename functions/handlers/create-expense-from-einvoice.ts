import * as received from '../../contract/endpoints/received-einvoices';
import { bookReceivedEinvoice } from '../domain/tracking/einvoice-in/book';
import { keepFileAsReceipt } from '../domain/tracking/receipts/keep-file';
import { respond, route } from '../http';

/**
 * POST /api/expenses/einvoice?projectid= with the file as the body (an XRechnung in CII or UBL, or
 * a ZUGFeRD/Factur-X PDF; at most 10 MB) — 201 with the expense it books: the net total as
 * `amount`, the VAT total as `vatAmount`, the issue date, the seller as task, `Invoice <number>`.
 * Not an invoice: 400 `EINVOICE_UNREADABLE`; booked before: 409 `EINVOICE_DUPLICATE`; another
 * user's project: 404. The file is kept as the expense's receipt.
 */
export const handler = route(received.createExpenseFromEinvoice, async ({ user, body, query }) => {
  const booked = await bookReceivedEinvoice(
    user,
    query.projectid,
    { bytes: body.bytes, filename: query.filename },
    keepFileAsReceipt,
  );
  return respond(booked.created ? 201 : 200, booked.activity);
});
