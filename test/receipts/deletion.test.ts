import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { mockClient } from 'aws-sdk-client-mock';
import { ulid } from 'ulid';
import { afterEach, describe, expect, it } from 'vitest';
import { putItems } from '../../functions/data/core/batch';
import { ddb, TABLE } from '../../functions/data/core/client';
import { receiptItemKey } from '../../functions/data/core/keys';
import { financeActivityKey } from '../../functions/data/tracking/finance-activities';
import { receiptMap } from '../../functions/data/tracking/receipt-items';
import { sweepDeletions } from '../../functions/domain/account/deletions';
import { receiptKey, receiptsPrefix } from '../../functions/lib/buckets';
import { budgetOf } from '../../functions/lib/budget';
import { putObject } from '../../functions/lib/s3';
import { listPages } from '../../functions/lib/s3-sweep';
import { deleteAccountOf, scanTable } from '../accounts/helpers';
import { call } from '../api';
import { failingTransactions } from '../faults';
import { deliverReceiptEvents, discardReceiptEvents } from '../s3-events';
import { accountWithExpense, listedReceipts, newExpense, PNG, put, uploadReceipt } from './helpers';

// CONTRACT §9 "Receipts go when their activity, project or account goes": the files in S3 too,
// checked in the local S3 server, also when a deletion fails part-way and is tried again.

let mock: ReturnType<typeof mockClient> | undefined;
afterEach(() => {
  mock?.restore();
  mock = undefined;
});

async function filesOf(userId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of listPages('receipts', receiptsPrefix(userId))) keys.push(...page);
  return keys;
}

const receiptItemsOf = async (userId: string) =>
  (await scanTable()).filter(
    (item) => item.PK === `USER#${userId}` && String(item.SK).startsWith('RECEIPT#'),
  );

describe('deleting an income or expense', () => {
  it('removes its receipts’ files and items, also when the first try fails after the files went', async () => {
    const { token, userId, activityId } = await accountWithExpense();
    await uploadReceipt(token, activityId);
    await uploadReceipt(token, activityId);
    expect(await filesOf(userId)).toHaveLength(2);

    // The entry's transaction fails as a dropped connection would: the DELETE answers 500.
    mock = failingTransactions((n) => n === 1);
    const failed = await call('DELETE', `/api/financeActivities/${activityId}`, { token });
    expect(failed.status).toBe(500);
    mock.restore();
    mock = undefined;

    const again = await call('DELETE', `/api/financeActivities/${activityId}`, { token });
    expect(again.status).toBe(200);
    expect(await filesOf(userId)).toEqual([]);
    expect(await receiptItemsOf(userId)).toEqual([]);
  });
});

describe('deleting a project', () => {
  it('removes the receipts of its entries, files and items, and leaves other projects’ receipts', async () => {
    const { token, userId, projectId, activityId } = await accountWithExpense();
    const second = await newExpense(token, projectId, 'Hotel');
    await uploadReceipt(token, activityId);
    await uploadReceipt(token, second);
    const other = await call('POST', '/api/projects', { token, body: { name: 'Bleibt' } });
    const kept = await newExpense(token, other.body._id, 'Bleibt');
    const keptReceipt = await uploadReceipt(token, kept);

    const deleted = await call('DELETE', `/api/projects/${projectId}`, { token });
    expect(deleted.status).toBe(200);
    expect(await filesOf(userId)).toEqual([receiptKey(userId, keptReceipt)]);
    expect((await receiptItemsOf(userId)).map((i) => i.SK)).toEqual([receiptItemKey(userId, keptReceipt).SK]);
    expect(await listedReceipts(token, other.body._id, kept)).toHaveLength(1);
  });
});

/**
 * 1,000 receipts on 50 expenses (20 each), written straight to the table and to S3 in bulk: the
 * items and maps as `POST /api/receipts` and the check leave them, the files as the browser puts them.
 */
async function thousandReceipts(token: string, userId: string, projectId: string): Promise<void> {
  const now = new Date().toISOString();
  const items: Record<string, unknown>[] = [];
  const keys: string[] = [];
  for (let e = 0; e < 50; e++) {
    const activityId = await newExpense(token, projectId, `Beleg ${e}`);
    const receipts = Array.from({ length: 20 }, () => ({
      receiptId: ulid(),
      filename: `scan-${e}.png`,
      contentType: 'image/png',
      bytes: PNG.byteLength,
      createdAt: now,
      uploadedAt: now,
    }));
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: financeActivityKey(userId, activityId),
        UpdateExpression: 'SET receipts = :r ADD #v :one',
        ExpressionAttributeNames: { '#v': 'version' },
        ExpressionAttributeValues: { ':r': receiptMap(receipts), ':one': 1 },
      }),
    );
    for (const r of receipts) {
      items.push({ ...receiptItemKey(userId, r.receiptId), type: 'RECEIPT', userId, activityId, ...r });
      keys.push(receiptKey(userId, r.receiptId));
    }
  }
  await putItems(items);
  for (let i = 0; i < keys.length; i += 50) {
    await Promise.all(
      keys
        .slice(i, i + 50)
        .map((key) => putObject({ bucket: 'receipts', key, body: PNG, contentType: 'image/png' })),
    );
  }
  // The records say the check has run for these files already: their 1,000 events are not needed.
  expect(await discardReceiptEvents()).toBe(1000);
}

describe('deleting an account', () => {
  it('leaves none of its 1,000 receipts in S3, and another account’s stay', async () => {
    const owner = await accountWithExpense();
    const other = await accountWithExpense();
    const otherReceipt = await uploadReceipt(other.token, other.activityId);
    await thousandReceipts(owner.token, owner.userId, owner.projectId);
    expect(await filesOf(owner.userId)).toHaveLength(1000);

    const deleted = await deleteAccountOf({ token: owner.token, userId: owner.userId });
    expect(deleted.status).toBe(200);
    // Whatever the request left within its budget, the sweep finishes.
    await sweepDeletions(budgetOf(60_000), Date.now() + 120_000);
    expect(await filesOf(owner.userId)).toEqual([]);
    expect((await scanTable()).filter((i) => i.PK === `USER#${owner.userId}`)).toEqual([]);
    expect(await filesOf(other.userId)).toEqual([receiptKey(other.userId, otherReceipt)]);
  }, 120_000);

  it('removes a file uploaded after the account went (its presigned URL still valid)', async () => {
    const { token, userId, activityId } = await accountWithExpense();
    const started = await call('POST', '/api/receipts', {
      token,
      body: { activityId, filename: 'spät.png', contentType: 'image/png', bytes: PNG.byteLength },
    });
    expect((await deleteAccountOf({ token, userId })).status).toBe(200);
    expect((await put(started.body.uploadUrl, started.body.uploadHeaders, PNG)).status).toBe(200);
    await deliverReceiptEvents();
    expect(await filesOf(userId)).toEqual([]);
  }, 60_000);
});
