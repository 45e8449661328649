import { ConditionalCheckFailedException, ddb, TABLE, UpdateCommand } from '../core/client';
import { WriteConflictError } from '../core/errors';
import { invoiceKey } from '../core/keys';
import { AGAIN, retrying, VERSION_RETRY } from '../core/retry';
import { type TxOp, transact } from '../core/transact';
import { getInvoiceItem, invoiceNumber, lastNumber, numberCounterOp } from './invoice-send';
import { type InvoiceRecord, invoiceFromItem, toInvoiceItem } from './invoices';

/**
 * Credit notes (CONTRACT §9 "Credit notes instead of deletion"): voiding a sent or paid invoice
 * issues a credit note numbered in the same sequence as sending. Two steps, each safe to repeat:
 * 1. the invoice reserves its credit note's id (`creditNoteId`, kept once set), so every try of
 *    the void — a retry after a crash, a second tab — makes the same credit note, under the same
 *    keys in S3;
 * 2. ONE transaction takes the year's next number (the counter's condition, as sending does),
 *    puts the credit note (on the condition that it does not exist) and makes the invoice void (on
 *    the condition that it is still in the status read and holds that id). The credit note exists
 *    exactly when the invoice is void, and no number is taken without it.
 */

/**
 * Reserves the credit note's id on an invoice that is sent or paid (and no credit note itself):
 * `newId` unless it has one already. Answers the invoice as written, or nothing when it is not
 * (or no longer) a sent or paid invoice.
 */
export async function reserveCreditNoteId(
  userId: string,
  invoiceId: string,
  newId: string,
): Promise<InvoiceRecord | undefined> {
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: invoiceKey(userId, invoiceId),
        UpdateExpression: 'SET creditNoteId = if_not_exists(creditNoteId, :id)',
        ConditionExpression:
          '#status IN (:sent, :paid) AND (attribute_not_exists(#kind) OR #kind = :invoice)',
        ExpressionAttributeNames: { '#status': 'status', '#kind': 'kind' },
        ExpressionAttributeValues: { ':id': newId, ':sent': 'sent', ':paid': 'paid', ':invoice': 'invoice' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? invoiceFromItem(out.Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** The credit note numbered `number`, made by the caller (its documents stored before it answers). */
export type CreditNoteOf = (number: string, original: InvoiceRecord) => Promise<InvoiceRecord>;

export type IssueResult =
  | { status: 'issued'; original: InvoiceRecord; creditNote: InvoiceRecord }
  /** Neither sent nor paid, nor void with this credit note: not voidable. */
  | { status: 'not-voidable' }
  | { status: 'not-found' };

/** Transaction item: the invoice becomes void, while still `from` and holding `creditNoteId`. */
function voidOp(original: InvoiceRecord, voidedAt: string): TxOp {
  return {
    op: {
      Update: {
        TableName: TABLE,
        Key: invoiceKey(original.userId, original.invoiceId),
        UpdateExpression: 'SET #status = :void, voidedAt = :at',
        ConditionExpression: '#status = :from AND creditNoteId = :note',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':void': 'void',
          ':at': voidedAt,
          ':from': original.status,
          ':note': original.creditNoteId,
        },
      },
    },
    onConditionFailed: 'status',
  };
}

/**
 * Issues the credit note of `invoiceId` (whose id is reserved) with the next number of `year`:
 * reads the invoice and the counter, lets `make` build the note for that number, and writes
 * counter, note and void in one transaction; a lost race (another number taken, the invoice paid
 * meanwhile) reads again and redoes. An invoice already void with this credit note answers it as
 * it is: the void was done before.
 */
export async function issueCreditNote(
  userId: string,
  invoiceId: string,
  issue: { year: string; prefix: string; voidedAt: string },
  make: CreditNoteOf,
): Promise<IssueResult> {
  return retrying(
    VERSION_RETRY,
    async (): Promise<IssueResult | typeof AGAIN> => {
      const original = await getInvoiceItem(userId, invoiceId);
      if (!original) return { status: 'not-found' };
      const noteId = original.creditNoteId;
      if (original.status === 'void' && noteId) {
        const creditNote = await getInvoiceItem(userId, noteId);
        return creditNote ? { status: 'issued', original, creditNote } : { status: 'not-voidable' };
      }
      if ((original.status !== 'sent' && original.status !== 'paid') || !noteId) {
        return { status: 'not-voidable' };
      }
      const last = await lastNumber(userId, issue.year);
      const creditNote = await make(invoiceNumber(issue.prefix, issue.year, last + 1), original);
      const result = await transact([
        numberCounterOp(userId, issue.year, last),
        {
          op: {
            Put: {
              TableName: TABLE,
              Item: toInvoiceItem(creditNote),
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          onConditionFailed: 'exists',
        },
        voidOp(original, issue.voidedAt),
      ]);
      if (!result.ok) return AGAIN;
      return {
        status: 'issued',
        original: { ...original, status: 'void', voidedAt: issue.voidedAt },
        creditNote,
      };
    },
    () => new WriteConflictError(),
  );
}
