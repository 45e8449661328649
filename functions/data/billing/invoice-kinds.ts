/**
 * What release 4 adds to an invoice item for credit notes, email and re-billed expenses (CONTRACT
 * §9): its kind, the link between an invoice and the credit note that cancels it, the emails it
 * went out in, and the expenses it re-bills. All absent on older items (an item without `kind` is
 * an invoice). Types only: `./invoices.ts` makes `InvoiceRecord` of them, `./credit-notes.ts`,
 * `./invoice-emails.ts` and `./invoice-drafts.ts` write them.
 */

/** An invoice, or the credit note (Stornorechnung) a void issued. */
export type InvoiceKind = 'invoice' | 'creditNote';

/** One email of an issued document. */
export interface InvoiceEmailRecord {
  to: string;
  /** ISO timestamp. */
  sentAt: string;
}

export interface InvoiceKindFields {
  /** Absent: an invoice. */
  kind?: InvoiceKind;
  /** A credit note's: the invoice it cancels. */
  creditedInvoiceId?: string;
  /**
   * An invoice's: the id its credit note has or will have — reserved before the credit note is
   * issued, so every try of a void makes the same one; the invoice is void once the note exists.
   */
  creditNoteId?: string;
  /** Oldest first; the newest {@link MAX_RECORDED_EMAILS} are kept. */
  emails?: InvoiceEmailRecord[];
  /** The expenses it re-bills at cost (CONTRACT §9 `includeExpenses`), claimed as its entries are. */
  expenseIds?: string[];
}

/** What release 4 adds to a line: the expense it re-bills at cost (1 × `C62` at its net amount). */
export interface InvoiceLineKindFields {
  expenseId?: string;
}

/** The most emails an invoice item keeps (a list in the item: it must not grow without bound). */
export const MAX_RECORDED_EMAILS = 50;
