import { deleteItems, putItems } from '../core/batch';
import { ConditionalCheckFailedException, DeleteCommand, ddb, TABLE, UpdateCommand } from '../core/client';
import { type EntryKind, entryKey, invoiceEntryKey, invoiceKey } from '../core/keys';
import { type TxOp, transact } from '../core/transact';
import { type InvoiceEntryRecord, type InvoiceRecord, toInvoiceEntryItem, toInvoiceItem } from './invoices';

/**
 * The writes of drafts: a draft claims its time entries (and the expenses it re-bills), and a
 * deleted draft (or a voided invoice) frees them. An entry belongs to an invoice through its `invoiceId`; one that still points at a
 * void or deleted invoice is free too, and the next draft may claim it. The lock of entries on a
 * sent or paid invoice is `./invoice-lock.ts`; numbers and status changes are `./invoice-send.ts`
 * and `./invoice-writes.ts`.
 */

/** An entry a draft is to claim, at the version it was read. */
export interface EntryClaim {
  entryId: string;
  version: number;
}

/** An expense a draft re-bills at cost and so claims (CONTRACT §9), at the version it was read. */
export interface ExpenseClaim {
  expenseId: string;
  version: number;
}

/** The most items of one transaction (DynamoDB's limit): claims, and the draft in the last. */
const ITEMS_PER_TX = 100;

function claimOp(kind: EntryKind, userId: string, invoiceId: string, id: string, version: number): TxOp {
  return {
    op: {
      Update: {
        TableName: TABLE,
        Key: entryKey(kind, userId, id),
        // A new version, so an edit that read the entry before the claim cannot write over it.
        UpdateExpression: 'SET invoiceId = :invoice, #version = :next',
        ConditionExpression: '#version = :version',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':invoice': invoiceId, ':version': version, ':next': version + 1 },
      },
    },
    onConditionFailed: 'changed',
  };
}

/**
 * Frees entries (`kind` `finance`: expenses) the invoice holds: removes `invoiceId` where it is
 * still this invoice's (one UpdateItem each, 16 at a time; an entry deleted meanwhile or claimed by
 * no one is skipped).
 */
export async function releaseEntries(
  userId: string,
  invoiceId: string,
  entryIds: string[],
  kind: EntryKind = 'time',
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < entryIds.length) {
      const entryId = entryIds[next++]!;
      try {
        await ddb.send(
          new UpdateCommand({
            TableName: TABLE,
            Key: entryKey(kind, userId, entryId),
            UpdateExpression: 'REMOVE invoiceId ADD #version :one',
            ConditionExpression: 'invoiceId = :invoice',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':invoice': invoiceId, ':one': 1 },
          }),
        );
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

/** Frees the time entries and the expenses an invoice holds (a deleted draft, a voided invoice). */
export async function releaseInvoiceItems(userId: string, invoice: InvoiceRecord): Promise<void> {
  await releaseEntries(userId, invoice.invoiceId, invoice.entryIds);
  await releaseEntries(userId, invoice.invoiceId, invoice.expenseIds ?? [], 'finance');
}

/**
 * Stores a draft with its entry copies and claims its entries and expenses, each claim on the
 * version read, 100 items a transaction; the draft itself is put in the last one. `changed` when
 * an entry changed since it was read: nothing of the draft is left (claims made so far are
 * released), and the caller reads again. A crash half-way leaves claims that name an invoice that
 * does not exist, which count as free (`drafts.ts`), so a retry claims them again.
 */
export async function createDraft(
  invoice: InvoiceRecord,
  entries: (InvoiceEntryRecord & EntryClaim)[],
  expenses: ExpenseClaim[] = [],
): Promise<'created' | 'changed'> {
  const { userId, invoiceId } = invoice;
  await putItems(entries.map((e) => toInvoiceEntryItem(userId, invoiceId, e)));
  const claims: { kind: EntryKind; id: string; op: TxOp }[] = [
    ...entries.map((e) => ({
      kind: 'time' as const,
      id: e.entryId,
      op: claimOp('time', userId, invoiceId, e.entryId, e.version),
    })),
    ...expenses.map((e) => ({
      kind: 'finance' as const,
      id: e.expenseId,
      op: claimOp('finance', userId, invoiceId, e.expenseId, e.version),
    })),
  ];
  const draftPut: TxOp = {
    op: {
      Put: {
        TableName: TABLE,
        Item: toInvoiceItem(invoice),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    onConditionFailed: 'exists',
  };
  const claimed: typeof claims = [];
  for (let i = 0; i === 0 || i < claims.length; i += ITEMS_PER_TX - 1) {
    const chunk = claims.slice(i, i + ITEMS_PER_TX - 1);
    const last = i + ITEMS_PER_TX - 1 >= claims.length;
    const result = await transact([...chunk.map((c) => c.op), ...(last ? [draftPut] : [])]);
    if (!result.ok) {
      await releaseEntries(
        userId,
        invoiceId,
        claimed.filter((c) => c.kind === 'time').map((c) => c.id),
      );
      await releaseEntries(
        userId,
        invoiceId,
        claimed.filter((c) => c.kind === 'finance').map((c) => c.id),
        'finance',
      );
      await removeDraftItems(
        userId,
        invoiceId,
        entries.map((e) => e.entryId),
      );
      return 'changed';
    }
    claimed.push(...chunk);
  }
  return 'created';
}

async function removeDraftItems(userId: string, invoiceId: string, entryIds: string[]) {
  await deleteItems([
    invoiceKey(userId, invoiceId),
    ...entryIds.map((id) => invoiceEntryKey(userId, invoiceId, id)),
  ]);
}

/** Deletes a draft (only while it is one) with its entry copies, and frees its entries. */
export async function deleteDraft(userId: string, invoice: InvoiceRecord): Promise<boolean> {
  try {
    await ddb.send(
      new DeleteCommand({
        TableName: TABLE,
        Key: invoiceKey(userId, invoice.invoiceId),
        ConditionExpression: '#status = :draft',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':draft': 'draft' },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
  await releaseInvoiceItems(userId, invoice);
  await removeDraftItems(userId, invoice.invoiceId, invoice.entryIds);
  return true;
}
