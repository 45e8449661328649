import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECEIPT_MAX_BYTES, RECEIPTS_PER_ACTIVITY } from '../../contract/receipts';
import { getReceipt } from '../../functions/data/tracking/receipts';
import { receiptKey } from '../../functions/lib/buckets';
import { signToken } from '../../functions/lib/jwt';
import { headObject, putObject } from '../../functions/lib/s3';
import { call } from '../api';
import { deliverReceiptEvents } from '../s3-events';
import { accountWithExpense, listedReceipts, PDF, PNG, put, startUpload, uploadReceipt } from './helpers';

// CONTRACT §9 "Receipts", on DynamoDB Local and the local S3 server of the test run; the upload
// check runs on the local server's own events (`test/s3-events.ts`), as `npm start` runs it.

afterEach(() => vi.useRealTimers());

describe('uploading a receipt through the presigned URL', () => {
  it('lists it on its expense once the upload is checked, keeping any Unicode name, and opens it for its owner', async () => {
    const { token, projectId, activityId, userId } = await accountWithExpense();
    const filename = 'Rechnung März — 東京 🚄 "Nr. 7".pdf';
    const started = await startUpload(token, activityId, PDF, 'application/pdf', filename);
    expect(started.status).toBe(201);
    expect(started.body.uploadHeaders).toEqual({
      'Content-Type': 'application/pdf',
      'Content-Disposition': expect.stringMatching(/^inline; /),
    });
    const expiresIn = Date.parse(started.body.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(290_000);
    expect(expiresIn).toBeLessThanOrEqual(300_000);
    // Pending until its file has come and been checked: not listed yet.
    expect(await listedReceipts(token, projectId, activityId)).toEqual([]);

    expect((await put(started.body.uploadUrl, started.body.uploadHeaders, PDF)).status).toBe(200);
    expect(await deliverReceiptEvents()).toBe(1);

    const listed = await listedReceipts(token, projectId, activityId);
    expect(listed).toEqual([
      {
        _id: started.body._id,
        filename,
        contentType: 'application/pdf',
        bytes: PDF.byteLength,
        uploadedAt: expect.any(String),
      },
    ]);
    expect((await getReceipt(userId, started.body._id))?.uploadedAt).toBeDefined();

    const opened = await call('GET', `/api/receipts/${started.body._id}`, { token });
    expect(opened.status).toBe(302);
    const location = new URL(opened.headers.location!);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('60');
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const disposition = file.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^inline; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1]!)).toBe(filename);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(PDF))).toBe(true);
  });

  it('is refused for another content type, another length and after the URL expired, and nothing is kept', async () => {
    const { token, projectId, activityId, userId } = await accountWithExpense();
    const wrongType = await startUpload(token, activityId, PNG);
    const typeAnswer = await put(wrongType.body.uploadUrl, { 'Content-Type': 'application/pdf' }, PNG);
    expect(typeAnswer.status).toBe(403);

    const wrongLength = await startUpload(token, activityId, PNG);
    const longer = Uint8Array.from([...PNG, 0]);
    expect((await put(wrongLength.body.uploadUrl, wrongLength.body.uploadHeaders, longer)).status).toBe(403);

    // Signed six minutes ago (by a session of then): its five minutes are over.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 6 * 60_000);
    const expired = await startUpload(await signToken({ sub: userId, ver: 0 }), activityId, PNG);
    vi.useRealTimers();
    const late = await put(expired.body.uploadUrl, expired.body.uploadHeaders, PNG);
    expect(late.status).toBe(403);
    expect(await late.text()).toMatch(/<Code>AccessDenied<\/Code>/);

    await deliverReceiptEvents();
    for (const started of [wrongType, wrongLength, expired]) {
      expect(await headObject('receipts', receiptKey(userId, started.body._id))).toBeUndefined();
    }
    expect(await listedReceipts(token, projectId, activityId)).toEqual([]);
  });

  it('refuses a type or size a receipt may not have with 400 RECEIPT_REJECTED, storing nothing', async () => {
    const { token, projectId, activityId } = await accountWithExpense();
    const bodies = [
      { contentType: 'image/gif', bytes: 10 },
      { contentType: 'application/zip', bytes: 10 },
      { contentType: 'image/png', bytes: 0 },
      { contentType: 'image/png', bytes: RECEIPT_MAX_BYTES + 1 },
      { contentType: 'image/png', bytes: 1.5 },
      { contentType: 'image/png', bytes: '10' },
    ];
    for (const body of bodies) {
      const refused = await call('POST', '/api/receipts', {
        token,
        body: { activityId, filename: 'a.png', ...body },
      });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.errors[0].code, JSON.stringify(body)).toBe('RECEIPT_REJECTED');
    }
    const largest = await call('POST', '/api/receipts', {
      token,
      body: { activityId, filename: 'scan.jpg', contentType: 'image/jpeg', bytes: RECEIPT_MAX_BYTES },
    });
    expect(largest.status).toBe(201);
    const unnamed = await call('POST', '/api/receipts', {
      token,
      body: { activityId, filename: '   ', contentType: 'image/png', bytes: 10 },
    });
    expect(unnamed.status).toBe(400);
    expect(await listedReceipts(token, projectId, activityId)).toEqual([]);
  });

  it('keeps at most 20 receipts per entry (400 RECEIPT_LIMIT), counting uploads still under way', async () => {
    const { token, activityId } = await accountWithExpense();
    for (let i = 0; i < RECEIPTS_PER_ACTIVITY; i++) {
      expect((await startUpload(token, activityId, PNG)).status).toBe(201);
    }
    const one = await startUpload(token, activityId, PNG);
    expect(one.status).toBe(400);
    expect(one.body.errors[0]).toMatchObject({ code: 'RECEIPT_LIMIT', values: { max: 20 } });
  });

  it('frees the place of an upload that never came once its URL and the check’s time are over', async () => {
    const { token, activityId, userId } = await accountWithExpense();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 11 * 60_000);
    const then = await signToken({ sub: userId, ver: 0 });
    for (let i = 0; i < RECEIPTS_PER_ACTIVITY; i++) {
      expect((await startUpload(then, activityId, PNG)).status).toBe(201);
    }
    vi.useRealTimers();
    expect((await startUpload(token, activityId, PNG)).status).toBe(201);
  });
});

describe('the check after the upload', () => {
  it('removes a PNG named .pdf (its first bytes are not a PDF’s): the file goes and it is not listed', async () => {
    const { token, projectId, activityId, userId } = await accountWithExpense();
    const started = await startUpload(token, activityId, PNG, 'application/pdf', 'Rechnung.pdf');
    expect(started.status).toBe(201);
    expect((await put(started.body.uploadUrl, started.body.uploadHeaders, PNG)).status).toBe(200);
    await deliverReceiptEvents();
    expect(await headObject('receipts', receiptKey(userId, started.body._id))).toBeUndefined();
    expect(await getReceipt(userId, started.body._id)).toBeUndefined();
    expect(await listedReceipts(token, projectId, activityId)).toEqual([]);
    expect((await call('GET', `/api/receipts/${started.body._id}`, { token })).status).toBe(404);
  });

  it('removes a second upload through the same URL that is not of its type', async () => {
    const { token, projectId, activityId, userId } = await accountWithExpense();
    const started = await startUpload(token, activityId, PNG);
    await put(started.body.uploadUrl, started.body.uploadHeaders, PNG);
    await deliverReceiptEvents();
    expect(await listedReceipts(token, projectId, activityId)).toHaveLength(1);
    const notPng = new Uint8Array(PNG.byteLength).fill(0x41);
    expect((await put(started.body.uploadUrl, started.body.uploadHeaders, notPng)).status).toBe(200);
    await deliverReceiptEvents();
    expect(await headObject('receipts', receiptKey(userId, started.body._id))).toBeUndefined();
    expect(await listedReceipts(token, projectId, activityId)).toEqual([]);
  });

  it('removes a file that has no receipt (put after its receipt went)', async () => {
    const { userId } = await accountWithExpense();
    const key = receiptKey(userId, '01J00000000000000000000000');
    await putObject({ bucket: 'receipts', key, body: PNG, contentType: 'image/png' });
    await deliverReceiptEvents();
    expect(await headObject('receipts', key)).toBeUndefined();
  });
});

describe('whose receipts', () => {
  it('answers 404 to anyone but the owner: another user’s entry, receipt, open and delete', async () => {
    const owner = await accountWithExpense();
    const other = await accountWithExpense();
    const receiptId = await uploadReceipt(owner.token, owner.activityId);

    const onTheirs = await startUpload(other.token, owner.activityId, PNG);
    expect(onTheirs.status).toBe(404);
    expect(onTheirs.body.errors[0].code).toBe('FINANCE_ACTIVITY_NOT_FOUND');
    const open = await call('GET', `/api/receipts/${receiptId}`, { token: other.token });
    expect(open.status).toBe(404);
    expect(open.body.errors[0].code).toBe('RECEIPT_NOT_FOUND');
    expect((await call('DELETE', `/api/receipts/${receiptId}`, { token: other.token })).status).toBe(404);

    // Still there for its owner.
    expect(await headObject('receipts', receiptKey(owner.userId, receiptId))).toBeDefined();
    expect((await call('GET', `/api/receipts/${receiptId}`, { token: owner.token })).status).toBe(302);
  });

  it('answers 404 for an id that cannot exist, and for a time entry', async () => {
    const { token, projectId } = await accountWithExpense();
    expect((await call('GET', '/api/receipts/not-an-id', { token })).status).toBe(404);
    const time = await call('POST', '/api/timeactivities', { token, body: { projectId, duration: 60_000 } });
    const onTime = await startUpload(token, time.body._id, PNG);
    expect(onTime.status).toBe(404);
  });
});

describe('removing a receipt', () => {
  it('removes the file and the listing with 204, and a second DELETE is a 404', async () => {
    const { token, projectId, activityId, userId } = await accountWithExpense();
    const kept = await uploadReceipt(token, activityId);
    const gone = await uploadReceipt(token, activityId, PDF, 'application/pdf', 'beleg.pdf');
    const removed = await call('DELETE', `/api/receipts/${gone}`, { token });
    expect(removed.status).toBe(204);
    expect(await headObject('receipts', receiptKey(userId, gone))).toBeUndefined();
    expect((await listedReceipts(token, projectId, activityId))?.map((r: any) => r._id)).toEqual([kept]);
    expect((await call('DELETE', `/api/receipts/${gone}`, { token })).status).toBe(404);
  });

  it('keeps receipts through an edit and a move of their entry', async () => {
    const { token, activityId } = await accountWithExpense();
    const receiptId = await uploadReceipt(token, activityId);
    const other = await call('POST', '/api/projects', { token, body: { name: 'Reise' } });
    const moved = await call('PUT', `/api/financeActivities/${activityId}`, {
      token,
      body: { amount: 12.5, projectId: other.body._id },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.receipts.map((r: { _id: string }) => r._id)).toEqual([receiptId]);
    expect(await listedReceipts(token, other.body._id, activityId)).toHaveLength(1);
  });
});
