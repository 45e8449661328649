import { ulid } from 'ulid';
import { getClient } from '../../../data/billing/clients';
import { issueCreditNote, reserveCreditNoteId } from '../../../data/billing/credit-notes';
import { releaseEntries } from '../../../data/billing/invoice-drafts';
import { acquireInvoiceLease, releaseInvoiceLease } from '../../../data/billing/invoice-lease';
import {
  getInvoice,
  getInvoiceSettings,
  type InvoiceDocumentRecord,
  type InvoiceRecord,
} from '../../../data/billing/invoices';
import type { UserRecord } from '../../../data/identity/users';
import { ConflictError, NotFoundError } from '../../../lib/errors';
import type { EInvoiceDocument } from '../einvoice/document';
import { assertComplete, buildEInvoice, clientCopy } from './einvoice-build';
import { bookReversals } from './reversals';

/**
 * Voiding a sent or paid invoice (CONTRACT §9 "Credit notes instead of deletion"): a credit note
 * (Stornorechnung, type 381) is issued with the next number of the same sequence, mirroring the
 * invoice's e-invoice — its parties, lines and amounts as sent — with the invoice's number and
 * issue date as the preceding invoice reference (BG-3) and its own PDF, CII and UBL stored in S3
 * before it exists. Then the invoice's entries are freed and each line's income that a payment
 * booked is reversed by an expense on its project. Each step can be repeated: a void tried again (after a
 * crash, from a second tab) finishes what the first left undone and issues no second credit note.
 */

const statusChange = () => new ConflictError('INVOICE_STATUS_CHANGE');

/**
 * The e-invoice the credit note mirrors: the invoice's as sent. An invoice sent before release 4
 * has none stored: it is made now from the invoice, the settings and the client (400
 * `INVOICE_INCOMPLETE` while the e-invoice would lack a value).
 */
async function sentDocument(user: UserRecord, invoice: InvoiceRecord): Promise<EInvoiceDocument> {
  if (invoice.einvoice) return invoice.einvoice as unknown as EInvoiceDocument;
  const [seller, client] = await Promise.all([
    getInvoiceSettings(user._id),
    getClient(user._id, invoice.clientId),
  ]);
  const buyer = clientCopy(client ?? invoice.client);
  assertComplete(invoice, seller, buyer);
  const sentAt = new Date(invoice.sentAt ?? invoice.createdAt);
  return buildEInvoice({ invoice, seller, buyer, user, number: invoice.number ?? '', sentAt });
}

/** The credit note's e-invoice: the invoice's, as type 381 numbered `number` and issued on `now`'s day. */
export function creditNoteDocument(sent: EInvoiceDocument, number: string, now: Date): EInvoiceDocument {
  const issueDate = now.toISOString().slice(0, 10);
  const { notes: _notes, precedingInvoice: _preceding, ...rest } = sent;
  return {
    ...rest,
    kind: 'creditNote',
    number,
    issueDate,
    // Nothing is owed to the seller: the amount is credited at once.
    dueDate: issueDate,
    precedingInvoice: { number: sent.number, issueDate: sent.issueDate },
  };
}

/** The credit note's item: the invoice's lines and amounts, status sent, no entries of its own. */
export function creditNoteRecord(
  original: InvoiceRecord,
  doc: EInvoiceDocument,
  documents: InvoiceDocumentRecord[],
  now: Date,
): InvoiceRecord {
  const at = now.toISOString();
  return {
    invoiceId: original.creditNoteId ?? '',
    userId: original.userId,
    kind: 'creditNote',
    creditedInvoiceId: original.invoiceId,
    status: 'sent',
    number: doc.number,
    clientId: original.clientId,
    client: original.client,
    startdate: original.startdate,
    enddate: original.enddate,
    currency: original.currency,
    lines: original.lines,
    subtotalCents: original.subtotalCents,
    taxRateHundredths: original.taxRateHundredths,
    taxCents: original.taxCents,
    totalCents: original.totalCents,
    reverseCharge: original.reverseCharge,
    notes: '',
    entryCount: 0,
    entryIds: [],
    createdAt: at,
    sentAt: at,
    paidDate: null,
    voidedAt: null,
    issuer: original.issuer,
    einvoice: JSON.parse(JSON.stringify(doc)) as Record<string, unknown> & { taxCategory: string },
    documents,
  };
}

/** Issues the credit note under the user's invoice lease (sends and voids take numbers one at a time). */
async function issue(user: UserRecord, invoiceId: string, now: Date) {
  const holder = ulid();
  await acquireInvoiceLease(user._id, holder);
  try {
    const reserved = await reserveCreditNoteId(user._id, invoiceId, ulid());
    // Not sent or paid (any more): a void that another try has finished is answered below.
    const current = reserved ?? (await getInvoice(user._id, invoiceId));
    if (!current) throw new NotFoundError('INVOICE_NOT_FOUND');
    if (current.kind === 'creditNote') throw statusChange();
    const [sent, settings, { storeDocuments }] = await Promise.all([
      current.status === 'void' ? undefined : sentDocument(user, current),
      getInvoiceSettings(user._id),
      import('./einvoice-files'),
    ]);
    const result = await issueCreditNote(
      user._id,
      invoiceId,
      { year: String(now.getUTCFullYear()), prefix: settings.numberPrefix, voidedAt: now.toISOString() },
      async (number, original) => {
        const doc = creditNoteDocument(sent ?? (await sentDocument(user, original)), number, now);
        const documents = await storeDocuments(user._id, original.creditNoteId ?? '', doc);
        return creditNoteRecord(original, doc, documents, now);
      },
    );
    if (result.status === 'not-found') throw new NotFoundError('INVOICE_NOT_FOUND');
    if (result.status === 'not-voidable') throw statusChange();
    return result;
  } finally {
    await releaseInvoiceLease(user._id, holder);
  }
}

/**
 * `PUT /api/invoices/{id}` `{"status":"void"}` on a sent or paid invoice, or again on one this
 * void made void: answers the invoice, void, with its `creditNoteId`. A credit note, a draft and an
 * invoice voided before release 4 (no credit note) are 409 `INVOICE_STATUS_CHANGE`.
 */
export async function voidInvoice(
  user: UserRecord,
  invoice: InvoiceRecord,
  now: Date,
): Promise<InvoiceRecord> {
  if (invoice.kind === 'creditNote') throw statusChange();
  if (invoice.status === 'draft' || (invoice.status === 'void' && !invoice.creditNoteId)) {
    throw statusChange();
  }
  const { original, creditNote } = await issue(user, invoice.invoiceId, now);
  // Both repeatable: an entry already freed, or a reversal already booked, is left as it is.
  await releaseEntries(user._id, original.invoiceId, original.entryIds);
  await bookReversals(original, creditNote);
  return original;
}
