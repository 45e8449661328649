import { deleteItems, putItems } from '../core/batch';
import {
  ConditionalCheckFailedException,
  DeleteCommand,
  ddb,
  PutCommand,
  TABLE,
  UpdateCommand,
} from '../core/client';
import { entryKey, invoiceEntryKey, invoiceKey } from '../core/keys';
import { type TxOp, transact } from '../core/transact';
import { type InvoiceEntryRecord, type InvoiceRecord, toInvoiceEntryItem, toInvoiceItem } from './invoices';

/**
 * The writes of drafts: a draft claims its time entries, and a deleted draft (or a voided invoice)
 * frees them. An entry belongs to an invoice through its `invoiceId`; one that still points at a
 * void or deleted invoice is free too, and the next draft may claim it. The lock of entries on a
 * sent or paid invoice is `./invoice-lock.ts`; numbers and status changes are `./invoice-send.ts`
 * and `./invoice-writes.ts`.
 */

/** An entry a draft is to claim, at the version it was read. */
export interface EntryClaim {
  entryId: string;
  version: number;
}

const CLAIMS_PER_TX = 100;

function claimOp(userId: string, invoiceId: string, claim: EntryClaim): TxOp {
  return {
    op: {
      Update: {
        TableName: TABLE,
        Key: entryKey('time', userId, claim.entryId),
        // A new version, so an edit that read the entry before the claim cannot write over it.
        UpdateExpression: 'SET invoiceId = :invoice, #version = :next',
        ConditionExpression: '#version = :version',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: {
          ':invoice': invoiceId,
          ':version': claim.version,
          ':next': claim.version + 1,
        },
      },
    },
    onConditionFailed: 'changed',
  };
}

/**
 * Frees entries the invoice holds: removes `invoiceId` where it is still this invoice's (one
 * UpdateItem each, 16 at a time; an entry deleted meanwhile or claimed by no one is skipped).
 */
export async function releaseEntries(userId: string, invoiceId: string, entryIds: string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < entryIds.length) {
      const entryId = entryIds[next++]!;
      try {
        await ddb.send(
          new UpdateCommand({
            TableName: TABLE,
            Key: entryKey('time', userId, entryId),
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

/**
 * Stores a draft with its entry copies and claims its entries, each claim on the version read.
 * `changed` when an entry changed since it was read: nothing of the draft is left (claims made so
 * far are released), and the caller reads again.
 */
export async function createDraft(
  invoice: InvoiceRecord,
  entries: (InvoiceEntryRecord & EntryClaim)[],
): Promise<'created' | 'changed'> {
  const { userId, invoiceId } = invoice;
  await ddb.send(
    new PutCommand({
      TableName: TABLE,
      Item: toInvoiceItem(invoice),
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  await putItems(entries.map((e) => toInvoiceEntryItem(userId, invoiceId, e)));
  const claimed: string[] = [];
  for (let i = 0; i < entries.length; i += CLAIMS_PER_TX) {
    const chunk = entries.slice(i, i + CLAIMS_PER_TX);
    const result = await transact(chunk.map((e) => claimOp(userId, invoiceId, e)));
    if (!result.ok) {
      await releaseEntries(userId, invoiceId, claimed);
      await removeDraftItems(
        userId,
        invoiceId,
        entries.map((e) => e.entryId),
      );
      return 'changed';
    }
    claimed.push(...chunk.map((e) => e.entryId));
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
  await releaseEntries(userId, invoice.invoiceId, invoice.entryIds);
  await removeDraftItems(userId, invoice.invoiceId, invoice.entryIds);
  return true;
}
