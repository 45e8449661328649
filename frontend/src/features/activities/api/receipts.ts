import { RECEIPT_CONTENT_TYPES, RECEIPT_MAX_BYTES, type ReceiptContentType } from '@contract/receipts';
import type { FinanceActivity } from '@contract/responses';
import { ApiError } from '@/lib/api';
import { client } from '@/lib/api-client';

export type Receipt = FinanceActivity['receipts'][number];

/**
 * Receipts of an income or expense (CONTRACT §9 "Receipts"): the browser uploads the file itself,
 * straight to S3 through the presigned PUT `POST /api/receipts` answers; the server checks it
 * after the upload and only then lists it on the entry (docs/receipts.md).
 */

/** The content type a receipt is announced with: the browser's, or one read from the name (an `.xml` often has none). */
export function receiptContentType(file: File): ReceiptContentType | undefined {
  const type = file.type === 'image/jpg' ? 'image/jpeg' : file.type;
  if ((RECEIPT_CONTENT_TYPES as readonly string[]).includes(type)) return type as ReceiptContentType;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  const byName: Record<string, ReceiptContentType> = {
    pdf: 'application/pdf',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    png: 'image/png',
    xml: 'application/xml',
  };
  return type === '' && extension ? byName[extension] : undefined;
}

/** Whether a file can be a receipt at all (type and size), before anything is sent. */
export const canBeReceipt = (file: File) =>
  receiptContentType(file) !== undefined && file.size >= 1 && file.size <= RECEIPT_MAX_BYTES;

/** Why an upload did not end as a listed receipt. */
export class ReceiptUploadError extends Error {
  constructor(readonly reason: 'type' | 'upload' | 'check') {
    super(`receipt upload failed: ${reason}`);
    this.name = 'ReceiptUploadError';
  }
}

/** Starts the upload (`POST /api/receipts`) and PUTs the file to S3; answers the receipt's id. */
export async function uploadReceipt(activityId: string, file: File): Promise<string> {
  const contentType = receiptContentType(file);
  if (!contentType || !canBeReceipt(file)) throw new ReceiptUploadError('type');
  const started = await client.call('createReceipt', {
    body: { activityId, filename: file.name, contentType, bytes: file.size },
  });
  const put = await fetch(started.uploadUrl, { method: 'PUT', headers: started.uploadHeaders, body: file });
  if (!put.ok) throw new ReceiptUploadError('upload');
  return started._id;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The presigned GET of an uploaded receipt (`?redirect=false`); a pending or removed one is a 404 (`ApiError`). */
async function receiptLink(receiptId: string): Promise<string> {
  const link = await client.call('getReceipt', { path: { id: receiptId }, query: { redirect: 'false' } });
  if (!link) throw new Error('The receipt answered no link');
  return link.url;
}

/**
 * Waits (at most about 15 seconds) until the server's check after the upload has kept the receipt
 * (it can then be opened); `false` when it never does (the check removed the file: its first bytes
 * were not of its type).
 */
export async function receiptKept(receiptId: string): Promise<boolean> {
  for (let attempt = 0; attempt < 15; attempt++) {
    await sleep(attempt === 0 ? 300 : 1000);
    try {
      await receiptLink(receiptId);
      return true;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  return false;
}

/** Opens a receipt in a new tab: the tab is opened at once (no pop-up blocker), then sent to the presigned URL. */
export async function openReceipt(receiptId: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await receiptLink(receiptId);
    if (tab) tab.location.href = url;
    else window.location.href = url;
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** `DELETE /api/receipts/{id}`: the receipt and its file. */
export const deleteReceipt = (receiptId: string) => client.call('deleteReceipt', { path: { id: receiptId } });
