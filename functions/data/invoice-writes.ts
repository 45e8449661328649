import { deleteItems, putItems } from './batch';
import {
  ConditionalCheckFailedException,
  DeleteCommand,
  ddb,
  GetCommand,
  PutCommand,
  TABLE,
  UpdateCommand,
} from './client';
import { WriteConflictError } from './errors';
import {
  type InvoiceEntryRecord,
  type InvoiceRecord,
  type InvoiceSettingsRecord,
  invoiceFromItem,
  toInvoiceEntryItem,
  toInvoiceItem,
} from './invoices';
import { entryKey, invoiceEntryKey, invoiceKey, invoiceNumberKey } from './keys';
import { type TxOp, transact } from './transact';

/**
 * The writes of invoices: drafts that claim time entries, numbers given on sending, the status
 * changes, and the condition that keeps an entry on a sent or paid invoice unchanged.
 *
 * An entry belongs to an invoice through its `invoiceId`. It is locked while that invoice is sent
 * or paid: every edit or delete of an entry with an `invoiceId` carries {@link invoiceLockCheck}
 * in its transaction, so it cannot slip in beside the sending. A void or deleted invoice's entries
 * are freed (their `invoiceId` removed); one that is still pointing at such an invoice is free
 * too, and the next draft may claim it.
 */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * ms));

export { invoiceLockCheck } from './invoice-lock';

/** Transaction item that holds only while the invoice has `status` (e.g. its incomes are booked while it is sent). */
export function invoiceStatusCheck(userId: string, invoiceId: string, status: string, tag: string): TxOp {
  return {
    op: {
      ConditionCheck: {
        TableName: TABLE,
        Key: invoiceKey(userId, invoiceId),
        ConditionExpression: '#status = :status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status },
      },
    },
    onConditionFailed: tag,
  };
}

// --- drafts ---------------------------------------------------------------------------------------

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

// --- status changes -------------------------------------------------------------------------------

/** The last number given in `year` (0 before the first). */
async function lastNumber(userId: string, year: string): Promise<number> {
  const out = await ddb.send(
    new GetCommand({ TableName: TABLE, Key: invoiceNumberKey(userId, year), ConsistentRead: true }),
  );
  return Number(out.Item?.last ?? 0);
}

function numberCounterOp(userId: string, year: string, last: number): TxOp {
  return {
    op: {
      Update: {
        TableName: TABLE,
        Key: invoiceNumberKey(userId, year),
        UpdateExpression: 'SET #last = :next, #type = :type',
        ConditionExpression: last === 0 ? 'attribute_not_exists(#last) OR #last = :last' : '#last = :last',
        ExpressionAttributeNames: { '#last': 'last', '#type': 'type' },
        ExpressionAttributeValues: { ':last': last, ':next': last + 1, ':type': 'INVOICENUMBER' },
      },
    },
    onConditionFailed: 'counter',
  };
}

export type SendResult =
  | { status: 'sent'; invoice: InvoiceRecord }
  | { status: 'not-draft' }
  | { status: 'not-found' };

/**
 * Sends a draft: in ONE transaction the year's counter goes from the number read to the next, on
 * the condition that it still holds the number read, and the invoice takes that number on the
 * condition that it is still a draft. Two sends at once cannot both pass the counter's condition,
 * and a send that does not happen does not raise it: numbers are in order, without gap or twin.
 */
export async function sendInvoice(
  userId: string,
  invoiceId: string,
  sentAt: Date,
  issuer: InvoiceSettingsRecord,
): Promise<SendResult> {
  const year = String(sentAt.getUTCFullYear());
  for (let attempt = 1; attempt <= 200; attempt++) {
    const last = await lastNumber(userId, year);
    const number = `${issuer.numberPrefix}${year}-${String(last + 1).padStart(4, '0')}`;
    const result = await transact([
      numberCounterOp(userId, year, last),
      {
        op: {
          Update: {
            TableName: TABLE,
            Key: invoiceKey(userId, invoiceId),
            UpdateExpression: 'SET #status = :sent, #number = :number, sentAt = :at, issuer = :issuer',
            ConditionExpression: '#status = :draft',
            ExpressionAttributeNames: { '#status': 'status', '#number': 'number' },
            ExpressionAttributeValues: {
              ':sent': 'sent',
              ':draft': 'draft',
              ':number': number,
              ':at': sentAt.toISOString(),
              ':issuer': issuer,
            },
          },
        },
        onConditionFailed: 'status',
      },
    ]);
    if (result.ok) return { status: 'sent', invoice: await getOrThrow(userId, invoiceId) };
    if (result.failed.includes('status')) {
      const current = await getInvoiceItem(userId, invoiceId);
      return { status: current ? 'not-draft' : 'not-found' };
    }
    await pause(30);
  }
  throw new WriteConflictError();
}

async function getInvoiceItem(userId: string, invoiceId: string) {
  const out = await ddb.send(
    new GetCommand({ TableName: TABLE, Key: invoiceKey(userId, invoiceId), ConsistentRead: true }),
  );
  return out.Item ? invoiceFromItem(out.Item) : undefined;
}

async function getOrThrow(userId: string, invoiceId: string): Promise<InvoiceRecord> {
  const invoice = await getInvoiceItem(userId, invoiceId);
  if (!invoice) throw new Error(`Invoice ${invoiceId} vanished`);
  return invoice;
}

/**
 * Moves an invoice from `from` to `to` (setting `fields` too) on the condition that it is still
 * `from`; `false` when it is not (or is gone). Answers the invoice as written.
 */
export async function changeInvoiceStatus(
  userId: string,
  invoiceId: string,
  from: InvoiceRecord['status'],
  to: InvoiceRecord['status'],
  fields: Partial<Pick<InvoiceRecord, 'paidDate' | 'voidedAt'>> = {},
): Promise<InvoiceRecord | undefined> {
  const names = Object.keys(fields);
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: invoiceKey(userId, invoiceId),
        UpdateExpression: `SET #status = :to${names.map((n) => `, #${n} = :${n}`).join('')}`,
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: {
          '#status': 'status',
          ...Object.fromEntries(names.map((n) => [`#${n}`, n])),
        },
        ExpressionAttributeValues: {
          ':to': to,
          ':from': from,
          ...Object.fromEntries(names.map((n) => [`:${n}`, fields[n as keyof typeof fields]])),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? invoiceFromItem(out.Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
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
