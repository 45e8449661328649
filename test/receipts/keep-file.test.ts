import { describe, expect, it } from 'vitest';
import { getReceipt } from '../../functions/data/tracking/receipts';
import { keepFileAsReceipt } from '../../functions/domain/tracking/receipts/keep-file';
import { receiptKey, receiptsPrefix } from '../../functions/lib/buckets';
import { getObject } from '../../functions/lib/s3';
import { listPages } from '../../functions/lib/s3-sweep';
import { deliverReceiptEvents } from '../s3-events';
import { accountWithExpense, listedReceipts, PDF, PNG } from './helpers';

// The module other code calls to keep a file the server already holds (a received e-invoice).

const XML = new TextEncoder().encode('<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice/>');

async function filesOf(userId: string) {
  const keys: string[] = [];
  for await (const page of listPages('receipts', receiptsPrefix(userId))) keys.push(...page);
  return keys;
}

describe('keeping a file the server has as a receipt', () => {
  it('stores the bytes and lists the receipt as uploaded at once; the bucket’s check afterwards keeps it', async () => {
    const { token, userId, projectId, activityId } = await accountWithExpense();
    const kept = await keepFileAsReceipt({
      userId,
      activityId,
      filename: '  Rechnung R-2026-0042 — Müller GmbH.xml ',
      contentType: 'application/xml',
      body: XML,
    });
    const object = await getObject('receipts', receiptKey(userId, kept._id));
    expect(Buffer.from(object!.body).equals(Buffer.from(XML))).toBe(true);
    expect(object?.contentType).toBe('application/xml');
    expect(await listedReceipts(token, projectId, activityId)).toEqual([
      expect.objectContaining({
        _id: kept._id,
        filename: 'Rechnung R-2026-0042 — Müller GmbH.xml',
        contentType: 'application/xml',
        bytes: XML.byteLength,
      }),
    ]);
    await deliverReceiptEvents();
    expect((await getReceipt(userId, kept._id))?.uploadedAt).toBeDefined();
    expect(await filesOf(userId)).toEqual([receiptKey(userId, kept._id)]);
  });

  it('refuses bytes that are not of their type, a type a receipt may not have, and another user’s entry, storing nothing', async () => {
    const owner = await accountWithExpense();
    const other = await accountWithExpense();
    const cases = [
      {
        why: 'a PNG as PDF',
        userId: owner.userId,
        contentType: 'application/pdf',
        body: PNG,
        code: 'RECEIPT_REJECTED',
      },
      { why: 'a GIF', userId: owner.userId, contentType: 'image/gif', body: PNG, code: 'RECEIPT_REJECTED' },
      {
        why: 'empty',
        userId: owner.userId,
        contentType: 'application/pdf',
        body: new Uint8Array(),
        code: 'RECEIPT_REJECTED',
      },
      {
        why: 'another user’s entry',
        userId: other.userId,
        contentType: 'application/pdf',
        body: PDF,
        code: 'FINANCE_ACTIVITY_NOT_FOUND',
      },
    ];
    for (const c of cases) {
      await expect(
        keepFileAsReceipt({
          userId: c.userId,
          activityId: owner.activityId,
          filename: 'x',
          contentType: c.contentType,
          body: c.body,
        }),
        c.why,
      ).rejects.toMatchObject({ code: c.code });
    }
    await deliverReceiptEvents();
    expect(await filesOf(owner.userId)).toEqual([]);
    expect(await filesOf(other.userId)).toEqual([]);
    expect(await listedReceipts(owner.token, owner.projectId, owner.activityId)).toEqual([]);
  });
});
