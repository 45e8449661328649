import { describe, expect, it } from 'vitest';
import { call } from '../api';
import { accountWithExpense, newExpense, PDF, PNG, uploadReceipt } from './helpers';

// Issue 37: the account export includes the receipts themselves. The API lists them as presigned
// GETs (the app writes the zip); here every listed URL is fetched from the local S3 server.

describe('the export’s files', () => {
  it('lists every uploaded receipt of the account once, with a path in the zip, and each URL answers its bytes', async () => {
    const { token, projectId, activityId } = await accountWithExpense();
    const second = await newExpense(token, projectId, 'Hotel');
    const png = await uploadReceipt(token, activityId, PNG, 'image/png', 'a/b\\c 東京.png');
    const pdf = await uploadReceipt(token, second, PDF, 'application/pdf', 'Rechnung.pdf');
    const other = await accountWithExpense();
    await uploadReceipt(other.token, other.activityId);

    const answer = await call('GET', '/api/exportuserdata/files', { token });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-next-cursor']).toBeUndefined();
    const files = answer.body.files as { path: string; url: string; bytes: number; contentType: string }[];
    expect(files.map((f) => f.path).sort()).toEqual(
      [`receipts/${activityId}/${png}-a_b_c 東京.png`, `receipts/${second}/${pdf}-Rechnung.pdf`].sort(),
    );
    for (const file of files) {
      const fetched = await fetch(file.url);
      expect(fetched.status, file.path).toBe(200);
      const bytes = new Uint8Array(await fetched.arrayBuffer());
      expect(bytes.byteLength, file.path).toBe(file.bytes);
      expect(Buffer.from(bytes).equals(Buffer.from(file.contentType === 'image/png' ? PNG : PDF))).toBe(true);
    }
    const expiresIn = Date.parse(answer.body.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
  });

  it('refuses a cursor that cannot be a receipt id', async () => {
    const { token } = await accountWithExpense();
    const answer = await call('GET', '/api/exportuserdata/files', { token, query: { cursor: 'RECEIPT#x' } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].code).toBe('INVALID_CURSOR');
  });
});
